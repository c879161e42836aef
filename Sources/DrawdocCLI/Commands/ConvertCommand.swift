import DrawdocModel

/// `drawdoc convert`: file to file, without the store.
struct ConvertCommand: Command {
  static let name = "convert"
  static let abstract = "Convert a drawing file between SVG and JSON, without the store."
  static let usage = "drawdoc convert IN OUT [--scale S] [--background COLOR]"
  static let options: [OptionSpecification] = [
    .value("scale", placeholder: "S", help: "PNG only: pixels per canvas unit (default 1)."),
    .value("background", placeholder: "COLOR", help: "PNG only: a background color."),
  ]
  static let discussion = """
    IN is a drawdoc SVG file or the JSON form (.json, or text starting with '{'); '-' reads
    standard input. OUT's extension picks the format: .svg or .json ('-' writes SVG to
    standard output). PNG output is not available in this version.
    """

  let input: String
  let output: String
  let format: FileFormat

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    input = try arguments.positional(0, name: "IN")
    output = try arguments.positional(1, name: "OUT")
    format = try ExportCommand.format(arguments, output: output, command: Self.name)
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawing = try DrawingFile.read(input)
    let bytes = ExportCommand.encode(drawing, as: format)
    if output == "-" {
      context.standardOutput.write(bytes)
    } else {
      try OutputFile.write(bytes, to: output)
    }
    return .success
  }
}
