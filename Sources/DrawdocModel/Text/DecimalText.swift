/// Decimal text written straight into bytes, without a `String` for each number: what the SVG
/// writer, the JSON form and the model's description form share.
package enum DecimalText {
  /// Appends a whole number in decimal.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - output: The bytes to extend.
  package static func appendInteger(_ value: Int, to output: inout [UInt8]) {
    if value < 0 { output.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
      var count = 0
      repeat {
        digits[count] = UInt8(truncatingIfNeeded: magnitude % 10) &+ 0x30
        magnitude /= 10
        count += 1
      } while magnitude > 0
      while count > 0 {
        count -= 1
        output.append(digits[count])
      }
    }
  }

  /// The fast path for what people draw: whole numbers and hundredths below 10¹³ in
  /// magnitude. If `value` is `k / 100` for a whole `k` with `|k| < 10¹⁵` (checked by the
  /// division, which is correctly rounded like any reader's), the decimal text of `k / 100`
  /// (`45`, `44.5`, `0.07`, `-0`) reads back as `value`; with at most 15 significant digits no
  /// other decimal of as few digits does, so it is also the shortest.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - output: The bytes to extend.
  /// - Returns: `false`, having written nothing, when `value` is not of that form.
  package static func appendHundredths(_ value: Double, to output: inout [UInt8]) -> Bool {
    let scaled = (value * 100).rounded()
    guard scaled.magnitude < 1e15, scaled / 100 == value else { return false }
    if value == 0 {
      output.append(contentsOf: value.sign == .minus ? [0x2D, 0x30] : [0x30])
      return true
    }
    let hundredths = Int64(scaled)
    var magnitude = hundredths.magnitude
    if hundredths < 0 { output.append(UInt8(ascii: "-")) }
    let fraction = magnitude % 100
    magnitude /= 100
    appendInteger(Int(magnitude), to: &output)
    if fraction != 0 {
      output.append(UInt8(ascii: "."))
      output.append(0x30 &+ UInt8(fraction / 10))
      if fraction % 10 != 0 { output.append(0x30 &+ UInt8(fraction % 10)) }
    }
    return true
  }

  /// Appends exactly the text of `value.description` (`45.0`, `44.5`, `1e-05`): the standard
  /// library's shortest round-trip digits, with `.0` after a whole number.
  ///
  /// Values of the fast path (``appendHundredths(_:to:)``) lie from 0.01 to below 10¹³ in
  /// magnitude, or are zero, where the standard library writes the same shortest digits as a
  /// plain decimal; anything else is written by the standard library itself.
  ///
  /// - Parameters:
  ///   - value: The number.
  ///   - output: The bytes to extend.
  package static func appendDescription(_ value: Double, to output: inout [UInt8]) {
    guard value.isFinite, appendHundredths(value, to: &output) else {
      output.append(contentsOf: value.description.utf8)
      return
    }
    if value.rounded(.towardZero) == value {
      output.append(contentsOf: [UInt8(ascii: "."), UInt8(ascii: "0")])
    }
  }
}

extension Array where Element == UInt8 {
  /// Appends a literal's UTF-8 bytes straight from its static storage, without a `String`.
  ///
  /// - Parameter literal: The text.
  @inline(__always)
  package mutating func append(literal: StaticString) {
    append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
  }
}
