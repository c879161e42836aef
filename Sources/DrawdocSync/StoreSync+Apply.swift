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

  /// Brings the merged commit into the store and makes it `main`. The two commits are named
  /// by refs first, so that a sync killed while it brings drawings in is completed by the
  /// next one (``finishBringingIn(_:report:)``), before that one takes what the store holds
  /// for changes made here: a change half brought in is the other side's, not this store's.
  func bringIn(from local: String, to merged: String, _ git: Git, report: inout SyncReport)
    throws(SyncError)
  {
    guard local != merged else { return }
    try git.succeed(
      ["update-ref", "--stdin"],
      input: Array(
        "update \(Self.bringingInFrom) \(local)\nupdate \(Self.bringingInTo) \(merged)\n".utf8))
    try apply(from: local, to: merged, git, report: &report)
    try git.succeed(
      ["update-ref", "--stdin"],
      input: Array(
        ("update refs/heads/\(Self.branch) \(merged)\ndelete \(Self.bringingInFrom)\n"
          + "delete \(Self.bringingInTo)\n").utf8))
  }

  /// Completes a bringing-in that a killed sync left half done. What was brought in already
  /// is found the same on both sides and changes nothing.
  func finishBringingIn(_ git: Git, report: inout SyncReport) throws(SyncError) {
    guard let local = try git.commit(Self.bringingInFrom),
      let merged = try git.commit(Self.bringingInTo)
    else { return }
    try bringIn(from: local, to: merged, git, report: &report)
    try git.succeed(["read-tree", "--reset", "-u", "refs/heads/\(Self.branch)"])
  }

  /// Brings into the store each drawing that differs between `local` (the store as the sync
  /// found it) and `merged`, through the store's operations, so that each is a new version
  /// with its event. A drawing changed here meanwhile (while the network was waited on) is
  /// merged with the incoming one, keeping this store's values.
  private func apply(from local: String, to merged: String, _ git: Git, report: inout SyncReport)
    throws(SyncError)
  {
    let changes = try changedPaths(from: local, to: merged, git).compactMap { change in
      Self.drawingId(ofPath: change.path).map { (id: $0, path: change.path) }
    }
    let contents = try git.contents(
      of: changes.flatMap { ["\(local):\($0.path)", "\(merged):\($0.path)"] })
    for (index, change) in changes.enumerated() {
      let (id, before, after) = (change.id, contents[2 * index], contents[2 * index + 1])
      do {
        if let after {
          try bringInDrawing(after, id: id, before: before, report: &report)
        } else {
          try takeOut(id, before: before, report: &report)
        }
      } catch StoreError.damagedDrawing(_, let reason) {
        // Nothing of this drawing is brought in or sent while it is damaged here.
        report.refused.append(
          (id, "this store's drawing is damaged (\(reason)); 'drawdoc validate' shows it"))
      } catch let error as SyncError {
        throw error
      } catch let error as StoreError {
        throw .store(error)
      } catch {
        throw .store(.io(path: store.path(of: id), operation: "bring in", reason: "\(error)"))
      }
    }
  }

  /// Brings in the other side's file of a drawing.
  private func bringInDrawing(
    _ bytes: [UInt8], id: Identifier, before: [UInt8]?, report: inout SyncReport
  )
    throws
  {
    let incoming: Drawing
    do {
      incoming = try SVGDecoder.decode(bytes)
    } catch {
      report.refused.append((id, "the remote's file is not a valid drawing: \(error)"))
      return
    }
    guard incoming.id == id else {
      report.refused.append((id, "the remote's file holds drawing \(incoming.id), not \(id)"))
      return
    }
    guard FileSystem.exists(store.path(of: id)) else {
      // A drawing deleted here and changed there is reported as kept, not as new; one
      // brought back from the trash otherwise, as restored.
      let kept = report.kept.contains { $0.id == id }
      let trashed = (try? store.resolveTrashed(id.description)) == id
      if try store.adopt(incoming, as: Self.syncedChange), !kept {
        let kind: SyncReport.Received.Kind =
          trashed ? .restored : before == nil ? .added : .changed
        report.received.append(.init(id: id, title: incoming.plane.title, kind: kind))
      }
      return
    }
    let base = before.flatMap { try? SVGDecoder.decode($0) }
    var conflicts: [SyncReport.Conflict] = []
    var changed = false
    try store.update(id, at: incoming.modified) { current in
      conflicts = []
      changed = false
      if let base, current.plane != base.plane {
        // Changed here while the sync waited on the network: both changes count.
        let merge = try PlaneMerge(base: base.plane, ours: current.plane, theirs: incoming.plane)
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
  }

  /// Moves to the trash a drawing the other side deleted, unless it changed here meanwhile.
  private func takeOut(_ id: Identifier, before: [UInt8]?, report: inout SyncReport) throws {
    guard let current = try? FileSystem.read(store.path(of: id)) else { return }
    let title = (try? SVGDecoder.decode(current))?.plane.title ?? ""
    guard current == before else {
      report.kept.append(.init(id: id, title: title, changedHere: true))
      return
    }
    try store.delete(id)
    report.received.append(.init(id: id, title: title, kind: .trashed))
  }
}
