import DrawdocModel
import DrawdocStore

/// The rectangle fields `add` and `set` take: `--x --y --width --height --color --alpha`,
/// each optional.
struct RectangleFields {
  /// The left edge.
  let x: Double?
  /// The top edge.
  let y: Double?
  /// The width.
  let width: Double?
  /// The height.
  let height: Double?
  /// The color.
  let color: Color?
  /// The opacity level.
  let alpha: Alpha?

  /// The options, with help saying what a missing one means.
  static func options(whenMissing missing: (String) -> String) -> [OptionSpecification] {
    [
      .value("x", placeholder: "X", help: "The left edge\(missing("x"))."),
      .value("y", placeholder: "Y", help: "The top edge\(missing("y"))."),
      .value("width", placeholder: "W", help: "The width\(missing("width"))."),
      .value("height", placeholder: "H", help: "The height\(missing("height"))."),
      .value(
        "color", placeholder: "C",
        help: "#rgb, #rrggbb, rgb(r,g,b) or a CSS name\(missing("color"))."),
      .value("alpha", placeholder: "A", help: "The opacity level 1…10\(missing("alpha"))."),
    ]
  }

  /// Reads the fields that were given.
  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    let parse = ValueParser(command: arguments.command)
    func value<T>(_ name: String, _ read: (String) throws(CommandLineError) -> T)
      throws(CommandLineError) -> T?
    {
      guard let text = arguments.value(name) else { return nil }
      return try read(text)
    }
    x = try value("x") { (text) throws(CommandLineError) in try parse.number(text, option: "x") }
    y = try value("y") { (text) throws(CommandLineError) in try parse.number(text, option: "y") }
    width = try value("width") { (text) throws(CommandLineError) in
      try parse.length(text, option: "width")
    }
    height = try value("height") { (text) throws(CommandLineError) in
      try parse.length(text, option: "height")
    }
    color = try value("color") { (text) throws(CommandLineError) in try parse.color(text) }
    alpha = try value("alpha") { (text) throws(CommandLineError) in try parse.alpha(text) }
  }

  /// The fields that were given, in the order of the options.
  var given: [RectangleField] {
    let values: [(RectangleField, Bool)] = [
      (.x, x != nil), (.y, y != nil), (.width, width != nil), (.height, height != nil),
      (.color, color != nil), (.alpha, alpha != nil),
    ]
    return values.filter(\.1).map(\.0)
  }

  /// Whether no field was given.
  var isEmpty: Bool {
    x == nil && y == nil && width == nil && height == nil && color == nil && alpha == nil
  }
}
