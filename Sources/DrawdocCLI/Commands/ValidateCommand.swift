import DrawdocEditing

/// `drawdoc validate [--canonical] FILE…`: strict check of each file.
struct ValidateCommand: Command {
  static let name = "validate"
  static let abstract = "Check that files are drawdoc drawings, strictly."
  static let usage = "drawdoc validate [--canonical] FILE…"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("FILE", .file, repeats: true)
  ]
  static let options: [OptionSpecification] = [
    .flag("canonical", help: "Also require the exact bytes drawdoc writes.")
  ]
  static let discussion = """
    Prints 'FILE: ok' for each valid file on standard output, and 'FILE:LINE:COL: error: …'
    for each invalid one on standard error. Every file is checked; the exit status is that of
    the first failure: 65 for bad content, 66 for a missing file, 74 for an unreadable one.
    '-' reads standard input. A PNG file is checked by the drawing it carries (an iTXt chunk
    with the keyword '\(ForeignDrawing.pngKeyword)', as 'export' writes it); one without it fails.
    """

  let files: [String]
  let canonical: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    guard !arguments.positionals.isEmpty else {
      throw .missingArgument(command: Self.name, name: "at least one FILE")
    }
    files = arguments.positionals
    canonical = arguments.flag("canonical")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    var status = ExitStatus.success
    for file in files {
      do {
        try check(file)
        context.standardOutput.writeLine("\(file): ok")
      } catch {
        let report = ErrorReport(error)
        context.standardError.writeLine("\(file)\(Self.locatedMessage(for: error))")
        if status == .success { status = report.status }
      }
    }
    return status
  }

  /// `:LINE:COL: error: …` for a content error, `: error: …` for a file that cannot be read.
  private static func locatedMessage(for error: any Error) -> String {
    switch error {
    case let error as SVGDecodingError:
      switch error {
      case .fileNotFound, .unreadableFile:
        return ": error: \(error.message)"
      default:
        return ":\(error.line ?? 1):\(error.column ?? 1): error: \(error.message)"
      }
    case let error as InputFileError:
      return ": error: \(error.message)"
    case let error as ForeignDrawing.EmbeddedDrawingError:
      return ":\(error.line):\(error.column): error: \(error.message)"
    default:
      return ": error: \(ErrorReport(error).message)"
    }
  }

  private func check(_ file: String) throws {
    // Only the first bytes of a file are read to tell a PNG; an SVG file is then read in
    // pieces, as a drawing in the store is.
    let whole =
      try canonical || file == "-" || ForeignDrawing.isPNG(InputFile.read(file, atMost: 8))
    if whole {
      try ForeignDrawing.validate(try InputFile.read(file), canonical: canonical)
    } else {
      try ForeignDrawing.validate(contentsOfFile: file)
    }
  }
}
