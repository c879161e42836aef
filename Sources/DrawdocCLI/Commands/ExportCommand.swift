import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// `drawdoc export`: writes a drawing as SVG or JSON.
struct ExportCommand: Command {
  static let name = "export"
  static let abstract = "Write a drawing as SVG or JSON, to a file or standard output."
  static let usage =
    "drawdoc export DOC [--format svg|png|json] [-o FILE] [--scale S] [--background COLOR]"
  static let options: [OptionSpecification] = [
    .value("format", placeholder: "svg|png|json", help: "The format (default: from -o, else svg)."),
    .value(
      "output", short: "o", placeholder: "FILE", help: "Write here instead of standard output."),
    .value("scale", placeholder: "S", help: "PNG only: pixels per canvas unit (default 1)."),
    .value("background", placeholder: "COLOR", help: "PNG only: a background color."),
    StoreAccess.option,
  ]
  static let discussion = """
    The format follows --format, else the extension of -o, else svg. PNG output is not
    available in this version.
    """

  let arguments: ParsedArguments
  let document: String
  let output: String?
  let format: FileFormat

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    output = arguments.value("output")
    format = try Self.format(arguments, output: output, command: Self.name)
  }

  /// The output format from `--format`, else the output file's extension, else SVG.
  static func format(_ arguments: ParsedArguments, output: String?, command: String)
    throws(CommandLineError) -> FileFormat
  {
    let format: FileFormat
    if let named = arguments.value("format") {
      guard let parsed = FileFormat(rawValue: named.lowercased()) else {
        throw .invalidValue(
          command: command, option: "format", value: named, expected: "svg, png or json")
      }
      format = parsed
    } else if let output, output != "-" {
      guard let inferred = FileFormat(path: output) else {
        throw .invalidValue(
          command: command, option: "output", value: output,
          expected: "a file name ending in .svg, .png or .json, or --format")
      }
      format = inferred
    } else {
      format = .svg
    }
    if format == .png {
      throw .invalidValue(
        command: command, option: "format", value: "png",
        expected: "svg or json: PNG output is not available in this version")
    }
    for option in ["scale", "background"] where arguments.value(option) != nil {
      throw .invalidValue(
        command: command, option: option, value: arguments.value(option) ?? "",
        expected: "no --\(option): it applies to PNG output only")
    }
    return format
  }

  /// The bytes of a drawing in a text format.
  static func encode(_ drawing: Drawing, as format: FileFormat) -> [UInt8] {
    format == .json ? DrawingJSON.encode(drawing) : SVGEncoder.encode(drawing)
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let drawing = try store.drawing(try store.resolve(document))
    let bytes = Self.encode(drawing, as: format)
    if let output, output != "-" {
      try OutputFile.write(bytes, to: output)
    } else {
      context.standardOutput.write(bytes)
    }
    return .success
  }
}
