import DrawdocSystem
import Synchronization

/// The file operations of the store, each turning the system's ``DrawdocSystem/Errno`` into a
/// ``StoreError`` that names the path and what was being done.
package enum StoreFiles {
  /// The size and modification time of a file: what tells the index a drawing changed.
  package struct Signature: Hashable, Sendable {
    package var size: Int64
    package var modifiedSeconds: Int64
    package var modifiedNanoseconds: Int64
  }

  /// Creates a folder and its parents if they are missing.
  package static func createFolder(_ path: String) throws(StoreError) {
    // Usually the folder or its parent is there: one call.
    do throws(Errno) {
      try FileSystem.makeDirectory(path)
      return
    } catch {
      if error == .exists { return }
    }
    var prefix = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      prefix += "/\(component)"
      do throws(Errno) { try FileSystem.makeDirectory(prefix) } catch {
        guard error == .exists else {
          throw .io(path: prefix, operation: "create the folder", reason: error.description)
        }
      }
    }
  }

  /// Whether a file exists.
  static func exists(_ path: String) -> Bool { FileSystem.exists(path) }

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

    init(_ status: FileStatus) {
      self.init(
        inode: status.inode, size: status.size, modifiedSeconds: status.modifiedSeconds,
        modifiedNanoseconds: status.modifiedNanoseconds)
    }

    /// Whether `other` is this file, or a copy of it that kept its size and time (a store
    /// copied without its hard links).
    func matches(_ other: Identity, exactly: Bool) -> Bool {
      signature == other.signature && (!exactly || inode == other.inode)
    }
  }

  /// The identity of a file, or `nil` if it does not exist.
  static func identity(_ path: String) -> Identity? {
    (try? FileSystem.status(of: path)).map(Identity.init)
  }

  /// The names in a folder, without `.` and `..`.
  static func contents(of path: String) throws(StoreError) -> [String] {
    do throws(Errno) { return try Directory(path).names() } catch {
      throw .io(path: path, operation: "list the folder", reason: error.description)
    }
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
    let folder: Directory
    do throws(Errno) { folder = try Directory(path) } catch {
      throw .io(path: path, operation: "list the folder", reason: error.description)
    }
    var names: [String] = []
    for name in folder.names() {
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
          found[index] = folder.status(of: names[index]).map { Identity($0).signature }
        }
      }
    }
    return zip(names, found).compactMap { name, signature in
      signature.map { (name, $0) }
    }
  }

  /// Maps a whole file into memory and passes its bytes to `body` (see
  /// ``DrawdocSystem/FileSystem/withMappedFile(_:_:)``). The store replaces files by renaming
  /// them, never in place, so the bytes do not change while they are mapped.
  static func withMappedFile<Result>(
    _ path: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result
  ) throws(StoreError) -> Result {
    do throws(Errno) { return try FileSystem.withMappedFile(path, body) } catch {
      throw .io(path: path, operation: "read", reason: error.description)
    }
  }

  /// Reads a whole file.
  static func read(_ path: String) throws(StoreError) -> [UInt8] {
    do throws(Errno) { return try FileSystem.read(path) } catch {
      throw .io(path: path, operation: "read", reason: error.description)
    }
  }

  /// Appends bytes to a file in one `write` call, creating the file if needed, and flushes it
  /// to disk if asked. A reader never sees part of a short append.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func append(_ bytes: [UInt8], to path: String, flush: Bool) throws(StoreError) {
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(path, .writeOnly, options: [.append, .create])
    } catch {
      throw .io(path: path, operation: "open", reason: error.description)
    }
    defer { file.close() }
    do throws(Errno) { try file.writeAll(bytes) } catch {
      throw .io(path: path, operation: "write", reason: error.description)
    }
    if flush {
      do throws(Errno) { try file.sync() } catch {
        throw .io(path: path, operation: "flush", reason: error.description)
      }
      noteFlush(path)
    }
  }

  /// Appends whole lines to a file without flushing it, creating the file if needed: first a
  /// line feed if the file ends in the middle of a line (an append a crash cut short), so that
  /// the line cut short does not swallow the first new one.
  ///
  /// - Returns: The file's size after the append.
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func appendLines(_ lines: [UInt8], to path: String) throws(StoreError) -> Int64 {
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(path, .readWrite, options: [.append, .create])
    } catch {
      throw .io(path: path, operation: "open", reason: error.description)
    }
    defer { file.close() }
    do throws(Errno) {
      let size = try file.status().size
      var last: [UInt8] = [0x0A]
      var failure: Errno?
      if size > 0 {
        last.withUnsafeMutableBytes { buffer in
          do throws(Errno) { _ = try file.read(into: buffer, at: Int(size) - 1) } catch {
            failure = error
          }
        }
      }
      if let failure { throw failure }
      let bytes = last == [0x0A] ? lines : [0x0A] + lines
      try file.writeAll(bytes)
      return size + Int64(bytes.count)
    } catch {
      throw .io(path: path, operation: "append to", reason: error.description)
    }
  }

  /// Cuts a file to its first `size` bytes.
  static func truncate(_ path: String, to size: Int64) throws(StoreError) {
    do throws(Errno) { try FileSystem.truncate(path, to: size) } catch {
      throw .io(path: path, operation: "shorten", reason: error.description)
    }
  }

  /// Gives a file a second name without copying it: a hard link, or where the file system has
  /// none, a copy that keeps the modification time. An existing `target` is replaced.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func link(_ source: String, as target: String) throws(StoreError) {
    do throws(Errno) {
      try FileSystem.link(source, as: target)
    } catch {
      switch error {
      case .exists:
        try? FileSystem.remove(target)
        do throws(Errno) { try FileSystem.link(source, as: target) } catch {
          throw .io(path: target, operation: "link", reason: error.description)
        }
      case .notPermitted, .notSupported, .tooManyLinks, .crossDevice:
        try copy(source, as: target)
      default:
        throw .io(path: target, operation: "link", reason: error.description)
      }
    }
  }

  /// Copies a file, keeping its modification time, through a temporary file.
  private static func copy(_ source: String, as target: String) throws(StoreError) {
    let bytes = try read(source)
    guard let original = identity(source) else {
      throw .io(path: source, operation: "read", reason: Errno.noSuchFile.description)
    }
    try writeAtomically(bytes, to: target)
    try? FileSystem.setModificationTime(
      of: target, seconds: original.modifiedSeconds, nanoseconds: original.modifiedNanoseconds)
  }

  /// Renames a file or folder.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)``.
  static func move(_ source: String, to target: String) throws(StoreError) {
    do throws(Errno) { try FileSystem.rename(source, to: target) } catch {
      throw .io(path: source, operation: "move", reason: error.description)
    }
  }

  /// Removes a folder and everything in it; a missing folder is not an error.
  package static func removeFolder(_ path: String) throws(StoreError) {
    guard let names = try? contents(of: path) else { return }
    for name in names {
      let child = "\(path)/\(name)"
      if (try? FileSystem.linkStatus(of: child))?.isDirectory == true {
        try removeFolder(child)
      } else {
        try removeIfThere(child, operation: "remove") { () throws(Errno) in
          try FileSystem.remove(child)
        }
      }
    }
    try removeIfThere(path, operation: "remove the folder") { () throws(Errno) in
      try FileSystem.removeDirectory(path)
    }
  }

  /// Runs a removal; a path that is already gone is not an error.
  private static func removeIfThere(
    _ path: String, operation: String, _ removal: () throws(Errno) -> Void
  ) throws(StoreError) {
    do throws(Errno) { try removal() } catch {
      guard error == .noSuchFile else {
        throw .io(path: path, operation: operation, reason: error.description)
      }
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
    return pid == CurrentProcess.id || !CurrentProcess.isRunning(pid)
  }

  /// Removes a file and flushes its folder; a missing file is not an error.
  static func remove(_ path: String) throws(StoreError) {
    try removeIfThere(path, operation: "remove") { () throws(Errno) in
      try FileSystem.remove(path)
    }
    syncFolder(parent(of: path))
  }

  /// Removes a file without flushing its folder, and without saying whether it was there:
  /// for files whose removal a crash may undo (temporaries, unfinished versions).
  static func removeQuietly(_ path: String) {
    try? FileSystem.remove(path)
  }

  /// Flushes a folder's entries (a rename or an unlink) to disk.
  static func syncFolder(_ path: String) {
    FileSystem.syncDirectory(path)
    noteFlush(path)
  }

  // MARK: - Counting flushes

  /// The folders whose flushes are being counted, with the count so far.
  private static let flushCounts = Mutex<[String: Int]>([:])

  /// Counts a flush of a file or folder for each folder being counted that holds it.
  static func noteFlush(_ path: String) {
    flushCounts.withLock { counts in
      guard !counts.isEmpty else { return }
      for folder in counts.keys where path == folder || path.hasPrefix(folder + "/") {
        counts[folder, default: 0] += 1
      }
    }
  }

  /// Counts the flushes to disk (`fsync` of a file or a folder) of the files in a folder, and
  /// in the folders in it, while `body` runs: how tests see what a change costs. Flushes made
  /// meanwhile by other threads in the same folder count too.
  ///
  /// - Parameters:
  ///   - folder: The folder, as the store names it (its root).
  ///   - body: What to count the flushes of.
  /// - Returns: What `body` returned, and how many flushes it made.
  /// - Throws: What `body` throws.
  package static func countingFlushes<T, Failure: Error>(
    in folder: String, _ body: () throws(Failure) -> T
  ) throws(Failure) -> (result: T, flushes: Int) {
    flushCounts.withLock { $0[folder] = 0 }
    defer { _ = flushCounts.withLock { $0.removeValue(forKey: folder) } }
    let result = try body()
    return (result, flushCounts.withLock { $0[folder] ?? 0 })
  }

  /// The path made absolute against the current folder.
  static func absolute(_ path: String) -> String {
    guard !path.hasPrefix("/"), let folder = FileSystem.currentDirectory else { return path }
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
