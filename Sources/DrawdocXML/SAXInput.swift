import DrawdocSystem

/// The bytes of a document: an open file, read a piece at a time, or bytes in memory. Pieces
/// are read by offset, so several parses may read one input at once.
package struct SAXInput: @unchecked Sendable {
  enum Storage {
    case file(FileDescriptor, path: String)
    case memory(UnsafeRawBufferPointer)
  }

  let storage: Storage
  /// The size of the document (of a file, when it was opened).
  package let byteCount: Int

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
  /// - Throws: ``XMLReadError/unreadableFile(path:reason:)`` when the file cannot be read.
  func piece(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer?)
    throws(XMLReadError) -> UnsafeRawBufferPointer
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
  package func bytes(at offset: Int, count: Int) throws(XMLReadError) -> [UInt8] {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
    defer { buffer.deallocate() }
    return Array(try piece(at: offset, count: count, into: buffer))
  }
}

extension SAXParser {
  /// Calls `body` with the bytes of an array as an input.
  ///
  /// - Throws: A document over the size limit, as a `Failure`, or `body`'s error.
  package static func withInput<Result, Failure: XMLReadFailure>(
    _ bytes: [UInt8], _ body: (SAXInput) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    // withUnsafeBytes rethrows untyped errors, so the typed error travels as a value.
    let outcome = bytes.withUnsafeBytes { buffer -> Swift.Result<Result, Failure> in
      guard buffer.count <= XMLLimits.maximumFileSize else {
        return .failure(
          Failure(
            reading: .limitExceeded(
              what: "the document's size (\(buffer.count) bytes)",
              limit: "\(XMLLimits.maximumFileSize) bytes", line: 1, column: 1)))
      }
      do throws(Failure) {
        return .success(try body(SAXInput(buffer)))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Opens a file for reading and calls `body` with it as an input.
  ///
  /// - Throws: ``XMLReadError/fileNotFound(path:)``,
  ///   ``XMLReadError/unreadableFile(path:reason:)`` or a file over the size limit, as a
  ///   `Failure`, or `body`'s error.
  package static func withInput<Result, Failure: XMLReadFailure>(
    ofFile path: String, _ body: (SAXInput) throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let file: FileDescriptor
    do throws(XMLReadError) {
      file = try openDocument(path)
    } catch {
      throw Failure(reading: error)
    }
    defer { file.close() }
    let byteCount: Int
    do throws(XMLReadError) {
      byteCount = try documentSize(file, path: path)
    } catch {
      throw Failure(reading: error)
    }
    return try body(SAXInput(file: file, path: path, byteCount: byteCount))
  }

  /// Calls `body`, which throws nothing, with the bytes of an array as an input.
  ///
  /// - Throws: ``XMLReadError/limitExceeded(what:limit:line:column:)`` for a document over
  ///   the size limit.
  package static func withInput<Result>(_ bytes: [UInt8], _ body: (SAXInput) -> Result)
    throws(XMLReadError) -> Result
  {
    try withInput(bytes) { (input) throws(XMLReadError) in body(input) }
  }

  /// Opens a file for reading and calls `body`, which throws nothing, with it as an input.
  ///
  /// - Throws: ``XMLReadError/fileNotFound(path:)``,
  ///   ``XMLReadError/unreadableFile(path:reason:)`` or a file over the size limit.
  package static func withInput<Result>(ofFile path: String, _ body: (SAXInput) -> Result)
    throws(XMLReadError) -> Result
  {
    try withInput(ofFile: path) { (input) throws(XMLReadError) in body(input) }
  }

  private static func openDocument(_ path: String) throws(XMLReadError) -> FileDescriptor {
    do throws(Errno) {
      return try FileDescriptor.open(path, .readOnly)
    } catch {
      if error == .noSuchFile || error == .notDirectory { throw .fileNotFound(path: path) }
      throw .unreadableFile(path: path, reason: error.description)
    }
  }

  /// The size of an open document, which must be a file within the size limit.
  private static func documentSize(_ file: FileDescriptor, path: String) throws(XMLReadError)
    -> Int
  {
    let status: FileStatus
    do throws(Errno) { status = try file.status() } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    if status.isDirectory {
      throw .unreadableFile(path: path, reason: "it is a directory")
    }
    guard status.size <= XMLLimits.maximumFileSize else {
      throw .limitExceeded(
        what: "the file's size (\(status.size) bytes)",
        limit: "\(XMLLimits.maximumFileSize) bytes", line: 1, column: 1)
    }
    return Int(status.size)
  }
}
