import DrawdocModel
import DrawdocSVG
import DrawdocStore
import DrawdocSystem

extension StoreSync {
  /// The words a version brought in by a sync has in the drawing's history.
  static let syncedChange = Change.other("synced from another machine")

  /// The refs that name a bringing-in under way: the store as the sync found it, and the
  /// merged state it is being brought to.
  static let bringingInFrom = "refs/drawdoc/bringing-in-from"
  static let bringingInTo = "refs/drawdoc/bringing-in-to"

  /// What the drawings of one bringing-in share, found once rather than once per drawing.
  struct BringingIn {
    /// The drawings the merge kept as changed on one side and deleted on the other.
    let kept: Set<Identifier>
    /// The drawings in the store's trash.
    let trashed: Set<Identifier>
    /// When a stopped bringing-in is completed: what it did before it stopped.
    let resumed: BringingInProgress?

    init(report: SyncReport, store: DocumentStore, resumed: BringingInProgress? = nil)
      throws(SyncError)
    {
      kept = Set(report.kept.map(\.id))
      do {
        trashed = Set(try store.trashedDrawings().map(\.id))
      } catch {
        throw .store(error)
      }
      self.resumed = resumed
    }
  }

  /// Brings the merged commit into the store and makes it `main`. The two commits are named
  /// by refs first, so that a sync killed while it brings drawings in is completed by the
  /// next one (``finishBringingIn(_:_:saved:report:)``), before that one takes what the store
  /// holds for changes made here: a change half brought in is the other side's, not this
  /// store's. Each drawing is noted in ``broughtInPath`` as it is brought in; `resumed` is
  /// what a stopped bringing-in did, when this one completes it.
  func bringIn(
    from local: String, to merged: String, _ git: Git, _ leftOut: inout LeftOut,
    saved: inout LeftOut, resumed: BringingInProgress? = nil, report: inout SyncReport
  ) throws(SyncError) {
    guard local != merged else { return }
    // What the merge left out, before anything is brought in.
    try save(leftOut, over: &saved)
    if resumed == nil { removeQuietly(broughtInPath) }
    try git.succeed(
      ["update-ref", "--stdin"],
      input: Array(
        "update \(Self.bringingInFrom) \(local)\nupdate \(Self.bringingInTo) \(merged)\n".utf8))
    try apply(from: local, to: merged, git, &leftOut, resumed: resumed, report: &report)
    try save(leftOut, over: &saved)
    try git.succeed(
      ["update-ref", "--stdin"],
      input: Array(
        ("update refs/heads/\(Self.branch) \(merged)\ndelete \(Self.bringingInFrom)\n"
          + "delete \(Self.bringingInTo)\n").utf8))
    removeQuietly(broughtInPath)
  }

  /// Completes a bringing-in that a killed sync left half done: the drawings it brought in
  /// already are not brought in again (what the user did to them since is a change made
  /// here).
  ///
  /// - Returns: `main` afterwards.
  /// - Throws: ``SyncError``.
  func finishBringingIn(
    _ git: Git, _ refs: Refs, _ leftOut: inout LeftOut, saved: inout LeftOut,
    report: inout SyncReport
  ) throws(SyncError) -> String? {
    guard let (local, merged) = refs.bringingIn else { return refs.main }
    try bringIn(
      from: local, to: merged, git, &leftOut, saved: &saved,
      resumed: BringingInProgress(path: broughtInPath), report: &report)
    try git.succeed(["read-tree", "--reset", "-u", merged])
    return merged
  }

  /// How many drawings' files a bringing-in reads from git at once.
  static let batch = 256

  /// Where a drawing is in the store, as a bringing-in notes it before it brings it in.
  private func standing(of id: Identifier, _ context: BringingIn)
    -> BringingInProgress.Standing
  {
    FileSystem.exists(store.path(of: id))
      ? .present : context.trashed.contains(id) ? .trashed : .absent
  }

  /// Removes a file of the sync's, quietly: one that is not there is fine.
  func removeQuietly(_ path: String) {
    try? FileSystem.remove(path)
  }

  /// Brings into the store each drawing that differs between `local` (the store as the sync
  /// found it) and `merged`, through the store's operations, so that each is a new version
  /// with its event. A drawing changed here meanwhile (while the network was waited on) is
  /// merged with the incoming one, keeping this store's values. A drawing left out is merged
  /// from the file it is based on; one that cannot be brought in is left out.
  private func apply(
    from local: String, to merged: String, _ git: Git, _ leftOut: inout LeftOut,
    resumed: BringingInProgress?, report: inout SyncReport
  ) throws(SyncError) {
    let changes = try changedPaths(from: local, to: merged, git).compactMap { change in
      Self.drawingId(ofPath: change.path).map { (id: $0, path: change.path) }
    }.filter { resumed?.done.contains($0.id) != true }
    guard !changes.isEmpty else { return }
    let recorded = changes.compactMap { leftOut.drawings[$0.id]?.base }
    let recordedFiles = Dictionary(
      zip(recorded, try git.contents(of: recorded)), uniquingKeysWith: { first, _ in first })
    let context = try BringingIn(report: report, store: store, resumed: resumed)
    let progress = try BringingInProgress.Notes(path: broughtInPath)
    // The files are read a batch at a time, so that memory holds a batch, not the whole of
    // what came in.
    var objects: [(hash: String, bytes: [UInt8])?] = []
    for (index, change) in changes.enumerated() {
      let offset = index % Self.batch
      if offset == 0 {
        objects = try git.objects(
          of: changes[index..<min(index + Self.batch, changes.count)].flatMap {
            ["\(local):\($0.path)", "\(merged):\($0.path)"]
          })
      }
      let (before, after) = (objects[2 * offset], objects[2 * offset + 1])
      // What the store's drawing is based on: the file `local` had, unless it was left out.
      var base = before?.bytes
      var baseHash = before?.hash
      if let left = leftOut.drawings[change.id] {
        baseHash = left.base
        base = left.base.flatMap { recordedFiles[$0] ?? nil }
      }
      progress.note(change.id, standing: standing(of: change.id, context))
      if let reason = try bringIn(
        change.id, after?.bytes, base: base, history: merged, git, context, report: &report)
      {
        report.leaveOut(change.id, because: reason)
        if leftOut.drawings[change.id] == nil {
          leftOut.drawings[change.id] = LeftOut.Drawing(base: baseHash)
        }
      } else {
        leftOut.drawings[change.id] = nil
        progress.noteDone(change.id)
      }
    }
  }

  /// Brings one drawing into the store: the other side's file, or its removal (`nil`).
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - incoming: The other side's file, or `nil` when the other side deleted it.
  ///   - base: The file the store's drawing is based on (`nil`: none).
  ///   - history: A commit whose history holds the other side's versions of the drawing,
  ///     for a drawing the store has without a base.
  ///   - git: The sync's git.
  ///   - context: What the drawings of this bringing-in share.
  ///   - report: Where what happened is said.
  /// - Returns: Why the drawing is left out, or `nil` when it is in (or nothing was to do).
  /// - Throws: ``SyncError`` when the store cannot be read or changed.
  func bringIn(
    _ id: Identifier, _ incoming: [UInt8]?, base: [UInt8]?, history: String, _ git: Git,
    _ context: BringingIn, report: inout SyncReport
  ) throws(SyncError) -> String? {
    do {
      guard let incoming else { return try takeOut(id, before: base, report: &report) }
      return try bringInDrawing(
        incoming, id: id, before: base, history: history, git, context, report: &report)
    } catch StoreError.damagedDrawing(_, let reason) {
      // Nothing of this drawing is brought in or sent while it is damaged here.
      return Self.damaged(reason)
    } catch let error as ModelError {
      return "it cannot be merged with this store's drawing: \(error)"
    } catch let error as SyncError {
      throw error
    } catch let error as StoreError {
      throw .store(error)
    } catch {
      throw .store(.io(path: store.path(of: id), operation: "bring in", reason: "\(error)"))
    }
  }

  /// Brings in the other side's file of a drawing.
  private func bringInDrawing(
    _ bytes: [UInt8], id: Identifier, before: [UInt8]?, history: String, _ git: Git,
    _ context: BringingIn, report: inout SyncReport
  ) throws -> String? {
    let incoming: Drawing
    do {
      incoming = try SVGDecoder.decode(bytes)
    } catch {
      return Self.unreadable(error)
    }
    guard incoming.id == id else {
      return "the remote's file holds drawing \(incoming.id), not \(id)"
    }
    let exists = FileSystem.exists(store.path(of: id))
    let trashed = !exists && context.trashed.contains(id)
    var base = before.flatMap { try? SVGDecoder.decode($0) }?.plane
    if before == nil, let standing = context.resumed?.started[id] {
      // The drawing the stopped bringing-in was bringing in when it stopped: it may have
      // come in, and the user may have changed or deleted it since.
      if trashed && standing == .absent { return nil }
      if exists {
        // Its base is the newest version of its history that the other side had too.
        let shared = sharedVersion(of: id, among: try versions(of: id, in: history, git))
        if shared?.drawing == incoming { return nil }
        base = try shared?.drawing.plane ?? Plane()
      }
    }
    guard exists else {
      // A drawing deleted here and changed there is reported as kept, not as new; one
      // brought back from the trash otherwise, as restored.
      if try store.adopt(incoming, as: Self.syncedChange), !context.kept.contains(id) {
        let kind: SyncReport.Received.Kind =
          trashed ? .restored : before == nil ? .added : .changed
        report.received.append(.init(id: id, title: incoming.plane.title, kind: kind))
      }
      return nil
    }
    var conflicts: [SyncReport.Conflict] = []
    var changed = false
    try store.update(id, at: incoming.modified) { current in
      conflicts = []
      changed = false
      if let base, current.plane != base {
        // Changed here while the sync waited on the network: both changes count.
        let merge = try PlaneMerge(base: base, ours: current.plane, theirs: incoming.plane)
        conflicts = merge.conflicts.map {
          .init(
            id: id, title: current.plane.title, conflict: $0, ours: current.plane,
            theirs: incoming.plane)
        }
        guard merge.plane != current.plane else { return .unchanged }
        current.plane = merge.plane
      } else {
        guard current != incoming else { return .unchanged }
        current = incoming
      }
      changed = true
      return Self.syncedChange
    }
    report.conflicts += conflicts
    if changed {
      report.received.append(.init(id: id, title: incoming.plane.title, kind: .changed))
    }
    return nil
  }

  /// Moves to the trash a drawing the other side deleted, unless it changed here meanwhile.
  private func takeOut(_ id: Identifier, before: [UInt8]?, report: inout SyncReport) throws
    -> String?
  {
    guard let current = try? FileSystem.read(store.path(of: id)) else { return nil }
    let drawing: Drawing
    do {
      drawing = try SVGDecoder.decode(current)
    } catch {
      return Self.damaged(error.description)
    }
    guard current == before else {
      report.kept.append(.init(id: id, title: drawing.plane.title, changedHere: true))
      return nil
    }
    try store.delete(id)
    report.received.append(.init(id: id, title: drawing.plane.title, kind: .trashed))
    return nil
  }

  /// Why a drawing damaged in this store is left out.
  static func damaged(_ reason: String) -> String {
    "this store's drawing is damaged (\(reason)); 'drawdoc validate' shows it"
  }

  /// Why a file of the other side that this drawdoc cannot read is left out: the format
  /// version it needs, when that is what is wrong.
  static func unreadable(_ error: SVGDecodingError) -> String {
    if case .unsupportedVersion(let value, _, _) = error, let version = Int(value),
      version > SVGEncoder.formatVersion
    {
      return "it is in format version \(version), and this drawdoc reads version "
        + "\(SVGEncoder.formatVersion) only: a newer drawdoc brings it in (until then it is "
        + "left as it is, here and on the remote)"
    }
    return "the remote's file is not a valid drawing: \(error)"
  }
}
