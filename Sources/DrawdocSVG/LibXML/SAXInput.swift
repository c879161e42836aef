import DrawdocSystem

/// The bytes of a document: an open file, read a piece at a time, or bytes in memory. Pieces
/// are read by offset, so several parses may read one input at once.
struct SAXInput: @unchecked Sendable {
  enum Storage {
    case file(FileDescriptor, path: String)
    case memory(UnsafeRawBufferPointer)
  }

  let storage: Storage
  /// The size of the document (of a file, when it was opened).
  let byteCount: Int

  /// Bytes in memory, which must stay there while the input is used.
  init(_ bytes: UnsafeRawBufferPointer) {
    storage = .memory(bytes)
    byteCount = bytes.count
  }

  init(file: FileDescriptor, path: String, byteCount: Int) {
    storage = .file(file, path: path)
    self.byteCount = byteCount
  }

  /// Up to `count` bytes from `offset`: fewer only at the end of the input.
  ///
  /// - Parameters:
  ///   - offset: Where the piece starts.
  ///   - count: The most bytes to read.
  ///   - buffer: Room for `count` bytes, for a file; bytes in memory are not copied.
  /// - Returns: The bytes, in `buffer` or in the input's memory.
  /// - Throws: ``SVGDecodingError/unreadableFile(path:reason:)`` when the file cannot be read.
  func piece(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer?)
    throws(SVGDecodingError) -> UnsafeRawBufferPointer
  {
    switch storage {
    case .memory(let bytes):
      let start = min(offset, bytes.count)
      return UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + count)])
    case .file(let file, let path):
      guard let buffer, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
      let length: Int
      do throws(Errno) {
        length = try file.read(
          into: UnsafeMutableRawBufferPointer(start: buffer, count: count), at: offset)
      } catch {
        throw .unreadableFile(path: path, reason: error.description)
      }
      return UnsafeRawBufferPointer(start: buffer, count: length)
    }
  }

  /// A copy of up to `count` bytes from `offset`: fewer only at the end of the input.
  func bytes(at offset: Int, count: Int) throws(SVGDecodingError) -> [UInt8] {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
    defer { buffer.deallocate() }
    return Array(try piece(at: offset, count: count, into: buffer))
  }
}

extension SAXParser {
  /// Calls `body` with the bytes of an array as an input.
  static func withInput<Result>(
    _ bytes: [UInt8], _ body: (SAXInput) throws(SVGDecodingError) -> Result
  ) throws(SVGDecodingError) -> Result {
    // withUnsafeBytes rethrows untyped errors, so the typed error travels as a value.
    let outcome = bytes.withUnsafeBytes { buffer -> Swift.Result<Result, SVGDecodingError> in
      guard buffer.count <= SVGLimits.maximumFileSize else {
        return .failure(
          .limitExceeded(
            what: "the document's size (\(buffer.count) bytes)",
            limit: "\(SVGLimits.maximumFileSize) bytes", line: 1, column: 1))
      }
      do throws(SVGDecodingError) {
        return .success(try body(SAXInput(buffer)))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Opens a file for reading and calls `body` with it as an input.
  ///
  /// - Throws: ``SVGDecodingError/fileNotFound(path:)``,
  ///   ``SVGDecodingError/unreadableFile(path:reason:)``, a file over the size limit, or
  ///   `body`'s error.
  static func withInput<Result>(
    ofFile path: String, _ body: (SAXInput) throws(SVGDecodingError) -> Result
  ) throws(SVGDecodingError) -> Result {
    let file: FileDescriptor
    let status: FileStatus
    do throws(Errno) {
      file = try FileDescriptor.open(path, .readOnly)
    } catch {
      if error == .noSuchFile || error == .notDirectory { throw .fileNotFound(path: path) }
      throw .unreadableFile(path: path, reason: error.description)
    }
    defer { file.close() }
    do throws(Errno) { status = try file.status() } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    if status.isDirectory {
      throw .unreadableFile(path: path, reason: "it is a directory")
    }
    guard status.size <= SVGLimits.maximumFileSize else {
      throw .limitExceeded(
        what: "the file's size (\(status.size) bytes)",
        limit: "\(SVGLimits.maximumFileSize) bytes", line: 1, column: 1)
    }
    return try body(SAXInput(file: file, path: path, byteCount: Int(status.size)))
  }
}
