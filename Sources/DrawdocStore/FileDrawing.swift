import DrawdocModel
import DrawdocSVG
import DrawdocSystem

/// A drawing kept in a file of its own, outside any store: a drawdoc SVG file in a git working
/// tree, say.
///
/// It is read strictly, as ``DrawdocSVG/SVGDecoder`` reads a store's files, and changed in
/// place with the store's guarantees for one file: locked against other drawdoc processes (by
/// `.NAME.lock` beside it, which exists only while a change holds it), replaced atomically (the
/// new file is written beside it, flushed to disk and renamed over it), its permission bits
/// kept. No store is opened: a file has no history, thumbnail or change journal — its history
/// is its version control's. A symbolic link stays a link: the file it leads to is changed.
///
/// A file that is not a drawdoc drawing (any other SVG file) is refused, never rewritten, and
/// so is a read-only file.
public struct FileDrawing: Sendable {
  /// The file, as given.
  public let path: String
  /// How long a change waits for another process's lock, in seconds.
  public let lockTimeout: Double

  /// Names a drawing file; nothing is read yet.
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - lockTimeout: How long a change waits for another process's lock, in seconds.
  public init(path: String, lockTimeout: Double = 10) {
    self.path = path
    self.lockTimeout = lockTimeout
  }

  /// Reads the drawing, strictly.
  ///
  /// - Returns: The drawing.
  /// - Throws: ``FileDrawingError/notFound(path:)``, ``FileDrawingError/unreadable(path:reason:)``
  ///   or ``FileDrawingError/notADrawing(path:line:column:reason:)``.
  public func read() throws(FileDrawingError) -> Drawing {
    try decode(path)
  }

  /// Changes the drawing in place: under its lock, reads it, lets `change` edit it and say what
  /// it did, and replaces the file atomically with `modified` set to `now`, keeping its
  /// permission bits. If `change` throws, or returns ``Change/unchanged``, nothing is written.
  ///
  /// - Parameters:
  ///   - now: The new modification time.
  ///   - change: The edit; returns what it did (as words of no history: only whether it did
  ///     anything counts).
  /// - Returns: The drawing as written (as read, when nothing changed).
  /// - Throws: ``FileDrawingError`` — ``FileDrawingError/readOnlyFile(path:permissions:)`` and
  ///   ``FileDrawingError/notADrawing(path:line:column:reason:)`` among others — or whatever
  ///   `change` throws; the file is then unchanged.
  @discardableResult
  public func update(at now: Timestamp, _ change: (inout Drawing) throws -> Change) throws
    -> Drawing
  {
    let target = try writableTarget()
    let lock = try FileDrawingLock(
      path: Self.lockPath(of: target), drawing: path, timeout: lockTimeout)
    defer { lock.release() }
    removeAbandonedTemporaries(of: target)
    // Read again under the lock: another process may have replaced the file meanwhile.
    let status = try writableStatus(of: target)
    var drawing = try decode(target)
    guard try change(&drawing) != .unchanged else { return drawing }
    drawing.modified = now
    do {
      try StoreFiles.writeAtomically(to: target, permissions: status.permissions) {
        (write) throws(StoreError) in
        try SVGEncoder.encode(drawing, emit: write)
      }
    } catch {
      guard case .io(_, let operation, let reason) = error else { throw error }
      throw FileDrawingError.io(path: path, operation: operation, reason: reason)
    }
    return drawing
  }

  /// The lock file of a drawing file: `.NAME.lock` in the same folder.
  static func lockPath(of target: String) -> String {
    let name = target.split(separator: "/").last.map(String.init) ?? target
    return StoreFiles.parent(of: target) + "/.\(name).lock"
  }

  // MARK: - Checks

  /// The file a change replaces (a symbolic link's target), once it is known to be a regular
  /// file that may be written, in a folder that may be written.
  private func writableTarget() throws(FileDrawingError) -> String {
    let target: String
    do throws(Errno) { target = try FileSystem.resolvedPath(path) } catch {
      if error == .noSuchFile { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: error.description)
    }
    _ = try writableStatus(of: target)
    let folder = StoreFiles.parent(of: target)
    do throws(Errno) { try FileSystem.checkWritable(folder) } catch {
      throw .readOnlyFolder(path: path, folder: folder, reason: error.description)
    }
    return target
  }

  /// The status of the file a change replaces, if it is a regular file that may be written.
  /// The mode bits are checked, not only `access`, which lets root write anything: a file
  /// made read-only is left as it is, whoever runs the change.
  private func writableStatus(of target: String) throws(FileDrawingError) -> FileStatus {
    let status: FileStatus
    do throws(Errno) { status = try FileSystem.status(of: target) } catch {
      if error == .noSuchFile { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: error.description)
    }
    guard status.isRegularFile else {
      throw .unreadable(path: path, reason: "it is not a regular file")
    }
    let writable = (try? FileSystem.checkWritable(target)) != nil
    guard status.permissions & 0o222 != 0, writable else {
      throw .readOnlyFile(path: path, permissions: status.permissions)
    }
    return status
  }

  // MARK: - Reading

  /// Reads a drawing file strictly, with errors that name the file as the user gave it.
  private func decode(_ file: String) throws(FileDrawingError) -> Drawing {
    do {
      return try SVGDecoder.decode(contentsOfFile: file)
    } catch .fileNotFound {
      throw .notFound(path: path)
    } catch .unreadableFile(_, let reason) {
      throw .unreadable(path: path, reason: reason)
    } catch {
      throw .notADrawing(
        path: path, line: error.line ?? 1, column: error.column ?? 1, reason: error.message)
    }
  }

  /// Removes the temporary files (`.NAME.PID.N.tmp`) that killed changes of this file left
  /// beside it; the caller holds the file's lock, under which every one of them is made.
  private func removeAbandonedTemporaries(of target: String) {
    let folder = StoreFiles.parent(of: target)
    let name = target.split(separator: "/").last.map(String.init) ?? target
    guard let names = try? StoreFiles.contents(of: folder) else { return }
    for candidate in names
    where candidate.hasPrefix(".\(name).") && StoreFiles.isAbandonedTemporary(candidate) {
      StoreFiles.removeQuietly("\(folder)/\(candidate)")
    }
  }
}
