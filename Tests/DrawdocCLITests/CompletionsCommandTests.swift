import Foundation
import Testing

/// The path of a program on PATH, or a recorded failure that says how to get it: the shells
/// and groff are test dependencies that `.ci/setup` installs, so a missing one is an error,
/// not a reason to skip.
func requiredProgram(_ name: String, package: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
  for folder in path.split(separator: ":") {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  Issue.record(
    "\(name) is not installed; these tests need it: run .ci/setup as root, or apt-get install \(package)"
  )
  return nil
}

/// A store with one drawing titled "My Sketch" and its id, and the script of a shell.
private struct CompletionSetup {
  let box: Sandbox
  let drawing: String
  let rectangle: String
  let script: String

  init(shell: String) throws {
    box = try Sandbox()
    let made = box.run(["new", "--title", "My Sketch"])
    try #require(made.status == 0, "new failed: \(made.standardError)")
    drawing = made.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let added = box.run(["add", drawing, "--seed", "7"])
    try #require(added.status == 0, "add failed: \(added.standardError)")
    rectangle = added.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
    let printed = box.run(["completions", shell])
    try #require(printed.status == 0, "completions \(shell) failed: \(printed.standardError)")
    script = "\(box.work)/drawdoc.\(shell)"
    try Data(printed.standardOutput.utf8).write(to: URL(fileURLWithPath: script))
  }

  /// Runs a shell with drawdoc's folder first on PATH, in the store's environment.
  func run(_ shell: String, _ arguments: [String]) throws -> CommandResult {
    var environment = box.environment
    environment["PATH"] =
      drawdocExecutable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    return try runProgram(shell, arguments, environment: environment, in: box.work)
  }
}

@Suite struct CompletionsCommandTests {
  @Test func bashCompletesCommandsOptionValuesAndDrawings() throws {
    guard let bash = requiredProgram("bash", package: "bash") else { return }
    let setup = try CompletionSetup(shell: "bash")
    let syntax = try setup.run(bash, ["-n", setup.script])
    #expect(syntax.status == 0, "bash -n: \(syntax.standardError)")
    // Each line: the words, the last being the one completed; prints the candidates.
    let check = """
      source "$1"
      complete -p drawdoc
      t() { COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1)); _drawdoc
            echo "[$*] ${COMPREPLY[*]}"; }
      t drawdoc ex
      t drawdoc export --format ''
      t drawdoc history ''
      t drawdoc history My
      t drawdoc open ''
      t drawdoc --store "$DRAWDOC_STORE" set \(setup.drawing) ''
      t drawdoc help --m
      t drawdoc completions ''
      t drawdoc git ''
      t drawdoc --store /nonexistent/store history ''
      """
    let result = try setup.run(bash, ["-c", check, "check", setup.script])
    #expect(result.status == 0, "bash: \(result.standardError)")
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "complete -F _drawdoc drawdoc",
        "[drawdoc ex] export",
        "[drawdoc export --format ] svg png json pdf drawio excalidraw drawio.svg drawio.png "
          + "excalidraw.svg excalidraw.png",
        "[drawdoc history ] \(setup.drawing) My\\ Sketch",
        "[drawdoc history My] My\\ Sketch",
        // A command that takes a drawing file offers the files too.
        "[drawdoc open ] drawdoc.bash \(setup.drawing) My Sketch",
        "[drawdoc --store \(setup.box.store) set \(setup.drawing) ] \(setup.rectangle)",
        "[drawdoc help --m] --man",
        "[drawdoc completions ] bash zsh fish",
        "[drawdoc git ] install uninstall",
        "[drawdoc --store /nonexistent/store history ] ",
      ])
    // Completing made no store where there was none.
    #expect(!FileManager.default.fileExists(atPath: "/nonexistent/store"))
  }

  @Test func zshCompletesCommandsOptionValuesAndDrawings() throws {
    guard let zsh = requiredProgram("zsh", package: "zsh") else { return }
    let setup = try CompletionSetup(shell: "zsh")
    let syntax = try setup.run(zsh, ["-n", setup.script])
    #expect(syntax.status == 0, "zsh -n: \(syntax.standardError)")
    // Outside a completion widget zsh has no compadd, _describe or _files: stand-ins print
    // what _drawdoc offers, after zsh would filter it by what is typed.
    let check = """
      autoload -Uz compinit && compinit -u -d "$PWD/.zcompdump"
      source "$1"
      print -r -- "compdef: ${_comps[drawdoc]}"
      compadd() {
        local -a offered
        if [[ $1 == -a ]]; then offered=(${(P)2}); else shift $((${@[(i)--]})); offered=("$@"); fi
        print -r -- "compadd ${(j:|:)offered}"
      }
      _describe() { local -a offered; offered=(${(P)4}); print -r -- "describe ${(j:|:)${offered[@]%%:*}}"; }
      _files() { print -r -- "files $*"; }
      t() { words=("$@"); CURRENT=${#words}; _drawdoc; }
      t drawdoc export --format ''
      t drawdoc --store "$DRAWDOC_STORE" history ''
      t drawdoc set \(setup.drawing) ''
      t drawdoc export --f
      t drawdoc convert in.svg ''
      t drawdoc ex
      """
    let result = try setup.run(zsh, ["-f", "-c", check, "check", setup.script])
    #expect(result.status == 0, "zsh: \(result.standardError)")
    #expect(result.standardError == "")
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    #expect(
      lines.dropLast() == [
        "compdef: _drawdoc",
        "compadd svg|png|json|pdf|drawio|excalidraw|drawio.svg|drawio.png|excalidraw.svg|"
          + "excalidraw.png",
        "compadd \(setup.drawing)|My Sketch",
        "compadd \(setup.rectangle)",
        "describe --format|--output|-o|--scale|--background|--no-embed|--dates|--at|--store|--help",
        "files ",
      ])
    #expect(lines.last?.hasPrefix("describe new|save|open|list|export|add|set|") == true)
  }

  @Test func fishCompletesCommandsOptionValuesAndDrawings() throws {
    guard let fish = requiredProgram("fish", package: "fish") else { return }
    let setup = try CompletionSetup(shell: "fish")
    let syntax = try setup.run(fish, ["-n", setup.script])
    #expect(syntax.status == 0, "fish -n: \(syntax.standardError)")
    // fish orders the candidates itself, so each completion is compared as a set.
    func complete(_ line: String) throws -> Set<String> {
      let result = try setup.run(
        fish, ["--no-config", "-c", "source $argv[1]; complete -C $argv[2]", setup.script, line])
      #expect(result.status == 0, "fish: \(result.standardError)")
      #expect(result.standardError == "")
      return Set(result.standardOutput.split(separator: "\n").map(String.init))
    }
    #expect(
      try complete("drawdoc ex")
        == [
          "export\tWrite a drawing as SVG, PNG, PDF, JSON, draw.io or Excalidraw, to a file or standard output."
        ])
    #expect(
      try complete("drawdoc export --format ") == [
        "svg", "png", "json", "pdf", "drawio", "excalidraw", "drawio.svg", "drawio.png",
        "excalidraw.svg", "excalidraw.png",
      ])
    #expect(try complete("drawdoc history ") == [setup.drawing, "My Sketch"])
    #expect(try complete("drawdoc set \(setup.drawing) ") == [setup.rectangle])
  }

  @Test func listingNeedsAKnownKindAndADrawingForRectangles() throws {
    let box = try Sandbox()
    let unknown = box.run(["completions", "--list", "colors"])
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError.hasPrefix(
        "Error: completions: 'colors' is not a valid list: expected drawings, trash or rectangles"))
    let rectangles = box.run(["completions", "--list", "rectangles"])
    #expect(rectangles.status == 64)
    #expect(
      rectangles.standardError.hasPrefix(
        "Error: completions needs --drawing DOC for --list rectangles"))
    let shell = box.run(["completions", "tcsh"])
    #expect(shell.status == 64)
    #expect(
      shell.standardError.hasPrefix(
        "Error: completions: 'tcsh' is not a valid SHELL: expected bash, zsh or fish"))
    // No store, nothing to offer, and none made.
    let none = box.run(["completions", "--list", "drawings"])
    #expect(none.status == 0)
    #expect(none.standardOutput == "")
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }
}
