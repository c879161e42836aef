#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An open folder: its entries' names, and the status of each entry relative to the open
/// folder, so that the kernel does not walk the whole path again for each. Closed when the
/// value is gone. Its status calls may run on several threads at once.
package final class Directory: @unchecked Sendable {
  // `fdopendir` takes over the descriptor; `closedir` closes both. The folder is opened by
  // hand, not `dirfd(opendir(path))`: Darwin's `dirfd` is a macro, which Swift cannot call.
  private let stream: DirectoryStream
  private let descriptor: Int32

  /// Opens a folder.
  ///
  /// - Throws: ``Errno``. The corresponding C functions are `open` and `fdopendir`.
  package init(_ path: String) throws(Errno) {
    let file = try FileDescriptor.open(path, .readOnly, options: .directory)
    guard let stream = fdopendir(file.rawValue) else {
      let error = Errno.current
      file.close()
      throw error
    }
    self.stream = stream
    descriptor = file.rawValue
  }

  deinit { closedir(stream) }

  /// The names of the entries, without `.` and `..`, in the order the system gives them.
  /// The corresponding C function is `readdir`.
  package func names() -> [String] {
    rewinddir(stream)
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = Self.name(of: entry)
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The status of an entry, or `nil` when it is gone. The corresponding C function is
  /// `fstatat`.
  package func status(of name: String) -> FileStatus? {
    var status = stat()
    guard fstatat(descriptor, name, &status, 0) == 0 else { return nil }
    return FileStatus(status)
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
}

// What `fdopendir` returns: a pointer to an incomplete type in Glibc and Musl, to `DIR` in
// Darwin.
#if canImport(Darwin)
  private typealias DirectoryStream = UnsafeMutablePointer<DIR>
#else
  private typealias DirectoryStream = OpaquePointer
#endif
