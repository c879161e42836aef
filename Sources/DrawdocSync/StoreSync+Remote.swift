import DrawdocModel

extension StoreSync {
  /// Where a fetch puts the remote's branches until they are known to hold a drawdoc store.
  static let fetchedBranches = "refs/drawdoc/fetched/"

  /// Fetches the remote's branches and checks that its `main` is a drawdoc store.
  ///
  /// - Returns: The remote's `main`, or `nil` for an empty remote.
  /// - Throws: ``SyncError/unreachable(remote:gitSays:)`` or
  ///   ``SyncError/notADrawdocStore(remote:reason:)``; `refs/remotes/origin/main` is then
  ///   as it was.
  func fetch(_ git: Git, from remote: String) throws(SyncError) -> String? {
    let fetched = try git.run(
      [
        "fetch", "--quiet", "--no-tags", "--prune", "--no-write-fetch-head", "--", remote,
        "+refs/heads/*:\(Self.fetchedBranches)*",
      ], network: true)
    guard fetched.status == 0 else {
      throw .unreachable(remote: remote, gitSays: fetched.errorText)
    }
    var refs: [String: String] = [:]
    let listing = try git.succeed([
      "for-each-ref", "--format=%(objectname) %(refname)", Self.fetchedBranches, Self.remoteBranch,
    ])
    for line in listing.split(separator: "\n") {
      guard let space = line.firstIndex(of: " ") else { continue }
      refs[String(line[line.index(after: space)...])] = String(line[..<space])
    }
    let branches = refs.keys.filter { $0.hasPrefix(Self.fetchedBranches) }
      .map { String($0.dropFirst(Self.fetchedBranches.count)) }.sorted()
    let head = refs["\(Self.fetchedBranches)\(Self.branch)"]
    do throws(SyncError) {
      guard let head else {
        guard branches.isEmpty else {
          throw .notADrawdocStore(
            remote: remote,
            reason:
              "it has no \(Self.branch) branch, but others (\(branches.joined(separator: ", ")))")
        }
        return nil
      }
      if let problem = try problem(inTreeOf: head, git) {
        throw .notADrawdocStore(remote: remote, reason: problem)
      }
      if refs[Self.remoteBranch] != head {
        try git.succeed(["update-ref", Self.remoteBranch, head])
      }
      return head
    } catch {
      // What another repository holds is not kept.
      let deletions = branches.map { "delete \(Self.fetchedBranches)\($0)\n" }.joined()
      _ = try? git.run(["update-ref", "--stdin"], input: Array(deletions.utf8))
      throw error
    }
  }

  /// What makes a commit's tree something other than a drawdoc store, or `nil` when it is
  /// one: the marker, and drawings as plain files named `<id>.svg` in `drawings/`, nothing
  /// else (no symbolic link, which could point outside the store, no other file).
  private func problem(inTreeOf commit: String, _ git: Git) throws(SyncError) -> String? {
    var foundMarker = false
    var others: [String] = []
    for entry in try git.succeed(["ls-tree", "-r", "-z", "--full-tree", commit])
      .split(separator: "\0")
    {
      // `MODE TYPE HASH\tPATH`
      guard let tab = entry.firstIndex(of: "\t") else { continue }
      let mode = entry.prefix { $0 != " " }
      let path = String(entry[entry.index(after: tab)...])
      let isFile = mode == "100644"
      if path == Self.marker, isFile {
        foundMarker = true
      } else if !(isFile && Self.drawingId(ofPath: path) != nil) {
        others.append(mode == "120000" ? "\(path) (a symbolic link)" : path)
      }
    }
    guard foundMarker else {
      let names = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : "")
      return "its \(Self.branch) branch has no \(Self.marker) but holds "
        + (others.isEmpty ? "nothing" : names)
    }
    guard others.isEmpty else {
      let names = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : "")
      return "its \(Self.branch) branch holds \(names), which are not drawings"
    }
    return nil
  }

  /// The drawing a path of the repository holds (`drawings/<id>.svg`), or `nil`.
  static func drawingId(ofPath path: String) -> Identifier? {
    guard path.hasPrefix("drawings/"), path.hasSuffix(".svg") else { return nil }
    return try? Identifier(String(path.dropFirst("drawings/".count).dropLast(4)))
  }

  /// How a push ended.
  enum PushOutcome {
    /// The remote took it.
    case pushed
    /// The remote refused it, in git's words: it moved meanwhile, or it refuses pushes.
    case refused(String)
  }

  /// Pushes a commit to the remote's `main`.
  func push(_ commit: String, to remote: String, _ git: Git) throws(SyncError) -> PushOutcome {
    let pushed = try git.run(
      ["push", "--porcelain", "--quiet", "--", remote, "\(commit):refs/heads/\(Self.branch)"],
      network: true)
    guard pushed.status == 0 else {
      return .refused(pushed.errorText.isEmpty ? pushed.outputText : pushed.errorText)
    }
    try git.succeed(["update-ref", Self.remoteBranch, commit])
    return .pushed
  }
}
