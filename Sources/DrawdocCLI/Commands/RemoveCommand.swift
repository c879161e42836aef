import DrawdocEditing
import DrawdocModel

/// `drawdoc remove`: removes one rectangle.
struct RemoveCommand: Command {
  static let name = "remove"
  static let abstract = "Remove a rectangle from a drawing."
  static let usage = "drawdoc remove DOC RECT"
  static let arguments: [ArgumentSpecification] = [.documentOrFile, .rectangle]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = "\(DocumentArgument.help)\nRECT is a rectangle's id."

  let arguments: ParsedArguments
  let document: String
  let rectangle: Identifier

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    rectangle = try ValueParser(command: Self.name).identifier(
      try arguments.positional(1, name: "RECT"), name: "RECT")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try DocumentArgument.resolve(document, arguments, context).change(
      Editing.removing(rectangle))
    return .success
  }
}
