/// How a version and level cut the codewords into blocks (the standard's table of error
/// correction characteristics).
struct BlockLayout {
  /// All the codewords the version has room for.
  let totalCodewords: Int
  /// The error correction codewords of each block.
  let correctionPerBlock: Int
  /// The data codewords of each block, the short blocks first.
  let dataLengths: [Int]

  /// The data codewords of all blocks.
  var dataCodewords: Int { dataLengths.reduce(0, +) }

  init(version: Int, correction: QRCode.Correction) {
    let level =
      switch correction {
      case .low: 0
      case .medium: 1
      case .quartile: 2
      case .high: 3
      }
    totalCodewords = Self.dataModules(version: version) / 8
    correctionPerBlock = Self.correctionCodewordsPerBlock[level][version - 1]
    let blocks = Self.blockCounts[level][version - 1]
    // The blocks differ by at most one data codeword; the longer ones come last.
    let shortLength = totalCodewords / blocks - correctionPerBlock
    let longBlocks = totalCodewords % blocks
    dataLengths = (0..<blocks).map { $0 < blocks - longBlocks ? shortLength : shortLength + 1 }
  }

  /// The modules left for codewords (and remainder bits) once the function patterns, the
  /// format information and, from version 7, the version information are placed.
  static func dataModules(version: Int) -> Int {
    let size = 17 + 4 * version
    // Three finders with their separators and the format information (3 × 64 + 31), the
    // timing patterns between them.
    var modules = size * size - 3 * 64 - 31 - 2 * (size - 16)
    if version >= 2 {
      let across = version / 7 + 2
      // Alignment patterns in a grid less the three corners with finders; those on the timing
      // patterns share 5 modules with them.
      let patterns = across * across - 3
      let onTiming = 2 * (across - 2)
      modules -= patterns * 25 - onTiming * 5
    }
    if version >= 7 { modules -= 36 }
    return modules
  }

  /// Error correction codewords per block, for L, M, Q and H, versions 1 to 40.
  static let correctionCodewordsPerBlock: [[Int]] = [
    [
      7, 10, 15, 20, 26, 18, 20, 24, 30, 18, 20, 24, 26, 30, 22, 24, 28, 30, 28, 28,
      28, 28, 30, 30, 26, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
      26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28,
    ],
    [
      13, 22, 18, 26, 18, 24, 18, 22, 20, 24, 28, 26, 24, 20, 30, 24, 28, 28, 26, 30,
      28, 30, 30, 30, 30, 28, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
    [
      17, 28, 22, 16, 22, 28, 26, 26, 24, 28, 24, 28, 22, 24, 24, 30, 28, 28, 26, 28,
      30, 24, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30,
    ],
  ]

  /// Error correction blocks, for L, M, Q and H, versions 1 to 40.
  static let blockCounts: [[Int]] = [
    [
      1, 1, 1, 1, 1, 2, 2, 2, 2, 4, 4, 4, 4, 4, 6, 6, 6, 6, 7, 8,
      8, 9, 9, 10, 12, 12, 12, 13, 14, 15, 16, 17, 18, 19, 19, 20, 21, 22, 24, 25,
    ],
    [
      1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
      17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49,
    ],
    [
      1, 1, 2, 2, 4, 4, 6, 6, 8, 8, 8, 10, 12, 16, 12, 17, 16, 18, 21, 20,
      23, 23, 25, 27, 29, 34, 34, 35, 38, 40, 43, 45, 48, 51, 53, 56, 59, 62, 65, 68,
    ],
    [
      1, 1, 2, 4, 4, 4, 5, 6, 8, 8, 11, 11, 16, 16, 18, 16, 19, 21, 25, 25,
      25, 34, 30, 32, 35, 37, 40, 42, 45, 48, 51, 54, 57, 60, 63, 66, 70, 74, 77, 81,
    ],
  ]
}
