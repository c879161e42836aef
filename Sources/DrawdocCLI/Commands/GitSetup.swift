import DrawdocEditing
import DrawdocSystem

/// Sets up git to diff and merge drawings with drawdoc, or takes that away: the three driver
/// settings of docs/git.md, with `git config`, and the attributes line that marks the
/// drawings, in one repository or in the user's global configuration. Each step is taken only
/// when it changes something, so running it again writes nothing.
struct GitSetup {
  /// Where the settings and the attributes line go.
  enum Scope {
    /// The repository around the current folder: its `.git/config` and its top-level
    /// `.gitattributes`.
    case repository
    /// The user's global configuration (`git config --global`) and global attributes file.
    case global
  }

  /// The driver settings, as docs/git.md gives them.
  static let settings: [(name: String, value: String)] = [
    (
      "diff.drawdoc.command",
      #"f() { [ $# -ge 7 ] || exit 0; echo "drawdoc diff a/$1 b/$1"; "#
        + #"drawdoc diff "$2" "$5"; [ $? -le 1 ]; }; f"#
    ),
    ("merge.drawdoc.name", "drawdoc: merge drawings rectangle by rectangle"),
    ("merge.drawdoc.driver", "drawdoc merge %O %A %B -o %A"),
  ]
  /// The sections the settings are in.
  static let sections = ["diff.drawdoc", "merge.drawdoc"]
  /// The line that marks the drawings for the drivers.
  static let attributesLine = "*.svg diff=drawdoc merge=drawdoc"

  let scope: Scope
  /// The `git` program.
  let git: String
  /// The environment git runs with: the command's own.
  let environment: [String: String]
  /// Where git runs: the repository's top-level folder, or the current folder for `--global`.
  let folder: String
  /// The attributes file the line goes in.
  let attributesPath: String

  /// Finds git, and the repository or the global attributes file.
  ///
  /// - Parameters:
  ///   - scope: The repository around the current folder, or the global configuration.
  ///   - environment: The command's environment: `PATH`, `PWD`, `HOME`, `XDG_CONFIG_HOME`
  ///     and git's own variables.
  ///   - action: `install` or `uninstall`, for the messages.
  /// - Throws: ``GitSetupError``.
  init(scope: Scope, environment: [String: String], action: String) throws(GitSetupError) {
    guard let git = ChildProcess.find("git", in: environment["PATH"] ?? "") else {
      throw .gitMissing
    }
    self.scope = scope
    self.git = git
    self.environment = environment
    let current = Self.currentFolder(environment)
    switch scope {
    case .repository:
      let arguments = ["rev-parse", "--show-toplevel"]
      let found = try Self.run(git, arguments, environment: environment, in: current)
      guard found.status == 0 else {
        throw .notARepository(folder: current, action: action, reason: found.errorText)
      }
      var top = found.outputText
      if top.hasSuffix("\n") { top.removeLast() }
      folder = top
      attributesPath = "\(top)/.gitattributes"
    case .global:
      folder = current
      let arguments = ["config", "--global", "--type=path", "--get", "core.attributesFile"]
      let configured = try Self.run(git, arguments, environment: environment, in: current)
      var path = configured.outputText
      if path.hasSuffix("\n") { path.removeLast() }
      if configured.status == 0, !path.isEmpty {
        attributesPath = path
      } else if configured.status > 1 {
        throw .gitFailed(
          arguments: arguments, status: configured.status, reason: configured.errorText)
      } else if let config = environment["XDG_CONFIG_HOME"], !config.isEmpty {
        attributesPath = "\(config)/git/attributes"
      } else {
        attributesPath = "\(environment["HOME"] ?? "~")/.config/git/attributes"
      }
    }
  }

  /// The current folder: `$PWD` when it names the folder this process is in (it keeps the
  /// path as the shell shows it), else the folder's path as the system gives it.
  static func currentFolder(_ environment: [String: String]) -> String {
    if let pwd = environment["PWD"], pwd.hasPrefix("/"),
      let named = try? FileSystem.status(of: pwd), let here = try? FileSystem.status(of: "."),
      named == here
    {
      return pwd
    }
    return FileSystem.currentDirectory ?? "."
  }

  // MARK: Install

  /// Writes what is missing; returns a line for each thing written, or one line saying that
  /// everything was in place.
  ///
  /// - Throws: ``GitSetupError``; what was written before the failure stays.
  func install() throws(GitSetupError) -> [String] {
    var done: [String] = []
    var configFile: String?
    for (name, value) in Self.settings {
      if let (file, current) = try setting(name), current == value {
        configFile = file
        continue
      }
      _ = try config(["--replace-all", name, value], described: ["--replace-all", name, "…"])
      let file = try setting(name)?.file ?? "git's configuration"
      configFile = file
      done.append("set \(name) in \(file)")
    }
    let attributes = try readAttributes()
    if !(attributes?.lines.contains(Self.attributesLine) ?? false) {
      try appendAttributesLine(to: attributes?.bytes)
      done.append("added '\(Self.attributesLine)' to \(attributesPath)")
    }
    if done.isEmpty {
      let file = configFile ?? "git's configuration"
      return [
        "already set up, nothing written: the drivers are set in \(file) and "
          + "\(attributesPath) has '\(Self.attributesLine)'"
      ]
    }
    return done
  }

  /// Appends the attributes line, on a line of its own, making the file and its folders as
  /// needed.
  private func appendAttributesLine(to bytes: [UInt8]?) throws(GitSetupError) {
    if bytes == nil { try makeFolders(for: attributesPath) }
    var line = Array("\(Self.attributesLine)\n".utf8)
    if let bytes, let last = bytes.last, last != UInt8(ascii: "\n") {
      line.insert(UInt8(ascii: "\n"), at: 0)
    }
    do throws(Errno) {
      let file = try FileDescriptor.open(
        attributesPath, .writeOnly, options: [.create, .append])
      defer { file.close() }
      try file.writeAll(line)
    } catch {
      throw .unwritable(path: attributesPath, reason: error.description)
    }
  }

  /// Makes the folders above `path` that are missing.
  private func makeFolders(for path: String) throws(GitSetupError) {
    let parts = path.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    var folder = ""
    for (index, part) in parts.enumerated() {
      folder += (index == 0 ? "" : "/") + part
      if folder.isEmpty || part.isEmpty || FileSystem.exists(folder) { continue }
      do throws(Errno) { try FileSystem.makeDirectory(folder) } catch {
        if error != .exists { throw .unwritable(path: folder, reason: error.description) }
      }
    }
  }

  // MARK: Uninstall

  /// Removes the settings and the attributes line; returns a line for each thing removed, or
  /// one line saying there was nothing to remove.
  ///
  /// - Throws: ``GitSetupError``; what was removed before the failure stays removed.
  func uninstall() throws(GitSetupError) -> [String] {
    var done: [String] = []
    for section in Self.sections {
      let ours = Self.settings.map(\.name).filter { $0.hasPrefix(section + ".") }
      let listed = try names(in: section)
      let present = ours.filter { listed.contains($0) }
      guard let first = present.first else { continue }
      let file = try setting(first)?.file ?? "git's configuration"
      if listed.allSatisfy({ ours.contains($0) }) {
        // Nothing else is in the section: remove it, header and all.
        _ = try config(["--remove-section", section])
      } else {
        for name in present { _ = try config(["--unset-all", name]) }
      }
      done += present.map { "removed \($0) from \(file)" }
    }
    if let attributes = try readAttributes(), attributes.lines.contains(Self.attributesLine) {
      // The pieces between line feeds: joined again, the file keeps its last line feed.
      let kept = attributes.pieces.filter { $0 != Self.attributesLine }
      done.append("removed '\(Self.attributesLine)' from \(attributesPath)")
      if kept.allSatisfy(\.isEmpty) {
        do throws(Errno) { try FileSystem.remove(attributesPath) } catch {
          throw .unwritable(path: attributesPath, reason: error.description)
        }
        done.append("removed \(attributesPath), which held nothing else")
      } else {
        do throws(OutputError) {
          try OutputFile.write(Array(kept.joined(separator: "\n").utf8), to: attributesPath)
        } catch {
          throw .unwritable(path: attributesPath, reason: error.reason)
        }
      }
    }
    if done.isEmpty {
      let configuration =
        scope == .global ? "git's global configuration" : "the repository \(folder)"
      return [
        "nothing to remove: \(configuration) has no drawdoc settings and \(attributesPath) "
          + "no '\(Self.attributesLine)' line"
      ]
    }
    return done
  }

  // MARK: git and the files

  /// The file a setting of this scope is in and its value; `nil` when it is not set there.
  private func setting(_ name: String) throws(GitSetupError) -> (file: String, value: String)? {
    let outcome = try config(["--show-origin", "--get", name], missingIsFine: true)
    guard outcome.status == 0 else { return nil }
    // `file:PATH<tab>VALUE`, the path relative to the folder git ran in.
    var text = Substring(outcome.outputText)
    if text.hasSuffix("\n") { text.removeLast() }
    guard let tab = text.firstIndex(of: "\t") else { return nil }
    var file = text[..<tab]
    if file.hasPrefix("file:") { file = file.dropFirst("file:".count) }
    let path = file.hasPrefix("/") || file.hasPrefix("\"") ? String(file) : "\(folder)/\(file)"
    return (path, String(text[text.index(after: tab)...]))
  }

  /// The names of the settings of a section in this scope, in lower case as git gives them.
  private func names(in section: String) throws(GitSetupError) -> [String] {
    let pattern = "^" + section.replacing(".", with: "\\.") + "\\."
    let outcome = try config(["--name-only", "--get-regexp", pattern], missingIsFine: true)
    guard outcome.status == 0 else { return [] }
    return outcome.outputText.split(separator: "\n").map(String.init)
  }

  /// Runs `git config` in this scope. Exit status 1 (nothing found) is a failure unless
  /// `missingIsFine`; any other but 0 always is.
  @discardableResult
  private func config(
    _ arguments: [String], described: [String]? = nil, missingIsFine: Bool = false
  ) throws(GitSetupError) -> ChildProcess.Outcome {
    let scoped = ["config", scope == .global ? "--global" : "--local"]
    let outcome = try Self.run(git, scoped + arguments, environment: environment, in: folder)
    guard outcome.status == 0 || (missingIsFine && outcome.status == 1) else {
      throw .gitFailed(
        arguments: scoped + (described ?? arguments), status: outcome.status,
        reason: outcome.errorText)
    }
    return outcome
  }

  /// Runs git and waits for it.
  private static func run(
    _ git: String, _ arguments: [String], environment: [String: String], in folder: String
  ) throws(GitSetupError) -> ChildProcess.Outcome {
    do throws(Errno) {
      return try ChildProcess.run(git, arguments, environment: environment, in: folder)
    } catch {
      throw .gitFailed(arguments: arguments, status: nil, reason: error.description)
    }
  }

  /// The attributes file, or `nil` when there is none.
  private func readAttributes() throws(GitSetupError) -> AttributesFile? {
    do throws(Errno) {
      return AttributesFile(bytes: try FileSystem.read(attributesPath))
    } catch {
      if error == .noSuchFile { return nil }
      throw .unreadable(path: attributesPath, reason: error.description)
    }
  }
}

/// An attributes file as read.
private struct AttributesFile {
  let bytes: [UInt8]

  /// The text between line feeds, with the empty piece after a last line feed.
  var pieces: [String] {
    String(decoding: bytes, as: UTF8.self)
      .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// The lines.
  var lines: [String] { pieces.last == "" ? Array(pieces.dropLast()) : pieces }
}
