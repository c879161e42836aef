import DrawdocEditing
import DrawdocModel

/// `drawdoc set`: changes fields of one rectangle.
struct SetCommand: Command {
  static let name = "set"
  static let abstract = "Change a rectangle's place, size, color or alpha."
  static let usage =
    "drawdoc set DOC RECT [--x X] [--y Y] [--width W] [--height H] [--color C] [--alpha A]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile, .rectangle]
  static let options: [OptionSpecification] =
    RectangleOptions.options { _ in ", to change it" } + [StoreAccess.option]
  static let discussion = "\(DocumentArgument.help)\nRECT is a rectangle's id."

  let arguments: ParsedArguments
  let document: String
  let rectangle: Identifier
  let fields: RectangleEdit

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    rectangle = try ValueParser(command: Self.name).identifier(
      try arguments.positional(1, name: "RECT"), name: "RECT")
    fields = try RectangleOptions.edit(arguments)
    guard !fields.isEmpty else {
      throw .missingArgument(
        command: Self.name, name: "at least one of --x, --y, --width, --height, --color, --alpha")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try DocumentArgument.resolve(document, arguments, context).change(
      Editing.setting(fields, of: rectangle))
    return .success
  }
}
