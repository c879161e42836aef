/// One chunk of a PNG file, as ``PNGChunks/walk(_:_:)`` finds it.
package struct PNGChunk {
  /// Its four type bytes (`IHDR`, `tEXt`, …).
  package let type: ArraySlice<UInt8>
  /// Its data, between the type and the CRC.
  package let data: ArraySlice<UInt8>
  /// The byte of the file where it starts (its length field).
  package let offset: Int
  /// The CRC stored after its data, not checked.
  package let storedCRC: UInt32

  /// Whether its type is `name`.
  package func isType(_ name: String) -> Bool { type.elementsEqual(name.utf8) }
}

/// The chunks of a PNG file, walked once for each reader of the texts they carry: drawdoc's
/// drawing, draw.io's diagram and Excalidraw's scene.
package enum PNGChunks {
  /// How a walk ended.
  package enum End: Equatable {
    /// At the `IEND` chunk.
    case iend
    /// Where `visit` asked to stop.
    case stopped
    /// At the end of the file, before an `IEND` chunk.
    case endOfFile
    /// At a chunk that says it is longer than what is left of the file.
    case overrun(offset: Int, length: Int)
  }

  /// Passes each chunk after the signature, in order, to `visit` until `IEND`, the end of the
  /// file, a chunk that runs past it, or `visit` answering `false`. The signature itself is
  /// not checked.
  ///
  /// - Parameters:
  ///   - png: The whole file.
  ///   - visit: Receives a chunk; answers whether to go on.
  /// - Returns: How the walk ended.
  /// - Throws: Whatever `visit` throws; the walk stops there.
  package static func walk<Failure: Error>(
    _ png: [UInt8], _ visit: (PNGChunk) throws(Failure) -> Bool
  ) throws(Failure) -> End {
    var offset = PNGEncoder.signature.count
    while png.count - offset >= 12 {
      let length = number(png[offset..<offset + 4])
      guard length <= Int(Int32.max), length <= png.count - offset - 12 else {
        return .overrun(offset: offset, length: length)
      }
      let chunk = PNGChunk(
        type: png[offset + 4..<offset + 8], data: png[offset + 8..<offset + 8 + length],
        offset: offset,
        storedCRC: UInt32(
          truncatingIfNeeded: number(png[offset + 8 + length..<offset + 12 + length])))
      if chunk.isType("IEND") { return .iend }
      guard try visit(chunk) else { return .stopped }
      offset += 12 + length
    }
    return .endOfFile
  }

  /// The number that bytes stand for, most significant first, as PNG stores it.
  private static func number(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.reduce(0) { $0 << 8 | Int($1) }
  }
}
