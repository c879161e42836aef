/// Writes a `Double` in the shortest decimal text that reads back as the same `Double`.
///
/// The digits are the standard library's shortest round-trip digits; the layout follows
/// JavaScript's `Number.prototype.toString`, which every browser reads: plain decimals for
/// magnitudes from 1e-6 up to 1e21 (`45`, `44.5`, `0.000001`), otherwise an exponent with no
/// `+` (`1e-7`, `1.7976931348623157e308`). There is never a trailing `.0`; negative zero is `-0`.
package enum ShortestDecimal {
  /// Appends the text of a finite `value` to `output`.
  ///
  /// - Precondition: `value` is finite; the model never holds anything else.
  package static func append(_ value: Double, to output: inout [UInt8]) {
    precondition(value.isFinite, "only finite numbers have a decimal form")
    if DecimalText.appendHundredths(value, to: &output) { return }
    var digits: [UInt8] = []
    digits.reserveCapacity(17)
    var exponent = 0
    var negative = false
    decompose(value, digits: &digits, exponent: &exponent, negative: &negative)
    if negative { output.append(UInt8(ascii: "-")) }
    let count = digits.count
    // `exponent` places the point: value = 0.d₁d₂…dₖ × 10^exponent.
    if count <= exponent && exponent <= 21 {
      output.append(contentsOf: digits)
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: exponent - count))
    } else if 0 < exponent && exponent <= 21 {
      output.append(contentsOf: digits[..<exponent])
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: digits[exponent...])
    } else if -6 < exponent && exponent <= 0 {
      output.append(UInt8(ascii: "0"))
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -exponent))
      output.append(contentsOf: digits)
    } else {
      output.append(digits[0])
      if count > 1 {
        output.append(UInt8(ascii: "."))
        output.append(contentsOf: digits[1...])
      }
      output.append(UInt8(ascii: "e"))
      DecimalText.appendInteger(exponent - 1, to: &output)
    }
  }

  /// The text of a finite `value` as a `String`.
  package static func string(_ value: Double) -> String {
    var bytes: [UInt8] = []
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A number as messages print it (warnings, errors): rounded to at most four decimals, then
  /// in the shortest form (`53.3333`, `0.5`, `-12`, `1e21`); `infinity` or `-infinity` past a
  /// double's range and `NaN` for no number, so that any value can be told.
  package static func message(_ value: Double) -> String {
    guard value.isFinite else {
      if value.isNaN { return "NaN" }
      return value < 0 ? "-infinity" : "infinity"
    }
    // Beyond 10¹⁵ a double holds no fourth decimal: the number stays as it is.
    let rounded = value.magnitude < 1e15 ? (value * 10_000).rounded() / 10_000 : value
    return string(rounded == 0 ? 0 : rounded)
  }

  /// Splits the standard library's shortest form (`45.0`, `1e-07`, `-1.5e+300`) into
  /// significant digits without leading or trailing zeros and a decimal exponent.
  private static func decompose(
    _ value: Double, digits: inout [UInt8], exponent: inout Int, negative: inout Bool
  ) {
    var text = value.description
    text.withUTF8 { bytes in
      var index = 0
      if bytes[index] == UInt8(ascii: "-") {
        negative = true
        index += 1
      }
      var pointPosition: Int?
      var mantissaDigits = 0
      while index < bytes.count, bytes[index] != UInt8(ascii: "e") {
        let byte = bytes[index]
        if byte == UInt8(ascii: ".") {
          pointPosition = mantissaDigits
        } else {
          digits.append(byte)
          mantissaDigits += 1
        }
        index += 1
      }
      var writtenExponent = 0
      if index < bytes.count {
        index += 1
        var exponentNegative = false
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
          exponentNegative = bytes[index] == UInt8(ascii: "-")
          index += 1
        }
        while index < bytes.count {
          writtenExponent = writtenExponent * 10 + Int(bytes[index] &- 0x30)
          index += 1
        }
        if exponentNegative { writtenExponent = -writtenExponent }
      }
      exponent = (pointPosition ?? mantissaDigits) + writtenExponent
    }
    // Strip leading zeros (moving the point) and trailing zeros (not moving it).
    var leading = 0
    while leading < digits.count - 1, digits[leading] == UInt8(ascii: "0") { leading += 1 }
    digits.removeFirst(leading)
    exponent -= leading
    while digits.count > 1, digits[digits.count - 1] == UInt8(ascii: "0") { digits.removeLast() }
    if digits == [UInt8(ascii: "0")] { exponent = 1 }
  }
}
