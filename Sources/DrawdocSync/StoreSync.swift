import DrawdocModel
import DrawdocStore
import DrawdocSystem

/// Keeps one store on many machines through a git remote: `drawdoc sync` and the app's Sync
/// button (docs/sync.md).
///
/// The sync keeps a git repository of its own in the store's `sync/` folder: its work tree
/// holds `drawings/<id>.svg` (each drawing's current file) and the marker `.drawdoc-store`,
/// and its `main` branch is the state this store last agreed on with the remote. A sync
/// commits what changed here since, fetches, merges rectangle by rectangle (``PlaneMerge``),
/// brings what the other side changed into the store through the store's own operations,
/// and pushes. History, thumbnails and the index stay local.
///
/// Every step either completes or changes nothing, and the work tree is made again from the
/// store at the start of each sync, so a sync killed at any point leaves a valid store, and
/// the next sync completes the work (what was brought in already counts as the same change
/// made on both sides). The store's lock is held by each store operation, never while the
/// network is waited on; the sync's own lock keeps two syncs of one store apart.
package struct StoreSync: Sendable {
  /// The store synced.
  package let store: DocumentStore
  /// The user's environment, for git's transport and credentials.
  let environment: [String: String]
  /// Whether git may ask for a password on the terminal.
  let interactive: Bool

  /// Syncs a store.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - environment: The user's environment (`PATH` finds git; ssh and https credentials
  ///     are git's business).
  ///   - interactive: Whether git may ask for a password on the terminal; `false` for the
  ///     app.
  package init(store: DocumentStore, environment: [String: String], interactive: Bool = true) {
    self.store = store
    self.environment = environment
    self.interactive = interactive
  }

  /// The sync's folder inside the store.
  var folder: String { "\(store.root)/sync" }
  /// The repository's work tree.
  var repository: String { "\(folder)/repository" }
  /// The file that remembers the remote's URL.
  var remotePath: String { "\(folder)/remote" }
  /// The file that remembers when the store last synced.
  var lastSyncPath: String { "\(folder)/last-sync" }
  /// The notes of a bringing-in under way (``BringingInProgress``).
  var broughtInPath: String { "\(folder)/brought-in" }

  /// The branch the remote keeps the store on.
  static let branch = "main"
  /// Where a fetch puts the remote's branch.
  static let remoteBranch = "refs/remotes/origin/main"
  /// The file that marks a repository as a drawdoc store.
  static let marker = ".drawdoc-store"
  /// The marker's content.
  static let markerContent = Array("drawdoc store 1\n".utf8)

  /// The remote this store syncs with, if it has one.
  package var remote: String? {
    guard let bytes = try? FileSystem.read(remotePath) else { return nil }
    let text = String(decoding: bytes, as: UTF8.self).filter { $0 != "\n" }
    return text.isEmpty ? nil : text
  }

  /// When this store last synced, if it ever did.
  package var lastSync: Timestamp? {
    guard let bytes = try? FileSystem.read(lastSyncPath) else { return nil }
    return try? Timestamp(String(decoding: bytes, as: UTF8.self).filter { $0 != "\n" })
  }

  // MARK: - Syncing

  /// Syncs the store with its remote, or with `newRemote`, which it then remembers.
  ///
  /// When another machine pushes between this sync's fetch and its push, the sync fetches,
  /// merges and brings in again, waiting a random while that doubles each time (up to
  /// ``longestPause``) so that two machines do not keep meeting; it gives up once the store's
  /// lock wait (`DRAWDOC_LOCK_TIMEOUT`) has passed.
  ///
  /// - Parameter newRemote: A URL git takes, to sync with from now on; `nil` for the remote
  ///   remembered.
  /// - Returns: What the sync did; conflicts keep this store's values, and drawings that
  ///   cannot be brought in are left out (``SyncReport/complete``).
  /// - Throws: ``SyncError``. A remote given is remembered only once a sync with it worked.
  package func sync(remote newRemote: String? = nil) throws(SyncError) -> SyncReport {
    guard let remote = newRemote ?? self.remote else { throw .noRemote }
    let git = try Git(folder: repository, environment: environment, interactive: interactive)
    let lock = try SyncLock(folder: folder, timeout: store.lockTimeout)
    defer { withExtendedLifetime(lock) {} }
    let refs = try prepareRepository(git)
    var report = SyncReport(remote: remote)
    var saved = LeftOut(path: leftOutPath)
    var leftOut = saved
    let main = try finishBringingIn(git, refs, &leftOut, saved: &saved, report: &report)
    try bringInLeftOut(git, main: main, &leftOut, report: &report)
    try save(leftOut, over: &saved)
    var local = try snapshot(git, head: main, leavingOut: leftOut)
    var remoteHead = try fetch(git, from: remote)
    // The wait for a busy remote counts from its first refusal: bringing in a large first
    // merge is not waiting.
    var firstRefusal: Double?
    var pushes = 0
    var generator = SystemRandomNumberGenerator()
    while true {
      let merged = try merge(local, remoteHead, git, &leftOut, report: &report)
      try bringIn(from: local, to: merged, git, &leftOut, saved: &saved, report: &report)
      guard merged != remoteHead else { break }
      pushes += 1
      guard case .refused(let gitSays) = try push(merged, to: remote, git) else {
        // What the remote did not have: this store's changes.
        report.sent = try changedPaths(from: remoteHead, to: merged, git).count
        break
      }
      // Refused because another machine pushed meanwhile (merge again), or for good.
      let pause = min(Self.longestPause, 0.05 * Double(1 << min(pushes - 1, 10)))
      let started = firstRefusal ?? MonotonicClock.seconds()
      firstRefusal = started
      let left = store.lockTimeout - (MonotonicClock.seconds() - started)
      MonotonicClock.sleep(seconds: min(max(0, left), .random(in: 0...pause, using: &generator)))
      let moved = try fetch(git, from: remote)
      guard moved != remoteHead else { throw .unreachable(remote: remote, gitSays: gitSays) }
      let waited = MonotonicClock.seconds() - started
      guard waited < store.lockTimeout else {
        throw .remoteKeptMoving(
          remote: remote, pushes: pushes, waitedSeconds: (waited * 10).rounded() / 10)
      }
      local = merged
      remoteHead = moved
    }
    if newRemote != nil { try write(Array("\(remote)\n".utf8), to: remotePath) }
    report.time = .now
    try write(Array("\(report.time)\n".utf8), to: lastSyncPath, flush: false)
    return report
  }

  /// The longest a sync waits before it tries again when another machine pushed first, in
  /// seconds: the waits grow from 50 ms, each a random share of twice the last.
  static let longestPause = 1.0

  /// How many drawings changed here and on the remote since the last sync; changes nothing
  /// in the store.
  ///
  /// - Parameter fetching: Whether to ask the remote first (the network), or count with what
  ///   the last sync or status fetched.
  /// - Returns: The counts, and the remote and last sync.
  /// - Throws: ``SyncError``.
  package func status(fetching: Bool) throws(SyncError) -> SyncStatus {
    guard let remote else {
      return SyncStatus(remote: nil, lastSync: nil, changedHere: 0, changedThere: 0, leftOut: 0)
    }
    let git = try Git(folder: repository, environment: environment, interactive: interactive)
    guard FileSystem.exists("\(repository)/.git") else {
      return SyncStatus(
        remote: remote, lastSync: lastSync, changedHere: try storeFiles().ids.count,
        changedThere: 0, leftOut: 0)
    }
    let leftOut = LeftOut(path: leftOutPath)
    let local = try git.commit("refs/heads/\(Self.branch)")
    let there: String?
    if fetching {
      let lock = try SyncLock(folder: folder, timeout: store.lockTimeout)
      defer { withExtendedLifetime(lock) {} }
      there = try fetch(git, from: remote)
    } else {
      there = try git.commit(Self.remoteBranch)
    }
    // The last state both sides had: what changed since, here and there.
    var base = local
    if let local, let there {
      let found = try git.run(["merge-base", local, there])
      base = found.status == 0 ? String(found.outputText.prefix { !$0.isWhitespace }) : nil
    }
    let changedThere = try there.map { (there) throws(SyncError) in
      there == base ? 0 : try changedPaths(from: base, to: there, git).count
    }
    return SyncStatus(
      remote: remote, lastSync: lastSync,
      changedHere: try changedHere(since: base, leavingOut: leftOut, git),
      changedThere: changedThere ?? 0, leftOut: leftOut.drawings.count)
  }

  /// Writes one of the sync's files atomically; flushed to disk unless `flush` is `false`
  /// (a file of the work tree, which the next sync makes again, or one said again).
  func write(_ bytes: [UInt8], to path: String, flush: Bool = true) throws(SyncError) {
    do {
      try StoreFiles.writeAtomically(bytes, to: path, flush: flush)
    } catch {
      throw .store(error)
    }
  }
}
