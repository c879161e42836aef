import DrawdocEditing

/// `drawdoc config`: shows or changes the store's settings.
struct ConfigCommand: Command {
  static let name = "config"
  static let abstract = "Show or change the store's settings."
  static let usage = "drawdoc config [NAME [VALUE]]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("NAME", .choices(names)), ArgumentSpecification("VALUE", .text),
  ]
  static let options: [OptionSpecification] = [StoreAccess.option]
  static let discussion = """
    Settings:
      history-limit  How many versions of each drawing the history keeps, the current one
                     included (default 100, from 1 to 100000). Older versions are dropped,
                     oldest first, at the drawing's next change.
    Without NAME, prints every setting; with NAME, its value; with NAME and VALUE, sets it.
    """

  static let names = ["history-limit"]

  let arguments: ParsedArguments
  let name: String?
  let value: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    name = arguments.positionals.first
    if let name, !Self.names.contains(name) {
      throw .invalidValue(
        command: Self.name, option: "NAME", value: name,
        expected: "one of: \(Self.names.joined(separator: ", "))")
    }
    value = try arguments.positionals.dropFirst().first.map { (text) throws(CommandLineError) in
      let limits = StoreSettings.historyLimits
      return try ValueParser(command: Self.name).count(text, option: "history-limit", range: limits)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let settings = store.settings
    if let value {
      try Editing(store: store).changeHistoryLimit(to: value)
    } else if name != nil {
      context.standardOutput.writeLine("\(settings.historyLimit)")
    } else {
      context.standardOutput.writeLine("history-limit = \(settings.historyLimit)")
    }
    return .success
  }
}
