import DrawdocEditing
import DrawdocModel

/// `drawdoc export`: writes a drawing as SVG, PNG, PDF, JSON, draw.io or Excalidraw.
struct ExportCommand: Command {
  static let name = "export"
  static let abstract =
    "Write a drawing as SVG, PNG, PDF, JSON, draw.io or Excalidraw, to a file or standard output."
  static let usage =
    "drawdoc export DOC [--format FORMAT] [-o FILE] [--scale S] "
    + "[--background COLOR] "
    + "[--no-embed] [--dates] [--at VERSION]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] = [
    .choice(
      "format", Export.Format.allCases.map(\.rawValue), placeholder: "FORMAT",
      help: "\(Export.Format.names) (default: from -o, else svg)."),
    .value(
      "output", short: "o", placeholder: "FILE", kind: .file,
      help: "Write here instead of standard output."),
    .value("scale", placeholder: "S", help: "PNG only: pixels per canvas unit (default 1)."),
    .value("background", placeholder: "COLOR", help: "PNG only: a background color."),
    PictureOptions.noEmbed, PictureOptions.dates, StoreAccess.versionOption,
    StoreAccess.option,
  ]
  static let discussion = """
    The format follows --format, else the extension of -o (.drawio for draw.io, .excalidraw
    for Excalidraw; the two last ones for .drawio.svg, .drawio.png, .excalidraw.svg and
    .excalidraw.png), else svg. draw.io output is one uncompressed page whose cells are the
    rectangles; 'excalidraw' writes a scene Excalidraw opens, which 'convert' and 'save' read
    back as the same drawing. The editable pictures are written as their programs write them:
    'drawio.svg' is the SVG picture with the draw.io file in its root's content attribute,
    'drawio.png' the PNG picture with it in a tEXt chunk 'mxfile'; 'excalidraw.svg' and
    'excalidraw.png' carry the scene as Excalidraw embeds it. Browsers show the picture,
    draw.io or Excalidraw open the diagram, and 'convert' and 'save' read the same drawing
    back. A PNG is ceil(width·S) × ceil(height·S) pixels, transparent
    unless --background is given; it is not written to a terminal. A PDF is one page of the
    canvas's size (1 px = 0.75 pt), each rectangle a filled vector path, the title the
    document's; not written to a terminal either.
    \(PictureOptions.dating)
    \(PictureOptions.embedding)
    \(DocumentArgument.help)
    """

  let arguments: ParsedArguments
  let document: String
  let output: String?
  let format: Export.Format
  let picture: PictureOptions
  let version: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    version = try arguments.value("at").map { (text) throws(CommandLineError) in
      try ValueParser(command: Self.name).version(text, option: "at")
    }
    output = arguments.value("output")
    format = try Self.format(arguments, output: output, command: Self.name)
    picture = try PictureOptions(arguments, format: format, command: Self.name)
  }

  /// The output format from `--format`, else the output file's extension, else SVG.
  static func format(_ arguments: ParsedArguments, output: String?, command: String)
    throws(CommandLineError) -> Export.Format
  {
    let format: Export.Format
    if let named = arguments.value("format") {
      guard let parsed = Export.Format(rawValue: named.lowercased()) else {
        throw .invalidValue(
          command: command, option: "format", value: named,
          expected: Export.Format.names)
      }
      format = parsed
    } else if let output, output != "-" {
      guard let inferred = Export.Format(path: output) else {
        throw .invalidValue(
          command: command, option: "output", value: output,
          expected: "a file name ending in \(Export.Format.endings), or --format")
      }
      format = inferred
    } else {
      format = .svg
    }
    return format
  }

  /// Writes a drawing in a format to a file, or to standard output for `nil` or `-`.
  static func write(
    _ drawing: Drawing, as format: Export.Format, picture: PictureOptions, to output: String?,
    context: CommandContext, command: String
  ) throws {
    if format.isBinary, output == nil || output == "-", context.standardOutput.isTerminal {
      let name = format.rawValue
      throw CommandLineError.invalidValue(
        command: command, option: "output", value: "a terminal",
        expected: "-o FILE.\(name) or a redirection: a \(name.uppercased()) is not text")
    }
    // A picture is made before anything is written; the rest as it is written.
    let file = try Export.prepare(
      drawing, as: format,
      options: Export.Options(
        scale: picture.scale, background: picture.background, embed: picture.embed,
        dated: picture.dated))
    if let output, output != "-" {
      try OutputFile.write(to: output) { (write) throws(StoreError) in try file.write(to: write) }
    } else {
      context.standardOutput.writePieces { (write) throws(OutputClosed) in
        try file.write(to: write)
      }
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawing = try DocumentArgument.resolve(document, arguments, context).read(at: version)
    try Self.write(
      drawing, as: format, picture: picture, to: output, context: context, command: Self.name)
    return .success
  }
}

/// `--scale`, `--background` and `--no-embed`, which only PNG output takes (a PDF is vector),
/// and `--dates`, which only PDF output takes.
struct PictureOptions {
  /// Pixels per canvas unit.
  let scale: Double
  /// A color under the drawing, or `nil` for transparency.
  let background: Color?
  /// Whether the PNG carries the drawing (see ``ForeignDrawing/pngKeyword``).
  let embed: Bool
  /// Whether the PDF carries the drawing's creation and modification times.
  let dated: Bool

  /// The flag that puts the drawing's times in a PDF.
  static let dates = OptionSpecification.flag(
    "dates", help: "PDF only: give the document the drawing's creation and modification times.")

  /// What the help says about dates in a PDF.
  static let dating = """
    A PDF has no date unless --dates is given, which writes the drawing's own creation and
    modification times (not the time of writing): the same drawing gives the same bytes
    either way.
    """

  /// The flag that leaves the drawing out of a PNG.
  static let noEmbed = OptionSpecification.flag(
    "no-embed", help: "PNG only: leave the drawing out (the PNG then cannot be opened again).")

  /// What the help says about the drawing in a PNG.
  static let embedding = """
    A PNG carries the drawing's SVG file in an iTXt chunk with the keyword '\(ForeignDrawing.pngKeyword)',
    so 'save', 'convert' and 'validate' can read it again; --no-embed leaves it out.
    """

  init(_ arguments: ParsedArguments, format: Export.Format, command: String)
    throws(CommandLineError)
  {
    if !format.isPNG {
      for option in ["scale", "background"] where arguments.value(option) != nil {
        throw .invalidValue(
          command: command, option: option, value: arguments.value(option) ?? "",
          expected: "no --\(option): it applies to PNG output only")
      }
    }
    if format != .png, arguments.flag("no-embed") {
      throw .invalidValue(
        command: command, option: "no-embed", value: "--no-embed",
        expected: format.isPNG
          ? "no --no-embed: a \(format.rawValue) carries its program's file, which is what makes it one"
          : "no --no-embed: it applies to PNG output only")
    }
    if format != .pdf, arguments.flag("dates") {
      throw .invalidValue(
        command: command, option: "dates", value: "--dates",
        expected: "no --dates: it applies to PDF output only")
    }
    embed = !arguments.flag("no-embed")
    dated = arguments.flag("dates")
    let parse = ValueParser(command: command)
    scale =
      try arguments.value("scale").map { (text) throws(CommandLineError) in
        try parse.length(text, option: "scale")
      } ?? 1
    background = try arguments.value("background").map { (text) throws(CommandLineError) in
      try parse.color(text, option: "background")
    }
  }
}
