import DrawdocModel

/// The numbers of a PDF file, which has no exponent form: plain decimals only.
enum PDFNumber {
  /// Appends the shortest decimal that reads back as `value` (the SVG encoder's digits), with
  /// an exponent, if the shortest form has one, written out as plain digits
  /// (`1e-7` as `0.0000001`, `1e21` as `1000000000000000000000.0`); a whole number past a
  /// PDF integer's limit (2³¹ − 1) ends in `.0`, a real.
  ///
  /// - Precondition: `value` is finite; the model holds nothing else.
  static func append(_ value: Double, to output: inout [UInt8]) {
    let start = output.count
    ShortestDecimal.append(value, to: &output)
    guard let e = output[start...].firstIndex(of: UInt8(ascii: "e")) else {
      markLargeInteger(from: start, in: &output)
      return
    }
    // `[-]d[.ddd]eN`: the digits without the point, and where the point goes.
    var exponent = 0
    var exponentNegative = false
    for byte in output[(e + 1)...] {
      if byte == UInt8(ascii: "-") {
        exponentNegative = true
      } else {
        exponent = exponent * 10 + Int(byte - UInt8(ascii: "0"))
      }
    }
    if exponentNegative { exponent = -exponent }
    let negative = output[start] == UInt8(ascii: "-")
    let digits = output[start..<e].filter { $0 != UInt8(ascii: "-") && $0 != UInt8(ascii: ".") }
    output.removeSubrange(start...)
    if negative { output.append(UInt8(ascii: "-")) }
    // value = d₁.d₂…dₖ × 10^exponent: the point goes after `exponent + 1` digits.
    let point = exponent + 1
    if point <= 0 {
      output.append(contentsOf: Array("0.".utf8))
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: -point))
      output.append(contentsOf: digits)
    } else if point >= digits.count {
      output.append(contentsOf: digits)
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: point - digits.count))
      markLargeInteger(from: start, in: &output)
    } else {
      output.append(contentsOf: digits[..<point])
      output.append(UInt8(ascii: "."))
      output.append(contentsOf: digits[point...])
    }
  }

  /// Adds `.0` to a whole number written from `start` that is past 2³¹ − 1, a PDF
  /// integer's limit, so that readers take it as a real (qpdf refuses such an integer).
  private static func markLargeInteger(from start: Int, in output: inout [UInt8]) {
    let digits = output[start...].drop { $0 == UInt8(ascii: "-") }
    guard digits.count >= 10, !digits.contains(UInt8(ascii: ".")) else { return }
    if digits.count > 10 || "2147483647".utf8.lexicographicallyPrecedes(digits) {
      output.append(contentsOf: ".0".utf8)
    }
  }

  /// Appends `numerator / denominator` rounded to at most four decimals, without trailing
  /// zeros (`0`, `0.5`, `0.502`, `1`): a color channel (of 255) or an opacity (of 10).
  ///
  /// - Precondition: `0 ≤ numerator ≤ denominator`, `denominator > 0`.
  static func appendFraction(_ numerator: Int, of denominator: Int, to output: inout [UInt8]) {
    let tenThousandths = (numerator * 20_000 + denominator) / (2 * denominator)
    if tenThousandths == 10_000 {
      output.append(UInt8(ascii: "1"))
      return
    }
    output.append(UInt8(ascii: "0"))
    guard tenThousandths > 0 else { return }
    output.append(UInt8(ascii: "."))
    var rest = tenThousandths
    var divisor = 1000
    while rest > 0 {
      output.append(UInt8(ascii: "0") + UInt8(rest / divisor))
      rest %= divisor
      divisor /= 10
    }
  }
}
