import DrawdocEditing

/// `drawdoc restore`: makes an old version current again.
struct RestoreCommand: Command {
  static let name = "restore"
  static let abstract = "Make an old version of a drawing current again."
  static let usage = "drawdoc restore DOC VERSION"
  static let arguments: [ArgumentSpecification] = [
    .document, ArgumentSpecification("VERSION", .text),
  ]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = """
    The old version comes back as a new version, which 'drawdoc undo' can take back.
    'drawdoc history DOC' lists the versions kept. (To bring back a deleted drawing, use
    'drawdoc trash --restore ID'.)
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String
  let version: Int

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    version = try ValueParser(command: Self.name).version(
      try arguments.positional(1, name: "VERSION"), option: "VERSION")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let (store, id) = try DocumentArgument.stored(
      document, arguments, context, refusingFile: .history)
    let current = try Editing(store: store).restore(id, version: version)
    if current.number == version {
      context.standardOutput.writeLine("version \(version) is already the current version")
    } else {
      context.standardOutput.writeLine("version \(current.number): \(current.change)")
    }
    return .success
  }
}
