import DrawdocModel
import DrawdocSVG

extension DocumentStore {
  // MARK: - Catching up

  /// What a page showing version `version` needs to catch up (the drawing app's `/changes`):
  /// the current drawing and its version, its history, and the drawing as version `version`
  /// held it (`nil` when the history does not keep that version, or when it is newer than
  /// the current one). With a ``memory`` that holds the versions in between, nothing is read
  /// but the version log; otherwise the drawing and that version are read from their files.
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - version: The version the page shows.
  /// - Returns: The three, as ``snapshot(of:)`` and ``drawing(_:version:)`` read them.
  /// - Throws: As ``snapshot(of:)``.
  package func snapshot(of id: Identifier, since version: Int) throws(StoreError) -> (
    revision: Revision, history: DrawingHistory, then: Drawing?
  ) {
    if let memory,
      let found = try withLock({ () throws(StoreError) in
        try catchUp(id, since: version, from: memory)
      })
    {
      memory.noteCatchUp()
      return found
    }
    let (revision, history) = try snapshot(of: id)
    guard version <= revision.version else { return (revision, history, nil) }
    do {
      return (revision, history, try drawing(id, version: version))
    } catch {
      guard case .noSuchVersion = error else { throw error }
      return (revision, history, nil)
    }
  }

  /// ``snapshot(of:since:)`` from the memory, or `nil` when it does not hold the drawing's
  /// current version and every step since `version`. Must run under the lock.
  private func catchUp(_ id: Identifier, since version: Int, from memory: DrawingMemory)
    throws(StoreError) -> (revision: Revision, history: DrawingHistory, then: Drawing?)?
  {
    let file = path(of: id)
    guard let identity = StoreFiles.identity(file) else { throw missing(id) }
    let log = try VersionLog(path: versionLogPath(of: id))
    guard case .recorded(let record, _) = log.standing(of: identity), version <= record.number,
      let (times, copies) = memory.read(
        file,
        {
          kept -> ((created: Timestamp, modified: Timestamp), (now: PlaneParts, then: PlaneParts))?
          in
          guard kept.identity == identity, kept.versions.current == record.number,
            let copies = kept.copies(since: version)
          else { return nil }
          return ((kept.drawing.created, kept.drawing.modified), copies)
        }),
      let now = copies.now.plane, let then = copies.then.plane
    else { return nil }
    let history = try self.history(of: id)
    let isKept = version == record.number || history.versions.contains { $0.number == version }
    return (
      Revision(
        drawing: Drawing(id: id, created: times.created, modified: times.modified, plane: now),
        version: record.number),
      history,
      isKept ? Drawing(id: id, created: times.created, modified: times.modified, plane: then) : nil
    )
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
    var source: (parts: PlaneParts, identity: StoreFiles.Identity)? = memory?.read(file) { kept in
      let plane = kept.drawing.plane
      return (
        PlaneParts(
          size: plane.size, title: plane.title,
          rectangles: plane.rectangles.withUnsafeBufferPointer { Array($0) }),
        kept.identity
      )
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
