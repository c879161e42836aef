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
    var types: [String: String] = [:]
    let listing = try git.succeed([
      "for-each-ref", "--format=%(objectname) %(objecttype) %(refname)", Self.fetchedBranches,
      Self.remoteBranch,
    ])
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ", maxSplits: 2)
      guard fields.count == 3 else { continue }
      refs[String(fields[2])] = String(fields[0])
      types[String(fields[2])] = String(fields[1])
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
      let type = types["\(Self.fetchedBranches)\(Self.branch)"] ?? "nothing"
      // A branch names a commit; git lets other repositories' files name anything.
      guard type == "commit" else {
        throw .notADrawdocStore(
          remote: remote,
          reason: "its \(Self.branch) branch names \(type == "tag" ? "a tag" : "a \(type)"), "
            + "not a commit")
      }
      // A main fetched before was checked then.
      if refs[Self.remoteBranch] != head, let problem = try problem(inTreeOf: head, git) {
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
  /// else (no symbolic link, which could point outside the store, no other file), each
  /// folder's entries as git writes them (each name once, no `/` in a name, in git's order),
  /// which git's own commands trust without checking.
  private func problem(inTreeOf commit: String, _ git: Git) throws(SyncError) -> String? {
    let subject = "its \(Self.branch) branch"
    let root = try treeEntries("\(commit)^{tree}", git)
    if let problem = Self.problem(inFolder: root, named: "", subject) { return problem }
    var foundMarker = false
    var others: [String] = []
    var drawings: String?
    for entry in root {
      if entry.name == Self.marker, entry.mode == "100644" {
        foundMarker = true
      } else if entry.name == "drawings", entry.mode == "040000" {
        drawings = entry.hash
      } else {
        others.append(Self.named(entry, in: ""))
      }
    }
    if let drawings {
      let entries = try treeEntries(drawings, git)
      if let problem = Self.problem(inFolder: entries, named: "drawings/", subject) {
        return problem
      }
      for entry in entries
      where !(entry.mode == "100644" && Self.drawingId(ofPath: "drawings/\(entry.name)") != nil) {
        others.append(Self.named(entry, in: "drawings/"))
      }
    }
    guard foundMarker else {
      let names = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : "")
      return "\(subject) has no \(Self.marker) but holds "
        + (others.isEmpty ? "nothing" : names)
    }
    guard others.isEmpty else {
      let names = others.prefix(5).joined(separator: ", ") + (others.count > 5 ? ", …" : "")
      return "\(subject) holds \(names), which are not drawings"
    }
    return nil
  }

  /// One entry of a git folder (a tree).
  private struct TreeEntry {
    let mode: String
    let hash: String
    let name: String
  }

  /// A tree's entries, as they are, in their order.
  private func treeEntries(_ tree: String, _ git: Git) throws(SyncError) -> [TreeEntry] {
    var entries: [TreeEntry] = []
    for line in try git.succeed(["ls-tree", "-z", "--full-tree", tree]).split(separator: "\0") {
      // `MODE TYPE HASH\tNAME`
      guard let tab = line.firstIndex(of: "\t") else { continue }
      let fields = line[..<tab].split(separator: " ")
      guard fields.count == 3 else { continue }
      entries.append(
        TreeEntry(
          mode: String(fields[0]), hash: String(fields[2]),
          name: String(line[line.index(after: tab)...])))
    }
    return entries
  }

  /// What is wrong with a folder's entries as git would have written them, or `nil`.
  private static func problem(
    inFolder entries: [TreeEntry], named folder: String, _ subject: String
  )
    -> String?
  {
    var previous: [UInt8]?
    var seen = Set<String>()
    for entry in entries {
      guard !entry.name.contains("/"), !entry.name.isEmpty else {
        return "\(subject) holds an entry named '\(folder)\(entry.name)', and a name has no '/'"
      }
      guard seen.insert(entry.name).inserted else {
        return "\(subject) holds \(folder)\(entry.name) twice"
      }
      // git sorts a folder's entries by name, a folder's name as if it ended in '/'.
      let key = Array(entry.name.utf8) + (entry.mode == "040000" ? [0x2F] : [])
      if let previous, !previous.lexicographicallyPrecedes(key) {
        return "\(subject) holds \(folder)\(entry.name) out of git's order"
      }
      previous = key
    }
    return nil
  }

  /// An entry's path, as the refusal says it.
  private static func named(_ entry: TreeEntry, in folder: String) -> String {
    "\(folder)\(entry.name)" + (entry.mode == "120000" ? " (a symbolic link)" : "")
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
