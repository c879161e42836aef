import DrawdocModel

/// What a page that shows an older version of a drawing needs to catch up with the current
/// one, rectangle by rectangle: the drawing app's `/changes`.
///
/// Without a ``DrawingMemory`` (or when it does not hold the versions in between), both
/// versions are read and compared whole (``DrawdocModel/PlaneDifference``). With one, the
/// answer is told from the steps the memory remembers, at the cost of the rectangles they
/// touched; the answer is the same either way.
package struct DrawingCatchUp: Sendable {
  /// What changed, as the page applies it.
  package struct Changes: Sendable {
    /// The rectangles to take out: those removed, in the old z-order, then those to put in
    /// again, in the order of `put`.
    package var removed: [Identifier]
    /// The rectangles to put in, with their z-index in the current version, bottom first:
    /// those added, and those whose values or place in z-order changed.
    package var put: [(index: Int, rectangle: Rectangle)]
  }

  /// The current version.
  package var version: Int
  /// The drawing's history.
  package var history: DrawingHistory
  /// The current title.
  package var title: String
  /// When the drawing last changed.
  package var modified: Timestamp
  /// How many rectangles it has.
  package var count: Int
  /// What changed since the version asked for; `nil` when the page must read the whole
  /// drawing: the history does not keep that version (or it is newer than the current one),
  /// or the canvas changed.
  package var changes: Changes?

  /// Compares two whole versions.
  ///
  /// - Parameters:
  ///   - revision: The current version.
  ///   - history: The drawing's history.
  ///   - old: The version the page shows, or `nil` when it is not kept.
  init(revision: Revision, history: DrawingHistory, old: Drawing?) {
    let new = revision.drawing
    version = revision.version
    self.history = history
    title = new.plane.title
    modified = new.modified
    count = new.plane.count
    guard let old, old.plane.size == new.plane.size else { return }
    let difference = PlaneDifference(from: old.plane, to: new.plane)
    // A rectangle both changed and moved is taken out and put back once.
    let replaced = Set(difference.changed.map(\.new.id) + difference.moved.map(\.id))
    let put = (difference.added.map(\.id) + replaced).compactMap { id in
      new.plane.zIndex(of: id).map { (index: $0, rectangle: new.plane[$0]) }
    }.sorted { $0.index < $1.index }
    changes = Changes(
      removed: difference.removed.map(\.id) + put.map(\.rectangle.id).filter(replaced.contains),
      put: put)
  }

  init(
    version: Int, history: DrawingHistory, title: String, modified: Timestamp, count: Int,
    changes: Changes?
  ) {
    self.version = version
    self.history = history
    self.title = title
    self.modified = modified
    self.count = count
    self.changes = changes
  }
}

extension KeptDrawing {
  /// What changed since version `base`, told from the steps alone: `nil` when the memory does
  /// not know every step since, or when a rectangle moved in z-order relative to the others
  /// (moved, or removed and added again). Otherwise no rectangle both versions have moved,
  /// so comparing the two whole versions finds what the steps touched, and only that.
  ///
  /// - Returns: The changes, and whether the canvas is the same.
  func changes(since base: Int) -> (changes: DrawingCatchUp.Changes, sameCanvas: Bool)? {
    guard let versions = versions.steps(after: base) else { return nil }
    let plane = drawing.plane
    let edits = versions.reversed().flatMap { $0.edits ?? [] }
    // Many steps (rectangles added by the thousand) are compared whole instead.
    guard edits.count <= Self.mostStepsTold else { return nil }
    var removedOnce = Set<Identifier>()
    var touched: [Identifier] = []
    var seen = Set<Identifier>()
    for edit in edits {
      switch edit {
      case .moved, .cleared: return nil
      case .added(let rectangle):
        if removedOnce.contains(rectangle.id) { return nil }
      case .removed(let rectangle, _): removedOnce.insert(rectangle.id)
      case .changed: break
      }
      if let (id, _) = edit.valueBefore, seen.insert(id).inserted { touched.append(id) }
    }
    // Each rectangle's value at `base`: that before the first step that touched it.
    var before: [Identifier: Rectangle?] = [:]
    for edit in edits.reversed() {
      if let (id, value) = edit.valueBefore { before[id] = value }
    }
    var removed: [(index: Int, id: Identifier)] = []
    var put: [(index: Int, rectangle: Rectangle)] = []
    var replaced = Set<Identifier>()
    for id in touched {
      let new = plane[id]
      let old = before[id] ?? new
      switch (old, new) {
      case (.some, nil):
        guard let index = Self.index(of: id, in: edits) else { return nil }
        removed.append((index, id))
      case (nil, .some(let rectangle)):
        guard let index = plane.zIndex(of: id) else { return nil }
        put.append((index, rectangle))
      case (.some(let before), .some(let rectangle)):
        guard !rectangle.changedFields(from: before).isEmpty else { continue }
        guard let index = plane.zIndex(of: id) else { return nil }
        put.append((index, rectangle))
        replaced.insert(id)
      case (nil, nil): continue
      }
    }
    put.sort { $0.index < $1.index }
    removed.sort { $0.index < $1.index }
    let oldSize = versions.last?.size ?? plane.size
    return (
      DrawingCatchUp.Changes(
        removed: removed.map(\.id) + put.map(\.rectangle.id).filter(replaced.contains),
        put: put),
      oldSize == plane.size
    )
  }

  /// The most steps ``changes(since:)`` tells one by one.
  static let mostStepsTold = 4096

  /// The z-index a rectangle had before `edits`, found from the first step that touched it:
  /// for a rectangle that was there all along and never moved.
  private static func index(of id: Identifier, in edits: [PlaneEdit]) -> Int? {
    guard
      let first = edits.firstIndex(where: { edit in
        edit.valueBefore.map { $0.id == id } ?? false
      })
    else { return nil }
    var index: Int
    switch edits[first] {
    case .changed(_, _, let at), .removed(_, let at): index = at
    default: return nil
    }
    // The steps before it, taken back: a rectangle removed below it was there.
    for edit in edits[..<first].reversed() {
      if case .removed(_, let at) = edit, at <= index { index += 1 }
    }
    return index
  }
}
