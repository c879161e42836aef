/// Writes a ``RasterImage`` as a PNG file, with no image library: the signature, an `IHDR`
/// chunk for 8-bit RGBA without interlacing, an `iTXt` chunk for each text given,
/// `IDAT` chunks holding the zlib-compressed, row-filtered pixels, and `IEND`, each chunk with
/// its CRC-32.
public enum PNGEncoder {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// The most compressed bytes put in one `IDAT` chunk.
  static let maximumChunkLength = 1 << 20

  /// The longest side PNG allows, 2³¹ − 1.
  static let maximumSide = Int(Int32.max)

  /// Encodes an image as PNG.
  ///
  /// Each row gets the filter (None, Sub or Up) whose output has the smallest sum of
  /// absolute values; the filtered rows are deflated one at a time, so memory stays near
  /// the size of the compressed file.
  ///
  /// - Parameters:
  ///   - image: The image to write.
  ///   - texts: Text chunks to write before the pixels.
  /// - Returns: The bytes of the PNG file.
  /// - Throws: ``RasterError/imageTooLarge(width:height:)`` if a side is longer than PNG
  ///   allows; ``RasterError/compressionFailed(status:message:)`` if zlib fails.
  public static func encode(_ image: RasterImage, texts: [PNGText] = []) throws(RasterError)
    -> [UInt8]
  {
    try file(image, texts: texts).bytes
  }

  /// Compresses an image for a PNG file that ``File/write(to:)`` writes a chunk at a time,
  /// as ``encode(_:texts:)`` writes it whole: the compressed pixels and texts are not copied
  /// into one more array the size of the file.
  ///
  /// - Parameters:
  ///   - image: The image to write.
  ///   - texts: Text chunks to write before the pixels.
  /// - Returns: The file, ready to be written.
  /// - Throws: ``RasterError/imageTooLarge(width:height:)`` if a side is longer than PNG
  ///   allows; ``RasterError/compressionFailed(status:message:)`` if zlib fails.
  public static func file(_ image: RasterImage, texts: [PNGText] = []) throws(RasterError)
    -> File
  {
    guard image.width <= maximumSide, image.height <= maximumSide else {
      throw .imageTooLarge(width: image.width, height: image.height)
    }
    return File(
      width: image.width, height: image.height, texts: texts, plainTexts: [],
      compressedRows: try compressedRows(of: image))
  }

  /// Where a plain `tEXt` chunk goes in the file: other tools look for theirs in different
  /// places (draw.io puts its diagram before the first `IDAT`, Excalidraw its scene just before
  /// `IEND`), and some readers take only the first `tEXt` chunk they meet.
  package enum TextPlace: Sendable {
    /// After `IHDR` and the `iTXt` chunks, before the pixels.
    case beforePixels
    /// After the pixels, just before `IEND`.
    case beforeEnd
  }

  /// A `tEXt` chunk (PNG specification, section 11.3.4.3): a keyword, a NUL and the text,
  /// uncompressed, one byte per Latin-1 character.
  struct PlainText: Sendable {
    /// The keyword and its NUL.
    let head: [UInt8]
    /// The text, kept apart so that a long one is not copied.
    let text: [UInt8]
    let place: TextPlace
  }

  /// A PNG file whose pixels are compressed, ready to be written chunk by chunk.
  public struct File: Sendable {
    let width: Int
    let height: Int
    let texts: [PNGText]
    let plainTexts: [PlainText]
    let compressedRows: [UInt8]

    /// The same file with one more `tEXt` chunk: `keyword`, a NUL and `text` as they are, in
    /// `place`, after the `tEXt` chunks already there.
    ///
    /// - Parameters:
    ///   - text: The text's bytes, Latin-1 without NUL bytes.
    ///   - keyword: 1 to 79 printable Latin-1 characters, as PNG requires of a keyword.
    ///   - place: Where the chunk goes.
    /// - Returns: The file with the chunk.
    /// - Precondition: `keyword` is a valid keyword and `text` has no NUL; anything else is a
    ///   programming error.
    package func adding(text: [UInt8], keyword: String, place: TextPlace) -> File {
      let name = Array(keyword.utf8)
      precondition(
        (1...79).contains(name.count) && name.allSatisfy { (0x20...0x7E).contains($0) },
        "not a PNG keyword")
      precondition(!text.contains(0), "a NUL in a tEXt chunk's text")
      return File(
        width: width, height: height, texts: texts,
        plainTexts: plainTexts + [PlainText(head: name + [0], text: text, place: place)],
        compressedRows: compressedRows)
    }

    /// The file's size in bytes.
    public var byteCount: Int {
      let idatCount = max(1, (compressedRows.count + maximumChunkLength - 1) / maximumChunkLength)
      return signature.count + (12 + 13)
        + texts.reduce(0) { $0 + 12 + $1.chunkPrefix.count + $1.compressedText.count }
        + plainTexts.reduce(0) { $0 + 12 + $1.head.count + $1.text.count }
        + 12 * idatCount + compressedRows.count + 12
    }

    /// Writes the file: the signature, then each chunk's length and type, data and CRC, each
    /// part handed to `emit` as it is (the compressed pixels and texts in place).
    ///
    /// - Parameter emit: Receives the file's bytes, in order; each part is valid only during
    ///   its call.
    /// - Throws: Whatever `emit` throws; writing stops there.
    public func write<Failure: Error>(
      to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
      try Self.emit(signature[...], to: emit)
      var header: [UInt8] = []
      appendBigEndian(UInt32(width), to: &header)
      appendBigEndian(UInt32(height), to: &header)
      // Bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace.
      header += [8, 6, 0, 0, 0]
      try Self.chunk("IHDR", header[...], to: emit)
      for text in texts {
        try Self.chunk("iTXt", text.chunkPrefix[...], text.compressedText[...], to: emit)
      }
      for text in plainTexts where text.place == .beforePixels {
        try Self.chunk("tEXt", text.head[...], text.text[...], to: emit)
      }
      var start = 0
      repeat {
        let end = min(compressedRows.count, start + maximumChunkLength)
        try Self.chunk("IDAT", compressedRows[start..<end], to: emit)
        start = end
      } while start < compressedRows.count
      for text in plainTexts where text.place == .beforeEnd {
        try Self.chunk("tEXt", text.head[...], text.text[...], to: emit)
      }
      try Self.chunk("IEND", [][...], to: emit)
    }

    /// The whole file.
    public var bytes: [UInt8] {
      var output: [UInt8] = []
      output.reserveCapacity(byteCount)
      write { output.append(contentsOf: $0) }
      return output
    }

    /// Writes a chunk whose data is `data` then `more`: its length, type, data and the CRC-32
    /// of type and data.
    private static func chunk<Failure: Error>(
      _ type: StaticString, _ data: ArraySlice<UInt8>, _ more: ArraySlice<UInt8> = [],
      to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
      let typeBytes = UnsafeRawBufferPointer(start: type.utf8Start, count: type.utf8CodeUnitCount)
      var head: [UInt8] = []
      appendBigEndian(UInt32(data.count + more.count), to: &head)
      head += typeBytes
      try Self.emit(head[...], to: emit)
      try Self.emit(data, to: emit)
      try Self.emit(more, to: emit)
      var crc: [UInt8] = []
      let typeCRC = Deflate.crc32(head[4...])
      appendBigEndian(
        Deflate.crc32(more, continuing: Deflate.crc32(data, continuing: typeCRC)), to: &crc)
      try Self.emit(crc[...], to: emit)
    }

    /// Hands bytes to `emit`; nothing for none.
    private static func emit<Failure: Error>(
      _ bytes: ArraySlice<UInt8>, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
      guard !bytes.isEmpty else { return }
      // withUnsafeBytes does not pass a typed error on: carry it out by hand.
      var failure: Failure?
      bytes.withUnsafeBytes { buffer in
        do throws(Failure) { try emit(buffer) } catch { failure = error }
      }
      if let failure { throw failure }
    }
  }

  /// The image's rows, each filtered and led by its filter byte, as one zlib stream.
  private static func compressedRows(of image: RasterImage) throws(RasterError) -> [UInt8] {
    let rowLength = image.width * PNGRowFilter.bytesPerPixel
    return try image.pixels.withUnsafeBufferPointer { pixels throws(RasterError) in
      try Deflate.compress(pieceCount: image.height) { row, piece in
        let current = UnsafeBufferPointer(
          rebasing: pixels[(row * rowLength)..<((row + 1) * rowLength)])
        let previous =
          row == 0
          ? nil
          : UnsafeBufferPointer(rebasing: pixels[((row - 1) * rowLength)..<(row * rowLength)])
        PNGRowFilter.filter(row: current, previous: previous, into: &piece)
      }
    }
  }

  /// Appends four bytes, most significant first, as PNG stores every integer.
  static func appendBigEndian(_ value: UInt32, to output: inout [UInt8]) {
    output += [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }
}
