import DrawdocModel
import DrawdocSVG
import DrawdocSystem

extension DocumentStore {
  // MARK: - Catching up

  /// What a page showing version `version` needs to catch up with the current one (the
  /// drawing app's `/changes`), read under the lock. With a ``memory`` that holds the current
  /// version and every step since `version`, nothing is read but the version log, and the
  /// answer costs what changed; otherwise both versions are read from their files and
  /// compared whole. The answer is the same either way.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version the page shows.
  /// - Returns: What changed, with the current version and the history.
  /// - Throws: As ``snapshot(of:)``.
  package func catchUp(_ id: Identifier, since version: Int) throws(StoreError)
    -> DrawingCatchUp
  {
    if let memory,
      let found = try withLock({ () throws(StoreError) in
        try catchUp(id, since: version, from: memory)
      })
    {
      memory.noteCatchUp()
      return found
    }
    let (revision, history) = try snapshot(of: id)
    var old: Drawing?
    if version <= revision.version {
      do {
        old = try drawing(id, version: version)
      } catch {
        guard case .noSuchVersion = error else { throw error }
      }
    }
    return DrawingCatchUp(revision: revision, history: history, old: old)
  }

  /// ``catchUp(_:since:)`` from the memory, or `nil` when it does not hold the drawing's
  /// current version and every step since `version`. Must run under the lock.
  private func catchUp(_ id: Identifier, since version: Int, from memory: DrawingMemory)
    throws(StoreError) -> DrawingCatchUp?
  {
    let file = path(of: id)
    guard let identity = StoreFiles.identity(file) else { throw missing(id) }
    let log = try VersionLog(path: versionLogPath(of: id))
    guard case .recorded(let record, _) = log.standing(of: identity), version <= record.number
    else { return nil }
    let history = try self.history(of: id)
    let isKept = version == record.number || history.versions.contains { $0.number == version }
    typealias Header = (created: Timestamp, modified: Timestamp, title: String, count: Int)
    enum Found: Sendable {
      /// Told from the steps (`nil`: the page reads the whole drawing).
      case told(Header, DrawingCatchUp.Changes?)
      /// Copies of both versions, to compare whole.
      case copies(Header, now: PlaneParts, then: PlaneParts)
    }
    let found = memory.read(file) { kept -> Found? in
      guard kept.identity == identity, kept.versions.current == record.number else {
        return nil
      }
      let drawing = kept.drawing
      let header = (drawing.created, drawing.modified, drawing.plane.title, drawing.plane.count)
      guard isKept else { return .told(header, nil) }
      if let (changes, sameCanvas) = kept.changes(since: version) {
        return .told(header, sameCanvas ? changes : nil)
      }
      return kept.copies(since: version).map { .copies(header, now: $0.now, then: $0.then) }
    }
    switch found {
    case nil: return nil
    case .told(let header, let changes):
      return DrawingCatchUp(
        version: record.number, history: history, title: header.title,
        modified: header.modified, count: header.count, changes: changes)
    case .copies(let header, let now, let then):
      guard let new = now.plane, let old = then.plane else { return nil }
      return DrawingCatchUp(
        revision: Revision(
          drawing: Drawing(id: id, created: header.created, modified: header.modified, plane: new),
          version: record.number),
        history: history,
        old: Drawing(id: id, created: header.created, modified: header.modified, plane: old))
    }
  }

  // MARK: - Keeping versions

  /// Has the ``memory`` keep a version just committed by other means than a change through it
  /// (a new drawing, undo, redo, a restored or saved version), as one whose steps it does not
  /// know. Must run under the lock.
  ///
  /// - Parameters:
  ///   - drawing: The version.
  ///   - record: Its record.
  ///   - previous: The version it replaced and its file's identity, if the log records it.
  func remember(
    _ drawing: Drawing, as record: VersionRecord,
    after previous: (number: Int, identity: StoreFiles.Identity)?
  ) {
    guard let memory else { return }
    let file = path(of: drawing.id)
    let old = memory.checkOut(file)
    var steps: [VersionSteps] = []
    if let previous, let old, old.identity == previous.identity,
      old.versions.current == previous.number, previous.number == record.number - 1
    {
      steps = old.versions.steps
      steps.append(
        VersionSteps(
          version: record.number, edits: nil, size: drawing.plane.size,
          title: drawing.plane.title))
    }
    memory.checkIn(
      file,
      KeptDrawing(
        drawing: drawing, identity: record.file,
        versions: KeptVersions(current: record.number, steps: steps)))
  }

  // MARK: - Thumbnails

  /// Draws a drawing's thumbnail from the memory's copy (or its file) and writes it, under the
  /// lock, if the file is still the one it was drawn from.
  func drawThumbnail(of id: Identifier) {
    let file = path(of: id)
    var source: (parts: PlaneParts, identity: StoreFiles.Identity)?
    // A drawing being changed is waited for (a change takes milliseconds): the change may
    // leave it as it is, and reading its file meanwhile would cost the whole drawing.
    let started = MonotonicClock.seconds()
    while let memory, source == nil {
      let reading = memory.reading(file) { kept in
        let plane = kept.drawing.plane
        return (
          PlaneParts(
            size: plane.size, title: plane.title,
            rectangles: plane.rectangles.withUnsafeBufferPointer { Array($0) }),
          kept.identity
        )
      }
      switch reading {
      case .kept(let copy): source = copy
      case .absent: break
      case .changing:
        guard MonotonicClock.seconds() - started < lockTimeout else { return }
        MonotonicClock.sleep(seconds: 0.001)
        continue
      }
      break
    }
    if source == nil, let identity = StoreFiles.identity(file), let drawing = try? self.drawing(id)
    {
      source = (
        PlaneParts(
          size: drawing.plane.size, title: drawing.plane.title,
          rectangles: drawing.plane.rectangles),
        identity
      )
    }
    guard let source, let plane = source.parts.plane,
      let picture = try? Thumbnail.png(for: plane),
      let lock = try? StoreLock(path: lockPath, timeout: lockTimeout, forWriting: true)
    else { return }
    withExtendedLifetime(lock) {
      guard StoreFiles.identity(file) == source.identity else { return }
      try? StoreFiles.createFolder(temporaryFolder)
      try? StoreFiles.writeAtomically(
        picture, to: thumbnailPath(of: id), temporaryFolder: temporaryFolder, flush: false)
    }
  }
}
