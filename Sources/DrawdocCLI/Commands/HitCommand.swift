import DrawdocEditing
import DrawdocModel

/// `drawdoc hit`: the topmost rectangle at a point.
struct HitCommand: Command {
  static let name = "hit"
  static let abstract = "Print the id of the topmost rectangle at a point (exit 1 if none)."
  static let usage = "drawdoc hit DOC X Y"
  static let arguments: [ArgumentSpecification] = [
    .documentOrFile, ArgumentSpecification("X", .text), ArgumentSpecification("Y", .text),
  ]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = """
    A rectangle holds the points with x ≤ X < x + width and y ≤ Y < y + height.
    \(DocumentArgument.help)
    """

  let arguments: ParsedArguments
  let document: String
  let point: Point

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 3)
    let parse = ValueParser(command: Self.name)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    let x = try parse.number(try arguments.positional(1, name: "X"), option: "X")
    let y = try parse.number(try arguments.positional(2, name: "Y"), option: "Y")
    guard let point = try? Point(x: x, y: y) else {
      throw .invalidValue(
        command: Self.name, option: "X", value: "\(x)", expected: "a finite number")
    }
    self.point = point
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawing = try DocumentArgument.resolve(document, arguments, context).read()
    guard let rectangle = drawing.plane.rectangle(at: point) else { return .notFound }
    context.standardOutput.writeLine(rectangle.id.description)
    return .success
  }
}
