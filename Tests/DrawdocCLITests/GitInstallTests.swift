import Foundation
import Testing

/// The settings the `git config` lines of docs/git.md set, as name and value.
private func documentedSettings() throws -> [(name: String, value: String)] {
  try documentedGitSetup().split(separator: "\n").filter { $0.hasPrefix("git config ") }.map {
    line in
    let words = line.dropFirst("git config ".count)
    let name = try #require(words.split(separator: " ").first)
    let open = try #require(words.firstIndex(of: "'"))
    let close = try #require(words.lastIndex(of: "'"))
    return (String(name), String(words[words.index(after: open)..<close]))
  }
}

/// The line docs/git.md adds to `.gitattributes`.
private let attributesLine = "*.svg diff=drawdoc merge=drawdoc"

/// A file's bytes and identity: a file written again, even with the same bytes, differs.
private struct FileState: Equatable {
  let bytes: Data
  let inode: Int
  let modified: Date

  init(_ path: String) throws {
    bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    inode = try #require(attributes[.systemFileNumber] as? Int)
    modified = try #require(attributes[.modificationDate] as? Date)
  }
}

extension GitRepository {
  /// The repository's top-level folder, as git gives it.
  var top: String {
    get throws {
      try git("rev-parse", "--show-toplevel").standardOutput
        .trimmingCharacters(in: .newlines)
    }
  }

  /// `git config SCOPE --get NAME`: the value, or `nil` when it is not set there.
  func setting(_ name: String, _ scope: String = "--local") throws -> String? {
    let result = try git("config", scope, "--get", name)
    return result.status == 0 ? String(result.standardOutput.dropLast()) : nil
  }

  func text(_ path: String) throws -> String? {
    guard FileManager.default.fileExists(atPath: path) else { return nil }
    return String(decoding: try box.read(path), as: UTF8.self)
  }
}

/// `drawdoc git install` and `drawdoc git uninstall`, checked with the real git.
@Suite struct GitInstallTests {
  @Test func installWritesTheSettingsAndTheLineOnceAndSaysSo() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let top = try repository.top
    let installed = try repository.drawdoc("git", "install")
    #expect(installed.status == 0)
    #expect(installed.standardError == "")
    #expect(
      installed.standardOutput == """
        set diff.drawdoc.command in \(top)/.git/config
        set merge.drawdoc.name in \(top)/.git/config
        set merge.drawdoc.driver in \(top)/.git/config
        added '\(attributesLine)' to \(top)/.gitattributes

        """)
    let documented = try documentedSettings()
    #expect(documented.map(\.name).count == 3)
    for (name, value) in documented {
      #expect(try repository.setting(name) == value, "\(name)")
      #expect(try repository.setting(name, "--global") == nil, "\(name)")
    }
    #expect(try repository.text("\(top)/.gitattributes") == attributesLine + "\n")

    let files = ["\(top)/.git/config", "\(top)/.gitattributes"]
    let before = try files.map(FileState.init)
    let again = try repository.drawdoc("git", "install")
    #expect(again.status == 0)
    #expect(again.standardError == "")
    #expect(
      again.standardOutput
        == "already set up, nothing written: the drivers are set in \(top)/.git/config and "
        + "\(top)/.gitattributes has '\(attributesLine)'\n")
    #expect(try files.map(FileState.init) == before)
  }

  @Test func installFromASubfolderKeepsTheOtherAttributesAndUninstallRemovesOnlyItsOwn() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let top = try repository.top
    // A file without a last line feed, and a setting of the user's in the merge section.
    try repository.box.file(".gitattributes", "*.png binary")
    #expect(try repository.git("config", "merge.drawdoc.recursive", "binary").status == 0)
    let sub = "\(repository.folder)/drawings"
    try FileManager.default.createDirectory(atPath: sub, withIntermediateDirectories: true)
    let installed = try repository.run(drawdocExecutable.path, ["git", "install"], in: sub)
    #expect(installed.status == 0, "\(installed.standardError)")
    #expect(
      installed.standardOutput.hasSuffix("added '\(attributesLine)' to \(top)/.gitattributes\n"))
    #expect(try repository.text("\(top)/.gitattributes") == "*.png binary\n\(attributesLine)\n")
    #expect(!FileManager.default.fileExists(atPath: "\(sub)/.gitattributes"))

    let removed = try repository.run(drawdocExecutable.path, ["git", "uninstall"], in: sub)
    #expect(removed.status == 0)
    #expect(removed.standardError == "")
    #expect(
      removed.standardOutput == """
        removed diff.drawdoc.command from \(top)/.git/config
        removed merge.drawdoc.name from \(top)/.git/config
        removed merge.drawdoc.driver from \(top)/.git/config
        removed '\(attributesLine)' from \(top)/.gitattributes

        """)
    for (name, _) in try documentedSettings() { #expect(try repository.setting(name) == nil) }
    #expect(try repository.setting("merge.drawdoc.recursive") == "binary")
    let config = try #require(try repository.text("\(top)/.git/config"))
    #expect(!config.contains("[diff \"drawdoc\"]"), "the emptied section goes: \(config)")
    #expect(try repository.text("\(top)/.gitattributes") == "*.png binary\n")

    let again = try repository.drawdoc("git", "uninstall")
    #expect(again.status == 0)
    #expect(
      again.standardOutput
        == "nothing to remove: the repository \(top) has no drawdoc settings and "
        + "\(top)/.gitattributes no '\(attributesLine)' line\n")
    #expect(try repository.text("\(top)/.gitattributes") == "*.png binary\n")
  }

  @Test func uninstallRemovesAnAttributesFileThatHeldOnlyTheLine() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .installCommand)
    let top = try repository.top
    let removed = try repository.drawdoc("git", "uninstall")
    #expect(removed.status == 0)
    #expect(
      removed.standardOutput.hasSuffix(
        "removed '\(attributesLine)' from \(top)/.gitattributes\n"
          + "removed \(top)/.gitattributes, which held nothing else\n"), "\(removed)")
    #expect(!FileManager.default.fileExists(atPath: "\(top)/.gitattributes"))
    let config = try #require(try repository.text("\(top)/.git/config"))
    #expect(!config.contains("drawdoc"), "\(config)")
  }

  @Test func globalWritesTheGlobalConfigurationAndAttributesFileOnce() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let attributes = "\(repository.configHome)/git/attributes"
    let installed = try repository.drawdoc("git", "install", "--global")
    #expect(installed.status == 0)
    #expect(installed.standardError == "")
    #expect(
      installed.standardOutput == """
        set diff.drawdoc.command in \(repository.globalConfig)
        set merge.drawdoc.name in \(repository.globalConfig)
        set merge.drawdoc.driver in \(repository.globalConfig)
        added '\(attributesLine)' to \(attributes)

        """)
    for (name, value) in try documentedSettings() {
      #expect(try repository.setting(name, "--global") == value, "\(name)")
      #expect(try repository.setting(name, "--local") == nil, "\(name)")
    }
    #expect(try repository.text(attributes) == attributesLine + "\n")
    #expect(!FileManager.default.fileExists(atPath: "\(repository.folder)/.gitattributes"))
    // git finds the line for a drawing of any repository.
    let attributed = try repository.git("check-attr", "diff", "merge", "--", "plan.svg")
    #expect(attributed.standardOutput == "plan.svg: diff: drawdoc\nplan.svg: merge: drawdoc\n")

    let files = [repository.globalConfig, attributes]
    let before = try files.map(FileState.init)
    let again = try repository.drawdoc("git", "install", "--global")
    #expect(again.status == 0)
    #expect(again.standardOutput.hasPrefix("already set up, nothing written"))
    #expect(try files.map(FileState.init) == before)

    let removed = try repository.drawdoc("git", "uninstall", "--global")
    #expect(removed.status == 0)
    #expect(
      removed.standardOutput == """
        removed diff.drawdoc.command from \(repository.globalConfig)
        removed merge.drawdoc.name from \(repository.globalConfig)
        removed merge.drawdoc.driver from \(repository.globalConfig)
        removed '\(attributesLine)' from \(attributes)
        removed \(attributes), which held nothing else

        """)
    #expect(try repository.text(repository.globalConfig) == "")
    let nothing = try repository.drawdoc("git", "uninstall", "--global")
    #expect(
      nothing.standardOutput
        == "nothing to remove: git's global configuration has no drawdoc settings and "
        + "\(attributes) no '\(attributesLine)' line\n")
  }

  @Test func globalUsesTheAttributesFileGitIsToldOf() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let set = try repository.git("config", "--global", "core.attributesFile", "~/attributes")
    #expect(set.status == 0)
    let installed = try repository.drawdoc("git", "install", "--global")
    #expect(installed.status == 0, "\(installed.standardError)")
    let attributes = "\(repository.box.root)/home/attributes"
    #expect(installed.standardOutput.hasSuffix("added '\(attributesLine)' to \(attributes)\n"))
    #expect(try repository.text(attributes) == attributesLine + "\n")
    #expect(!FileManager.default.fileExists(atPath: "\(repository.configHome)/git"))
  }

  @Test func outsideARepositoryItSaysToMakeOneOrUseGlobal() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let outside = "\(repository.box.root)/outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    for action in ["install", "uninstall"] {
      let result = try repository.run(drawdocExecutable.path, ["git", action], in: outside)
      #expect(result.status == 66)
      #expect(result.standardOutput == "")
      #expect(
        result.standardError.hasPrefix(
          "Error: \(outside) is not in a git repository (git says 'fatal: not a git repository"),
        "\(result.standardError)")
      #expect(
        result.standardError.hasSuffix(
          "): run 'git init' there to make one, or 'drawdoc git \(action) --global' for every "
            + "repository of this user\n"), "\(result.standardError)")
    }
    #expect(!FileManager.default.fileExists(atPath: repository.globalConfig))
    #expect(!FileManager.default.fileExists(atPath: "\(outside)/.gitattributes"))
  }

  @Test func aFailingGitConfigExitsWithGitsOwnMessage() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    let top = try repository.top
    // git takes this lock to write its configuration; another git holding it makes ours fail.
    _ = FileManager.default.createFile(atPath: "\(top)/.git/config.lock", contents: nil)
    let result = try repository.drawdoc("git", "install")
    #expect(result.status == 74)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "Error: 'git config --local --replace-all diff.drawdoc.command …' exited with "
        + "status 255: 'error: could not lock config file .git/config: File exists'\n")
    #expect(!FileManager.default.fileExists(atPath: "\(top)/.gitattributes"))
  }

  @Test func withoutGitOnPathItSaysHowToInstallIt() throws {
    let box = try Sandbox()
    let result = box.run(["git", "install"], extra: ["PATH": "\(box.root)/empty"])
    #expect(result.status == 69)
    #expect(result.standardOutput == "")
    #expect(
      result.standardError
        == "Error: git is not installed: install it with 'apt-get install git' (Debian, Ubuntu), "
        + "'dnf install git' (Fedora) or 'brew install git' (macOS)\n")
  }

  @Test func installWarnsWhenDrawdocIsNotOnPath() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .none)
    // A PATH that has git and nothing else.
    let found = try repository.run("/usr/bin/env", ["sh", "-c", "command -v git"])
    let git = found.standardOutput.trimmingCharacters(in: .newlines)
    let onlyGit = "\(repository.box.root)/only-git"
    try FileManager.default.createDirectory(atPath: onlyGit, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: "\(onlyGit)/git", withDestinationPath: git)
    var environment = repository.environment
    environment["PATH"] = onlyGit
    let result = try runProgram(
      drawdocExecutable.path, ["git", "install"], environment: environment,
      in: repository.folder)
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("set diff.drawdoc.command in "))
    #expect(
      result.standardError
        == "warning: drawdoc is not on PATH, and git runs the drivers as 'drawdoc': add the "
        + "folder that holds it to PATH ('bash .ci/install' puts it in ~/.local/bin)\n")
  }

  @Test func theActionIsInstallOrUninstall() {
    let missing = drawdoc("git")
    #expect(missing.status == 64)
    let unknown = drawdoc("git", "setup")
    #expect(unknown.status == 64)
    #expect(
      unknown.standardError
        == "Error: git: 'setup' is not a valid ACTION: expected install or uninstall\n"
        + "See 'drawdoc git --help'.\n")
  }
}
