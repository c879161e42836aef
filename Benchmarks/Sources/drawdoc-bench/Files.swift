import DrawdocModel
import DrawdocSVG
import Glibc

/// What the benchmark does with files, on the C library alone.
enum Files {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Writes `bytes` to `path` (created or truncated), without `fsync`: the benchmark measures
  /// what the program does, not the disk.
  static func write(_ bytes: [UInt8], to path: String) throws {
    let descriptor = try create(path)
    defer { close(descriptor) }
    try bytes.withUnsafeBytes { try writeAll($0, to: descriptor, path: path) }
  }

  /// Writes a drawing to `path` (created or truncated) a piece at a time, as
  /// `SVGEncoder.encode(_:pieceSize:emit:)` makes the pieces; without `fsync` either.
  static func write(_ drawing: Drawing, to path: String) throws {
    let descriptor = try create(path)
    defer { close(descriptor) }
    try SVGEncoder.encode(drawing) { piece in try writeAll(piece, to: descriptor, path: path) }
  }

  private static func create(_ path: String) throws -> Int32 {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("open", path) }
    return descriptor
  }

  private static func writeAll(
    _ buffer: UnsafeRawBufferPointer, to descriptor: Int32, path: String
  ) throws {
    var offset = 0
    while offset < buffer.count {
      let written = systemWrite(
        descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw failure("write", path)
      }
      offset += written
    }
  }

  /// The whole file.
  static func read(_ path: String) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("open", path) }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 1 << 20)
    while true {
      let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw failure("read", path)
      }
      if count == 0 { return bytes }
      bytes.append(contentsOf: chunk[..<count])
    }
  }

  /// The first `count` bytes of a file (fewer if it is shorter).
  static func readPrefix(_ path: String, count: Int) throws -> [UInt8] {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure("open", path) }
    defer { close(descriptor) }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes {
        systemRead(descriptor, $0.baseAddress.map { $0 + filled }, count - filled)
      }
      if got < 0, errno == EINTR { continue }
      if got < 0 { throw failure("read", path) }
      if got == 0 { break }
      filled += got
    }
    return Array(bytes[..<filled])
  }

  /// The names in a folder (without `.` and `..`), or `nil` if it cannot be read.
  static func names(in folder: String) -> [String]? {
    guard let directory = opendir(folder) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  /// The size of a file in bytes, or `nil` if it does not exist.
  static func size(_ path: String) -> Int? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return Int(status.st_size)
  }

  static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

  /// Creates a folder and its parents (like `mkdir -p`).
  static func createFolder(_ path: String) throws {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for part in path.split(separator: "/") {
      prefix += part + "/"
      if mkdir(prefix, 0o755) != 0, errno != EEXIST { throw failure("mkdir", prefix) }
    }
  }

  /// The absolute path of the running executable.
  static func executablePath() -> String {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard count > 0 else { return CommandLine.arguments[0] }
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  private static func failure(_ operation: String, _ path: String) -> Failure {
    Failure(description: "\(operation) \(path): \(String(cString: strerror(errno)))")
  }
}

private func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}

private func systemRead(_ descriptor: Int32, _ bytes: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, bytes, count)
}
