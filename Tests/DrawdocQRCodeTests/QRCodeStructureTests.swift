import DrawdocQRCode
import Testing

/// What the standard tabulates: capacities, format and version information, read off the
/// modules where the standard places them.
@Suite struct QRCodeStructureTests {
  /// Byte-mode capacities of versions 1 to 40 at L, M, Q and H, from the standard's table.
  static let capacities: [QRCode.Correction: [Int]] = [
    .low: [
      17, 32, 53, 78, 106, 134, 154, 192, 230, 271, 321, 367, 425, 458, 520, 586, 644, 718, 792,
      858, 929, 1003, 1091, 1171, 1273, 1367, 1465, 1528, 1628, 1732, 1840, 1952, 2068, 2188,
      2303, 2431, 2563, 2699, 2809, 2953,
    ],
    .medium: [
      14, 26, 42, 62, 84, 106, 122, 152, 180, 213, 251, 287, 331, 362, 412, 450, 504, 560, 624,
      666, 711, 779, 857, 911, 997, 1059, 1125, 1190, 1264, 1370, 1452, 1538, 1628, 1722, 1809,
      1911, 1989, 2099, 2213, 2331,
    ],
    .quartile: [
      11, 20, 32, 46, 60, 74, 86, 108, 130, 151, 177, 203, 241, 258, 292, 322, 364, 394, 442,
      482, 509, 565, 611, 661, 715, 751, 805, 868, 908, 982, 1030, 1112, 1168, 1228, 1283, 1351,
      1423, 1499, 1579, 1663,
    ],
    .high: [
      7, 14, 24, 34, 44, 58, 64, 84, 98, 119, 137, 155, 177, 194, 220, 250, 280, 310, 338, 382,
      403, 439, 461, 511, 535, 593, 625, 658, 698, 742, 790, 842, 898, 958, 983, 1051, 1093,
      1139, 1219, 1273,
    ],
  ]

  @Test(arguments: QRCode.Correction.allCases)
  func capacitiesAreTheStandards(correction: QRCode.Correction) {
    #expect(
      (1...40).map { QRCode.capacity(version: $0, correction: correction) }
        == Self.capacities[correction])
  }

  @Test func theSmallestVersionThatHoldsTheBytesIsChosen() throws {
    for (bytes, version) in [(14, 1), (15, 2), (213, 10), (214, 11), (2331, 40)] {
      #expect(try QRCode(encoding: [UInt8](repeating: 0x41, count: bytes)).version == version)
    }
  }

  @Test func bytesTooManyForVersionFortyAreRefusedWithTheLimit() throws {
    #expect(
      try QRCode(encoding: [UInt8](repeating: 0x41, count: 2953), correction: .low).version == 40)
    #expect(throws: QRCodeError.tooLong(byteCount: 2954, limit: 2953, correction: .low)) {
      try QRCode(encoding: [UInt8](repeating: 0x41, count: 2954), correction: .low)
    }
    let error = QRCodeError.tooLong(byteCount: 1300, limit: 1273, correction: .high)
    #expect(
      error.description
        == "cannot make a QR code of 1300 bytes: at error correction level H the largest QR "
        + "code (version 40) holds at most 1273 bytes; shorten the text or choose a lower level")
  }

  /// The 15 format information bits of each level and mask, from the standard's table (level
  /// bits, mask, BCH code, masked with 101010000010010).
  static let formatInformation: [QRCode.Correction: [Int]] = [
    .low: [
      0b111011111000100, 0b111001011110011, 0b111110110101010, 0b111100010011101,
      0b110011000101111, 0b110001100011000, 0b110110001000001, 0b110100101110110,
    ],
    .medium: [
      0b101010000010010, 0b101000100100101, 0b101111001111100, 0b101101101001011,
      0b100010111111001, 0b100000011001110, 0b100111110010111, 0b100101010100000,
    ],
    .quartile: [
      0b011010101011111, 0b011000001101000, 0b011111100110001, 0b011101000000110,
      0b010010010110100, 0b010000110000011, 0b010111011011010, 0b010101111101101,
    ],
    .high: [
      0b001011010001001, 0b001001110111110, 0b001110011100111, 0b001100111010000,
      0b000011101100010, 0b000001001010101, 0b000110100001100, 0b000100000111011,
    ],
  ]

  /// Both copies of the format information, read as the standard places them (bit 14 first):
  /// along row 8 then up column 8 beside the top left finder; up from the bottom of column 8,
  /// then along row 8 to the right edge.
  static func formatCopies(of code: QRCode) -> [Int] {
    let last = code.size - 1
    let first: [(Int, Int)] =
      (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (0...5).reversed().map { (8, $0) }
    let second: [(Int, Int)] =
      (0...6).map { (8, last - $0) } + (0...7).map { (last - 7 + $0, 8) }
    return [first, second].map { positions in
      positions.reduce(0) { bits, position in bits << 1 | (code[position.0, position.1] ? 1 : 0) }
    }
  }

  /// Codes of every level, of lengths that give many masks.
  @Test(arguments: QRCode.Correction.allCases)
  func formatInformationIsTheStandardsForTheLevelAndMask(correction: QRCode.Correction) throws {
    var masks: Set<Int> = []
    for length in stride(from: 1, through: 120, by: 7) {
      let code = try QRCode(encoding: pairingAddress(length: length), correction: correction)
      masks.insert(code.mask)
      let expected = try #require(Self.formatInformation[correction]?[code.mask])
      #expect(Self.formatCopies(of: code) == [expected, expected])
      // The module always dark, above the bottom left finder's separator.
      #expect(code[8, code.size - 8])
    }
    #expect(masks.count >= 3, "the lengths tried gave only masks \(masks.sorted())")
  }

  /// The 18 version information bits of some versions, from the standard's table.
  @Test(
    arguments: [
      (7, 0x07C94), (8, 0x085BC), (9, 0x09A99), (13, 0x0D847), (21, 0x15683), (26, 0x1AFAB),
      (32, 0x209D5), (40, 0x28C69),
    ])
  func versionInformationIsTheStandards(version: Int, bits: Int) throws {
    let capacity = QRCode.capacity(version: version, correction: .medium)
    let code = try QRCode(encoding: [UInt8](repeating: 0x61, count: capacity))
    #expect(code.version == version)
    // Bit 0 at the top left of the 3 × 6 block beside the top right finder, bit 17 at its
    // bottom right; the block beside the bottom left finder is its mirror image.
    let base = code.size - 11
    let upperRight = (0..<18).reduce(0) { $0 | (code[base + $1 % 3, $1 / 3] ? 1 << $1 : 0) }
    let lowerLeft = (0..<18).reduce(0) { $0 | (code[$1 / 3, base + $1 % 3] ? 1 << $1 : 0) }
    #expect(upperRight == bits)
    #expect(lowerLeft == bits)
  }
}
