/// `drawdoc help [COMMAND]`: the same text as `drawdoc --help` or `drawdoc COMMAND --help`.
struct HelpCommand: Command {
  static let name = "help"
  static let abstract = "Show help for drawdoc or one of its commands."
  static let usage = "drawdoc help [COMMAND]"
  static let arguments: [ArgumentSpecification] = [ArgumentSpecification("COMMAND", .command)]
  static let options: [OptionSpecification] = []

  let topic: String?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    topic = arguments.positionals.first
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
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
