import DrawdocEditing
import DrawdocModel

/// The rectangle fields `add` and `set` take: `--x --y --width --height --color --alpha`,
/// each optional.
enum RectangleOptions {
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
    return try parse.read { () throws(InvalidValue) in try RectangleEdit(reading: arguments.value) }
  }
}
