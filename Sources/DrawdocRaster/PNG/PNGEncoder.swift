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
    guard image.width <= maximumSide, image.height <= maximumSide else {
      throw .imageTooLarge(width: image.width, height: image.height)
    }
    let compressed = try compressedRows(of: image)

    var output = signature
    output.reserveCapacity(
      signature.count + 25 + texts.reduce(0) { $0 + $1.keyword.utf8.count + 17 }
        + texts.reduce(0) { $0 + $1.compressedText.count } + compressed.count + 12 + 12)
    var header: [UInt8] = []
    appendBigEndian(UInt32(image.width), to: &header)
    appendBigEndian(UInt32(image.height), to: &header)
    // Bit depth 8, color type 6 (RGBA), deflate, adaptive filtering, no interlace.
    header += [8, 6, 0, 0, 0]
    appendChunk("IHDR", header[...], to: &output)
    for text in texts { appendChunk("iTXt", text.chunkData[...], to: &output) }
    var start = 0
    repeat {
      let end = min(compressed.count, start + maximumChunkLength)
      appendChunk("IDAT", compressed[start..<end], to: &output)
      start = end
    } while start < compressed.count
    appendChunk("IEND", [][...], to: &output)
    return output
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

  /// Appends a chunk: its length, type, data and the CRC-32 of type and data.
  private static func appendChunk(
    _ type: String, _ data: ArraySlice<UInt8>, to output: inout [UInt8]
  ) {
    let typeBytes = Array(type.utf8)
    appendBigEndian(UInt32(data.count), to: &output)
    output += typeBytes
    output += data
    let crc = Deflate.crc32(data, continuing: Deflate.crc32(typeBytes[...]))
    appendBigEndian(crc, to: &output)
  }

  /// Appends four bytes, most significant first, as PNG stores every integer.
  private static func appendBigEndian(_ value: UInt32, to output: inout [UInt8]) {
    output += [
      UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16),
      UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value),
    ]
  }
}
