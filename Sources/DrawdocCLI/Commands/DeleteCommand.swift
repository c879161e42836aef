import DrawdocStore

/// `drawdoc delete`: removes a drawing from the store.
struct DeleteCommand: Command {
  static let name = "delete"
  static let abstract = "Delete a drawing from the store."
  static let usage = "drawdoc delete DOC"
  static let options: [OptionSpecification] = [StoreAccess.option]

  let arguments: ParsedArguments
  let document: String

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    try store.delete(try store.resolve(document))
    return .success
  }
}
