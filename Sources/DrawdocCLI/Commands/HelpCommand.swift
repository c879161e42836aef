/// `drawdoc help [COMMAND]`: the same text as `drawdoc --help` or `drawdoc COMMAND --help`;
/// `drawdoc help --man`: the man page, from the same descriptions.
struct HelpCommand: Command {
  static let name = "help"
  static let abstract = "Show help for drawdoc or one of its commands, or the man page."
  static let usage = "drawdoc help [COMMAND] | --man"
  static let arguments: [ArgumentSpecification] = [ArgumentSpecification("COMMAND", .command)]
  static let options: [OptionSpecification] = [
    .flag("man", help: "Print the man page, drawdoc(1), in roff (man -l - reads it).")
  ]

  let topic: String?
  let manualPage: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    manualPage = arguments.flag("man")
    try arguments.expectPositionals(atMost: manualPage ? 0 : 1)
    topic = arguments.positionals.first
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    if manualPage {
      context.standardOutput.write(ManualPage.page(DrawdocCLI.commands))
      return .success
    }
    guard let topic else {
      context.standardOutput.write(DrawdocCLI.overview)
      return .success
    }
    guard let command = DrawdocCLI.command(named: topic) else {
      throw CommandLineError.unknownCommand(topic)
    }
    context.standardOutput.write(command.help)
    return .success
  }
}
