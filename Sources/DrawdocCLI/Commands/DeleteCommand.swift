import DrawdocEditing

/// `drawdoc delete`: removes a drawing from the store.
struct DeleteCommand: Command {
  static let name = "delete"
  static let abstract = "Move a drawing to the trash, with its history."
  static let usage = "drawdoc delete DOC"
  static let arguments: [ArgumentSpecification] = [.document]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = """
    'drawdoc trash' lists the drawings in the trash; 'drawdoc trash --restore ID' brings one
    back with every version; 'drawdoc trash --empty' removes them for good.
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let (store, id) = try DocumentArgument.stored(
      document, arguments, context, refusingFile: .delete)
    try Editing(store: store).delete(id)
    return .success
  }
}
