import DrawdocModel
import DrawdocStore

/// `drawdoc set`: changes fields of one rectangle.
struct SetCommand: Command {
  static let name = "set"
  static let abstract = "Change a rectangle's place, size, color or alpha."
  static let usage =
    "drawdoc set DOC RECT [--x X] [--y Y] [--width W] [--height H] [--color C] [--alpha A]"
  static let options: [OptionSpecification] = [
    .value("x", placeholder: "X", help: "The new left edge."),
    .value("y", placeholder: "Y", help: "The new top edge."),
    .value("width", placeholder: "W", help: "The new width."),
    .value("height", placeholder: "H", help: "The new height."),
    .value(
      "color", placeholder: "C", help: "The new color: #rgb, #rrggbb, rgb(r,g,b) or a CSS name."),
    .value("alpha", placeholder: "A", help: "The new opacity level 1…10."),
    StoreAccess.option,
  ]
  static let discussion = "DOC is a drawing's id or its exact title; RECT is a rectangle's id."

  let arguments: ParsedArguments
  let document: String
  let rectangle: Identifier
  let x: Double?
  let y: Double?
  let width: Double?
  let height: Double?
  let color: Color?
  let alpha: Alpha?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    let parse = ValueParser(command: Self.name)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    rectangle = try parse.identifier(try arguments.positional(1, name: "RECT"), name: "RECT")
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
    guard x != nil || y != nil || width != nil || height != nil || color != nil || alpha != nil
    else {
      throw .missingArgument(
        command: Self.name, name: "at least one of --x, --y, --width, --height, --color, --alpha")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let id = try store.resolve(document)
    try store.update(id, at: .now) { drawing in
      guard let current = drawing.plane[rectangle] else {
        throw ModelError.noSuchRectangle(rectangle)
      }
      if x != nil || y != nil {
        try drawing.plane.updatePoint(
          of: rectangle, to: Point(x: x ?? current.point.x, y: y ?? current.point.y))
      }
      if width != nil || height != nil {
        try drawing.plane.updateSize(
          of: rectangle,
          to: Size(width: width ?? current.size.width, height: height ?? current.size.height))
      }
      if let color { try drawing.plane.updateColor(of: rectangle, to: color) }
      if let alpha { try drawing.plane.updateAlpha(of: rectangle, to: alpha) }
    }
    return .success
  }
}
