import DrawdocEditing

/// `drawdoc completions bash|zsh|fish`: a completion script made from the same descriptions
/// as `--help`; `--list` prints the candidates the scripts ask for.
struct CompletionsCommand: Command {
  static let name = "completions"
  static let abstract = "Print a completion script for bash, zsh or fish."
  static let usage = "drawdoc completions SHELL | --list KIND [--drawing DOC]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("SHELL", .choices(CompletionShell.allCases.map(\.rawValue)))
  ]
  static let options: [OptionSpecification] = [
    .choice(
      "list", Candidates.allCases.map(\.rawValue),
      help: "For the scripts: print drawings' ids and titles, or rectangles' ids, one a line."),
    .value(
      "drawing", placeholder: "DOC", kind: .drawing, help: "The drawing for --list rectangles."),
    StoreAccess.option,
  ]
  static let discussion = """
    SHELL is bash, zsh or fish; KIND is drawings, trash or rectangles. The script completes
    commands, options, the values of options such as --format, and drawings (ids and titles),
    rectangles and files where a command takes them. 'bash .ci/install' puts the three
    scripts where the shells look for them; to load one by hand:
      bash: source <(drawdoc completions bash)
      zsh:  drawdoc completions zsh > ~/.zfunc/_drawdoc, with ~/.zfunc in fpath before compinit
      fish: drawdoc completions fish | source
    """

  /// The shells drawdoc writes completions for.
  enum CompletionShell: String, CaseIterable {
    case bash, zsh, fish
  }

  /// What `--list` prints.
  enum Candidates: String, CaseIterable {
    case drawings, trash, rectangles
  }

  enum Action {
    case script(CompletionShell)
    case list(Candidates, drawing: String?)
  }

  let arguments: ParsedArguments
  let action: Action

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    if let listed = arguments.value("list") {
      try arguments.expectPositionals(atMost: 0)
      guard let candidates = Candidates(rawValue: listed) else {
        throw .invalidValue(
          command: Self.name, option: "list", value: listed,
          expected: "drawings, trash or rectangles")
      }
      let drawing = arguments.value("drawing")
      if candidates == .rectangles, drawing == nil {
        throw .missingArgument(command: Self.name, name: "--drawing DOC for --list rectangles")
      }
      action = .list(candidates, drawing: drawing)
    } else {
      try arguments.expectPositionals(atMost: 1)
      let name = try arguments.positional(0, name: "SHELL (bash, zsh or fish)")
      guard let shell = CompletionShell(rawValue: name) else {
        throw .invalidValue(
          command: Self.name, option: "SHELL", value: name, expected: "bash, zsh or fish")
      }
      action = .script(shell)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    switch action {
    case .script(let shell):
      let commands = DrawdocCLI.commands
      switch shell {
      case .bash: context.standardOutput.write(CompletionScript.bash(commands))
      case .zsh: context.standardOutput.write(CompletionScript.zsh(commands))
      case .fish: context.standardOutput.write(CompletionScript.fish(commands))
      }
    case .list(let candidates, let drawing):
      if candidates == .rectangles, let drawing, DocumentArgument.isFile(drawing) {
        // A drawing file's rectangles need no store.
        let plane = try FileDrawing(path: drawing).read().plane
        for rectangle in plane.rectangles.reversed() {
          context.standardOutput.writeLine(rectangle.id.description)
        }
        return .success
      }
      // A completion makes no store: without one there is nothing to offer.
      guard let store = try StoreAccess.openExisting(arguments, context) else { return .success }
      var lines: [String] = []
      switch candidates {
      case .drawings:
        for case .drawing(let entry) in try store.list().drawings {
          lines.append(entry.id.description)
          if !entry.title.isEmpty { lines.append(entry.title) }
        }
      case .trash:
        for trashed in try store.trashedDrawings() {
          lines.append(trashed.id.description)
          if !trashed.title.isEmpty { lines.append(trashed.title) }
        }
      case .rectangles:
        let plane = try store.drawing(try store.resolve(drawing ?? "")).plane
        lines = plane.rectangles.reversed().map(\.id.description)
      }
      for line in lines where !line.contains("\n") { context.standardOutput.writeLine(line) }
    }
    return .success
  }
}
