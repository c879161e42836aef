import DrawdocModel
import DrawdocStore
import DrawdocSystem

extension StoreSync {
  /// The refs a sync starts from, read together in one git command.
  struct Refs {
    /// `main`: what the store last agreed on with the remote.
    var main: String?
    /// A bringing-in under way: the state the store was brought from, and to.
    var bringingIn: (from: String, to: String)?
  }

  /// Makes the repository on first use (under a temporary name, renamed when whole), and
  /// otherwise puts its index and work tree back to `main`, whatever a killed sync left.
  ///
  /// - Returns: The refs the sync starts from.
  /// - Throws: ``SyncError``.
  func prepareRepository(_ git: Git) throws(SyncError) -> Refs {
    if !FileSystem.exists("\(repository)/.git") {
      let making = "\(folder)/repository.new"
      removeTree(making)
      do {
        try StoreFiles.createFolder(making)
      } catch {
        throw .store(error)
      }
      try Git(folder: making, environment: environment, interactive: interactive)
        .succeed(["init", "--quiet", "--initial-branch=\(Self.branch)"])
      removeTree(repository)
      do throws(Errno) {
        try FileSystem.rename(making, to: repository)
      } catch {
        throw .store(.io(path: repository, operation: "make", reason: error.description))
      }
    }
    // No git of an earlier sync runs any more (they hold the sync lock): a lock file left is
    // a killed git's.
    removeLockFiles(in: "\(repository)/.git")
    var commits: [String: String] = [:]
    let listing = try git.succeed([
      "for-each-ref", "--format=%(objectname) %(objecttype) %(refname)",
      "refs/heads/\(Self.branch)", Self.bringingInFrom, Self.bringingInTo,
    ])
    for line in listing.split(separator: "\n") {
      let fields = line.split(separator: " ")
      if fields.count == 3, fields[1] == "commit" { commits[String(fields[2])] = String(fields[0]) }
    }
    var refs = Refs(main: commits["refs/heads/\(Self.branch)"])
    if let from = commits[Self.bringingInFrom], let to = commits[Self.bringingInTo] {
      refs.bringingIn = (from, to)
    }
    if let main = refs.main {
      try git.succeed(["read-tree", "--reset", "-u", main])
    } else {
      try git.succeed(["read-tree", "--empty"])
    }
    try git.succeed(["clean", "-fdxq"])
    return refs
  }

  /// The drawings of the store, and those of its drawings that are damaged (not valid
  /// drawings, as its index knows them).
  func storeFiles() throws(SyncError) -> (ids: [Identifier], damaged: Set<Identifier>) {
    do {
      var damaged = Set<Identifier>()
      let ids = try store.list().drawings.map { row -> Identifier in
        if case .damaged(let id, _) = row { damaged.insert(id) }
        return row.id
      }
      return (ids, damaged)
    } catch {
      throw .store(error)
    }
  }

  /// Commits what changed in the store since `main` onto `main`: the current file of every
  /// drawing, and the removal of those no longer in it. A damaged drawing, or one left out
  /// (in `leftOut`), is neither sent nor taken out: `main` keeps what it has of it. A file
  /// whose signature (``FileSignatures``) says it is `main`'s is not read; when nothing
  /// changed, nothing is committed and git adds nothing.
  ///
  /// - Returns: The commit that holds the store as it is (`head`, `main`, itself when nothing
  ///   changed).
  /// - Throws: ``SyncError``.
  func snapshot(_ git: Git, head: String?, leavingOut leftOut: LeftOut) throws(SyncError)
    -> String
  {
    let drawings = "\(repository)/drawings"
    if (try? FileSystem.linkStatus(of: drawings))?.isDirectory == false {
      try? FileSystem.remove(drawings)
    }
    do {
      try StoreFiles.createFolder(drawings)
    } catch {
      throw .store(error)
    }
    // The index is `main`'s (prepareRepository): each drawing's blob there.
    let committed = head == nil ? [:] : try indexedBlobs(git)
    let known = FileSignatures(path: signaturesPath)
    var signatures = FileSignatures()
    var written: [(id: Identifier, status: FileStatus)] = []
    let now = Timestamp.now.secondsSince1970
    var present = Set(leftOut.drawings.keys.map { "\($0).svg" })
    var changed = false
    let (ids, damaged) = try storeFiles()
    for id in ids {
      let name = "\(id).svg"
      present.insert(name)
      // A drawing deleted since the listing is simply not there.
      guard !damaged.contains(id), leftOut.drawings[id] == nil,
        let status = try? FileSystem.status(of: store.path(of: id))
      else { continue }
      if let entry = known.entries[id], entry.matches(status), entry.blob == committed[name] {
        signatures.entries[id] = entry
        continue
      }
      // The status first: a file replaced after it is read again by the next sync.
      guard let bytes = try? FileSystem.read(store.path(of: id)) else { continue }
      if (try? FileSystem.read("\(drawings)/\(name)")) != bytes {
        try write(bytes, to: "\(drawings)/\(name)", flush: false)
        written.append((id, status))
        changed = true
      } else if let blob = committed[name] {
        signatures.note(id, status, blob: blob, readAt: now)
      }
    }
    if let folder = try? Directory(drawings) {
      for name in folder.names() where !present.contains(name) {
        try? FileSystem.remove("\(drawings)/\(name)")
        changed = true
      }
    }
    if (try? FileSystem.read("\(repository)/\(Self.marker)")) != Self.markerContent {
      try write(Self.markerContent, to: "\(repository)/\(Self.marker)", flush: false)
      changed = true
    }
    if let head, !changed {
      saveSignatures(signatures, over: known)
      return head
    }
    try git.succeed(["add", "--all", "--force", "."])
    let tree = try git.succeed(["write-tree"]).prefix { !$0.isWhitespace }
    if !written.isEmpty {
      let added = try indexedBlobs(git)
      for (id, status) in written {
        if let blob = added["\(id).svg"] { signatures.note(id, status, blob: blob, readAt: now) }
      }
    }
    saveSignatures(signatures, over: known)
    if let head {
      let headTree = try git.succeed(["rev-parse", "\(head)^{tree}"]).prefix { !$0.isWhitespace }
      if headTree == tree { return head }
    }
    let count = try changedPaths(from: head, to: String(tree), git).count
    let commit = try git.succeed(
      ["commit-tree", String(tree), "-m", "drawdoc sync: \(SyncView.drawings(count)) changed here"]
        + (head.map { ["-p", $0] } ?? [])
    ).prefix { !$0.isWhitespace }
    try git.succeed(
      ["update-ref", "refs/heads/\(Self.branch)", String(commit)] + (head.map { [$0] } ?? []))
    return String(commit)
  }

  /// The file of the drawing files' signatures.
  var signaturesPath: String { "\(folder)/signatures" }

  /// Writes the signatures if they changed; a cache, so not flushed, and a failure is
  /// only a read more next time.
  private func saveSignatures(_ signatures: FileSignatures, over known: FileSignatures) {
    guard signatures != known else { return }
    try? StoreFiles.writeAtomically(signatures.serialized, to: signaturesPath, flush: false)
  }

  /// The blob of each drawing in git's index, by file name (`<id>.svg`).
  private func indexedBlobs(_ git: Git) throws(SyncError) -> [String: String] {
    var blobs: [String: String] = [:]
    for entry in try git.succeed(["ls-files", "-s", "-z", "--", "drawings/"]).split(
      separator: "\0")
    {
      // `MODE HASH STAGE\tPATH`
      guard let tab = entry.firstIndex(of: "\t") else { continue }
      let fields = entry[..<tab].split(separator: " ")
      guard fields.count == 3 else { continue }
      blobs[String(entry[entry.index(after: tab)...].dropFirst("drawings/".count))] = String(
        fields[1])
    }
    return blobs
  }

  /// The drawings' paths that differ between two trees or commits (`nil`: the empty tree).
  func changedPaths(from old: String?, to new: String, _ git: Git) throws(SyncError)
    -> [(status: Character, path: String)]
  {
    let arguments =
      old.map { ["diff-tree", "-r", "--no-renames", "--name-status", "-z", $0, new] }
      ?? ["ls-tree", "-r", "--name-only", "-z", new]
    let fields = try git.succeed(arguments).split(separator: "\0", omittingEmptySubsequences: true)
    var paths: [(Character, String)] = []
    if old == nil {
      for path in fields where path.hasPrefix("drawings/") { paths.append(("A", String(path))) }
      return paths
    }
    var index = fields.startIndex
    while index + 1 < fields.endIndex {
      let status = fields[index].first ?? "M"
      let path = String(fields[index + 1])
      if path.hasPrefix("drawings/") { paths.append((status, path)) }
      index += 2
    }
    return paths
  }

  /// How many drawings differ between the store and `main`, read without changing anything;
  /// those left out do not count (they are not sent).
  func changedHere(since local: String?, leavingOut leftOut: LeftOut, _ git: Git)
    throws(SyncError) -> Int
  {
    var committed: [String: String] = [:]
    if let local {
      let listing = try git.succeed(["ls-tree", "-r", "-z", local, "drawings/"])
      for entry in listing.split(separator: "\0") {
        // `MODE TYPE HASH\tPATH`
        guard let tab = entry.firstIndex(of: "\t") else { continue }
        let hash = entry[..<tab].split(separator: " ").last.map(String.init) ?? ""
        committed[String(entry[entry.index(after: tab)...].dropFirst("drawings/".count))] = hash
      }
    }
    for id in leftOut.drawings.keys { committed["\(id).svg"] = nil }
    let ids = try storeFiles().ids.filter { leftOut.drawings[$0] == nil }
    // A file whose signature is noted is not read: its blob is known.
    let known = FileSignatures(path: signaturesPath)
    var hashes: [Identifier: String] = [:]
    var unknown: [Identifier] = []
    for id in ids {
      if let entry = known.entries[id],
        let status = try? FileSystem.status(of: store.path(of: id)), entry.matches(status)
      {
        hashes[id] = entry.blob
      } else {
        unknown.append(id)
      }
    }
    if !unknown.isEmpty {
      let computed = try git.succeed(
        ["hash-object", "--stdin-paths"],
        input: Array(unknown.map { "\(store.path(of: $0))\n" }.joined().utf8)
      ).split(separator: "\n").map(String.init)
      for (id, hash) in zip(unknown, computed) { hashes[id] = hash }
    }
    var changed = 0
    for id in ids {
      // Taken out as it is compared: what is left was deleted here.
      let committedHash = committed.removeValue(forKey: "\(id).svg")
      if committedHash != hashes[id] { changed += 1 }
    }
    return changed + committed.count
  }

  /// Removes the lock files a killed git left (`index.lock`, `HEAD.lock`, `packed-refs.lock`,
  /// and those of refs); only while the sync lock is held, when no git of a sync runs.
  func removeLockFiles(in gitFolder: String) {
    for name in ["index.lock", "HEAD.lock", "packed-refs.lock", "config.lock"] {
      try? FileSystem.remove("\(gitFolder)/\(name)")
    }
    var folders = ["\(gitFolder)/refs"]
    while let folder = folders.popLast(), let listing = try? Directory(folder) {
      for name in listing.names() {
        let path = "\(folder)/\(name)"
        if name.hasSuffix(".lock") {
          try? FileSystem.remove(path)
        } else if listing.status(of: name)?.isDirectory == true {
          folders.append(path)
        }
      }
    }
  }

  /// Removes a folder and everything in it, quietly.
  func removeTree(_ path: String) {
    try? StoreFiles.removeFolder(path)
  }
}
