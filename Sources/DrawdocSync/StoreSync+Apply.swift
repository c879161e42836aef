import DrawdocModel
import DrawdocSVG
import DrawdocStore
import DrawdocSystem

extension StoreSync {
  /// The words a version brought in by a sync has in the drawing's history.
  static let syncedChange = Change.other("synced from another machine")

  /// Brings into the store each drawing that differs between `local` (the store as the sync
  /// found it) and `merged`, through the store's operations, so that each is a new version
  /// with its event. A drawing changed here meanwhile (while the network was waited on) is
  /// merged with the incoming one, keeping this store's values.
  func apply(from local: String, to merged: String, _ git: Git, report: inout SyncReport)
    throws(SyncError)
  {
    guard local != merged else { return }
    let changes = try changedPaths(from: local, to: merged, git)
    let contents = try git.contents(
      of: changes.flatMap { ["\(local):\($0.path)", "\(merged):\($0.path)"] })
    for (index, change) in changes.enumerated() {
      let name = change.path.dropFirst("drawings/".count)
      guard name.hasSuffix(".svg"), let id = try? Identifier(String(name.dropLast(4))) else {
        continue
      }
      let (before, after) = (contents[2 * index], contents[2 * index + 1])
      do {
        if let after {
          try bringIn(after, id: id, before: before, report: &report)
        } else {
          try takeOut(id, before: before, report: &report)
        }
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
  private func bringIn(_ bytes: [UInt8], id: Identifier, before: [UInt8]?, report: inout SyncReport)
    throws
  {
    let incoming: Drawing
    do {
      incoming = try SVGDecoder.decode(bytes)
    } catch {
      report.refused.append((id, "the remote's file is not a valid drawing: \(error)"))
      return
    }
    guard FileSystem.exists(store.path(of: id)) else {
      if try store.adopt(incoming, as: Self.syncedChange) {
        report.received.append(
          .init(id: id, title: incoming.plane.title, kind: before == nil ? .added : .changed))
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
