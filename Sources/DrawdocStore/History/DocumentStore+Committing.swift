import DrawdocModel
import DrawdocRaster
import DrawdocSVG

import DrawdocSystem

/// How a change becomes a version, under the store lock:
///
/// 1. the new file is written under a temporary name and flushed;
/// 2. it is hard-linked into the history as `history/<id>/<n>.svg` (no copy);
/// 3. its line is appended to the version log and flushed, with the file's identity; then
///    the history folder is flushed if the version this one replaces has a name there that
///    was not flushed yet (every other change: see ``commit(_:over:as:remember:)``);
/// 4. the event it will make is noted in `.changes.pending`, and the old thumbnail removed;
/// 5. the file is renamed over `drawings/<id>.svg`: the change is made;
/// 6. the event is appended to the change journal and the note removed;
/// 7. the caches are refreshed: the index record, then the thumbnail (drawn meanwhile on a
///    second core, or, with a ``DrawingMemory``, drawn afterwards on a thread of the memory's).
///
/// A crash before 5 leaves the drawing as it was: the log's last line names a file that is not
/// the drawing, and the next reader sees that by the identity and drops it. A crash after 5
/// leaves the change made, and the next writer appends its event from the note. A thumbnail
/// is written only under the lock and only while its drawing's file is the one it was drawn
/// from, and a change removes it before its rename, so no thumbnail is ever older than its
/// drawing yet taken for current.
extension DocumentStore {
  /// A drawing as it is before a change, read under the lock.
  struct Present {
    let id: Identifier
    /// The drawing as its file holds it (without its rectangles once ``takeDrawing()`` took it).
    private(set) var drawing: Drawing
    /// The identity of its file.
    let identity: StoreFiles.Identity
    /// Its version log.
    let log: VersionLog
    /// The version the file is. When another program changed the file, a version not yet
    /// in the log, which the next change records first.
    let current: VersionRecord
    /// Whether `current` still has to be recorded.
    let changedOutside: Bool
    /// Version lines of a change cut short, to drop.
    let unfinished: [VersionLog.UnfinishedLine]

    /// Hands over the drawing to be changed, keeping only its id, times and title: were both
    /// to hold the rectangles, the first change would copy them all (a million of them, in a
    /// big drawing).
    mutating func takeDrawing() -> Drawing {
      let taken = drawing
      var emptied = taken.plane
      emptied.removeAll()
      drawing.plane = emptied
      return taken
    }
  }

  /// What a new version records besides its content.
  struct VersionStep {
    /// The change, in words.
    var words: String
    /// The edit whose result the version holds (see ``VersionRecord/did``).
    var did: String
    /// The version an undo from it brings back.
    var back: Int?
    /// The version a redo from it brings back.
    var forward: Int?
    /// How watchers hear of it.
    var kind: StoreEvent.Kind
  }

  // MARK: - Reading the present

  /// Reads a drawing and works out which version it is. Must run under the lock.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - withRectangles: `false` when the caller needs only the drawing's header (its id,
  ///     times, canvas and title), as a new version made from elsewhere does: a file that is
  ///     the version its log recorded was written whole by drawdoc, so its rectangles are not
  ///     read. A file another program changed is still read whole, and checked.
  /// - Returns: The drawing as it is, its file's identity, its version log and its version.
  /// - Throws: ``StoreError/noSuchDrawing(_:)`` (or ``StoreError/inTrash(_:)``),
  ///   ``StoreError/damagedDrawing(id:reason:)`` or an I/O error.
  func present(_ id: Identifier, withRectangles: Bool = true) throws(StoreError) -> Present {
    guard let identity = StoreFiles.identity(path(of: id)) else {
      throw missing(id)
    }
    var drawing = withRectangles ? try self.drawing(id) : nil
    let log = try VersionLog(path: versionLogPath(of: id))
    let (current, changedOutside, unfinished) = try currentRecord(
      of: id, log: log, identity: identity
    ) { () throws(StoreError) in
      if let drawing { return drawing }
      let whole = try self.drawing(id)
      drawing = whole
      return whole
    }
    let read: Drawing
    if let drawing {
      read = drawing
    } else {
      read = try header(of: id)
    }
    return Present(
      id: id, drawing: read, identity: identity, log: log, current: current,
      changedOutside: changedOutside, unfinished: unfinished)
  }

  /// The words of the first version kept of a drawing made before drawdoc kept histories.
  static let firstKeptWords = "as found when its history began"

  /// Whether a version's file is still the file its log line recorded.
  func isIntact(_ record: VersionRecord, of id: Identifier) -> Bool {
    StoreFiles.identity(versionPath(of: id, record.number)).map {
      record.file.matches($0, exactly: false)
    } ?? false
  }

  /// Why a drawing cannot be found: in the trash, or not there at all.
  func missing(_ id: Identifier) -> StoreError {
    StoreFiles.exists(trashPath(of: id)) ? .inTrash(id) : .noSuchDrawing(id.description)
  }

  /// Refuses a change made on version `base` when the drawing has changed since in a way
  /// that concerns it: any change, or with `rectangles`, a change to one of them.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - log: Its version log.
  ///   - current: The version it is now.
  ///   - plane: Its content now.
  ///   - base: The version the change was made on.
  ///   - rectangles: The rectangles the change touches, or `nil` for the whole drawing.
  ///   - known: A rectangle's value at `base` when it is known without reading that version
  ///     (`.some(nil)`: it was not there), else `nil`: the version's file is then read.
  /// - Throws: ``StoreError/conflict(id:version:current:)``.
  func check(
    _ id: Identifier, log: VersionLog, current: Int, plane: Plane, against base: Int,
    touching rectangles: [Identifier]?, known: (Identifier) -> Rectangle?? = { _ in nil }
  ) throws(StoreError) {
    guard base != current else { return }
    let conflict = StoreError.conflict(id: id, version: base, current: current)
    guard let rectangles, base < current else { throw conflict }
    guard !rectangles.isEmpty else { return }
    guard let record = keptRecord(base, of: id, log: log, current: current) else {
      throw conflict
    }
    var old: Drawing?
    for rectangle in rectangles {
      let before: Rectangle?
      if case .some(let value) = known(rectangle) {
        before = value
      } else {
        if old == nil {
          old = try? decodeVersion(of: id, file: versionPath(of: id, record.number))
        }
        guard let old else { throw conflict }
        before = old.plane[rectangle]
      }
      if before != plane[rectangle] { throw conflict }
    }
  }

  // MARK: - Writing a version

  /// Writes a new version of a drawing over the one `present` read. Must run under the lock.
  ///
  /// - Parameters:
  ///   - drawing: The new version.
  ///   - present: The drawing before.
  ///   - step: What the version records besides its content.
  ///   - remember: Whether a ``DrawingMemory`` keeps the new version, as one whose steps it
  ///     does not know; `false` when the caller puts it there itself.
  /// - Returns: The new version's record.
  /// - Throws: ``StoreError``; the drawing is then as it was.
  @discardableResult
  func commit(
    _ drawing: Drawing, over present: Present, as step: VersionStep, remember: Bool = true
  ) throws(StoreError) -> VersionRecord {
    let id = drawing.id
    try StoreFiles.createFolder(historyFolder(of: id))
    let picture = memory == nil ? ThumbnailDrawing(drawing.plane) : nil
    let prepared: StoreFiles.PreparedFile
    do {
      prepared = try prepare(drawing)
    } catch {
      _ = picture?.finish()
      throw error
    }
    let record: VersionRecord
    do {
      var log = present.log
      if !present.unfinished.isEmpty {
        try log.drop(present.unfinished)
        for line in present.unfinished {
          StoreFiles.removeQuietly(versionPath(of: id, line.number))
        }
        log = try VersionLog(path: log.path)
      }
      if present.changedOutside {
        // Keep what the other program wrote as a version of its own.
        let outside = present.current
        try recordingEvent(
          { sequence in
            StoreEvent(
              sequence: sequence, kind: .changed, id: id, version: outside.number,
              time: outside.time, title: outside.title, change: outside.change)
          },
          by: { () throws(StoreError) in
            try StoreFiles.link(path(of: id), as: versionPath(of: id, outside.number))
            try log.append(outside.line)
          })
        log = try VersionLog(path: log.path)
      }
      let number = present.current.number + 1
      // The version this one replaces stops being the drawing's file: its name in the history
      // must be on disk before the new file's is, or a power failure could lose it. A name
      // not flushed yet is flushed now, with the new version's, so that the next change need
      // not: the history folder is flushed every other change.
      let replacedIsFlushed =
        !present.changedOutside && present.current.linkFlushed
        && isIntact(present.current, of: id)
      if !present.changedOutside && !isIntact(present.current, of: id) {
        // Lost in a power failure while it was current: the drawing's file is that version.
        try StoreFiles.link(path(of: id), as: versionPath(of: id, present.current.number))
      }
      record = VersionRecord(
        number: number, time: drawing.modified, rectangles: drawing.plane.count,
        title: drawing.plane.title, change: step.words, did: step.did, back: step.back,
        forward: step.forward, file: prepared.identity, linkFlushed: !replacedIsFlushed)
      try put(
        prepared, as: record, in: log, kind: step.kind, drawing: drawing,
        flushHistory: !replacedIsFlushed)
      compactIfNeeded(log, of: id, newest: number)
    } catch {
      StoreFiles.discard(prepared)
      _ = picture?.finish()
      throw error
    }
    if remember {
      let previous = present.changedOutside ? nil : (present.current.number, present.identity)
      self.remember(drawing, as: record, after: previous)
    }
    // A caller that keeps the version in memory itself schedules its thumbnail once it has.
    refreshCaches(after: drawing, picture: picture, scheduling: remember)
    return record
  }

  /// Writes version 1 of a new drawing. Must run under the lock.
  func commitFirstVersion(_ drawing: Drawing, change words: String) throws(StoreError) {
    let id = drawing.id
    // A history left by a drawing emptied from the trash in a crash is not this drawing's.
    try StoreFiles.removeFolder(historyFolder(of: id))
    try StoreFiles.createFolder(historyFolder(of: id))
    let picture = memory == nil ? ThumbnailDrawing(drawing.plane) : nil
    let prepared: StoreFiles.PreparedFile
    do {
      prepared = try prepare(drawing)
    } catch {
      _ = picture?.finish()
      throw error
    }
    let record = VersionRecord(
      number: 1, time: drawing.modified, rectangles: drawing.plane.count,
      title: drawing.plane.title, change: words, did: words, back: nil, forward: nil,
      file: prepared.identity)
    do {
      try put(
        prepared, as: record, in: try VersionLog(path: versionLogPath(of: id)), kind: .created,
        drawing: drawing)
    } catch {
      StoreFiles.discard(prepared)
      _ = picture?.finish()
      throw error
    }
    remember(drawing, as: record, after: nil)
    refreshCaches(after: drawing, picture: picture)
  }

  /// Writes a drawing's file under a temporary name, flushed to disk.
  private func prepare(_ drawing: Drawing) throws(StoreError) -> StoreFiles.PreparedFile {
    try StoreFiles.createFolder(temporaryFolder)
    return try StoreFiles.prepare(path(of: drawing.id), in: temporaryFolder, flush: true) {
      (write) throws(StoreError) in
      try SVGEncoder.encode(drawing, emit: write)
    }
  }

  /// Steps 2 to 6: links the prepared file into the history, logs it, puts it in place and
  /// tells watchers.
  private func put(
    _ prepared: StoreFiles.PreparedFile, as record: VersionRecord, in log: VersionLog,
    kind: StoreEvent.Kind, drawing: Drawing, flushHistory: Bool = true
  ) throws(StoreError) {
    let id = drawing.id
    let versionFile = versionPath(of: id, record.number)
    try StoreFiles.link(prepared.temporaryPath, as: versionFile)
    do {
      try log.append(record.line)
    } catch {
      StoreFiles.removeQuietly(versionFile)
      throw error
    }
    if flushHistory { StoreFiles.syncFolder(historyFolder(of: id)) }
    try recordingEvent(
      { sequence in
        StoreEvent(
          sequence: sequence, kind: kind, id: id, version: record.number, time: record.time,
          title: drawing.plane.title, change: record.change)
      },
      by: { () throws(StoreError) in
        // Gone before the new file is in place: a thumbnail of the old version is never
        // taken for the new one's, whatever the clock's resolution.
        StoreFiles.removeQuietly(thumbnailPath(of: id))
        var failure: StoreError?
        do throws(StoreError) { try StoreFiles.commit(prepared) } catch { failure = error }
        if let failure {
          // Not made: the log's new line names a file that is not the drawing, so it is
          // dropped now rather than by the next reader.
          try? StoreFiles.truncate(log.path, to: Int64(log.completeLength))
          StoreFiles.removeQuietly(versionFile)
          throw failure
        }
      })
  }

  /// Makes a change and records its event in the journal, so that a watcher hears of every
  /// change made, once: the event is noted in `.changes.pending` before `change` runs, and
  /// appended after it; if the process dies in between, the next writer appends it. Must run
  /// under the lock.
  ///
  /// - Parameters:
  ///   - event: The event, given its sequence number.
  ///   - change: What puts the change in place; if it throws, no event is recorded.
  /// - Throws: What `change` throws, or an I/O error reading the journal. A failure to append
  ///   the event once the change is made is not thrown (the change is made): it is logged,
  ///   and the event stays pending for the next writer.
  func recordingEvent(
    _ event: (Int) -> StoreEvent, by change: () throws(StoreError) -> Void
  ) throws(StoreError) {
    let journal = self.journal
    let (sequence, endsMidLine) = try journal.lastSequence()
    let made = event(sequence + 1)
    journal.setPending(made)
    do {
      try change()
    } catch {
      journal.clearPending()
      throw error
    }
    do {
      try journal.append(made, endsMidLine: endsMidLine)
      journal.clearPending()
    } catch {
      log.error("could not append to \(journal.path): \(error); the next change will")
    }
  }

  // MARK: - Keeping the history bounded

  /// How many version lines a log may hold beyond the store's limit before it is compacted:
  /// compacting rewrites the log, so it is done once every so many changes, not every time.
  /// Views never show more than the limit.
  static func compactionSlack(for limit: Int) -> Int { max(1, limit / 10) }

  /// Drops the oldest versions beyond the store's limit from the log, then their files. A
  /// failure leaves them for the next change.
  private func compactIfNeeded(_ before: VersionLog, of id: Identifier, newest: Int) {
    let limit = settings.historyLimit
    // The log has just had a line added.
    guard before.lineCount + 1 > limit + Self.compactionSlack(for: limit),
      let current = try? VersionLog(path: versionLogPath(of: id))
    else { return }
    let (text, dropped) = current.compacted(keeping: limit)
    do {
      try StoreFiles.writeAtomically(text, to: current.path, temporaryFolder: temporaryFolder)
    } catch {
      log.error("could not compact the history of \(id): \(error)")
      return
    }
    // Files after the log, so no line ever names a missing file.
    for number in dropped where number != newest {
      StoreFiles.removeQuietly(versionPath(of: id, number))
    }
  }

  // MARK: - Tidying after a killed process

  /// Removes the temporary files of processes that died while writing, and appends the event
  /// of a change that was made by a process that died before appending it. Must run under the
  /// lock, before a change.
  func tidy() throws(StoreError) {
    if let names = try? StoreFiles.contents(of: temporaryFolder) {
      for name in names where StoreFiles.isAbandonedTemporary(name) {
        StoreFiles.removeQuietly("\(temporaryFolder)/\(name)")
      }
    }
    let journal = self.journal
    guard let event = journal.pending() else { return }
    let (sequence, endsMidLine) = try journal.lastSequence()
    if event.sequence == sequence + 1 && happened(event) {
      try journal.append(event, endsMidLine: endsMidLine)
    }
    journal.clearPending()
  }

  /// Whether the change an event records was made.
  private func happened(_ event: StoreEvent) -> Bool {
    switch event.kind {
    case .created, .changed, .renamed:
      guard let identity = StoreFiles.identity(path(of: event.id)),
        let log = try? VersionLog(path: versionLogPath(of: event.id)),
        case .recorded(let record, _) = log.standing(of: identity)
      else { return false }
      return record.number == event.version
    case .trashed:
      return StoreFiles.exists(trashPath(of: event.id))
    case .restored:
      return StoreFiles.exists(path(of: event.id))
    case .emptied:
      return !StoreFiles.exists(trashPath(of: event.id))
    }
  }
}
