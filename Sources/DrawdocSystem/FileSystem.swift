#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The operations on paths that drawdoc makes: status, folders, links, renames, removal,
/// whole-file reads and mapped reads. Each failure throws the ``Errno`` of its C call.
package enum FileSystem {
  /// The status of a path, following a symbolic link.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `stat`.
  package static func status(of path: String) throws(Errno) -> FileStatus {
    var status = stat()
    _ = try retryingInterrupts { stat(path, &status) }
    return FileStatus(status)
  }

  /// The status of a path itself, not of what a symbolic link there leads to.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `lstat`.
  package static func linkStatus(of path: String) throws(Errno) -> FileStatus {
    var status = stat()
    _ = try retryingInterrupts { lstat(path, &status) }
    return FileStatus(status)
  }

  /// Whether something is at the path. The corresponding C function is `access`.
  package static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Whether this process may write the file or folder. The corresponding C function is
  /// `access`.
  ///
  /// - Throws: ``Errno``: why it may not.
  package static func checkWritable(_ path: String) throws(Errno) {
    if access(path, W_OK) != 0 { throw Errno.current }
  }

  /// Makes a folder.
  ///
  /// - Throws: ``Errno``, ``Errno/exists`` when something is there. The corresponding C
  ///   function is `mkdir`.
  package static func makeDirectory(_ path: String, permissions: UInt16 = 0o755) throws(Errno) {
    _ = try retryingInterrupts { mkdir(path, mode_t(permissions)) }
  }

  /// Removes an empty folder.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `rmdir`.
  package static func removeDirectory(_ path: String) throws(Errno) {
    _ = try retryingInterrupts { rmdir(path) }
  }

  /// Removes a file's name (the file itself once no name and no open file is left).
  ///
  /// - Throws: ``Errno``. The corresponding C function is `unlink`.
  package static func remove(_ path: String) throws(Errno) {
    _ = try retryingInterrupts { unlink(path) }
  }

  /// Renames a file or folder, replacing what `target` names, atomically.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `rename`.
  package static func rename(_ source: String, to target: String) throws(Errno) {
    _ = try retryingInterrupts { systemRename(source, target) }
  }

  /// Gives a file a second name (a hard link).
  ///
  /// - Throws: ``Errno``. The corresponding C function is `link`.
  package static func link(_ source: String, as target: String) throws(Errno) {
    _ = try retryingInterrupts { systemLink(source, target) }
  }

  /// Shortens (or lengthens with zeros) a file to `size` bytes.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `truncate`.
  package static func truncate(_ path: String, to size: Int64) throws(Errno) {
    _ = try retryingInterrupts { systemTruncate(path, off_t(size)) }
  }

  /// Sets a file's access and modification times.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `utimensat`.
  package static func setModificationTime(
    of path: String, seconds: Int64, nanoseconds: Int64
  ) throws(Errno) {
    let time = timespec(tv_sec: time_t(seconds), tv_nsec: Int(nanoseconds))
    var times = [time, time]
    _ = try retryingInterrupts { utimensat(AT_FDCWD, path, &times, 0) }
  }

  /// Flushes a folder's entries (a rename, a new name, a removal) to the disk; does nothing
  /// when the folder cannot be opened.
  package static func syncDirectory(_ path: String) {
    guard let folder = try? FileDescriptor.open(path, .readOnly, options: .directory) else {
      return
    }
    try? folder.sync()
    folder.close()
  }

  /// The current folder. The corresponding C function is `getcwd`.
  package static var currentDirectory: String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return nil }
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The path with every symbolic link, `.` and `..` resolved: where a file that is replaced
  /// by a rename really is, so that the link stays a link.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `realpath`.
  package static func resolvedPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(path, nil) else { throw Errno.current }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// Reads a whole file (`-` is not special here), at most `limit` bytes.
  ///
  /// - Returns: The bytes, and whether the file had more than `limit`.
  /// - Throws: ``Errno``; ``Errno/isDirectory`` for a folder.
  package static func read(_ path: String, atMost limit: Int = .max) throws(Errno)
    -> (bytes: [UInt8], cut: Bool)
  {
    let file = try FileDescriptor.open(path, .readOnly)
    defer { file.close() }
    if try file.status().isDirectory { throw Errno.isDirectory }
    return try file.readToEnd(atMost: limit)
  }

  /// Reads a whole file.
  ///
  /// - Throws: ``Errno``; ``Errno/isDirectory`` for a folder.
  package static func read(_ path: String) throws(Errno) -> [UInt8] {
    try read(path, atMost: .max).bytes
  }

  /// Maps a whole file into memory, read-only, with every page loaded at once where the
  /// system can (`MAP_POPULATE` on Linux), and passes its bytes to `body`: cheaper than reading
  /// into fresh memory, which the kernel must zero and fault in page by page. The bytes must
  /// not change while they are mapped: map only files that are replaced by renames.
  ///
  /// - Throws: ``Errno``. The corresponding C functions are `open`, `fstat`, `mmap`, `munmap`.
  package static func withMappedFile<Result>(
    _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(Errno) -> Result {
    let file = try FileDescriptor.open(path, .readOnly)
    defer { file.close() }
    let size = Int(try file.status().size)
    guard size > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE
    #endif
    guard let address = mmap(nil, size, PROT_READ, flags, file.rawValue, 0),
      address != MAP_FAILED
    else { throw Errno.current }
    defer { munmap(address, size) }
    return body(
      UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size))
  }
}

// MARK: - C calls that functions of the same names hide inside the type

private func systemRename(_ source: String, _ target: String) -> Int32 { rename(source, target) }

private func systemLink(_ source: String, _ target: String) -> Int32 { link(source, target) }

private func systemTruncate(_ path: String, _ size: off_t) -> Int32 { truncate(path, size) }
