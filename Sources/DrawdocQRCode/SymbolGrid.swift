/// The symbol while it is made: its modules, and which of them belong to function patterns
/// (finders, separators, timing, alignment, format and version information) rather than to
/// the codewords, so that placing and masking leave them alone.
struct SymbolGrid {
  let version: Int
  let size: Int
  /// Row by row, `true` for dark.
  var dark: [Bool]
  /// Row by row, `true` for a module of a function pattern.
  var isFunction: [Bool]

  init(version: Int) {
    self.version = version
    size = 17 + 4 * version
    dark = Array(repeating: false, count: size * size)
    isFunction = Array(repeating: false, count: size * size)
  }

  subscript(x: Int, y: Int) -> Bool {
    get { dark[y * size + x] }
    set { dark[y * size + x] = newValue }
  }

  mutating func setFunction(x: Int, y: Int, dark isDark: Bool) {
    dark[y * size + x] = isDark
    isFunction[y * size + x] = true
  }

  // MARK: - Function patterns

  /// Draws every function pattern, and reserves the format information's modules (drawn for
  /// each mask by ``drawFormatInformation(correction:mask:)``).
  mutating func drawFunctionPatterns() {
    for index in 0..<size {
      setFunction(x: 6, y: index, dark: index % 2 == 0)
      setFunction(x: index, y: 6, dark: index % 2 == 0)
    }
    drawFinder(centreX: 3, centreY: 3)
    drawFinder(centreX: size - 4, centreY: 3)
    drawFinder(centreX: 3, centreY: size - 4)
    let centres = Self.alignmentCentres(version: version)
    for x in centres {
      for y in centres {
        let besideAFinder =
          (x == 6 && y == 6) || (x == 6 && y == size - 7) || (x == size - 7 && y == 6)
        if !besideAFinder { drawAlignment(centreX: x, centreY: y) }
      }
    }
    drawFormatInformation(correction: .medium, mask: 0)
    drawVersionInformation()
  }

  /// A finder (7 × 7 rings: dark, light, a dark 3 × 3 core) and its light separator, clipped
  /// to the symbol.
  private mutating func drawFinder(centreX: Int, centreY: Int) {
    for dy in -4...4 {
      for dx in -4...4 {
        let (x, y) = (centreX + dx, centreY + dy)
        guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
        let ring = max(abs(dx), abs(dy))
        setFunction(x: x, y: y, dark: ring != 2 && ring != 4)
      }
    }
  }

  /// An alignment pattern: 5 × 5, dark edge, light ring, dark centre.
  private mutating func drawAlignment(centreX: Int, centreY: Int) {
    for dy in -2...2 {
      for dx in -2...2 {
        setFunction(x: centreX + dx, y: centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
      }
    }
  }

  /// The rows (and columns) of the alignment patterns' centres: 6, the last at `size − 7`, the
  /// others evenly between with an even step, as the standard's table lists them.
  static func alignmentCentres(version: Int) -> [Int] {
    guard version > 1 else { return [] }
    let count = version / 7 + 2
    let last = 10 + 4 * version
    let step = (version * 8 + count * 3 + 5) / (count * 4 - 4) * 2
    return [6] + (1..<count).reversed().map { last - ($0 - 1) * step }
  }

  /// The 15 bits of format information — level, mask, BCH(15,5) check bits, masked with
  /// 101010000010010 — twice: around the top left finder, and split between the other two;
  /// and the dark module beside the bottom left finder.
  mutating func drawFormatInformation(correction: QRCode.Correction, mask: Int) {
    let bits = Self.formatBits(correction: correction, mask: mask)
    func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
    for index in 0...5 { setFunction(x: 8, y: index, dark: bit(index)) }
    setFunction(x: 8, y: 7, dark: bit(6))
    setFunction(x: 8, y: 8, dark: bit(7))
    setFunction(x: 7, y: 8, dark: bit(8))
    for index in 9..<15 { setFunction(x: 14 - index, y: 8, dark: bit(index)) }
    for index in 0..<8 { setFunction(x: size - 1 - index, y: 8, dark: bit(index)) }
    for index in 8..<15 { setFunction(x: 8, y: size - 15 + index, dark: bit(index)) }
    setFunction(x: 8, y: size - 8, dark: true)
  }

  /// The format information of a level and a mask, bit 14 the first.
  static func formatBits(correction: QRCode.Correction, mask: Int) -> Int {
    let level =
      switch correction {
      case .low: 0b01
      case .medium: 0b00
      case .quartile: 0b11
      case .high: 0b10
      }
    let data = level << 3 | mask
    return (data << 10 | bchRemainder(data, generator: 0x537, degree: 10)) ^ 0x5412
  }

  /// From version 7, the 18 bits of version information — the version and its BCH(18,6)
  /// check bits — twice, in a 6 × 3 block beside the top right and bottom left finders.
  private mutating func drawVersionInformation() {
    guard version >= 7 else { return }
    let bits = version << 12 | Self.bchRemainder(version, generator: 0x1F25, degree: 12)
    for index in 0..<18 {
      let isDark = (bits >> index) & 1 == 1
      let (across, along) = (size - 11 + index % 3, index / 3)
      setFunction(x: across, y: along, dark: isDark)
      setFunction(x: along, y: across, dark: isDark)
    }
  }

  /// The remainder of `data` × x^degree divided by the generator, over GF(2).
  private static func bchRemainder(_ data: Int, generator: Int, degree: Int) -> Int {
    var remainder = data << degree
    for shift in stride(
      from: remainder.bitWidth - 1 - remainder.leadingZeroBitCount,
      through: degree, by: -1) where (remainder >> shift) & 1 == 1
    {
      remainder ^= generator << (shift - degree)
    }
    return remainder
  }

  // MARK: - Codewords

  /// Places the codewords, most significant bit first, in two-module columns from the right,
  /// up and down in turn, skipping the vertical timing pattern and every function module; the
  /// modules left over (the remainder bits) stay light.
  mutating func placeCodewords(_ codewords: [UInt8]) {
    var bitIndex = 0
    let bitCount = codewords.count * 8
    var right = size - 1
    var upward = true
    while right >= 1 {
      if right == 6 { right = 5 }
      for step in 0..<size {
        let y = upward ? size - 1 - step : step
        for x in stride(from: right, through: right - 1, by: -1)
        where !isFunction[y * size + x] && bitIndex < bitCount {
          self[x, y] = (codewords[bitIndex / 8] >> (7 - UInt8(bitIndex % 8))) & 1 == 1
          bitIndex += 1
        }
      }
      upward.toggle()
      right -= 2
    }
  }
}
