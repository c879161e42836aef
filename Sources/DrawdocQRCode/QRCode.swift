/// A QR code (ISO/IEC 18004, Model 2) that holds bytes: the symbol's dark and light modules.
///
/// Written here, with no library, for the pairing address `drawdoc serve --lan` shows. It uses
/// byte mode only (no numeric, alphanumeric or kanji segments, no ECI): a URL is short, and
/// byte mode reads it back unchanged on every scanner. It takes the smallest version (1 to 40)
/// that holds the bytes at the error correction level asked for, adds Reed–Solomon error
/// correction per block, interleaves the blocks, and keeps the one of the eight masks that the
/// standard's four penalty rules score lowest.
package struct QRCode: Sendable, Hashable {
  /// How much of a damaged or hidden symbol can still be read: the error correction level.
  package enum Correction: Sendable, Hashable, CaseIterable {
    /// Level L: about 7 % of the codewords can be restored.
    case low
    /// Level M: about 15 %.
    case medium
    /// Level Q: about 25 %.
    case quartile
    /// Level H: about 30 %.
    case high

    /// The level's letter in the standard: L, M, Q or H.
    package var letter: Character {
      switch self {
      case .low: "L"
      case .medium: "M"
      case .quartile: "Q"
      case .high: "H"
      }
    }
  }

  /// The version, 1 to 40: the symbol has `17 + 4 × version` modules a side.
  package let version: Int
  /// The error correction level.
  package let correction: Correction
  /// The mask pattern chosen, 0 to 7 (its number in the standard).
  package let mask: Int
  /// The number of modules a side, without the quiet zone.
  package let size: Int
  /// The modules row by row, `true` for dark.
  let darkModules: [Bool]

  /// The quiet zone the standard asks for around the symbol, in modules; the renderings draw it.
  package static let quietZone = 4

  /// Makes the QR code that holds `bytes`, in the smallest version that holds them.
  ///
  /// - Parameters:
  ///   - bytes: What the code holds; a scanner reads them back as they are (text as UTF-8).
  ///   - correction: The error correction level; medium by default.
  /// - Throws: ``QRCodeError/tooLong(byteCount:limit:correction:)`` when even version 40
  ///   cannot hold the bytes at that level.
  package init(encoding bytes: [UInt8], correction: Correction = .medium) throws(QRCodeError) {
    guard
      let version = (1...40).first(where: {
        bytes.count <= Self.capacity(version: $0, correction: correction)
      })
    else {
      throw .tooLong(
        byteCount: bytes.count, limit: Self.capacity(version: 40, correction: correction),
        correction: correction)
    }
    let codewords = Self.interleavedCodewords(
      data: Self.dataCodewords(bytes, version: version, correction: correction),
      version: version, correction: correction)
    var grid = SymbolGrid(version: version)
    grid.drawFunctionPatterns()
    grid.placeCodewords(codewords)
    let (mask, masked) = grid.bestMasked(correction: correction)
    self.version = version
    self.correction = correction
    self.mask = mask
    self.size = masked.size
    self.darkModules = masked.dark
  }

  /// Makes the QR code that holds `text` as UTF-8.
  ///
  /// - Parameters:
  ///   - text: What the code holds.
  ///   - correction: The error correction level; medium by default.
  /// - Throws: ``QRCodeError/tooLong(byteCount:limit:correction:)`` when its UTF-8 is too
  ///   long for version 40 at that level.
  package init(encoding text: String, correction: Correction = .medium) throws(QRCodeError) {
    try self.init(encoding: Array(text.utf8), correction: correction)
  }

  /// Whether the module in column `x` and row `y` (both from 0, at the top left, without the
  /// quiet zone) is dark.
  ///
  /// `x` and `y` must be in `0..<size`: anything else is a programmer's error and stops the
  /// program.
  package subscript(x: Int, y: Int) -> Bool {
    precondition((0..<size).contains(x) && (0..<size).contains(y), "module outside the symbol")
    return darkModules[y * size + x]
  }

  /// The modules as rows from the top, each from the left; `true` for dark.
  package var modules: [[Bool]] {
    (0..<size).map { row in Array(darkModules[row * size..<(row + 1) * size]) }
  }

  /// How many bytes a version holds at a level, in byte mode.
  ///
  /// - Parameters:
  ///   - version: The version, 1 to 40 (a programmer's error otherwise).
  ///   - correction: The error correction level.
  /// - Returns: The largest number of bytes a symbol of that version and level holds.
  package static func capacity(version: Int, correction: Correction) -> Int {
    precondition((1...40).contains(version), "QR code versions are 1 to 40")
    let bits = BlockLayout(version: version, correction: correction).dataCodewords * 8
    return (bits - 4 - countBits(version: version)) / 8
  }

  /// The length of byte mode's character count: 8 bits up to version 9, 16 from version 10.
  static func countBits(version: Int) -> Int { version < 10 ? 8 : 16 }

  /// The data codewords: byte mode's indicator, the count, the bytes, the terminator, and the
  /// pad codewords that fill the version's capacity.
  static func dataCodewords(_ bytes: [UInt8], version: Int, correction: Correction) -> [UInt8] {
    let capacity = BlockLayout(version: version, correction: correction).dataCodewords
    var bits = BitBuffer()
    bits.append(0b0100, count: 4)
    bits.append(bytes.count, count: countBits(version: version))
    for byte in bytes { bits.append(Int(byte), count: 8) }
    bits.append(0, count: min(4, capacity * 8 - bits.count))
    bits.append(0, count: (8 - bits.count % 8) % 8)
    var codewords = bits.bytes
    // The standard's pad codewords, 11101100 and 00010001 in turn.
    for index in 0..<(capacity - codewords.count) { codewords.append(index % 2 == 0 ? 0xEC : 0x11) }
    return codewords
  }

  /// The data codewords cut into the version's blocks, each followed by its error correction,
  /// then read column by column across the blocks: the order they are placed in.
  static func interleavedCodewords(data: [UInt8], version: Int, correction: Correction)
    -> [UInt8]
  {
    let layout = BlockLayout(version: version, correction: correction)
    let generator = ReedSolomon.generator(degree: layout.correctionPerBlock)
    var blocks: [[UInt8]] = []
    var corrections: [[UInt8]] = []
    var start = 0
    for length in layout.dataLengths {
      let block = Array(data[start..<start + length])
      blocks.append(block)
      corrections.append(ReedSolomon.remainder(of: block, dividedBy: generator))
      start += length
    }
    var result: [UInt8] = []
    result.reserveCapacity(layout.totalCodewords)
    for index in 0..<(layout.dataLengths.max() ?? 0) {
      for block in blocks where index < block.count { result.append(block[index]) }
    }
    for index in 0..<layout.correctionPerBlock {
      for correction in corrections { result.append(correction[index]) }
    }
    return result
  }
}

/// Bits appended most significant first, read as bytes.
struct BitBuffer {
  private(set) var bytes: [UInt8] = []
  private(set) var count = 0

  /// Appends the `count` low bits of `value`, highest first.
  mutating func append(_ value: Int, count: Int) {
    for shift in stride(from: count - 1, through: 0, by: -1) {
      if self.count % 8 == 0 { bytes.append(0) }
      if (value >> shift) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(self.count % 8) }
      self.count += 1
    }
  }
}
