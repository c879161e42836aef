import DrawdocSystem

/// `drawdoc git install|uninstall [--global]`: sets up git to diff and merge drawings with
/// drawdoc, in the current repository or for every repository of the user, or takes that away.
struct GitCommand: Command {
  static let name = "git"
  static let abstract = "Set up git to diff and merge drawings with drawdoc, or undo it."
  static let usage = "drawdoc git ACTION [--global]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("ACTION", .choices(Action.allCases.map(\.rawValue)))
  ]
  static let options: [OptionSpecification] = [
    .flag(
      "global",
      help: "The user's global git configuration and attributes file, not the repository's.")
  ]
  static let discussion = """
    ACTION is install or uninstall. install sets git's diff and merge drivers for drawings
    (diff.drawdoc.command, merge.drawdoc.name, merge.drawdoc.driver) in the repository around
    the current folder, and adds the line '*.svg diff=drawdoc merge=drawdoc' to its top-level
    .gitattributes. With --global, it sets them with 'git config --global' and adds the line
    to the global attributes file: core.attributesFile, else $XDG_CONFIG_HOME/git/attributes,
    else ~/.config/git/attributes. What is already in place is not written again; each thing
    written is printed. uninstall removes the three settings and that line (and the
    attributes file, if nothing else is left in it). git runs the drivers as 'drawdoc', so
    drawdoc must be on PATH; install warns when it is not.
    """

  /// What the command does.
  enum Action: String, CaseIterable {
    case install, uninstall
  }

  let action: Action
  let global: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    let word = try arguments.positional(0, name: "ACTION (install or uninstall)")
    guard let action = Action(rawValue: word) else {
      throw .invalidValue(
        command: Self.name, option: "ACTION", value: word, expected: "install or uninstall")
    }
    self.action = action
    global = arguments.flag("global")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let setup = try GitSetup(
      scope: global ? .global : .repository, environment: context.environment,
      action: action.rawValue)
    switch action {
    case .install:
      for line in try setup.install() { context.standardOutput.writeLine(line) }
      if ChildProcess.find("drawdoc", in: context.environment["PATH"] ?? "") == nil {
        context.standardError.writeLine(
          "warning: drawdoc is not on PATH, and git runs the drivers as 'drawdoc': add the "
            + "folder that holds it to PATH ('bash .ci/install' puts it in ~/.local/bin)")
      }
    case .uninstall:
      for line in try setup.uninstall() { context.standardOutput.writeLine(line) }
    }
    return .success
  }
}
