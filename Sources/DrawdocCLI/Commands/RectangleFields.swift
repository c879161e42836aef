import DrawdocModel
import DrawdocStore

/// The rectangle fields `add` and `set` take: `--x --y --width --height --color --alpha`,
/// each optional.
enum RectangleFields {
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
  static func edit(_ arguments: ParsedArguments) throws(CommandLineError) -> RectangleEdit {
    let parse = ValueParser(command: arguments.command)
    func value<T>(_ name: String, _ read: (String) throws(CommandLineError) -> T)
      throws(CommandLineError) -> T?
    {
      guard let text = arguments.value(name) else { return nil }
      return try read(text)
    }
    return RectangleEdit(
      x: try value("x") { (text) throws(CommandLineError) in try parse.number(text, option: "x") },
      y: try value("y") { (text) throws(CommandLineError) in try parse.number(text, option: "y") },
      width: try value("width") { (text) throws(CommandLineError) in
        try parse.length(text, option: "width")
      },
      height: try value("height") { (text) throws(CommandLineError) in
        try parse.length(text, option: "height")
      },
      color: try value("color") { (text) throws(CommandLineError) in try parse.color(text) },
      alpha: try value("alpha") { (text) throws(CommandLineError) in try parse.alpha(text) })
  }
}
