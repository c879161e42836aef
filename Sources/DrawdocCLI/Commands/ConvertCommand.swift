import DrawdocEditing
import DrawdocModel

/// `drawdoc convert`: file to file, without the store.
struct ConvertCommand: Command {
  static let name = "convert"
  static let abstract =
    "Convert a drawing file to SVG, PNG, PDF, JSON, draw.io or Excalidraw, without the store."
  static let usage =
    "drawdoc convert IN OUT [--scale S] [--background COLOR] [--no-embed] [--dates] [--page N]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("IN", .file), ArgumentSpecification("OUT", .file),
  ]
  static let options: [OptionSpecification] = [
    .value("scale", placeholder: "S", help: "PNG only: pixels per canvas unit (default 1)."),
    .value("background", placeholder: "COLOR", help: "PNG only: a background color."),
    PictureOptions.noEmbed, PictureOptions.dates, DrawingFile.pageOption,
  ]
  static let discussion = """
    IN is any SVG file, read in import mode as 'save' reads it (what drawdoc cannot keep is
    reported as 'IN:LINE: warning: …' on standard error), the JSON form (.json, or text
    starting with '{'), a PNG that drawdoc exported (its drawing is read strictly), a draw.io
    file (.drawio, .drawio.xml, or text starting with <mxfile or <mxGraphModel, or with
    %3CmxGraphModel as draw.io's copy puts it on the clipboard; or an SVG or PNG draw.io
    exported with a copy of its diagram, .drawio.svg or .drawio.png, read for that diagram
    rather than its picture), whose first page (--page N for another) is read in import mode,
    one warning per cell it cannot keep, or an Excalidraw file: a .excalidraw scene (or the
    elements Excalidraw's copy puts on the clipboard), or an SVG or PNG that Excalidraw
    exported with its scene embedded (its rectangles are kept, the rest reported as
    warnings); '-' reads standard input. OUT's extension picks the format: .svg, .png, .json,
    .pdf, .drawio or .excalidraw, or the two last ones for the editable pictures .drawio.svg,
    .drawio.png, .excalidraw.svg and .excalidraw.png, written as draw.io and Excalidraw write
    them ('-' writes SVG to standard output); a PDF is vector, as 'export' describes.
    \(PictureOptions.dating) A drawing read from a file drawdoc did not write (an SVG, draw.io
    or Excalidraw file of another program) was created and modified at the time of reading.
    \(PictureOptions.embedding)
    """

  let input: String
  let output: String
  let format: Export.Format
  let picture: PictureOptions
  let page: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    input = try arguments.positional(0, name: "IN")
    output = try arguments.positional(1, name: "OUT")
    format = try ExportCommand.format(arguments, output: output, command: Self.name)
    picture = try PictureOptions(arguments, format: format, command: Self.name)
    page = try DrawingFile.page(arguments, command: Self.name)
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let imported = try DrawingFile.importDrawing(input, now: .now, page: page)
    DrawingFile.report(imported.warnings, of: input, to: context.standardError)
    let drawing = imported.drawing
    try ExportCommand.write(
      drawing, as: format, picture: picture, to: output, context: context, command: Self.name)
    return .success
  }
}
