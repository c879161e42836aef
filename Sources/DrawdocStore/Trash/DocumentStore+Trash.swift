import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// The trash: `delete` moves a drawing's file to `trash/<id>.svg` with one rename, and its
/// history stays where it is, so that restoring it brings back every version. Emptying the
/// trash removes the file, then the history.
extension DocumentStore {
  /// Moves a drawing to the trash, with its history. Its thumbnail goes; `list`, `gallery`
  /// and lookups by title no longer see it.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - now: When it is deleted.
  /// - Throws: ``StoreError/noSuchDrawing(_:)`` or an I/O error.
  public func delete(_ id: Identifier, at now: Timestamp = .now) throws(StoreError) {
    try withWriteLock { () throws(StoreError) in
      let current = try currentVersion(of: id, file: path(of: id))
      try StoreFiles.createFolder(trashFolder)
      try StoreFiles.createFolder(historyFolder(of: id))
      // The line first: if the move does not happen, it is never read (the drawing is not in
      // the trash); if it does, the trash knows when.
      try VersionLog(path: versionLogPath(of: id)).append(
        JSONValue.object([("trashed", .string(now.description))]).serialized + [0x0A])
      try move(
        id, from: path(of: id), to: trashPath(of: id),
        event: (.trashed, current, "moved to the trash", now))
      try StoreFiles.remove(thumbnailPath(of: id))
      forget(id)
    }
  }

  /// The drawings in the trash, most recently deleted first.
  ///
  /// - Returns: One row per drawing.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the trash cannot be read.
  public func trashedDrawings() throws(StoreError) -> [TrashedDrawing] {
    guard StoreFiles.exists(trashFolder) else { return [] }
    var rows: [TrashedDrawing] = []
    for name in try StoreFiles.contents(of: trashFolder) where name.hasSuffix(".svg") {
      guard let id = try? Identifier(String(name.dropLast(4))),
        let current = try? currentVersion(of: id, file: trashPath(of: id))
      else { continue }
      let log = try? VersionLog(path: versionLogPath(of: id))
      let trashed =
        log?.trashedSince
        ?? Timestamp(
          secondsSince1970: StoreFiles.identity(trashPath(of: id))?.modifiedSeconds ?? 0)
      rows.append(
        TrashedDrawing(
          id: id, title: current.title, rectangleCount: current.rectangles,
          version: current.number, trashed: trashed))
    }
    return rows.sorted { ($0.trashed, $0.id.rawValue) > ($1.trashed, $1.id.rawValue) }
  }

  /// Finds a drawing in the trash by id or exact title.
  ///
  /// - Parameter name: An id, or a title that exactly one drawing in the trash has.
  /// - Returns: The drawing's id.
  /// - Throws: ``StoreError/notInTrash(_:)`` or ``StoreError/ambiguousTitle(_:candidates:)``.
  public func resolveTrashed(_ name: String) throws(StoreError) -> Identifier {
    if let id = try? Identifier(name), StoreFiles.exists(trashPath(of: id)) { return id }
    let matches = try trashedDrawings().filter { $0.title == name }
    guard let first = matches.first else { throw .notInTrash(name) }
    guard matches.count == 1 else {
      throw .ambiguousTitle(
        name,
        candidates: matches.map {
          IndexEntry(
            id: $0.id, title: $0.title, created: $0.trashed, modified: $0.trashed,
            rectangleCount: $0.rectangleCount, size: Plane.defaultSize)
        })
    }
    return first.id
  }

  /// Brings a drawing back from the trash, with its history.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - now: When it comes back.
  /// - Throws: ``StoreError/notInTrash(_:)`` or an I/O error.
  public func restoreFromTrash(_ id: Identifier, at now: Timestamp = .now) throws(StoreError) {
    try withWriteLock { () throws(StoreError) in
      guard StoreFiles.exists(trashPath(of: id)) else { throw .notInTrash(id.description) }
      let current = try currentVersion(of: id, file: trashPath(of: id))
      try StoreFiles.createFolder(historyFolder(of: id))
      try VersionLog(path: versionLogPath(of: id)).append(
        JSONValue.object([("untrashed", .string(now.description))]).serialized + [0x0A])
      try move(
        id, from: trashPath(of: id), to: path(of: id),
        event: (.restored, current, "restored from the trash", now))
      // A damaged drawing comes back as it went; the next list reports it.
      if let drawing = try? self.drawing(id) { refreshCaches(of: drawing) }
    }
  }

  /// Removes drawings from the trash for good, with their histories.
  ///
  /// - Parameters:
  ///   - id: One drawing, or `nil` for all of them.
  ///   - now: When.
  /// - Returns: The ids removed.
  /// - Throws: ``StoreError/notInTrash(_:)`` for an id not in the trash, or an I/O error.
  @discardableResult
  public func emptyTrash(_ id: Identifier? = nil, at now: Timestamp = .now) throws(StoreError)
    -> [Identifier]
  {
    try withWriteLock { () throws(StoreError) in
      let ids: [Identifier]
      if let id {
        guard StoreFiles.exists(trashPath(of: id)) else { throw .notInTrash(id.description) }
        ids = [id]
      } else {
        ids = try trashedDrawings().map(\.id)
      }
      for id in ids {
        let current = try? currentVersion(of: id, file: trashPath(of: id))
        // The file first: a history without its drawing is never shown, and is removed below
        // or by the next emptying.
        try recordingEvent(
          { sequence in
            StoreEvent(
              sequence: sequence, kind: .emptied, id: id, version: current?.number ?? 0,
              time: now, title: current?.title ?? "", change: "removed for good")
          },
          by: { () throws(StoreError) in try StoreFiles.remove(trashPath(of: id)) })
        try StoreFiles.removeFolder(historyFolder(of: id))
      }
      if id == nil { removeOrphanedHistories() }
      return ids
    }
  }

  // MARK: - Internals

  /// The current version of a drawing file (decoding it only if another program changed it).
  /// A damaged file, which can still be deleted, restored and emptied, is described by its
  /// last recorded version's title, with no rectangles.
  private func currentVersion(of id: Identifier, file: String) throws(StoreError)
    -> VersionRecord
  {
    guard let identity = StoreFiles.identity(file) else { throw missing(id) }
    let log = try VersionLog(path: versionLogPath(of: id))
    do {
      return try currentRecord(of: id, log: log, identity: identity) {
        () throws(StoreError) in try decodeVersion(of: id, file: file)
      }.record
    } catch .damagedDrawing {
      let newest = log.newest?.record
      return VersionRecord(
        number: (newest?.number ?? 0) + 1, time: .now, rectangles: 0, title: newest?.title ?? "",
        change: "damaged", did: "damaged", back: nil, forward: nil, file: identity)
    }
  }

  /// Moves a drawing's file between the store and the trash, with its event.
  private func move(
    _ id: Identifier, from source: String, to target: String,
    event: (kind: StoreEvent.Kind, current: VersionRecord, change: String, time: Timestamp)
  ) throws(StoreError) {
    try recordingEvent(
      { sequence in
        StoreEvent(
          sequence: sequence, kind: event.kind, id: id, version: event.current.number,
          time: event.time, title: event.current.title, change: event.change)
      },
      by: { () throws(StoreError) in
        try StoreFiles.move(source, to: target)
        StoreFiles.syncFolder(StoreFiles.parent(of: source))
        StoreFiles.syncFolder(StoreFiles.parent(of: target))
      })
  }

  /// Removes the histories of drawings that are neither in the store nor in the trash (left by
  /// an emptying cut short).
  private func removeOrphanedHistories() {
    guard let names = try? StoreFiles.contents(of: historyFolder) else { return }
    for name in names {
      guard let id = try? Identifier(name), !StoreFiles.exists(path(of: id)),
        !StoreFiles.exists(trashPath(of: id))
      else { continue }
      try? StoreFiles.removeFolder(historyFolder(of: id))
    }
  }
}
