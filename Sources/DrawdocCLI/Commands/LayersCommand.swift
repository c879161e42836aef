import DrawdocEditing
import DrawdocModel

/// `drawdoc layers`: the rectangles in z-order, top first.
struct LayersCommand: Command {
  static let name = "layers"
  static let abstract = "List a drawing's rectangles in z-order, the top one first."
  static let usage = "drawdoc layers DOC [--json]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] = [
    .flag("json", help: "Print a JSON array (see Schema/drawdoc-layers.schema.json)."),
    StoreAccess.option,
  ]
  static let discussion = """
    Each line is a layer number (1 is the top) and the rectangle in the form 'open' prints.
    --json prints the rectangles as objects of the JSON form, top first.
    \(DocumentArgument.help)
    """

  let arguments: ParsedArguments
  let document: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    json = arguments.flag("json")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let plane = try DocumentArgument.resolve(document, arguments, context).read().plane
    let topFirst = plane.rectangles.reversed()
    if json {
      context.standardOutput.write(
        JSONValue.array(topFirst.map(DrawingView.object(for:))).document)
      return .success
    }
    let width = String(plane.count).count
    var text = ""
    for (offset, rectangle) in topFirst.enumerated() {
      let layer = String(offset + 1)
      text += String(repeating: " ", count: width - layer.count) + "\(layer)  \(rectangle)\n"
    }
    context.standardOutput.write(text)
    return .success
  }
}
