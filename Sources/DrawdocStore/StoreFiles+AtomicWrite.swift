import DrawdocSystem

/// Atomic replacement of a file: written whole under a temporary name, flushed, then renamed
/// over its target, so that a reader sees the old file or the new one, never a mix.
extension StoreFiles {
  /// Replaces a file atomically: the bytes go to a temporary file in the same folder, which is
  /// flushed to disk and renamed over the target; then the folder is flushed, so the rename
  /// itself survives a crash. A reader sees the old file or the new one, never a mix.
  ///
  /// - Parameters:
  ///   - bytes: The new content.
  ///   - path: The file to replace or create.
  ///   - temporaryFolder: Where the temporary file is made (default: beside `path`).
  ///   - flush: Whether the content and the rename are flushed to disk.
  /// - Throws: ``StoreError/io(path:operation:reason:)``; the target is then unchanged.
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, temporaryFolder: String? = nil, flush: Bool = true
  ) throws(StoreError) {
    try writeAtomically(
      bytes, to: path, temporaryFolder: temporaryFolder, flush: flush, permissions: nil)
  }

  /// Replaces a file atomically, as ``writeAtomically(_:to:temporaryFolder:flush:)`` does,
  /// giving the new file these permission bits.
  ///
  /// - Parameters:
  ///   - bytes: The new content.
  ///   - path: The file to replace or create.
  ///   - temporaryFolder: Where the temporary file is made (default: beside `path`).
  ///   - flush: Whether the content and the rename are flushed to disk.
  ///   - permissions: The new file's permission bits, exactly (`nil`: `0644` less the umask);
  ///     the file never has more than these, not even while it is written.
  /// - Throws: ``StoreError/io(path:operation:reason:)``; the target is then unchanged.
  package static func writeAtomically(
    _ bytes: [UInt8], to path: String, temporaryFolder: String? = nil, flush: Bool = true,
    permissions: UInt16?
  ) throws(StoreError) {
    try writeAtomically(
      to: path, temporaryFolder: temporaryFolder, flush: flush, permissions: permissions
    ) {
      (write) throws(StoreError) in
      var failure: StoreError?
      bytes.withUnsafeBytes { buffer in
        do throws(StoreError) { try write(buffer) } catch { failure = error }
      }
      if let failure { throw failure }
    }
  }

  /// Replaces a file atomically, as ``writeAtomically(_:to:temporaryFolder:flush:)`` does,
  /// with content made a piece at a time: a big drawing is written without ever holding all
  /// of its bytes.
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - temporaryFolder: Where the temporary file is made (default: beside `path`); it must
  ///     be on the same file system.
  ///   - flush: Whether the content and the rename are flushed to disk. Caches skip it: a
  ///     cache lost in a power failure is made again.
  ///   - produce: Called once; passes each piece, in order, to the function it receives.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` or what `produce` throws; the target
  ///   is then unchanged.
  package static func writeAtomically(
    to path: String, temporaryFolder: String? = nil, flush: Bool = true,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(StoreError) {
    try writeAtomically(
      to: path, temporaryFolder: temporaryFolder, flush: flush, permissions: nil, produce)
  }

  /// Replaces a file atomically, as ``writeAtomically(to:temporaryFolder:flush:_:)`` does,
  /// giving the new file these permission bits.
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - temporaryFolder: Where the temporary file is made (default: beside `path`).
  ///   - flush: Whether the content and the rename are flushed to disk.
  ///   - permissions: The new file's permission bits, exactly (`nil`: `0644` less the umask);
  ///     the file is made with no more than these, so it is never more open while it is
  ///     written.
  ///   - produce: Called once; passes each piece, in order, to the function it receives.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` or what `produce` throws; the target
  ///   is then unchanged.
  package static func writeAtomically(
    to path: String, temporaryFolder: String? = nil, flush: Bool = true,
    permissions: UInt16?,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(StoreError) {
    let prepared = try prepare(
      path, in: temporaryFolder ?? parent(of: path), flush: flush, permissions: permissions,
      produce)
    try commit(prepared, flush: flush)
  }

  /// A file written in full under a temporary name, waiting to be renamed over its target.
  package struct PreparedFile: Sendable {
    /// The temporary file.
    let temporaryPath: String
    /// The file it will replace.
    let target: String
    /// The temporary file's identity, which the rename keeps.
    let identity: Identity
  }

  /// Writes a file under a temporary name (`.<name>.<pid>.<random>.tmp`) in `folder`, flushed
  /// to disk if asked: the first half of an atomic replacement.
  ///
  /// - Returns: The file, for ``commit(_:flush:)`` or ``discard(_:)``.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` or what `produce` throws; nothing is
  ///   then left behind.
  static func prepare(
    _ path: String, in folder: String, flush: Bool, permissions: UInt16? = nil,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(StoreError) -> PreparedFile {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary =
      "\(folder)/.\(name).\(CurrentProcess.id).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(
        temporary, .writeOnly, options: [.create, .exclusive], permissions: permissions ?? 0o644)
    } catch {
      throw .io(path: path, operation: "create a temporary file for", reason: error.description)
    }
    var written = 0
    var flushing = 0
    func writePiece(_ buffer: UnsafeRawBufferPointer) throws(StoreError) {
      do throws(Errno) { try file.writeAll(buffer) } catch {
        throw .io(path: path, operation: "write", reason: error.description)
      }
      written += buffer.count
      // A file that will be flushed starts going to disk while the rest is made, so that the
      // flush at the end waits for little more than the last few pieces.
      if flush, written - flushing >= earlyFlushSize {
        file.startWriteback(offset: Int64(flushing), length: Int64(written - flushing))
        flushing = written
      }
    }
    var failure: StoreError?
    var status: FileStatus?
    do throws(StoreError) {
      try produce(writePiece)
      if let permissions {
        do throws(Errno) { try file.setPermissions(permissions) } catch {
          throw .io(path: path, operation: "set the permissions of", reason: error.description)
        }
      }
      if flush {
        do throws(Errno) { try file.sync() } catch {
          throw .io(path: path, operation: "flush", reason: error.description)
        }
        noteFlush(path)
      }
      do throws(Errno) { status = try file.status() } catch {
        throw .io(path: path, operation: "read the status of", reason: error.description)
      }
    } catch {
      failure = error
    }
    file.close()
    guard failure == nil, let status else {
      try? FileSystem.remove(temporary)
      throw failure ?? .io(path: path, operation: "write", reason: "unknown")
    }
    return PreparedFile(temporaryPath: temporary, target: path, identity: Identity(status))
  }

  /// Renames a prepared file over its target, then flushes the target's folder if asked, so the
  /// rename itself survives a power failure. A reader sees the old file or the new one.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``; the temporary file is then removed
  ///   and the target unchanged.
  static func commit(_ prepared: PreparedFile, flush: Bool = true) throws(StoreError) {
    do throws(Errno) { try FileSystem.rename(prepared.temporaryPath, to: prepared.target) } catch {
      try? FileSystem.remove(prepared.temporaryPath)
      throw .io(path: prepared.target, operation: "replace", reason: error.description)
    }
    if flush { syncFolder(parent(of: prepared.target)) }
  }

  /// Removes a prepared file that will not be committed.
  static func discard(_ prepared: PreparedFile) {
    try? FileSystem.remove(prepared.temporaryPath)
  }

  /// How many bytes of a file being written are handed to the disk at a time, before the flush
  /// at the end.
  static let earlyFlushSize = 8 << 20
}
