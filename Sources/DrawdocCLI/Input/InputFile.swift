#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why an input file could not be read.
enum InputFileError: Error, Equatable, CustomStringConvertible {
  /// The file does not exist.
  case notFound(path: String)
  /// The file exists but reading it failed.
  case unreadable(path: String, reason: String)

  /// What is wrong, without the path.
  var message: String {
    switch self {
    case .notFound: return "no such file"
    case .unreadable(_, let reason): return "cannot be read: \(reason)"
    }
  }

  var description: String {
    switch self {
    case .notFound(let path), .unreadable(let path, _): return "\(path): \(message)"
    }
  }
}

/// Reads whole input files, or standard input for `-`.
enum InputFile {
  /// Reads every byte of a file, or its first bytes.
  ///
  /// - Parameters:
  ///   - path: The file, or `-` for standard input.
  ///   - limit: The most bytes to read.
  /// - Returns: Its bytes, or the first `limit` of them.
  /// - Throws: ``InputFileError``.
  static func read(_ path: String, atMost limit: Int = .max) throws(InputFileError) -> [UInt8] {
    let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOENT || code == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: String(cString: strerror(code)))
    }
    defer { if descriptor != 0 { close(descriptor) } }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 256 * 1024)
    while bytes.count < limit {
      let wanted = min(chunk.count, limit - bytes.count)
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, wanted) }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, reason: String(cString: strerror(errno)))
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
    return bytes
  }
}

/// The C library's `read`, which `InputFile.read` hides inside the type.
private func systemRead(_ file: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(file, buffer, count)
}
