import DrawdocLog

/// What a command needs to run: its output streams and its environment.
struct CommandContext {
  /// Results.
  let standardOutput: any OutputSink
  /// Warnings and errors.
  let standardError: any OutputSink
  /// The process environment.
  let environment: [String: String]
  /// `--store DIR` given before the command's name, if any.
  var storeOption: String?
  /// Diagnostics for the command line.
  let log = Logger(category: "cli")
}

/// One `drawdoc` command: its name, its help and how it runs.
protocol Command {
  /// The word that selects the command.
  static var name: String { get }
  /// One line saying what it does.
  static var abstract: String { get }
  /// The synopsis, such as `drawdoc validate [--canonical] FILE…`.
  static var usage: String { get }
  /// More help, printed after the options; may be empty.
  static var discussion: String { get }
  /// The options it accepts, besides `--help`.
  static var options: [OptionSpecification] { get }
  /// The positional arguments its usage names, in order, with what each names.
  static var arguments: [ArgumentSpecification] { get }

  /// Binds the parsed arguments.
  ///
  /// - Parameter arguments: The arguments after the command's name.
  /// - Throws: ``CommandLineError`` for a missing or malformed argument.
  init(_ arguments: ParsedArguments) throws(CommandLineError)

  /// Runs the command.
  ///
  /// - Parameter context: Where to write and what the environment holds.
  /// - Returns: The exit status.
  /// - Throws: Any error; ``ErrorReport`` turns it into a message and an exit status.
  func run(_ context: CommandContext) throws -> ExitStatus
}

extension Command {
  static var discussion: String { "" }

  /// The options it accepts, `--help` included: what its help, the man page and the
  /// completions list.
  static var optionsWithHelp: [OptionSpecification] {
    options + [.flag("help", help: "Show this help.")]
  }

  /// The whole help text of the command.
  static var help: String {
    var text = "\(abstract)\n\nUsage: \(usage)\n"
    let width = optionsWithHelp.map { $0.synopsis.count }.max() ?? 0
    text += "\nOptions:\n"
    for option in optionsWithHelp {
      let padding = String(repeating: " ", count: width - option.synopsis.count)
      text += "  \(option.synopsis)\(padding)  \(option.help)\n"
    }
    if !discussion.isEmpty { text += "\n\(discussion)\n" }
    return text
  }
}
