/// The PNG row filters the encoder chooses from (PNG specification, section 9).
///
/// For each row the encoder takes the filter whose output has the smallest sum of absolute
/// values, reading each byte as signed: the usual heuristic, which favours runs of small
/// differences that deflate compresses well.
enum PNGRowFilter: UInt8, CaseIterable {
  /// The bytes as they are.
  case none = 0
  /// Each byte minus the same channel of the pixel to its left.
  case sub = 1
  /// Each byte minus the same byte of the row above.
  case up = 2

  /// The bytes per pixel of 8-bit RGBA.
  static let bytesPerPixel = 4

  /// Chooses a filter for a row and writes the filter byte and the filtered row.
  ///
  /// - Parameters:
  ///   - row: The row's raw bytes.
  ///   - previous: The raw bytes of the row above, or `nil` for the first row.
  ///   - output: Replaced by the filter type byte followed by the filtered row.
  static func filter(
    row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?,
    into output: inout [UInt8]
  ) {
    let chosen = best(row: row, previous: previous)
    output.removeAll(keepingCapacity: true)
    output.append(chosen.rawValue)
    let bpp = bytesPerPixel
    switch chosen {
    case .none:
      output.append(contentsOf: row)
    case .sub:
      for index in 0..<row.count {
        output.append(row[index] &- (index >= bpp ? row[index - bpp] : 0))
      }
    case .up:
      guard let previous else {
        output.append(contentsOf: row)
        return
      }
      for index in 0..<row.count { output.append(row[index] &- previous[index]) }
    }
  }

  /// The filter with the smallest sum of absolute signed output bytes; ties go to the
  /// simpler filter.
  private static func best(
    row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?
  ) -> PNGRowFilter {
    var noneSum = 0
    var subSum = 0
    var upSum = 0
    let bpp = bytesPerPixel
    for index in 0..<row.count {
      let byte = row[index]
      noneSum += magnitude(byte)
      subSum += magnitude(byte &- (index >= bpp ? row[index - bpp] : 0))
      upSum += magnitude(byte &- (previous?[index] ?? 0))
    }
    if noneSum <= subSum && noneSum <= upSum { return .none }
    return subSum <= upSum ? .sub : .up
  }

  /// The absolute value of a byte read as a signed number.
  private static func magnitude(_ byte: UInt8) -> Int {
    Int(Int8(bitPattern: byte).magnitude)
  }
}
