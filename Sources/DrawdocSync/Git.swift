import DrawdocSystem

/// The git that drives a sync: one repository (the sync folder inside the store), the user's
/// environment for the transport and the credentials, and settings that keep the user's own
/// git configuration (hooks, signing, line endings) out of drawdoc's commits.
struct Git: Sendable {
  /// The `git` program.
  let executable: String
  /// The repository's work tree.
  let folder: String
  /// The environment git runs with.
  let environment: [String: String]

  /// Finds git on the environment's `PATH`.
  ///
  /// - Parameters:
  ///   - folder: The repository's work tree.
  ///   - environment: The user's environment; variables that would point git at another
  ///     repository are left out.
  ///   - interactive: Whether git may ask for a password on the terminal; `false` for the
  ///     app, where nobody can answer.
  /// - Throws: ``SyncError/gitMissing``.
  init(folder: String, environment: [String: String], interactive: Bool) throws(SyncError) {
    guard let executable = ChildProcess.find("git", in: environment["PATH"] ?? "/usr/bin:/bin")
    else { throw .gitMissing }
    self.executable = executable
    self.folder = folder
    var kept = environment.filter { !Self.redirecting.contains($0.key) }
    if !interactive { kept["GIT_TERMINAL_PROMPT"] = "0" }
    self.environment = kept
  }

  /// Variables that would make git work on another repository, index or object store.
  private static let redirecting: Set<String> = [
    "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
    "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_PREFIX",
  ]

  /// Settings every command gets: who commits, and nothing of the user's hooks, signing or
  /// line-ending conversion.
  private static let settings = [
    "-c", "user.name=drawdoc sync", "-c", "user.email=drawdoc@localhost",
    "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", "-c", "core.autocrlf=false",
    "-c", "core.quotePath=false", "-c", "gc.autoDetach=false",
  ]

  /// Runs git and returns how it ended, whatever its status.
  func run(_ arguments: [String], input: [UInt8]? = nil) throws(SyncError) -> ChildProcess.Outcome {
    do {
      return try ChildProcess.run(
        executable, Self.settings + arguments, environment: environment, in: folder,
        input: input)
    } catch {
      throw .git(command: arguments.first ?? "", gitSays: "could not start it: \(error)")
    }
  }

  /// Runs git, which must succeed, and returns its standard output.
  @discardableResult
  func succeed(_ arguments: [String], input: [UInt8]? = nil) throws(SyncError) -> String {
    let outcome = try run(arguments, input: input)
    guard outcome.status == 0 else {
      throw .git(command: arguments.joined(separator: " "), gitSays: outcome.errorText)
    }
    return outcome.outputText
  }

  /// The commit a name stands for, or `nil` when there is none.
  func commit(_ name: String) throws(SyncError) -> String? {
    let outcome = try run(["rev-parse", "--verify", "--quiet", "\(name)^{commit}"])
    guard outcome.status == 0 else { return nil }
    return String(outcome.outputText.prefix { !$0.isWhitespace })
  }

  /// The objects named (`COMMIT:PATH`), read in one `git cat-file --batch`; `nil` for each
  /// that does not exist.
  func contents(of names: [String]) throws(SyncError) -> [[UInt8]?] {
    guard !names.isEmpty else { return [] }
    let input = Array(names.map { "\($0)\n" }.joined().utf8)
    let outcome = try run(["cat-file", "--batch"], input: input)
    guard outcome.status == 0 else {
      throw .git(command: "cat-file --batch", gitSays: outcome.errorText)
    }
    var results: [[UInt8]?] = []
    var bytes = outcome.output[...]
    for _ in names {
      guard let newline = bytes.firstIndex(of: 0x0A) else { break }
      let header = String(decoding: bytes[..<newline], as: UTF8.self)
      bytes = bytes[(newline + 1)...]
      let fields = header.split(separator: " ")
      guard fields.count == 3, let size = Int(fields[2]) else {
        results.append(nil)
        continue
      }
      let end = bytes.startIndex + size
      results.append(Array(bytes[..<end]))
      bytes = bytes[min(end + 1, bytes.endIndex)...]
    }
    return results
  }
}
