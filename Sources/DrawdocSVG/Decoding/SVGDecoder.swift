import DrawdocModel
import DrawdocXML

/// Reads drawdoc files in strict mode: anything but the format's vocabulary and values is an
/// error naming its line and column. Parsing streams through libxml2's SAX2 interface; no
/// document tree is built, and nothing is fetched from the network or expanded from entities.
public enum SVGDecoder {
  /// Decodes a drawing from the bytes of a file.
  ///
  /// - Parameter bytes: The whole file.
  /// - Returns: The drawing.
  /// - Throws: An ``SVGDecodingError`` with the location of the first problem.
  public static func decode(_ bytes: [UInt8]) throws(SVGDecodingError) -> Drawing {
    try SAXParser.withInput(bytes, decode)
  }

  /// Decodes a drawing from a file, reading it a piece at a time.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The drawing.
  /// - Throws: ``SVGDecodingError/fileNotFound(path:)``,
  ///   ``SVGDecodingError/unreadableFile(path:reason:)`` or a content error.
  public static func decode(contentsOfFile path: String) throws(SVGDecodingError) -> Drawing {
    try SAXParser.withInput(ofFile: path, decode)
  }

  /// Reads the start of a drawdoc file strictly, up to the end of its `<title>`: its id, times,
  /// canvas and title, without reading its rectangles. For a file whose content is known to
  /// be whole (the store's own version of a drawing), when only these are needed.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: The drawing, without rectangles.
  /// - Throws: ``SVGDecodingError/fileNotFound(path:)``,
  ///   ``SVGDecodingError/unreadableFile(path:reason:)``, or a content error in the part read.
  package static func header(contentsOfFile path: String) throws(SVGDecodingError) -> Drawing {
    try SAXParser.withInput(ofFile: path) { (input) throws(SVGDecodingError) in
      let reader = StrictDrawingReader(.header)
      do throws(SVGDecodingError) {
        try SAXParser.parse(input, handler: reader)
      } catch {
        // The read stops once the title is read.
        if let drawing = reader.headerDrawing { return drawing }
        throw error
      }
      throw .missingTitle(line: 1, column: 1)
    }
  }

  /// Reads a big document in parts, one per core; any other document, or one a read in parts
  /// does not take, on one thread, which names any problem.
  static func decode(_ input: SAXInput) throws(SVGDecodingError) -> Drawing {
    if let drawing = PartedRead.drawing(from: input) { return drawing }
    let read = { (reader: StrictDrawingReader) throws(SVGDecodingError) in
      try SAXParser.parse(input, handler: reader)
    }
    let reader = StrictDrawingReader()
    do {
      try read(reader)
    } catch {
      try locate(error, foundBy: reader, with: read)
    }
    return try result(of: reader)
  }

  /// Rethrows an error of a read on one thread; for a duplicate id, which turns up when the
  /// plane is built at the end, first reads again to name the line and column of its `data-id`.
  private static func locate(
    _ error: SVGDecodingError, foundBy reader: StrictDrawingReader,
    with read: (StrictDrawingReader) throws(SVGDecodingError) -> Void
  ) throws(SVGDecodingError) -> Never {
    if case .duplicateIdentifier = error, let position = reader.duplicatePosition {
      try read(StrictDrawingReader(locatingDuplicateAt: position))
    }
    throw error
  }

  /// Decodes a drawing and checks that the bytes are exactly what ``SVGEncoder`` writes for it.
  ///
  /// - Parameter bytes: The whole file.
  /// - Returns: The drawing.
  /// - Throws: A content error, or ``SVGDecodingError/notCanonical(expected:found:line:column:)``
  ///   at the first byte that differs.
  public static func decodeCanonical(_ bytes: [UInt8]) throws(SVGDecodingError) -> Drawing {
    let drawing = try decode(bytes)
    let canonical = SVGEncoder.encode(drawing)
    guard canonical != bytes else { return drawing }
    let mismatch =
      zip(canonical, bytes).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(canonical.count, bytes.count)
    var line = 1
    var lineStart = 0
    for (index, byte) in bytes[..<mismatch].enumerated() where byte == 0x0A {
      line += 1
      lineStart = index + 1
    }
    let column =
      String(decoding: bytes[lineStart..<mismatch], as: UTF8.self).unicodeScalars.count + 1
    throw .notCanonical(
      expected: excerpt(canonical, from: mismatch), found: excerpt(bytes, from: mismatch),
      line: line, column: column)
  }

  private static func result(of reader: StrictDrawingReader) throws(SVGDecodingError) -> Drawing {
    guard let drawing = reader.drawing else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
    return drawing
  }

  /// Up to the end of the line, at most 24 bytes, quoted; or "the end of the file".
  private static func excerpt(_ bytes: [UInt8], from index: Int) -> String {
    guard index < bytes.count else { return "the end of the file" }
    let end = bytes[index...].prefix(24).firstIndex(of: 0x0A) ?? min(bytes.count, index + 24)
    let text = bytes[index..<end].withUnsafeBufferPointer { SVGDecodingError.excerpt($0) }
    return end == index ? "a line break" : "'\(text)'"
  }
}
