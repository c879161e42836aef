import DrawdocSVG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The few POSIX file operations the store needs, each turning `errno` into a ``StoreError``.
package enum FileSystem {
  /// The size and modification time of a file: what tells the index a drawing changed.
  package struct Signature: Hashable, Sendable {
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64
  }

  static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }

  /// Creates a folder and its parents if they are missing.
  static func createFolder(_ path: String) throws(StoreError) {
    // Usually the folder or its parent is there: one call.
    if mkdir(path, 0o755) == 0 || errno == EEXIST { return }
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/\(component)"
      if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
        throw .io(path: prefix, operation: "create the folder", reason: errorText(errno))
      }
    }
  }

  /// Whether a file exists.
  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// The signature of a file, or `nil` if it does not exist.
  static func signature(_ path: String) -> Signature? {
    identity(path)?.signature
  }

  /// What tells one file from another: its inode, size and modification time. A hard link
  /// and a rename keep all four; a new version written beside and renamed over has another
  /// inode, and an edit in place another size or time.
  package struct Identity: Hashable, Sendable {
    package var inode: UInt64
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64

    var signature: Signature {
      Signature(
        size: size, modifiedSeconds: modifiedSeconds, modifiedNanoseconds: modifiedNanoseconds)
    }

    init(inode: UInt64, size: Int64, modifiedSeconds: Int64, modifiedNanoseconds: Int64) {
      self.inode = inode
      self.size = size
      self.modifiedSeconds = modifiedSeconds
      self.modifiedNanoseconds = modifiedNanoseconds
    }

    init(_ status: stat) {
      inode = UInt64(status.st_ino)
      size = Int64(status.st_size)
      #if os(Linux)
        let modified = status.st_mtim
      #else
        let modified = status.st_mtimespec
      #endif
      modifiedSeconds = Int64(modified.tv_sec)
      modifiedNanoseconds = Int64(modified.tv_nsec)
    }

    /// Whether `other` is this file, or a copy of it that kept its size and time (a store
    /// copied without its hard links).
    func matches(_ other: Identity, exactly: Bool) -> Bool {
      signature == other.signature && (!exactly || inode == other.inode)
    }
  }

  /// The identity of a file, or `nil` if it does not exist.
  static func identity(_ path: String) -> Identity? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Identity(status)
  }

  /// The name in a directory entry, read in place up to its NUL: an entry is only as long as
  /// its name, so copying the whole 256-byte `d_name` array would read past the last entry
  /// of the C library's buffer.
  private static func name(of entry: UnsafeMutablePointer<dirent>) -> String {
    let capacity = MemoryLayout<dirent>.size - (MemoryLayout<dirent>.offset(of: \.d_name) ?? 0)
    return withUnsafeMutablePointer(to: &entry.pointee.d_name) { field in
      field.withMemoryRebound(to: CChar.self, capacity: capacity) { String(cString: $0) }
    }
  }

  /// The names in a folder, without `.` and `..`.
  static func contents(of path: String) throws(StoreError) -> [String] {
    guard let folder = opendir(path) else {
      throw .io(path: path, operation: "list the folder", reason: errorText(errno))
    }
    defer { closedir(folder) }
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = Self.name(of: entry)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The names in a folder that end in `suffix`, with their signatures; names of temporary
  /// files (ending in `.tmp`) go to `temporaries`.
  ///
  /// Each file is statted relative to the open folder, so the kernel does not walk the whole
  /// path, and on a few threads at once: with thousands of drawings, `stat` is most of what
  /// `list` waits for. `meanwhile` runs on one of those threads, beside the statting.
  static func signatures(
    in path: String, suffix: String, temporaries: inout [String], meanwhile: () -> Void = {}
  ) throws(StoreError) -> [(name: String, signature: Signature)] {
    // The folder opened by hand, not `dirfd(opendir(path))`: Darwin's `dirfd` is a macro,
    // which Swift cannot call.
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0, let folder = fdopendir(descriptor) else {
      let code = errno
      if descriptor >= 0 { close(descriptor) }
      throw .io(path: path, operation: "list the folder", reason: errorText(code))
    }
    defer { closedir(folder) }  // which closes `descriptor`
    var names: [String] = []
    while let entry = readdir(folder) {
      let name = Self.name(of: entry)
      if name.hasSuffix(suffix) {
        names.append(name)
      } else if name.hasSuffix(".tmp") {
        temporaries.append(name)
      }
    }
    var found = [Signature?](repeating: nil, count: names.count)
    found.withUnsafeMutableBufferPointer { found in
      // Threads only pay off for many files: then parts of 256 keep both cores of a small
      // machine busy to the end. Part 0 is `meanwhile`.
      let partSize = names.count < 512 ? max(names.count, 1) : 256
      let parts = (names.count + partSize - 1) / partSize
      Parallel.forEach(1 + parts, extraThreads: parts > 1 ? 1 : 0) { part in
        guard part > 0 else { return meanwhile() }
        let start = (part - 1) * partSize
        for index in start..<min(start + partSize, names.count) {
          var status = stat()
          guard fstatat(descriptor, names[index], &status, 0) == 0 else { continue }
          found[index] = Identity(status).signature
        }
      }
    }
    return zip(names, found).compactMap { name, signature in
      signature.map { (name, $0) }
    }
  }

  /// Maps a whole file into memory, read-only with every page loaded at once, and passes its
  /// bytes to `body`: cheaper than reading into fresh memory, which the kernel must zero and
  /// fault in page by page. The store replaces files by renaming them, never in place, so the
  /// bytes do not change while they are mapped.
  static func withMappedFile<Result>(
    _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(StoreError) -> Result {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "open", reason: errorText(errno))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .io(path: path, operation: "read", reason: errorText(errno))
    }
    let size = Int(status.st_size)
    guard size > 0 else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
    #if os(Linux)
      let flags = MAP_PRIVATE | MAP_POPULATE
    #else
      let flags = MAP_PRIVATE
    #endif
    guard let address = mmap(nil, size, PROT_READ, flags, descriptor, 0), address != MAP_FAILED
    else {
      throw .io(path: path, operation: "read", reason: errorText(errno))
    }
    defer { munmap(address, size) }
    return body(
      UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size))
  }

  /// Reads a whole file.
  static func read(_ path: String) throws(StoreError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "open", reason: errorText(errno))
    }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 * 1024)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, operation: "read", reason: errorText(errno))
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

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
    try writeAtomically(to: path, temporaryFolder: temporaryFolder, flush: flush) {
      (write) throws(StoreError) in
      var failure: StoreError?
      bytes.withUnsafeBytes { buffer in
        do throws(StoreError) { try write(buffer) } catch { failure = error }
      }
      if let failure { throw failure }
    }
  }

  /// Replaces a file atomically, as ``writeAtomically(_:to:)`` does, with content made a piece
  /// at a time: a big drawing is written without ever holding all of its bytes.
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
    let prepared = try prepare(
      path, in: temporaryFolder ?? parent(of: path), flush: flush, produce)
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
    _ path: String, in folder: String, flush: Bool,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(StoreError) -> PreparedFile {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    let temporary = "\(folder)/.\(name).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "create a temporary file for", reason: errorText(errno))
    }
    var written = 0
    var flushing = 0
    func writePiece(_ buffer: UnsafeRawBufferPointer) throws(StoreError) {
      try writeAll(buffer, to: descriptor, path: path)
      written += buffer.count
      #if os(Linux)
        // A file that will be flushed starts going to disk while the rest is made, so that
        // the flush at the end waits for little more than the last few pieces.
        if flush, written - flushing >= earlyFlushSize {
          startWriteback?(descriptor, Int64(flushing), Int64(written - flushing), 2)
          flushing = written
        }
      #endif
    }
    var failure: StoreError?
    do {
      try produce(writePiece)
    } catch {
      failure = error
    }
    if failure == nil, flush, fsync(descriptor) != 0 {
      failure = .io(path: path, operation: "flush", reason: errorText(errno))
    }
    var status = stat()
    if failure == nil, fstat(descriptor, &status) != 0 {
      failure = .io(path: path, operation: "read the status of", reason: errorText(errno))
    }
    close(descriptor)
    if let failure {
      unlink(temporary)
      throw failure
    }
    return PreparedFile(temporaryPath: temporary, target: path, identity: Identity(status))
  }

  /// Renames a prepared file over its target, then flushes the target's folder if asked, so the
  /// rename itself survives a power failure. A reader sees the old file or the new one.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``; the temporary file is then removed
  ///   and the target unchanged.
  static func commit(_ prepared: PreparedFile, flush: Bool = true) throws(StoreError) {
    guard rename(prepared.temporaryPath, prepared.target) == 0 else {
      let failure = StoreError.io(
        path: prepared.target, operation: "replace", reason: errorText(errno))
      unlink(prepared.temporaryPath)
      throw failure
    }
    if flush { syncFolder(parent(of: prepared.target)) }
  }

  /// Removes a prepared file that will not be committed.
  static func discard(_ prepared: PreparedFile) {
    unlink(prepared.temporaryPath)
  }

  #if os(Linux)
    /// `sync_file_range(2)`, which the C library declares only for GNU sources: called with
    /// `SYNC_FILE_RANGE_WRITE` (2), it starts writing a range of a file to disk and returns.
    nonisolated(unsafe) static let startWriteback:
      (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else {
          return nil
        }
        return unsafeBitCast(
          symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
      }()
  #endif

  /// How many bytes of a file being written are handed to the disk at a time, before the flush
  /// at the end.
  static let earlyFlushSize = 8 << 20

  /// Writes every byte of `buffer`, retrying after interruptions.
  private static func writeAll(
    _ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String
  ) throws(StoreError) {
    var offset = 0
    while offset < buffer.count {
      let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .io(path: path, operation: "write", reason: errorText(errno))
      }
      offset += written
    }
  }

  /// Appends bytes to a file in one `write` call, creating the file if needed, and flushes it
  /// to disk if asked. A reader never sees part of a short append.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func append(_ bytes: [UInt8], to path: String, flush: Bool) throws(StoreError) {
    let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "open", reason: errorText(errno))
    }
    defer { close(descriptor) }
    var failure: StoreError?
    bytes.withUnsafeBytes { buffer in
      do throws(StoreError) { try writeAll(buffer, to: descriptor, path: path) } catch {
        failure = error
      }
    }
    if let failure { throw failure }
    if flush, fsync(descriptor) != 0 {
      throw .io(path: path, operation: "flush", reason: errorText(errno))
    }
  }

  /// Cuts a file to its first `size` bytes.
  static func truncate(_ path: String, to size: Int64) throws(StoreError) {
    guard systemTruncate(path, off_t(size)) == 0 else {
      throw .io(path: path, operation: "shorten", reason: errorText(errno))
    }
  }

  /// Gives a file a second name without copying it: a hard link, or where the file system has
  /// none, a copy that keeps the modification time. An existing `target` is replaced.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func link(_ source: String, as target: String) throws(StoreError) {
    if systemLink(source, target) == 0 { return }
    switch errno {
    case EEXIST:
      unlink(target)
      guard systemLink(source, target) == 0 else {
        throw .io(path: target, operation: "link", reason: errorText(errno))
      }
    case EPERM, EOPNOTSUPP, EMLINK, EXDEV:
      try copy(source, as: target)
    default:
      throw .io(path: target, operation: "link", reason: errorText(errno))
    }
  }

  /// Copies a file, keeping its modification time, through a temporary file.
  private static func copy(_ source: String, as target: String) throws(StoreError) {
    let bytes = try read(source)
    guard let original = identity(source) else {
      throw .io(path: source, operation: "read", reason: errorText(ENOENT))
    }
    try writeAtomically(bytes, to: target)
    var times = [
      timespec(
        tv_sec: time_t(original.modifiedSeconds), tv_nsec: Int(original.modifiedNanoseconds)),
      timespec(
        tv_sec: time_t(original.modifiedSeconds), tv_nsec: Int(original.modifiedNanoseconds)),
    ]
    _ = utimensat(AT_FDCWD, target, &times, 0)
  }

  /// Renames a file or folder.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func move(_ source: String, to target: String) throws(StoreError) {
    guard rename(source, target) == 0 else {
      throw .io(path: source, operation: "move", reason: errorText(errno))
    }
  }

  /// Removes a folder and everything in it; a missing folder is not an error.
  static func removeFolder(_ path: String) throws(StoreError) {
    guard let names = try? contents(of: path) else { return }
    for name in names {
      let child = "\(path)/\(name)"
      var status = stat()
      if lstat(child, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
        try removeFolder(child)
      } else if unlink(child) != 0 && errno != ENOENT {
        throw .io(path: child, operation: "remove", reason: errorText(errno))
      }
    }
    if rmdir(path) != 0 && errno != ENOENT {
      throw .io(path: path, operation: "remove the folder", reason: errorText(errno))
    }
  }

  /// Whether the process that made a temporary file (`.<name>.<pid>.<random>.tmp`) is gone, so
  /// that the file can never be finished.
  static func isAbandonedTemporary(_ name: String) -> Bool {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return false }
    let parts = name.split(separator: ".")
    guard parts.count >= 4, let pid = Int32(parts[parts.count - 3]), pid > 0 else { return false }
    // Every store temporary is made under the store lock, which the caller holds: one of this
    // process's own is left from an earlier process that had the same id.
    return pid == getpid() || (kill(pid, 0) != 0 && errno == ESRCH)
  }

  /// Removes a file; a missing file is not an error.
  static func remove(_ path: String) throws(StoreError) {
    if unlink(path) != 0 && errno != ENOENT {
      throw .io(path: path, operation: "remove", reason: errorText(errno))
    }
    syncFolder(parent(of: path))
  }

  /// Flushes a folder's entries (a rename or an unlink) to disk.
  static func syncFolder(_ path: String) {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }

  /// The path made absolute against the current folder.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (folder == "/" ? "" : folder) + "/"
      + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
  }

  /// A `file://` URL of an absolute path, percent-encoding all but unreserved characters.
  static func fileURL(_ path: String) -> String {
    let hex = Array("0123456789ABCDEF".utf8)
    var url = Array("file://".utf8)
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
        UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
        url.append(byte)
      default:
        url += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
      }
    }
    return String(decoding: url, as: UTF8.self)
  }

  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

// MARK: - C calls that FileSystem's functions of the same names hide inside the type

private func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, buffer, count)
}

private func systemTruncate(_ path: String, _ size: off_t) -> Int32 {
  truncate(path, size)
}

private func systemLink(_ source: String, _ target: String) -> Int32 {
  link(source, target)
}
