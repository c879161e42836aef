/// The `drawdoc` command line: a thin layer that parses arguments, runs one command over the
/// library and maps its errors to messages and exit statuses.
package enum DrawdocCLI {
  /// The version `drawdoc --version` prints: the one place that states drawdoc's version.
  /// CHANGELOG.md's newest release and the README's package dependency are checked against
  /// it by `VersionTests`.
  package static let version = "0.3.0"

  /// What drawdoc is, in one line: the overview's and the man page's.
  static let tagline = "drawings kept as SVG files that browsers show and drawdoc edits."

  /// How arguments read, for the overview and the man page.
  static let conventions = """
    DOC is a drawing's id or its exact title, or the path of a drawdoc SVG file; RECT is a
    rectangle's id. Colors are #rgb, #rrggbb, rgb(r,g,b) or a CSS name; alpha is a level from
    1 to 10.
    """

  /// Every command, in the order the overview lists them.
  static var commands: [any Command.Type] {
    [
      NewCommand.self, SaveCommand.self, OpenCommand.self, ListCommand.self, ExportCommand.self,
      AddCommand.self, SetCommand.self, HitCommand.self, RaiseCommand.self, LowerCommand.self,
      LayersCommand.self, RemoveCommand.self, ClearCommand.self, RenameCommand.self,
      DuplicateCommand.self, DeleteCommand.self, HistoryCommand.self, UndoCommand.self,
      RedoCommand.self, RestoreCommand.self, TrashCommand.self, WatchCommand.self,
      ConvertCommand.self, DiffCommand.self, MergeCommand.self, GitCommand.self,
      SyncCommand.self, GalleryCommand.self, ValidateCommand.self, ServeCommand.self,
      DevicesCommand.self, ShareCommand.self, ConfigCommand.self, CompletionsCommand.self,
      HelpCommand.self,
    ]
  }

  /// The options taken before a command's name; `--store` is also every store command's own.
  static let globalOptions: [OptionSpecification] = [
    StoreAccess.option,
    .flag("help", help: "Show this help; 'drawdoc COMMAND --help' shows a command's help."),
    .flag("version", help: "Show the version."),
  ]

  static func command(named name: String) -> (any Command.Type)? {
    commands.first { $0.name == name }
  }

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: The arguments, without the program name.
  ///   - environment: The process environment.
  ///   - standardOutput: Where results go.
  ///   - standardError: Where warnings and errors go.
  /// - Returns: The exit status, one of those docs/format.md lists.
  package static func run(
    arguments: [String], environment: [String: String] = [:],
    standardOutput: any OutputSink, standardError: any OutputSink
  ) -> Int32 {
    var context = CommandContext(
      standardOutput: standardOutput, standardError: standardError, environment: environment)
    do {
      var tokens = ArgumentToken.tokenize(arguments)
      try takeGlobalOptions(from: &tokens, into: &context)
      return try dispatch(tokens, context: context).rawValue
    } catch {
      let report = ErrorReport(error)
      report.write(to: standardError)
      return report.status.rawValue
    }
  }

  /// Takes `--store DIR` (or `--store=DIR`) from before the command's name.
  private static func takeGlobalOptions(
    from tokens: inout [ArgumentToken], into context: inout CommandContext
  ) throws(CommandLineError) {
    while case .option("store", let attached, _)? = tokens.first {
      tokens.removeFirst()
      if let attached {
        context.storeOption = attached
      } else if case .positional(let value, _)? = tokens.first {
        context.storeOption = value
        tokens.removeFirst()
      } else {
        throw .missingValue(command: "drawdoc", option: "store")
      }
    }
  }

  private static func dispatch(_ tokens: [ArgumentToken], context: CommandContext) throws
    -> ExitStatus
  {
    guard let first = tokens.first else {
      context.standardError.write(overview)
      throw CommandLineError.missingCommand
    }
    switch first {
    case .option(let name, _, _) where name == "help" || name == "h":
      context.standardOutput.write(overview)
      return .success
    case .option(let name, _, _) where name == "version":
      context.standardOutput.writeLine("drawdoc \(version)")
      return .success
    case .option(let name, _, _):
      throw CommandLineError.unknownOption(command: "drawdoc", option: "--\(name)")
    case .positional(let name, _):
      guard let type = command(named: name) else { throw CommandLineError.unknownCommand(name) }
      let arguments = try ParsedArguments(
        tokens: Array(tokens.dropFirst()), command: name, options: type.options)
      if arguments.wantsHelp {
        context.standardOutput.write(type.help)
        return .success
      }
      context.log.debug("running \(name)")
      return try type.init(arguments).run(context)
    }
  }

  /// The text of `drawdoc --help`.
  static var overview: String {
    var text = """
      drawdoc \(version): \(tagline)

      Usage: drawdoc COMMAND [OPTIONS] [ARGUMENTS]

      Commands:

      """
    let width = commands.map { $0.name.count }.max() ?? 0
    for command in commands {
      text += "  \(command.name)\(String(repeating: " ", count: width - command.name.count))  "
      text += "\(command.abstract)\n"
    }
    text += "\nOptions:\n"
    let optionWidth = globalOptions.map { $0.synopsis.count }.max() ?? 0
    for option in globalOptions {
      let padding = String(repeating: " ", count: optionWidth - option.synopsis.count)
      let indent = "\n" + String(repeating: " ", count: optionWidth + 4)
      let lines = wrap(option.help, width: 88 - optionWidth)
      text += "  \(option.synopsis)\(padding)  \(lines.joined(separator: indent))\n"
    }
    text += "\n\(conventions)\n\n"
    let statuses = ExitStatus.allCases.map { "\($0.rawValue) \($0.summary)" }
    text +=
      wrap("Exit status: " + statuses.joined(separator: ", ") + ".", width: 90)
      .joined(separator: "\n") + "\n"
    return text
  }

  /// Splits text into lines of at most `width` characters, at spaces.
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    if !line.isEmpty { lines.append(line) }
    return lines
  }
}
