import DrawdocModel
import DrawdocSVG
import DrawdocStore
import DrawdocSystem

extension StoreSync {
  /// Merges the remote's `main` into the local commit, rectangle by rectangle, and leaves the
  /// result in the index and the work tree.
  ///
  /// - Returns: The merged commit: `local` when the remote has nothing new, the remote's
  ///   commit when this store had nothing new, else a merge commit of the two.
  func merge(
    _ local: String, _ remote: String?, _ git: Git, _ leftOut: inout LeftOut,
    report: inout SyncReport
  ) throws(SyncError) -> String {
    guard let remote, remote != local else { return local }
    let found = try git.run(["merge-base", local, remote])
    let base = found.status == 0 ? String(found.outputText.prefix { !$0.isWhitespace }) : nil
    if base == remote { return local }
    if base == local {
      try git.succeed(["read-tree", "-m", "-u", local, remote])
      return remote
    }
    var baseTree = base ?? ""
    if base == nil {
      // Histories with nothing in common (two stores that each synced first): the base is
      // the empty tree.
      baseTree = String(
        try git.succeed(["hash-object", "-t", "tree", "-w", "--stdin"], input: [])
          .prefix { !$0.isWhitespace })
    }
    try git.succeed(["read-tree", "-m", "-u", "--aggressive", baseTree, local, remote])
    var unmerged = try unmergedPaths(git)
    // A drawing both sides have with no base: deleted and restored on one side, or kept by a
    // store that synced with an unrelated history (its sync folder deleted, the remote
    // replaced). The last version both histories share is its base, so that an old copy
    // is not taken for a change.
    let addedOnBoth = unmerged.filter { $0.1[1] == nil && $0.1[2] != nil && $0.1[3] != nil }
    if !addedOnBoth.isEmpty || base == nil {
      let paths = base == nil ? nil : addedOnBoth.map(\.0)
      let theirs = try blobHistory(of: remote, paths: paths, git)
      let ours = try blobHistory(of: local, paths: paths, git)
      for index in unmerged.indices where unmerged[index].1[1] == nil {
        let (path, stages) = unmerged[index]
        let known = Set(ours[path] ?? []).union(stages[2].map { [$0] } ?? [])
        unmerged[index].1[1] = theirs[path]?.first { known.contains($0) }
      }
      if base == nil {
        try findBasesInTheStore(&unmerged, theirs, git)
        try dropDeletedThere(local, remote, theirs, git)
      }
    }
    // The three sides' files, read a batch of drawings at a time.
    for first in stride(from: 0, to: unmerged.count, by: Self.batch) {
      let chunk = unmerged[first..<min(first + Self.batch, unmerged.count)]
      let contents = try git.contents(
        of: chunk.flatMap { _, stages in
          [1, 2, 3].map { stages[$0] ?? "none" }
        })
      for (offset, (path, stages)) in chunk.enumerated() {
        let sides = (contents[3 * offset], contents[3 * offset + 1], contents[3 * offset + 2])
        try write(
          resolve(path, stages, sides, &leftOut, report: &report), to: "\(repository)/\(path)",
          flush: false)
      }
    }
    try git.succeed(["add", "--all", "--force", "."])
    let tree = try git.succeed(["write-tree"]).prefix { !$0.isWhitespace }
    return String(
      try git.succeed([
        "commit-tree", String(tree), "-p", local, "-p", remote, "-m",
        "drawdoc sync: merged with the remote",
      ]).prefix { !$0.isWhitespace })
  }

  /// With unrelated histories (the sync's repository made again), the base of each drawing
  /// both sides changed is the last version the store's own history shares with the
  /// remote's: what the store changed since is its change, the rest the remote's.
  private func findBasesInTheStore(
    _ unmerged: inout [(String, [Int: String])], _ theirs: [String: [String]], _ git: Git
  ) throws(SyncError) {
    let baseless = unmerged.indices.filter {
      unmerged[$0].1[1] == nil && unmerged[$0].1[2] != nil && unmerged[$0].1[3] != nil
    }
    // The remote's versions, read a batch of drawings at a time.
    for first in stride(from: 0, to: baseless.count, by: Self.batch) {
      let chunk = baseless[first..<min(first + Self.batch, baseless.count)]
      var files: [String: [UInt8]] = [:]
      for object in try git.objects(of: chunk.flatMap { theirs[unmerged[$0].0] ?? [] }) {
        if let object { files[object.hash] = object.bytes }
      }
      for index in chunk {
        let path = unmerged[index].0
        guard let id = Self.drawingId(ofPath: path) else { continue }
        let versions = (theirs[path] ?? []).compactMap { hash in
          files[hash].map { (hash: hash, bytes: $0) }
        }
        unmerged[index].1[1] = sharedVersion(of: id, among: versions)?.hash
      }
    }
  }

  /// The versions (blob hashes) each drawing's file had in a commit's history, newest first.
  func blobHistory(of commit: String, paths: [String]?, _ git: Git) throws(SyncError)
    -> [String: [String]]
  {
    let log = try git.succeed(
      ["log", "--format=", "--raw", "--no-abbrev", "--no-renames", "-z", commit, "--"]
        + (paths ?? ["drawings/"]))
    var history: [String: [String]] = [:]
    var fields = log.split(separator: "\0")[...]
    // `:MODE MODE OLD NEW STATUS`, then the path.
    while let meta = fields.popFirst(), let path = fields.popFirst() {
      let hashes = meta.split(separator: " ").dropFirst(2).prefix(2).map(String.init)
      for hash in hashes.reversed() where hash.contains(where: { $0 != "0" }) {
        if history[String(path), default: []].contains(hash) == false {
          history[String(path), default: []].append(hash)
        }
      }
    }
    return history
  }

  /// With unrelated histories, takes out the drawings this store has that the remote
  /// deleted: those whose file here is a version the remote's history had.
  private func dropDeletedThere(
    _ local: String, _ remote: String, _ theirs: [String: [String]], _ git: Git
  ) throws(SyncError) {
    let remoteFiles = Set(try treeFiles(of: remote, git).keys)
    for (path, hash) in try treeFiles(of: local, git) where !remoteFiles.contains(path) {
      guard theirs[path]?.contains(hash) == true else { continue }
      try? FileSystem.remove("\(repository)/\(path)")
    }
  }

  /// A commit's drawings' files and their blob hashes.
  private func treeFiles(of commit: String, _ git: Git) throws(SyncError) -> [String: String] {
    var files: [String: String] = [:]
    for entry in try git.succeed(["ls-tree", "-r", "-z", commit, "drawings/"]).split(
      separator: "\0")
    {
      guard let tab = entry.firstIndex(of: "\t") else { continue }
      files[String(entry[entry.index(after: tab)...])] =
        entry[..<tab].split(separator: " ").last.map(String.init)
    }
    return files
  }

  /// The paths the three-way read left unmerged, each with its stages' objects (1 the base,
  /// 2 this store, 3 the remote).
  private func unmergedPaths(_ git: Git) throws(SyncError) -> [(String, [Int: String])] {
    var paths: [String: [Int: String]] = [:]
    for entry in try git.succeed(["ls-files", "-u", "-z"]).split(separator: "\0") {
      // `MODE HASH STAGE\tPATH`
      guard let tab = entry.firstIndex(of: "\t") else { continue }
      let fields = entry[..<tab].split(separator: " ")
      guard fields.count == 3, let stage = Int(fields[2]) else { continue }
      paths[String(entry[entry.index(after: tab)...]), default: [:]][stage] = String(fields[1])
    }
    return paths.sorted { $0.key < $1.key }
  }

  /// The content a path unmerged by git gets: both sides' drawings merged rectangle by
  /// rectangle, or the changed side of a drawing changed on one side and deleted on the
  /// other.
  private func resolve(
    _ path: String, _ stages: [Int: String], _ sides: ([UInt8]?, [UInt8]?, [UInt8]?),
    _ leftOut: inout LeftOut, report: inout SyncReport
  ) -> [UInt8] {
    let (base, ours, theirs) = (
      sides.0, stages[2] == nil ? nil : sides.1, stages[3] == nil ? nil : sides.2
    )
    guard let ours, let theirs else {
      // Changed on one side, deleted on the other: kept as changed.
      let kept = ours ?? theirs ?? []
      if let drawing = try? SVGDecoder.decode(kept) {
        report.kept.append(
          .init(id: drawing.id, title: drawing.plane.title, changedHere: ours != nil))
      }
      return kept
    }
    guard let mine = try? SVGDecoder.decode(ours) else { return ours }
    // A file of the remote's that cannot be read or merged stays the remote's, and the
    // store's drawing is left out (bringing it in reports why), based on the last state
    // both sides had: this store's changes are kept here, not sent over the remote's.
    func leaveOut() -> [UInt8] {
      if leftOut.drawings[mine.id] == nil {
        leftOut.drawings[mine.id] = LeftOut.Drawing(base: stages[1])
      }
      return theirs
    }
    guard let other = try? SVGDecoder.decode(theirs) else { return leaveOut() }
    let merge: PlaneMerge
    do {
      // Added on both sides (or a base that is not a drawing): merged from an empty drawing.
      let original = try base.flatMap { try? SVGDecoder.decode($0) }?.plane ?? Plane()
      merge = try PlaneMerge(base: original, ours: mine.plane, theirs: other.plane)
    } catch {
      return leaveOut()
    }
    for conflict in merge.conflicts {
      report.conflicts.append(
        .init(
          id: mine.id, title: mine.plane.title, conflict: conflict, ours: mine.plane,
          theirs: other.plane))
    }
    return SVGEncoder.encode(
      Drawing(
        id: mine.id, created: mine.created, modified: max(mine.modified, other.modified),
        plane: merge.plane))
  }
}
