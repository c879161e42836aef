/// Reads SVG numbers from attribute bytes, to the same `Double` the writer wrote: what the SVG
/// readers and the JSON reader share. Inlinable, since the strict reader calls it for every
/// number of a drawing.
package enum NumberParser {
  /// 10^exponent for 0…15, all exact; a switch, so the hot path has no lazy global to check.
  @usableFromInline @inline(__always)
  static func powerOfTen(_ exponent: Int) -> Double {
    switch exponent {
    case 0: return 1
    case 1: return 1e1
    case 2: return 1e2
    case 3: return 1e3
    case 4: return 1e4
    case 5: return 1e5
    case 6: return 1e6
    case 7: return 1e7
    case 8: return 1e8
    case 9: return 1e9
    case 10: return 1e10
    case 11: return 1e11
    case 12: return 1e12
    case 13: return 1e13
    case 14: return 1e14
    default: return 1e15
    }
  }

  /// Parses `sign? (digits ('.' digits?)? | '.' digits) ([eE] sign? digits)?`, the number
  /// grammar of SVG, correctly rounded. Returns `nil` for any other text, including blanks,
  /// `inf`, `nan` and hexadecimal; a value too large to represent comes back infinite.
  ///
  /// - Parameter bytes: The attribute value.
  /// - Returns: The number, or `nil` when the text is not one.
  @inlinable
  package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    let end = bytes.count
    var index = 0
    var negative = false
    if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
      negative = bytes[index] == UInt8(ascii: "-")
      index += 1
    }
    var mantissa: UInt64 = 0
    var digitCount = 0
    var fractionDigits = 0
    while index < end, bytes[index] &- 0x30 < 10 {
      if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
      digitCount += 1
      index += 1
    }
    if index < end, bytes[index] == UInt8(ascii: ".") {
      index += 1
      while index < end, bytes[index] &- 0x30 < 10 {
        if digitCount < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] &- 0x30) }
        digitCount += 1
        fractionDigits += 1
        index += 1
      }
    }
    guard digitCount > 0 else { return nil }
    if index == end && digitCount <= 15 {
      // Mantissa and power of ten are both exact, so one division rounds correctly.
      let value = Double(mantissa) / powerOfTen(fractionDigits)
      return negative ? -value : value
    }
    if index < end {
      guard bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") else {
        return nil
      }
      index += 1
      if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
        index += 1
      }
      let exponentStart = index
      while index < end, bytes[index] &- 0x30 < 10 { index += 1 }
      guard index > exponentStart, index == end else { return nil }
    }
    // The grammar is checked, so the standard library's correctly rounded parser sees only
    // text it reads in full.
    return Double(String(decoding: bytes, as: UTF8.self))
  }
}
