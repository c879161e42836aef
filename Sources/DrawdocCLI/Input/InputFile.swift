import DrawdocSystem

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
    let file: FileDescriptor
    do throws(Errno) {
      file = path == "-" ? .standardInput : try FileDescriptor.open(path, .readOnly)
    } catch {
      if error == .noSuchFile || error == .notDirectory { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: error.description)
    }
    defer { if file != .standardInput { file.close() } }
    do throws(Errno) { return try file.readToEnd(atMost: limit).bytes } catch {
      throw .unreadable(path: path, reason: error.description)
    }
  }
}
