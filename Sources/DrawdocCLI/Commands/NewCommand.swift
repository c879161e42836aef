import DrawdocEditing
import DrawdocModel

/// `drawdoc new`: creates a drawing.
struct NewCommand: Command {
  static let name = "new"
  static let abstract = "Create a drawing and print its id."
  static let usage = "drawdoc new [--title T] [--width W] [--height H] [--random N] [--seed S]"
  static let arguments: [ArgumentSpecification] = []
  static let options: [OptionSpecification] = [
    .value("title", placeholder: "T", help: "The title (default: empty)."),
    .value("width", placeholder: "W", help: "The canvas width (default 1024)."),
    .value("height", placeholder: "H", help: "The canvas height (default 768)."),
    .value("random", placeholder: "N", help: "Add N rectangles from the factory."),
    .value("seed", placeholder: "S", help: "Seed the factory, to make the same drawing again."),
    StoreAccess.option,
  ]

  let arguments: ParsedArguments
  let title: String
  let size: Size
  let randomCount: Int
  let seed: UInt64?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    let parse = ValueParser(command: Self.name)
    self.arguments = arguments
    title = try parse.title(arguments.value("title") ?? "")
    let width = try arguments.value("width").map { (text) throws(CommandLineError) in
      try parse.length(text, option: "width")
    }
    let height = try arguments.value("height").map { (text) throws(CommandLineError) in
      try parse.length(text, option: "height")
    }
    do {
      size = try Size(
        width: width ?? Plane.defaultSize.width, height: height ?? Plane.defaultSize.height)
    } catch {
      throw .invalidValue(
        command: Self.name, option: "width", value: "", expected: "a number greater than 0")
    }
    randomCount =
      try arguments.value("random").map { (text) throws(CommandLineError) in
        try parse.count(text, option: "random", range: 0...1_000_000)
      } ?? 0
    seed = try arguments.value("seed").map { (text) throws(CommandLineError) in
      try parse.seed(text)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let editing = Editing(store: try StoreAccess.open(arguments, context))
    let drawing = try editing.create(
      title: title, size: size, randomRectangles: randomCount, seed: seed)
    context.standardOutput.writeLine(drawing.id.description)
    return .success
  }
}
