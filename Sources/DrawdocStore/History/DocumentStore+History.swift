import DrawdocModel
import DrawdocSVG

extension DocumentStore {
  // MARK: - Reading the history

  /// The kept versions of a drawing, newest first, with what undo and redo would do. A drawing
  /// in the trash has its history too.
  ///
  /// - Parameter id: The drawing's id.
  /// - Returns: Its history.
  /// - Throws: ``StoreError/noSuchDrawing(_:)``, ``StoreError/damagedDrawing(id:reason:)`` or an
  ///   I/O error.
  public func history(of id: Identifier) throws(StoreError) -> DrawingHistory {
    let file: String
    if StoreFiles.exists(path(of: id)) {
      file = path(of: id)
    } else if StoreFiles.exists(trashPath(of: id)) {
      file = trashPath(of: id)
    } else {
      throw .noSuchDrawing(id.description)
    }
    // The file first, then the log: a change that lands between the two has its line in the
    // log already, so the file is always found there or is truly another program's.
    guard let identity = StoreFiles.identity(file) else { throw .noSuchDrawing(id.description) }
    let log = try VersionLog(path: versionLogPath(of: id))
    let current = try currentRecord(of: id, log: log, identity: identity) {
      () throws(StoreError) in try decodeVersion(of: id, file: file)
    }
    let kept = keptRecords(of: id, log: log, current: current.record)
    let byNumber = Dictionary(kept.map { ($0.number, $0) }, uniquingKeysWith: { first, _ in first })
    let undo = current.record.back.flatMap { byNumber[$0] }.map {
      DrawingHistory.Step(change: current.record.did, version: $0.number)
    }
    let redo = current.record.forward.flatMap { byNumber[$0] }.map {
      DrawingHistory.Step(change: $0.did, version: $0.number)
    }
    return DrawingHistory(
      id: id, versions: kept.map(DrawingHistory.Version.init), undo: undo, redo: redo,
      trashed: file == path(of: id) ? nil : log.trashedSince ?? .now)
  }

  /// Reads one version of a drawing.
  ///
  /// - Parameters:
  ///   - id: The drawing's id.
  ///   - version: The version's number; the current one is allowed.
  /// - Returns: The drawing as that version holds it.
  /// - Throws: ``StoreError/noSuchVersion(id:version:kept:)`` for a version the history does
  ///   not keep, ``StoreError/noSuchDrawing(_:)`` or ``StoreError/damagedDrawing(id:reason:)``.
  public func drawing(_ id: Identifier, version: Int) throws(StoreError) -> Drawing {
    let history = try self.history(of: id)
    guard let current = history.current else { throw .noSuchDrawing(id.description) }
    if version == current.number {
      let file = history.trashed == nil ? path(of: id) : trashPath(of: id)
      return try decodeVersion(of: id, file: file)
    }
    guard history.versions.contains(where: { $0.number == version }) else {
      let numbers = history.versions.map(\.number)
      throw .noSuchVersion(
        id: id, version: version,
        kept: numbers.min().flatMap { low in numbers.max().map { low...$0 } })
    }
    return try decodeVersion(of: id, file: versionPath(of: id, version))
  }

  // MARK: - Undo, redo, restore

  /// Takes back the last change, as an editor does: the drawing gets the content it had
  /// before, as a new version that redo can take back in turn.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - now: The new version's time.
  ///   - base: The version the page asking for it shows, if any: the undo is refused if the
  ///     drawing has changed since (it would take back someone else's change).
  /// - Returns: The new current version.
  /// - Throws: ``StoreError/nothingToStep(id:undo:reason:)`` when there is nothing to undo,
  ///   ``StoreError/conflict(id:version:current:)``.
  @discardableResult
  public func undo(_ id: Identifier, at now: Timestamp, basedOn base: Int? = nil)
    throws(StoreError) -> DrawingHistory.Version
  {
    try step(id, at: now, undo: true, basedOn: base)
  }

  /// Makes again the last change that undo took back. A change other than undo and redo
  /// since then leaves nothing to redo.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - now: The new version's time.
  ///   - base: The version the page asking for it shows, if any, as for ``undo(_:at:basedOn:)``.
  /// - Returns: The new current version.
  /// - Throws: ``StoreError/nothingToStep(id:undo:reason:)`` when there is nothing to redo,
  ///   ``StoreError/conflict(id:version:current:)``.
  @discardableResult
  public func redo(_ id: Identifier, at now: Timestamp, basedOn base: Int? = nil)
    throws(StoreError) -> DrawingHistory.Version
  {
    try step(id, at: now, undo: false, basedOn: base)
  }

  /// Makes an older version current again, as a new version (which undo can take back).
  /// Restoring the current version changes nothing.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version to bring back.
  ///   - now: The new version's time.
  /// - Returns: The current version afterwards.
  /// - Throws: ``StoreError/noSuchVersion(id:version:kept:)`` for a version not kept.
  @discardableResult
  public func restore(_ id: Identifier, version: Int, at now: Timestamp) throws(StoreError)
    -> DrawingHistory.Version
  {
    try withWriteLock { () throws(StoreError) in
      let present = try self.present(id, withRectangles: false)
      let current = present.current
      if version == current.number { return DrawingHistory.Version(current) }
      guard let target = keptRecord(version, of: id, log: present.log, current: current) else {
        let kept = keptRecords(of: id, log: present.log, current: current).map(\.number)
        throw .noSuchVersion(
          id: id, version: version,
          kept: kept.min().flatMap { low in kept.max().map { low...$0 } })
      }
      var drawing = try decodeVersion(of: id, file: versionPath(of: id, target.number))
      drawing.modified = now
      let words = Change.restored(version: version).words
      let number = try commit(
        drawing, over: present,
        as: .init(words: words, did: words, back: current.number, forward: nil, kind: .changed)
      ).number
      return DrawingHistory.Version(
        number: number, time: now, rectangleCount: drawing.plane.count,
        title: drawing.plane.title, change: words)
    }
  }

  private func step(_ id: Identifier, at now: Timestamp, undo: Bool, basedOn base: Int?)
    throws(StoreError) -> DrawingHistory.Version
  {
    try withWriteLock { () throws(StoreError) in
      let present = try self.present(id, withRectangles: false)
      if let base {
        try check(
          id, log: present.log, current: present.current.number, plane: present.drawing.plane,
          against: base, touching: nil)
      }
      let current = present.current
      guard let number = undo ? current.back : current.forward else {
        throw .nothingToStep(
          id: id, undo: undo,
          reason: undo
            ? (present.changedOutside
              ? "it was changed outside drawdoc, and what it was before is not kept"
              : "its history begins here")
            : "no change was undone since the last edit")
      }
      guard let target = keptRecord(number, of: id, log: present.log, current: current) else {
        throw .nothingToStep(
          id: id, undo: undo,
          reason: "version \(number), which it would bring back, is no longer kept "
            + "(the store keeps \(settings.historyLimit) versions of each drawing)")
      }
      var drawing = try decodeVersion(of: id, file: versionPath(of: id, target.number))
      drawing.modified = now
      let words = undo ? "undid \(current.did)" : "redid \(target.did)"
      let step =
        undo
        ? VersionStep(
          words: words, did: target.did, back: target.back, forward: current.number,
          kind: .changed)
        : VersionStep(
          words: words, did: target.did, back: current.number, forward: target.forward,
          kind: .changed)
      let made = try commit(drawing, over: present, as: step).number
      return DrawingHistory.Version(
        number: made, time: now, rectangleCount: drawing.plane.count,
        title: drawing.plane.title, change: words)
    }
  }

  // MARK: - Internals

  /// The version a drawing file is, with whether another program changed it (then a version
  /// the log does not have yet, which the next change records), and the version lines of a
  /// change cut short after it.
  func currentRecord(
    of id: Identifier, log: VersionLog, identity: StoreFiles.Identity,
    drawing: () throws(StoreError) -> Drawing
  ) throws(StoreError) -> (
    record: VersionRecord, changedOutside: Bool, unfinished: [VersionLog.UnfinishedLine]
  ) {
    switch log.standing(of: identity) {
    case .recorded(let record, let unfinished):
      return (record, false, unfinished)
    case .changedOutside(let newest):
      let content = try drawing()
      // The newest version is still there to go back to if its file was replaced, not edited
      // in place (its hard link would then show the edit too).
      let intact = newest.map { isIntact($0, of: id) } ?? false
      let record = VersionRecord(
        number: (newest?.number ?? 0) + 1,
        time: Timestamp(secondsSince1970: identity.modifiedSeconds),
        rectangles: content.plane.count, title: content.plane.title,
        change: newest == nil ? Self.firstKeptWords : Change.changedOutside.words,
        did: Change.changedOutside.words, back: intact ? newest?.number : nil, forward: nil,
        file: identity)
      return (record, true, [])
    }
  }

  /// The versions a view shows, newest first: the current one, then the older ones within the
  /// store's limit whose files are still the files their lines recorded.
  func keptRecords(of id: Identifier, log: VersionLog, current: VersionRecord)
    -> [VersionRecord]
  {
    let oldest = current.number - settings.historyLimit
    var kept = [current]
    for (_, record) in log.records()
    where record.number < current.number && record.number > oldest && isIntact(record, of: id) {
      kept.append(record)
    }
    return kept
  }

  /// One kept version other than the current one, or `nil`.
  func keptRecord(_ number: Int, of id: Identifier, log: VersionLog, current: VersionRecord)
    -> VersionRecord?
  {
    keptRecord(number, of: id, log: log, current: current.number)
  }

  /// One kept version other than the current one, version `current`, or `nil`.
  func keptRecord(_ number: Int, of id: Identifier, log: VersionLog, current: Int)
    -> VersionRecord?
  {
    guard number < current, number > current - settings.historyLimit,
      let record = log.record(number), isIntact(record, of: id)
    else { return nil }
    return record
  }

  /// Reads a version's file, with the store's errors.
  func decodeVersion(of id: Identifier, file: String) throws(StoreError) -> Drawing {
    do {
      return try SVGDecoder.decode(contentsOfFile: file)
    } catch .fileNotFound {
      throw .noSuchDrawing(id.description)
    } catch .unreadableFile(let filePath, let reason) {
      throw .io(path: filePath, operation: "read", reason: reason)
    } catch {
      throw .damagedDrawing(id: id, reason: error.description)
    }
  }
}
