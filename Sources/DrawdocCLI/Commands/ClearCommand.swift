import DrawdocEditing
import DrawdocModel

/// `drawdoc clear`: removes every rectangle.
struct ClearCommand: Command {
  static let name = "clear"
  static let abstract = "Remove every rectangle from a drawing, keeping its canvas and title."
  static let usage = "drawdoc clear DOC"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = DocumentArgument.help

  let arguments: ParsedArguments
  let document: String

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try DocumentArgument.resolve(document, arguments, context).change(Editing.clearing())
    return .success
  }
}
