import Foundation
import Testing

/// How a test repository gets git's drivers for drawings.
enum GitDriverSetup: CustomTestStringConvertible {
  /// The shell lines of docs/git.md, run as they are.
  case documentedLines
  /// `drawdoc git install`, the built binary run in the repository.
  case installCommand
  /// Not at all: the test sets them up.
  case none

  var testDescription: String {
    switch self {
    case .documentedLines: return "the lines of docs/git.md"
    case .installCommand: return "drawdoc git install"
    case .none: return "nothing"
    }
  }
}

/// A git repository in a sandbox, with the built drawdoc first on PATH and nothing from the
/// machine's or the user's git configuration: the global configuration is a file of the
/// sandbox, and HOME and XDG_CONFIG_HOME are folders of it.
final class GitRepository {
  let box: Sandbox
  let folder: String
  /// The file `git config --global` writes.
  let globalConfig: String
  /// `$XDG_CONFIG_HOME`.
  let configHome: String
  let environment: [String: String]

  init(setup: GitDriverSetup) throws {
    box = try Sandbox()
    folder = box.work
    globalConfig = "\(box.root)/gitconfig"
    configHome = "\(box.root)/home/.config"
    var environment = box.environment
    environment["PATH"] =
      drawdocExecutable.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "")
    environment["GIT_CONFIG_GLOBAL"] = globalConfig
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["HOME"] = "\(box.root)/home"
    environment["XDG_CONFIG_HOME"] = configHome
    // No repository above the sandbox counts.
    environment["GIT_CEILING_DIRECTORIES"] = box.root
    environment["PWD"] = folder
    for role in ["AUTHOR", "COMMITTER"] {
      environment["GIT_\(role)_NAME"] = "Drawdoc Test"
      environment["GIT_\(role)_EMAIL"] = "test@drawdoc.invalid"
      environment["GIT_\(role)_DATE"] = "2026-01-01T00:00:00Z"
    }
    self.environment = environment
    try FileManager.default.createDirectory(
      atPath: "\(box.root)/home", withIntermediateDirectories: true)
    try #require(try git("init", "-q", "-b", "main").status == 0)
    switch setup {
    case .documentedLines:
      let result = try run("/bin/sh", ["-c", try documentedGitSetup()])
      try #require(
        result.status == 0, "the git setup of docs/git.md failed: \(result.standardError)")
    case .installCommand:
      let result = try drawdoc("git", "install")
      try #require(
        result.status == 0 && result.standardError == "",
        "drawdoc git install failed: \(result.standardError)")
    case .none:
      break
    }
  }

  /// Runs the built drawdoc in the repository (the current folder is the process's own).
  func drawdoc(_ arguments: String...) throws -> CommandResult {
    try run(drawdocExecutable.path, arguments)
  }

  /// Runs a program in the repository and waits for it.
  func run(_ program: String, _ arguments: [String], in place: String? = nil) throws
    -> CommandResult
  {
    var environment = environment
    environment["PWD"] = place ?? folder
    return try runProgram(program, arguments, environment: environment, in: place ?? folder)
  }

  func git(_ arguments: String...) throws -> CommandResult {
    try run("/usr/bin/env", ["git"] + arguments)
  }

  /// Writes the drawing file and commits it.
  func commit(_ text: String, message: String) throws {
    try box.file("drawing.svg", text)
    #expect(try git("add", ".").status == 0)
    let result = try git("commit", "-q", "-m", message)
    #expect(result.status == 0, "\(result.standardError)")
  }

  /// Commits `base` on main, then `branch` on a new branch from it named `name`, then `main`
  /// on main, which stays checked out.
  func diverge(
    base: String, branch name: String, _ branch: (text: String, message: String),
    main: (text: String, message: String)
  ) throws {
    try commit(base, message: "base")
    #expect(try git("checkout", "-q", "-b", name).status == 0)
    try commit(branch.text, message: branch.message)
    #expect(try git("checkout", "-q", "main").status == 0)
    try commit(main.text, message: main.message)
  }

  var drawing: String {
    get throws { String(decoding: try box.read("\(folder)/drawing.svg"), as: UTF8.self) }
  }
}

/// The shell lines of the section "Setting up git" in docs/git.md.
func documentedGitSetup() throws -> String {
  let page = try String(
    contentsOf: repositoryRoot.appendingPathComponent("docs/git.md"), encoding: .utf8)
  let section = try #require(page.range(of: "## Setting up git"))
  let rest = page[section.upperBound...]
  let start = try #require(rest.range(of: "```sh\n"))
  let end = try #require(rest[start.upperBound...].range(of: "```"))
  return String(rest[start.upperBound..<end.lowerBound])
}

/// Whether git is installed; records an issue that says how to get it when it is not.
func gitIsInstalled() -> Bool {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["git", "--version"]
  process.standardOutput = FileHandle.nullDevice
  process.standardError = FileHandle.nullDevice
  let ran = (try? process.run()) != nil
  if ran { process.waitUntilExit() }
  guard ran, process.terminationStatus == 0 else {
    Issue.record("these tests run the real git, which is not on PATH: apt-get install git")
    return false
  }
  return true
}

/// `drawdoc diff` and `drawdoc merge` as git's diff and merge drivers, set up with
/// `drawdoc git install` or with the lines docs/git.md gives, with the real git.
@Suite struct GitIntegrationTests {
  @Test func branchesThatEditDifferentRectanglesMergeCleanly() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .installCommand)
    // Main changes the next line, the root's modified time and the end of the file: a text
    // merge would conflict.
    try repository.diverge(
      base: drawingText(baseRectangles), branch: "red",
      (
        drawingText(
          modified: "2026-02-01T00:00:00Z",
          [
            "a 0 0 10 10 #ff0000 10", "b 10 0 10 10 #00bb00 5", "c 20 0 10 10 #0000cc 7",
            "d 30 0 10 10 #dddddd 1",
          ]), "a is red"
      ),
      main: (
        drawingText(
          modified: "2026-03-01T00:00:00Z",
          [
            "a 0 0 10 10 #aa0000 10", "b 15 0 10 10 #00bb00 5", "c 20 0 10 10 #0000cc 7",
            "d 30 0 10 10 #dddddd 1", "e 1 1 1 1 #eeeeee 10",
          ]), "b moved, e added"
      ))
    let merge = try repository.git("merge", "-q", "--no-edit", "red")
    #expect(merge.status == 0, "\(merge.standardOutput)\(merge.standardError)")
    #expect(
      try repository.drawing
        == drawingText(
          modified: "2026-03-01T00:00:00Z",
          [
            "a 0 0 10 10 #ff0000 10", "b 15 0 10 10 #00bb00 5", "c 20 0 10 10 #0000cc 7",
            "d 30 0 10 10 #dddddd 1", "e 1 1 1 1 #eeeeee 10",
          ]))
    #expect(try repository.git("status", "--porcelain").standardOutput == "")
    let parents = try repository.git("rev-list", "--parents", "-1", "HEAD").standardOutput
    #expect(parents.split(separator: " ").count == 3, "a merge commit: \(parents)")
    // git's own text merge of the same three files conflicts.
    for (name, revision) in [("base", "HEAD~1~1"), ("ours", "HEAD~1"), ("theirs", "red")] {
      let show = try repository.git("show", "\(revision):drawing.svg")
      try repository.box.file("\(name).svg", show.standardOutput)
    }
    let textMerge = try repository.git("merge-file", "-p", "ours.svg", "base.svg", "theirs.svg")
    #expect(textMerge.status > 0)

    // The diff driver: git diff and git log -p --ext-diff show drawdoc's diff.
    let diff = try repository.git("diff", "HEAD~1", "HEAD", "--", "drawing.svg")
    #expect(diff.status == 0)
    #expect(
      diff.standardOutput
        == "drawdoc diff a/drawing.svg b/drawing.svg\nchanged aaa-aaa-aaa: color #aa0000 → #ff0000\n"
    )
    let log = try repository.git("log", "-p", "--ext-diff", "--format=%s", "-1", "red")
    #expect(
      log.standardOutput
        == "a is red\n\ndrawdoc diff a/drawing.svg b/drawing.svg\n"
        + "changed aaa-aaa-aaa: color #aa0000 → #ff0000\n", "\(log.standardError)")
    let first = try repository.git("log", "-p", "--ext-diff", "--format=%s", "--reverse", "red")
    // The first commit adds the file: git passes /dev/null for the old side.
    #expect(
      first.standardOutput.contains(
        "\ndrawdoc diff a/drawing.svg b/drawing.svg\ntitle: '' → 'Plan'\n"
          + "canvas: 1024 × 768 → 100 × 80\nadded (aaa-aaa-aaa)"), "\(first.standardOutput)")
  }

  @Test(arguments: [GitDriverSetup.installCommand, .documentedLines])
  func branchesThatRecolorOneRectangleStopWithAConflictAndAValidDrawing(
    setup: GitDriverSetup
  ) throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: setup)
    let base = drawingText(baseRectangles)
    try repository.diverge(
      base: base, branch: "red",
      (base.replacingOccurrences(of: "#aa0000", with: "#ff0000"), "a is red"),
      main: (base.replacingOccurrences(of: "#aa0000", with: "#0000ff"), "a is blue"))
    // The diff driver shows main's last commit as drawdoc's diff.
    let diff = try repository.git("diff", "--ext-diff", "HEAD~1", "HEAD", "--", "drawing.svg")
    #expect(
      diff.standardOutput
        == "drawdoc diff a/drawing.svg b/drawing.svg\nchanged aaa-aaa-aaa: color #aa0000 → #0000ff\n",
      "\(diff.standardError)")
    let merge = try repository.git("merge", "--no-edit", "red")
    #expect(merge.status == 1)
    let output = merge.standardOutput + merge.standardError
    #expect(
      output.contains(
        "conflict: aaa-aaa-aaa color: OURS #0000ff, THEIRS #ff0000 (BASE #aa0000); kept OURS"),
      "\(output)")
    #expect(output.contains("CONFLICT (content): Merge conflict in drawing.svg"), "\(output)")
    #expect(
      try repository.git("diff", "--name-only", "--diff-filter=U").standardOutput
        == "drawing.svg\n")
    // The work tree holds a valid drawing, in the writer's exact form, that keeps OURS.
    let check = try repository.run(
      drawdocExecutable.path, ["validate", "--canonical", "drawing.svg"])
    #expect(check.status == 0 && check.standardOutput == "drawing.svg: ok\n")
    #expect(
      try repository.drawing
        == base.replacingOccurrences(of: "#aa0000", with: "#0000ff"))
  }
}
