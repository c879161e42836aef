extension StoreSync {
  /// Where a fetch puts the remote's branches until they are known to hold a drawdoc store.
  static let fetchedBranches = "refs/drawdoc/fetched/"

  /// Fetches the remote's branches and checks that its `main` is a drawdoc store.
  ///
  /// - Returns: The remote's `main`, or `nil` for an empty remote.
  /// - Throws: ``SyncError/unreachable(remote:gitSays:)`` or
  ///   ``SyncError/notADrawdocStore(remote:found:)``; `refs/remotes/origin/main` is then
  ///   as it was.
  func fetch(_ git: Git, from remote: String) throws(SyncError) -> String? {
    let fetched = try git.run([
      "fetch", "--quiet", "--no-tags", "--prune", "--no-write-fetch-head", "--", remote,
      "+refs/heads/*:\(Self.fetchedBranches)*",
    ])
    guard fetched.status == 0 else {
      throw .unreachable(remote: remote, gitSays: fetched.errorText)
    }
    let branches = try git.succeed(["for-each-ref", "--format=%(refname)", Self.fetchedBranches])
      .split(separator: "\n").map { String($0.dropFirst(Self.fetchedBranches.count)) }
    let head = try git.commit("\(Self.fetchedBranches)\(Self.branch)")
    do throws(SyncError) {
      guard let head else {
        guard branches.isEmpty else { throw .notADrawdocStore(remote: remote, found: []) }
        return nil
      }
      guard try git.run(["cat-file", "-e", "\(head):\(Self.marker)"]).status == 0 else {
        let names = try git.succeed(["ls-tree", "--name-only", head])
          .split(separator: "\n").map(String.init)
        throw .notADrawdocStore(remote: remote, found: names)
      }
      try git.succeed(["update-ref", Self.remoteBranch, head])
      return head
    } catch {
      // What another repository holds is not kept.
      let deletions = branches.map { "delete \(Self.fetchedBranches)\($0)\n" }.joined()
      _ = try? git.run(["update-ref", "--stdin"], input: Array(deletions.utf8))
      throw error
    }
  }

  /// Pushes a commit to the remote's `main`.
  ///
  /// - Returns: `true` when pushed; `false` when the remote moved meanwhile (the push is then
  ///   refused as not a fast-forward, and the sync fetches and merges again).
  /// - Throws: ``SyncError/unreachable(remote:gitSays:)`` for any other refusal.
  func push(_ commit: String, to remote: String, _ git: Git) throws(SyncError) -> Bool {
    let pushed = try git.run([
      "push", "--porcelain", "--quiet", "--", remote, "\(commit):refs/heads/\(Self.branch)",
    ])
    if pushed.status == 0 {
      try git.succeed(["update-ref", Self.remoteBranch, commit])
      return true
    }
    let lines = pushed.outputText.split(separator: "\n")
    if lines.contains(where: { $0.hasPrefix("!") && $0.contains("[rejected]") }) { return false }
    let says = pushed.errorText.isEmpty ? pushed.outputText : pushed.errorText
    throw .unreachable(remote: remote, gitSays: says)
  }
}
