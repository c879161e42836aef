import DrawdocLog
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocSystem

extension DocumentStore {
  /// The file of a drawing's thumbnail.
  ///
  /// - Parameter id: The drawing's id.
  /// - Returns: `thumbnails/<id>.png` inside the store.
  public func thumbnailPath(of id: Identifier) -> String { "\(thumbnailsFolder)/\(id).png" }

  /// Whether a drawing's thumbnail was made from the drawing file as it is now: it is written
  /// after the drawing, while the drawing file is still the one it was drawn from, and a
  /// change removes it before it replaces the file; so it is current when it is not older
  /// than the drawing file.
  ///
  /// - Parameter id: The drawing's id.
  /// - Returns: The thumbnail's state.
  public func thumbnailState(of id: Identifier) -> Thumbnail.State {
    guard let picture = StoreFiles.signature(thumbnailPath(of: id)) else { return .missing }
    guard let drawing = StoreFiles.signature(path(of: id)) else { return .stale }
    let pictureTime = (picture.modifiedSeconds, picture.modifiedNanoseconds)
    let drawingTime = (drawing.modifiedSeconds, drawing.modifiedNanoseconds)
    return pictureTime >= drawingTime ? .current : .stale
  }

  /// How long ``thumbnail(of:)`` waits for a thumbnail that a ``memory`` is about to draw
  /// before it draws one itself, in seconds.
  static let thumbnailWait = 0.2

  /// A drawing's thumbnail: the cached file when it is current, else drawn now (and kept,
  /// where the store can be written).
  ///
  /// With a ``memory`` that is about to draw it after a change, it waits for that one, but
  /// only up to 0.2 seconds: a drawing changed faster than its thumbnail is drawn would
  /// otherwise keep every request for it waiting, and a server has few threads to answer with.
  /// After that it draws the thumbnail now, from the drawing's file as it is, without the
  /// store lock, so that neither the changes nor the other requests wait for it; it keeps the
  /// picture only if the lock is free at once and the file is still the one it was drawn
  /// from (otherwise the memory's thread or a later request does). It never answers with a
  /// thumbnail older than the drawing: a request waits at most 0.2 seconds and one drawing's
  /// read and render.
  ///
  /// - Parameter id: The drawing.
  /// - Returns: PNG bytes.
  /// - Throws: ``StoreError`` if the drawing cannot be read.
  public func thumbnail(of id: Identifier) throws(StoreError) -> [UInt8] {
    if let memory {
      memory.thumbnails.wait(for: path(of: id), timeout: Self.thumbnailWait)
      if let bytes = currentThumbnail(of: id) { return bytes }
      return try thumbnailDrawnNow(of: id)
    }
    if let bytes = currentThumbnail(of: id) { return bytes }
    // Under the lock, so that a change cannot slip in between the reading and the writing.
    return try withLock { () throws(StoreError) in
      // Again: the change that held the lock may have just written it.
      if let bytes = currentThumbnail(of: id) { return bytes }
      let drawing = try self.drawing(id)
      guard let picture = try? Thumbnail.png(for: drawing.plane) else {
        throw .damagedDrawing(id: id, reason: "its thumbnail cannot be drawn")
      }
      try? StoreFiles.writeAtomically(
        picture, to: thumbnailPath(of: id), temporaryFolder: temporaryFolder, flush: false)
      return picture
    }
  }

  /// Draws a drawing's thumbnail from its file without the store lock, and keeps it if the
  /// lock is free at once and the file is still the one it was drawn from.
  private func thumbnailDrawnNow(of id: Identifier) throws(StoreError) -> [UInt8] {
    let file = path(of: id)
    // Taken before the read: a file replaced meanwhile no longer has it, and its picture is
    // not kept.
    let identity = StoreFiles.identity(file)
    let drawing = try self.drawing(id)
    guard let picture = try? Thumbnail.png(for: drawing.plane) else {
      throw .damagedDrawing(id: id, reason: "its thumbnail cannot be drawn")
    }
    if let identity, let lock = try? StoreLock(path: lockPath, timeout: 0, forWriting: true) {
      withExtendedLifetime(lock) {
        guard StoreFiles.identity(file) == identity, thumbnailState(of: id) != .current else {
          return
        }
        try? StoreFiles.createFolder(temporaryFolder)
        try? StoreFiles.writeAtomically(
          picture, to: thumbnailPath(of: id), temporaryFolder: temporaryFolder, flush: false)
      }
    }
    return picture
  }

  /// The thumbnail file's bytes, if it is current.
  private func currentThumbnail(of id: Identifier) -> [UInt8]? {
    guard thumbnailState(of: id) == .current else { return nil }
    return try? StoreFiles.read(thumbnailPath(of: id))
  }

  /// Makes every missing or stale thumbnail again, under the store lock.
  ///
  /// - Returns: How many thumbnails were made.
  /// - Throws: ``StoreError`` if the store cannot be locked or read.
  @discardableResult
  public func refreshThumbnails() throws(StoreError) -> Int {
    memory?.thumbnails.wait(for: nil, timeout: lockTimeout)
    return try withWriteLock { () throws(StoreError) in
      var made = 0
      for case .drawing(let entry) in try listing().drawings
      where thumbnailState(of: entry.id) != .current {
        guard let drawing = try? self.drawing(entry.id) else { continue }
        if writeThumbnail(of: drawing) { made += 1 }
      }
      return made
    }
  }

  /// Every drawing, newest first, with its thumbnail and its file's `file://` URL: what a
  /// page of all the drawings shows. Missing and stale thumbnails are made again and kept,
  /// where the store can be written; a store the user may only read gets them all the same.
  ///
  /// - Returns: The drawings, and the ids of the drawing files that cannot be read.
  /// - Throws: ``StoreError``.
  public func listingWithThumbnails() throws(StoreError) -> (
    drawings: [ThumbnailedDrawing], damaged: [Identifier]
  ) {
    memory?.thumbnails.wait(for: nil, timeout: lockTimeout)
    var made: [Identifier: [UInt8]] = [:]
    let rows = try withLock { () throws(StoreError) in
      let rows = try listing().drawings
      for case .drawing(let entry) in rows where thumbnailState(of: entry.id) != .current {
        guard let drawing = try? self.drawing(entry.id),
          let picture = try? Thumbnail.png(for: drawing.plane)
        else { continue }
        made[entry.id] = picture
        try? StoreFiles.writeAtomically(
          picture, to: thumbnailPath(of: entry.id), temporaryFolder: temporaryFolder, flush: false)
      }
      return rows
    }
    var drawings: [ThumbnailedDrawing] = []
    var damaged: [Identifier] = []
    for row in rows {
      switch row {
      case .drawing(let entry):
        drawings.append(
          ThumbnailedDrawing(
            entry: entry,
            thumbnail: made[entry.id] ?? (try? StoreFiles.read(thumbnailPath(of: entry.id))),
            fileURL: StoreFiles.fileURL(StoreFiles.absolute(path(of: entry.id)))))
      case .damaged(let id, _):
        damaged.append(id)
      }
    }
    return (drawings, damaged)
  }

  /// Renders and writes a drawing's thumbnail. A thumbnail is only a cache: it is not flushed
  /// to disk, and if it cannot be made, the old one is removed and the failure logged, and the
  /// command goes on.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - picture: The thumbnail already drawn (or the failure to draw it), else `nil`.
  /// - Returns: Whether the thumbnail was written.
  @discardableResult
  func writeThumbnail(of drawing: Drawing, picture: Result<[UInt8], RasterError>? = nil) -> Bool {
    let target = thumbnailPath(of: drawing.id)
    do {
      let bytes = try picture?.get() ?? Thumbnail.png(for: drawing.plane)
      try StoreFiles.writeAtomically(
        bytes, to: target, temporaryFolder: temporaryFolder, flush: false)
      return true
    } catch {
      log.error("could not write the thumbnail \(target): \(error)")
      try? StoreFiles.remove(target)
      return false
    }
  }
}
