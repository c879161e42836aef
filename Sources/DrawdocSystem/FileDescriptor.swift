#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open file of the process: its number, with the calls drawdoc makes on it. Interrupted
/// calls are retried; every other failure throws an ``Errno``. The owner closes it.
package struct FileDescriptor: Hashable, Sendable {
  /// The C library's number for the open file.
  package let rawValue: Int32

  /// Wraps an open file's number.
  package init(rawValue: Int32) { self.rawValue = rawValue }

  /// Standard input.
  package static let standardInput = FileDescriptor(rawValue: 0)
  /// Standard output.
  package static let standardOutput = FileDescriptor(rawValue: 1)
  /// Standard error.
  package static let standardError = FileDescriptor(rawValue: 2)

  /// How a file is opened.
  package enum Access: Sendable {
    /// For reading.
    case readOnly
    /// For writing.
    case writeOnly
    /// For both.
    case readWrite
  }

  /// What else `open` does.
  package struct Options: OptionSet, Sendable {
    package let rawValue: Int32
    package init(rawValue: Int32) { self.rawValue = rawValue }
    /// Creates the file if it is missing (`O_CREAT`).
    package static let create = Options(rawValue: O_CREAT)
    /// With ``create``: fails if the file exists (`O_EXCL`).
    package static let exclusive = Options(rawValue: O_EXCL)
    /// Every write goes to the end (`O_APPEND`).
    package static let append = Options(rawValue: O_APPEND)
    /// The path must be a folder (`O_DIRECTORY`).
    package static let directory = Options(rawValue: O_DIRECTORY)
    /// Empties the file, keeping it (`O_TRUNC`).
    package static let truncate = Options(rawValue: O_TRUNC)
  }

  /// Opens a file; the descriptor is closed in programs this process starts (`O_CLOEXEC`).
  ///
  /// - Parameters:
  ///   - path: The file.
  ///   - access: For reading, writing or both.
  ///   - options: What else to do.
  ///   - permissions: The mode of a file that ``Options/create`` makes.
  /// - Returns: The open file.
  /// - Throws: ``Errno``. The corresponding C function is `open`.
  package static func open(
    _ path: String, _ access: Access, options: Options = [], permissions: UInt16 = 0o644
  ) throws(Errno) -> FileDescriptor {
    let mode: Int32
    switch access {
    case .readOnly: mode = O_RDONLY
    case .writeOnly: mode = O_WRONLY
    case .readWrite: mode = O_RDWR
    }
    let flags = mode | options.rawValue | O_CLOEXEC
    let number = try retryingInterrupts { systemOpen(path, flags, mode_t(permissions)) }
    return FileDescriptor(rawValue: number)
  }

  /// Closes the file. The corresponding C function is `close`.
  package func close() { _ = systemClose(rawValue) }

  /// Reads what is there, up to the buffer's size.
  ///
  /// - Returns: How many bytes were read; 0 at the end of the file.
  /// - Throws: ``Errno``. The corresponding C function is `read`.
  package func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    try retryingInterrupts { systemRead(rawValue, buffer.baseAddress, buffer.count) }
  }

  /// Reads from a place in the file, up to the buffer's size, without moving the file's
  /// offset: several threads may read one file at once.
  ///
  /// - Returns: How many bytes were read; fewer than asked only at the end of the file.
  /// - Throws: ``Errno``. The corresponding C function is `pread`.
  package func read(into buffer: UnsafeMutableRawBufferPointer, at offset: Int) throws(Errno)
    -> Int
  {
    try retryingInterrupts { pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset)) }
  }

  /// Reads to the end of the file, at most `limit` bytes.
  ///
  /// - Returns: The bytes, and whether there were more than `limit` (then only `limit` are
  ///   returned).
  /// - Throws: ``Errno``; ``Errno/isDirectory`` for a folder.
  package func readToEnd(atMost limit: Int = .max) throws(Errno) -> (bytes: [UInt8], cut: Bool) {
    var bytes: [UInt8] = []
    if let size = try? status().size, size > 0 {
      bytes.reserveCapacity(Int(min(size, Int64(min(limit, 1 << 30)))))
    }
    var chunk = [UInt8](repeating: 0, count: min(64 * 1024, limit == .max ? limit : limit + 1))
    while true {
      var failure: Errno?
      // One byte past the limit at most, enough to tell whether there is more.
      let wanted = limit == .max ? chunk.count : min(chunk.count, limit + 1 - bytes.count)
      let count = chunk.withUnsafeMutableBytes { buffer in
        do throws(Errno) {
          return try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<wanted]))
        } catch {
          failure = error
          return 0
        }
      }
      if let failure { throw failure }
      if count == 0 { return (bytes, false) }
      if bytes.count + count > limit {
        bytes.append(contentsOf: chunk[..<(limit - bytes.count)])
        return (bytes, true)
      }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// Writes every byte of the buffer.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `write`.
  package func writeAll(_ buffer: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < buffer.count {
      offset += try retryingInterrupts {
        systemWrite(rawValue, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
    }
  }

  /// Writes every byte.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `write`.
  package func writeAll(_ bytes: [UInt8]) throws(Errno) {
    var failure: Errno?
    bytes.withUnsafeBytes { buffer in
      do throws(Errno) { try writeAll(buffer) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Flushes the file's content and metadata to the disk.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `fsync`.
  package func sync() throws(Errno) {
    _ = try retryingInterrupts { fsync(rawValue) }
  }

  /// Starts writing a range of the file to the disk and returns at once, so that a later
  /// ``sync()`` waits for less; does nothing where the system has no such call (only Linux
  /// has one: `sync_file_range` with `SYNC_FILE_RANGE_WRITE`).
  package func startWriteback(offset: Int64, length: Int64) {
    #if os(Linux)
      _ = startWritebackCall?(rawValue, offset, length, 2)
    #endif
  }

  /// The file's status.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `fstat`.
  package func status() throws(Errno) -> FileStatus {
    var status = stat()
    _ = try retryingInterrupts { fstat(rawValue, &status) }
    return FileStatus(status)
  }

  /// Sets the file's permission bits, exactly: unlike the mode `open` creates a file with,
  /// they are not cut by the process's `umask`.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `fchmod`.
  package func setPermissions(_ permissions: UInt16) throws(Errno) {
    _ = try retryingInterrupts { fchmod(rawValue, mode_t(permissions)) }
  }

  /// Whether the file is a terminal. The corresponding C function is `isatty`.
  package var isTerminal: Bool { isatty(rawValue) == 1 }

  /// Takes an exclusive lock on the whole file (`flock`) if no other open file holds one.
  ///
  /// - Returns: Whether the lock was taken; `false` when another holds it.
  /// - Throws: ``Errno``. The corresponding C function is `flock`.
  package func tryLockExclusively() throws(Errno) -> Bool {
    while flock(rawValue, LOCK_EX | LOCK_NB) != 0 {
      let error = Errno.current
      if error == .wouldBlock { return false }
      if error != .interrupted { throw error }
    }
    return true
  }

  /// Lets go of a lock taken with ``tryLockExclusively()``.
  package func unlock() { _ = flock(rawValue, LOCK_UN) }

  /// Keeps the descriptor open in programs this process starts (clears `FD_CLOEXEC`): a lock
  /// it holds is then held until they end too, even if this process is killed first. The
  /// corresponding C function is `fcntl`.
  package func keepOpenInPrograms() {
    _ = fcntl(rawValue, F_SETFD, fcntl(rawValue, F_GETFD) & ~FD_CLOEXEC)
  }
}

#if os(Linux)
  /// `sync_file_range(2)`, which the C library declares only for GNU sources.
  private let startWritebackCall: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "sync_file_range") else {
      return nil
    }
    return unsafeBitCast(
      symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
  }()
#endif

// MARK: - C calls that methods of the same names hide inside the type

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
  open(path, flags, mode)
}

private func systemClose(_ descriptor: Int32) -> Int32 { close(descriptor) }

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}

private func systemWrite(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
