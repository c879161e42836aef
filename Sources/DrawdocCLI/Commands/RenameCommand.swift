import DrawdocEditing
import DrawdocModel

/// `drawdoc rename`: changes a drawing's title.
struct RenameCommand: Command {
  static let name = "rename"
  static let abstract = "Change a drawing's title."
  static let usage = "drawdoc rename DOC TITLE"
  static let arguments: [ArgumentSpecification] = [
    .documentOrFile, ArgumentSpecification("TITLE", .text),
  ]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = DocumentArgument.help

  let arguments: ParsedArguments
  let document: String
  let title: String

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    title = try ValueParser(command: Self.name).title(try arguments.positional(1, name: "TITLE"))
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try DocumentArgument.resolve(document, arguments, context).change(
      Editing.renaming(to: title))
    return .success
  }
}
