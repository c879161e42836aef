import DrawdocSystem

/// The git that drives a sync: one repository (the sync folder inside the store), the user's
/// environment for the transport and the credentials, and settings that keep the user's own
/// git configuration (hooks, signing, line endings) out of drawdoc's commits.
struct Git: Sendable {
  /// The `git` program.
  let executable: String
  /// The repository's work tree.
  let folder: String
  /// The environment of the commands that reach the remote: the user's, for the transport
  /// and the credentials (ssh, credential helpers, proxies, `url.*.insteadOf`).
  let networkEnvironment: [String: String]
  /// The environment of every other command: none of the user's or the system's git
  /// configuration (ignore files, attributes, templates, fsmonitor), which could make a sync
  /// leave drawings out.
  let localEnvironment: [String: String]
  /// Whether git runs in a session of its own, without the terminal: nobody can answer a
  /// prompt (the app), so ssh must fail rather than wait for one.
  let detached: Bool

  /// Finds git on the environment's `PATH`.
  ///
  /// - Parameters:
  ///   - folder: The repository's work tree.
  ///   - environment: The user's environment; variables that would point git at another
  ///     repository, or set who commits, are left out.
  ///   - interactive: Whether git may ask for a password on the terminal; `false` for the
  ///     app, where nobody can answer.
  /// - Throws: ``SyncError/gitMissing``.
  init(folder: String, environment: [String: String], interactive: Bool) throws(SyncError) {
    guard let executable = ChildProcess.find("git", in: environment["PATH"] ?? "/usr/bin:/bin")
    else { throw .gitMissing }
    self.executable = executable
    self.folder = folder
    var kept = environment.filter { !Self.isLeftOut($0.key) }
    if !interactive {
      kept["GIT_TERMINAL_PROMPT"] = "0"
      kept["SSH_ASKPASS_REQUIRE"] = "never"
    }
    networkEnvironment = kept
    kept["GIT_CONFIG_GLOBAL"] = "/dev/null"
    kept["GIT_CONFIG_NOSYSTEM"] = "1"
    localEnvironment = kept
    detached = !interactive
  }

  /// Variables that would make git work on another repository, index or object store, or
  /// commit as someone else, or configure it behind the settings below.
  private static func isLeftOut(_ name: String) -> Bool {
    [
      "GIT_DIR", "GIT_WORK_TREE", "GIT_INDEX_FILE", "GIT_OBJECT_DIRECTORY",
      "GIT_ALTERNATE_OBJECT_DIRECTORIES", "GIT_NAMESPACE", "GIT_COMMON_DIR", "GIT_PREFIX",
      "GIT_CONFIG", "GIT_CONFIG_PARAMETERS", "GIT_CONFIG_COUNT", "GIT_CONFIG_GLOBAL",
      "GIT_CONFIG_SYSTEM", "GIT_CONFIG_NOSYSTEM", "GIT_TEMPLATE_DIR",
    ].contains(name)
      || name.hasPrefix("GIT_AUTHOR_") || name.hasPrefix("GIT_COMMITTER_")
      || name.hasPrefix("GIT_CONFIG_KEY_") || name.hasPrefix("GIT_CONFIG_VALUE_")
  }

  /// Settings every command gets: who commits; nothing of hooks, signing or line-ending
  /// conversion; no symbolic links checked out (a remote could point one outside the store);
  /// no `ext::` transport.
  private static let settings = [
    "-c", "user.name=drawdoc sync", "-c", "user.email=drawdoc@localhost",
    "-c", "core.hooksPath=/dev/null", "-c", "commit.gpgSign=false", "-c", "push.gpgSign=false",
    "-c", "core.autocrlf=false", "-c", "core.symlinks=false", "-c", "core.quotePath=false",
    "-c", "core.fsmonitor=false", "-c", "gc.autoDetach=false", "-c", "protocol.ext.allow=never",
  ]

  /// Runs git and returns how it ended, whatever its status.
  ///
  /// - Parameters:
  ///   - arguments: git's arguments.
  ///   - input: Its standard input.
  ///   - network: Whether the command reaches the remote, with the user's configuration.
  /// - Returns: Its exit status and what it printed.
  /// - Throws: ``SyncError/git(command:gitSays:)`` when git cannot be started.
  func run(_ arguments: [String], input: [UInt8]? = nil, network: Bool = false)
    throws(SyncError) -> ChildProcess.Outcome
  {
    do {
      return try ChildProcess.run(
        executable, Self.settings + arguments,
        environment: network ? networkEnvironment : localEnvironment, in: folder, input: input,
        newSession: detached)
    } catch {
      throw .git(
        command: arguments.first ?? "",
        gitSays: "could not start \(executable) in \(folder): \(error)")
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

  /// The objects named (`COMMIT:PATH`, or a hash), read in one `git cat-file --batch`; `nil`
  /// for each that does not exist.
  func contents(of names: [String]) throws(SyncError) -> [[UInt8]?] {
    try objects(of: names).map { $0?.bytes }
  }

  /// The objects named (`COMMIT:PATH`, or a hash), each with its hash, read in one
  /// `git cat-file --batch`; `nil` for each that does not exist.
  func objects(of names: [String]) throws(SyncError) -> [(hash: String, bytes: [UInt8])?] {
    guard !names.isEmpty else { return [] }
    let input = Array(names.map { "\($0)\n" }.joined().utf8)
    let outcome = try run(["cat-file", "--batch"], input: input)
    guard outcome.status == 0 else {
      throw .git(command: "cat-file --batch", gitSays: outcome.errorText)
    }
    var results: [(hash: String, bytes: [UInt8])?] = []
    var bytes = outcome.output[...]
    for _ in names {
      guard let newline = bytes.firstIndex(of: 0x0A) else { break }
      let header = String(decoding: bytes[..<newline], as: UTF8.self)
      bytes = bytes[(newline + 1)...]
      // `HASH TYPE SIZE`, or `NAME missing`.
      let fields = header.split(separator: " ")
      guard fields.count == 3, let size = Int(fields[2]) else {
        results.append(nil)
        continue
      }
      let end = bytes.startIndex + size
      guard end <= bytes.endIndex else { break }
      results.append((String(fields[0]), Array(bytes[..<end])))
      bytes = bytes[min(end + 1, bytes.endIndex)...]
    }
    guard results.count == names.count else {
      throw .git(
        command: "cat-file --batch",
        gitSays: "it answered \(results.count) of \(names.count) objects")
    }
    return results
  }
}
