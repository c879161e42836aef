/// A text chunk of a PNG file, `iTXt` (PNG specification, section 11.3.4.5): a keyword and
/// UTF-8 text, stored compressed with zlib, without a language tag or a translated keyword.
public struct PNGText: Equatable, Sendable {
  /// The chunk's keyword: 1 to 79 printable ASCII characters.
  public let keyword: String
  /// The text compressed with zlib, as the chunk stores it.
  let compressedText: [UInt8]

  /// Makes a text chunk.
  ///
  /// - Parameters:
  ///   - keyword: 1 to 79 printable ASCII characters (space allowed, but not first, last or
  ///     twice in a row), as PNG requires of a keyword.
  ///   - text: UTF-8 text without NUL bytes.
  /// - Throws: ``RasterError/compressionFailed(status:message:)`` if zlib fails.
  /// - Precondition: `keyword` is a valid keyword; anything else is a programming error.
  public init(keyword: String, text: [UInt8]) throws(RasterError) {
    try self.init(keyword: keyword) { (emit) throws(RasterError) in
      try text.withUnsafeBufferPointer { (bytes) throws(RasterError) in
        try emit(UnsafeRawBufferPointer(bytes))
      }
    }
  }

  /// Makes a text chunk from text written a piece at a time, compressing each piece as it
  /// comes: a long text never sits in memory whole.
  ///
  /// - Parameters:
  ///   - keyword: 1 to 79 printable ASCII characters (space allowed, but not first, last or
  ///     twice in a row), as PNG requires of a keyword.
  ///   - write: Calls `emit` with each piece of the UTF-8 text (without NUL bytes), in order.
  /// - Throws: ``RasterError/compressionFailed(status:message:)`` if zlib fails.
  /// - Precondition: `keyword` is a valid keyword; anything else is a programming error.
  public init(
    keyword: String,
    writing write: (_ emit: (UnsafeRawBufferPointer) throws(RasterError) -> Void)
      throws(RasterError) -> Void
  ) throws(RasterError) {
    let bytes = Array(keyword.utf8)
    precondition(
      (1...79).contains(bytes.count) && bytes.allSatisfy { (0x20...0x7E).contains($0) }
        && bytes.first != 0x20 && bytes.last != 0x20 && !keyword.contains("  "),
      "not a PNG keyword")
    self.keyword = keyword
    compressedText = try Deflate.compress(producing: write)
  }

  /// The chunk's data before the compressed text: the keyword, a NUL, the compression flag
  /// (1) and method (0, zlib), an empty language tag and translated keyword, each ended by a
  /// NUL.
  var chunkPrefix: [UInt8] {
    Array(keyword.utf8) + [0, 1, 0, 0, 0]
  }

  // MARK: - Reading

  /// Reads the text of the one `iTXt` chunk with a keyword from a PNG file.
  ///
  /// Every chunk is walked up to `IEND`, and the CRC of each `iTXt` chunk is checked; the
  /// pixels are not decoded. The text may be stored compressed or not.
  ///
  /// - Parameters:
  ///   - keyword: The keyword to look for.
  ///   - png: The bytes of the PNG file.
  ///   - limit: The most bytes the text may hold, once decompressed.
  /// - Returns: The text's bytes.
  /// - Throws: ``RasterError/notPNG``, ``RasterError/malformedPNG(reason:)`` (also for two
  ///   chunks with the keyword), ``RasterError/missingText(keyword:)``,
  ///   ``RasterError/decompressedTooLarge(limit:)`` or
  ///   ``RasterError/decompressionFailed(message:)``.
  public static func text(keyword: String, in png: [UInt8], limit: Int) throws(RasterError)
    -> [UInt8]
  {
    try text(keyword: keyword, in: png) { _ in limit }
  }

  /// Reads the text of the one `iTXt` chunk with a keyword from a PNG file, as
  /// ``text(keyword:in:limit:)`` does, with a limit that depends on the size of the text as
  /// the chunk stores it (compressed or not), such as ``Deflate/inflateLimit(compressedCount:)``
  /// against decompression bombs.
  ///
  /// - Parameters:
  ///   - keyword: The keyword to look for.
  ///   - png: The bytes of the PNG file.
  ///   - limit: The most bytes the text may hold once decompressed, given how many bytes the
  ///     chunk stores it in.
  /// - Returns: The text's bytes.
  /// - Throws: As ``text(keyword:in:limit:)`` does.
  package static func text(
    keyword: String, in png: [UInt8], limit: (_ storedCount: Int) -> Int
  ) throws(RasterError) -> [UInt8] {
    guard png.starts(with: PNGEncoder.signature) else { throw .notPNG }
    let wanted = Array(keyword.utf8)
    var found: [UInt8]?
    let end = try PNGChunks.walk(png) { (chunk) throws(RasterError) in
      guard chunk.isType("iTXt") else { return true }
      guard Deflate.crc32(chunk.data, continuing: Deflate.crc32(chunk.type)) == chunk.storedCRC
      else {
        throw .malformedPNG(
          reason: "the CRC of the iTXt chunk at byte \(chunk.offset) does not match")
      }
      if chunk.data.prefix(wanted.count + 1).elementsEqual(wanted + [0]) {
        guard found == nil else {
          throw .malformedPNG(reason: "it has two iTXt chunks with the keyword '\(keyword)'")
        }
        found = try text(
          of: chunk.data.dropFirst(wanted.count + 1), at: chunk.offset, limit: limit)
      }
      return true
    }
    switch end {
    case .iend, .stopped: break
    case .endOfFile:
      throw .malformedPNG(reason: "it ends at byte \(png.count), before its IEND chunk")
    case .overrun(let offset, let length):
      throw .malformedPNG(
        reason: "the chunk at byte \(offset) is \(length) bytes long, past the end of the file")
    }
    guard let found else { throw .missingText(keyword: keyword) }
    return found
  }

  /// The text of an `iTXt` chunk, from its compression flag on.
  private static func text(
    of rest: ArraySlice<UInt8>, at offset: Int, limit limitOfStored: (Int) -> Int
  ) throws(RasterError) -> [UInt8] {
    let malformed = RasterError.malformedPNG(
      reason: "the iTXt chunk at byte \(offset) is not laid out as PNG says")
    guard rest.count >= 2, rest.first == 0 || rest.first == 1,
      rest[rest.startIndex + 1] == 0,
      let languageEnd = rest.dropFirst(2).firstIndex(of: 0),
      let translatedEnd = rest[(languageEnd + 1)...].firstIndex(of: 0)
    else { throw malformed }
    let text = rest[(translatedEnd + 1)...]
    let limit = limitOfStored(text.count)
    guard rest.first == 1 else {
      guard text.count <= limit else { throw .decompressedTooLarge(limit: limit) }
      return Array(text)
    }
    return try Deflate.decompress(text, limit: limit)
  }
}
