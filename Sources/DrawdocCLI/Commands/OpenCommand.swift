import DrawdocEditing
import DrawdocModel

/// `drawdoc open`: shows a drawing.
struct OpenCommand: Command {
  static let name = "open"
  static let abstract = "Show a drawing: a header, then one line per rectangle."
  static let usage = "drawdoc open DOC [--json] [--at VERSION]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] = [
    .flag("json", help: "Print the JSON form (see Schema/drawdoc.schema.json)."),
    StoreAccess.versionOption, StoreAccess.option,
  ]
  static let discussion = DocumentArgument.help

  let arguments: ParsedArguments
  let document: String
  let json: Bool
  let version: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    json = arguments.flag("json")
    version = try arguments.value("at").map { (text) throws(CommandLineError) in
      try ValueParser(command: Self.name).version(text, option: "at")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawing = try DocumentArgument.resolve(document, arguments, context).read(at: version)
    if json {
      let file = try Export.prepare(drawing, as: .json)
      context.standardOutput.writePieces { (write) throws(OutputClosed) in
        try file.write(to: write)
      }
      return .success
    }
    context.standardOutput.writePieces { (write) throws(OutputClosed) in
      try Self.writeText(of: drawing, to: write)
    }
    return .success
  }

  /// The text form, a piece at a time: a header, then one line per rectangle in the model's
  /// description form.
  static func writeText<Failure: Error>(
    of drawing: Drawing, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    let plane = drawing.plane
    let count = plane.count == 1 ? "1 rectangle" : "\(plane.count) rectangles"
    let width = ShortestDecimal.string(plane.size.width)
    let height = ShortestDecimal.string(plane.size.height)
    let header =
      "\(DisplayText.single(plane.title, limit: 200))\n"
      + "id \(drawing.id), canvas \(width) × \(height), \(count)\n"
      + "created \(LocalTime.format(drawing.created)), "
      + "modified \(LocalTime.format(drawing.modified))\n"
    try PieceWriter.write(pieceSize: PieceWriter.defaultPieceSize, to: emit) {
      (output, handOn) throws(Failure) in
      output.append(contentsOf: header.utf8)
      for rectangle in plane.rectangles {
        try handOn(&output)
        rectangle.appendDescription(to: &output)
        output.append(0x0A)
      }
    }
  }
}
