import DrawdocModel

extension DocumentStore {
  /// Stores a drawing that another copy of this store made (what `drawdoc sync` brings in),
  /// keeping its id and its times, so that both copies hold the same file: as version 1 of a
  /// new drawing, or, when this store has a drawing with its id, as a new version of it (one
  /// in the trash is brought back first). Each step is a store operation with its event, so
  /// open pages and `watch` follow.
  ///
  /// - Parameters:
  ///   - drawing: The drawing, as the other copy has it.
  ///   - change: What the new version's history line says.
  /// - Returns: Whether anything changed: `false` when the store already held this drawing
  ///   as it is.
  /// - Throws: ``StoreError``; the store is then unchanged by the failed step.
  @discardableResult
  public func adopt(_ drawing: Drawing, as change: Change) throws -> Bool {
    let id = drawing.id
    var restored = false
    // By its path: finding it by its name would read the whole trash for every drawing.
    if StoreFiles.exists(trashPath(of: id)) {
      try restoreFromTrash(id, at: drawing.modified)
      restored = true
    }
    let created = try withWriteLock { () throws(StoreError) -> Bool in
      guard !StoreFiles.exists(path(of: id)) else { return false }
      try commitFirstVersion(drawing, change: change.words)
      return true
    }
    if created { return true }
    var changed = false
    try update(id, at: drawing.modified) { current in
      guard current != drawing else { return .unchanged }
      changed = true
      current = drawing
      return change
    }
    return changed || restored
  }
}
