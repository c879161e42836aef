import DrawdocModel
import DrawdocStore

/// `drawdoc add`: adds rectangles, each field not given coming from the factory.
struct AddCommand: Command {
  static let name = "add"
  static let abstract = "Add rectangles to a drawing and print their ids."
  static let usage =
    "drawdoc add DOC [--x X] [--y Y] [--width W] [--height H] [--color C] [--alpha A] "
    + "[--count N] [--seed S]"
  static let options: [OptionSpecification] = [
    .value("x", placeholder: "X", help: "The left edge (default: random, inside the canvas)."),
    .value("y", placeholder: "Y", help: "The top edge (default: random, inside the canvas)."),
    .value("width", placeholder: "W", help: "The width (default 150)."),
    .value("height", placeholder: "H", help: "The height (default 120)."),
    .value(
      "color", placeholder: "C", help: "#rgb, #rrggbb, rgb(r,g,b) or a CSS name (default: random)."),
    .value("alpha", placeholder: "A", help: "The opacity level 1…10 (default: random)."),
    .value("count", placeholder: "N", help: "How many rectangles to add (default 1)."),
    .value("seed", placeholder: "S", help: "Seed the factory, to add the same rectangles again."),
    StoreAccess.option,
  ]
  static let discussion = "DOC is a drawing's id or its exact title."

  let arguments: ParsedArguments
  let document: String
  let x: Double?
  let y: Double?
  let width: Double?
  let height: Double?
  let color: Color?
  let alpha: Alpha?
  let count: Int
  let seed: UInt64?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    let parse = ValueParser(command: Self.name)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    x = try arguments.value("x").map { (text) throws(CommandLineError) in
      try parse.number(text, option: "x")
    }
    y = try arguments.value("y").map { (text) throws(CommandLineError) in
      try parse.number(text, option: "y")
    }
    width = try arguments.value("width").map { (text) throws(CommandLineError) in
      try parse.length(text, option: "width")
    }
    height = try arguments.value("height").map { (text) throws(CommandLineError) in
      try parse.length(text, option: "height")
    }
    color = try arguments.value("color").map { (text) throws(CommandLineError) in
      try parse.color(text)
    }
    alpha = try arguments.value("alpha").map { (text) throws(CommandLineError) in
      try parse.alpha(text)
    }
    count =
      try arguments.value("count").map { (text) throws(CommandLineError) in
        try parse.count(text, option: "count", range: 1...1_000_000)
      } ?? 1
    seed = try arguments.value("seed").map { (text) throws(CommandLineError) in try parse.seed(text)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let id = try store.resolve(document)
    var added: [Identifier] = []
    try store.update(id, at: .now) { drawing in
      var factory = RectangleFactory(seed: seed)
      for _ in 0..<count {
        let rectangle = try factory.makeRectangle(
          for: drawing.plane, x: x, y: y, width: width, height: height, color: color, alpha: alpha)
        try drawing.plane.add(rectangle)
        added.append(rectangle.id)
      }
    }
    context.standardOutput.write(added.map { "\($0)\n" }.joined())
    return .success
  }
}
