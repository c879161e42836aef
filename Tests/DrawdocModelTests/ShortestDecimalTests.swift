import DrawdocModel
import Testing

/// `ShortestDecimal`, the number rule of docs/format.md ("Canonical writing"): the fewest
/// significant digits that read back as the double, laid out as JavaScript's
/// `Number.prototype.toString`, except `-0` and no `+` in exponents.
@Suite struct ShortestDecimalTests {
  @Test(
    arguments: [
      // The examples of docs/format.md.
      (45.0, "45"), (0.1 + 0.2, "0.30000000000000004"), (123456.789, "123456.789"),
      (0.000015, "0.000015"), (1e-7, "1e-7"), (1e20, "100000000000000000000"), (1e21, "1e21"),
      (1.2345e22, "1.2345e22"), (.leastNonzeroMagnitude, "5e-324"),
      (1.7976931348623157e308, "1.7976931348623157e308"),
      (-0.0, "-0"),
      // Zero, hundredths, integers.
      (0, "0"), (44.5, "44.5"), (-44.5, "-44.5"), (0.07, "0.07"), (0.1, "0.1"), (100, "100"),
      (4.35, "4.35"), (1.005, "1.005"), (9999999999999.99, "9999999999999.99"), (0.001, "0.001"),
      (123456789012345.6, "123456789012345.6"), (1e15, "1000000000000000"),
      (1e16, "10000000000000000"), (9_007_199_254_740_992, "9007199254740992"),
      (1_152_921_504_606_846_976, "1152921504606847000"),
      (1.0000000000000002, "1.0000000000000002"),
      (1.0 / 3, "0.3333333333333333"), (2.0 / 3, "0.6666666666666666"),
      // Plain from 1e-6 up to below 1e21, an exponent outside.
      (1e-6, "0.000001"), (0.0000015, "0.0000015"), (1e-5, "0.00001"),
      (9.999999999999997e-7, "9.999999999999997e-7"), (1.5e-7, "1.5e-7"), (-1e-7, "-1e-7"),
      (1.23e-18, "1.23e-18"), (2.5e-8, "2.5e-8"), (9.999999999999999e20, "999999999999999900000"),
      (1.2345678901234568e20, "123456789012345680000"),
      (1.2345678901234568e21, "1.2345678901234568e21"), (1e100, "1e100"), (-1e300, "-1e300"),
      // The ends of the doubles.
      (2.2250738585072014e-308, "2.2250738585072014e-308"),
      (Double.leastNormalMagnitude.nextDown, "2.225073858507201e-308"),
      (2 * Double.leastNonzeroMagnitude, "1e-323"),
      (-Double.leastNonzeroMagnitude, "-5e-324"),
      (-1.7976931348623157e308, "-1.7976931348623157e308"),
    ] as [(Double, String)])
  func writes(_ value: Double, _ expected: String) {
    #expect(ShortestDecimal.string(value) == expected)
    var bytes = Array("x=".utf8)
    ShortestDecimal.append(value, to: &bytes)
    #expect(bytes == Array(("x=" + expected).utf8))
  }

  /// What any finite double's text must be: read back to the bit by `Double(String)` and by
  /// `NumberParser`; as short as Swift's own shortest digits; laid out by the rules.
  static func check(_ value: Double) -> String? {
    var bytes: [UInt8] = []
    ShortestDecimal.append(value, to: &bytes)
    let text = String(decoding: bytes, as: UTF8.self)
    guard Double(text)?.bitPattern == value.bitPattern else { return "\(text): Double(String)" }
    let parsed = bytes.withUnsafeBufferPointer { NumberParser.parse($0) }
    guard parsed?.bitPattern == value.bitPattern else { return "\(text): NumberParser" }
    let written = Spelling(bytes)
    guard written.significantDigits == Spelling(Array(value.description.utf8)).significantDigits
    else { return "\(text): not as short as \(value.description)" }
    let magnitude = value.magnitude
    guard written.exponent == (value != 0 && (magnitude < 1e-6 || magnitude >= 1e21)) else {
      return "\(text): layout"
    }
    guard written.isCanonical else { return "\(text): spelling" }
    return nil
  }

  /// The parts of a decimal text, read by hand.
  struct Spelling {
    var significantDigits = 0
    var exponent = false
    var isCanonical = true

    init(_ bytes: [UInt8]) {
      var index = bytes.first == UInt8(ascii: "-") ? 1 : 0
      let start = index
      var digits = 0
      var leadingZeros = 0
      var trailingZeros = 0
      var point: Int?
      while index < bytes.count, bytes[index] != UInt8(ascii: "e") {
        let byte = bytes[index]
        if byte == UInt8(ascii: ".") {
          point = index
        } else {
          digits += 1
          trailingZeros = byte == UInt8(ascii: "0") ? trailingZeros + 1 : 0
          if byte == UInt8(ascii: "0"), leadingZeros == digits - 1 { leadingZeros += 1 }
        }
        index += 1
      }
      significantDigits = max(0, digits - leadingZeros - trailingZeros)
      let mantissaEnd = index
      exponent = index < bytes.count
      // No `.` first or last, no trailing zero after a point, no leading zero but that of
      // `0.…`; in an exponent form one digit before the point, and no `+` or leading zero
      // after the `e`.
      if point == start || point == mantissaEnd - 1 { isCanonical = false }
      if point != nil, bytes[mantissaEnd - 1] == UInt8(ascii: "0") { isCanonical = false }
      if mantissaEnd - start > 1, bytes[start] == UInt8(ascii: "0"), point != start + 1 {
        isCanonical = false
      }
      if exponent {
        var power = index + 1
        if power < bytes.count, bytes[power] == UInt8(ascii: "-") { power += 1 }
        if power >= bytes.count || bytes[power] == UInt8(ascii: "0") { isCanonical = false }
        if (point ?? mantissaEnd) - start != 1 { isCanonical = false }
      }
    }
  }

  @Test func randomBitPatternsRoundTrip() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0201)
    var failures: [String] = []
    var checked = 0
    while checked < 200_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      checked += 1
      if let failure = Self.check(value), failures.count < 5 { failures.append(failure) }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Subnormals, and each power of ten with its neighbours, where the layout switches and
  /// where the digits are hardest.
  @Test func edgesRoundTrip() {
    var failures: [String] = []
    var values: [Double] = [0, -0.0, .leastNonzeroMagnitude, .leastNormalMagnitude]
    values += [.greatestFiniteMagnitude, Double.leastNormalMagnitude.nextDown]
    for power in -324...308 {
      guard let value = Double("1e\(power)") else { continue }
      values += [value, value.nextUp, value.nextDown, value * 1.5, value * 9.5]
    }
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0202)
    for _ in 0..<20_000 {
      values.append(Double(bitPattern: random.next() & 0x000F_FFFF_FFFF_FFFF))
    }
    for value in values where value.isFinite {
      for signed in [value, -value] {
        if let failure = Self.check(signed), failures.count < 5 { failures.append(failure) }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// A whole number of hundredths below 10¹⁵ is written as that decimal, built here from
  /// integers: `4450` hundredths is `44.5`.
  @Test func hundredthsAreWrittenAsTheirDecimal() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0203)
    for index in 0..<100_000 {
      let limit: Int64 = index % 2 == 0 ? 100_000 : 999_999_999_999_999
      let hundredths = Int64.random(in: -limit...limit, using: &random)
      var expected = hundredths < 0 ? "-" : ""
      expected += String(hundredths.magnitude / 100)
      let fraction = hundredths.magnitude % 100
      if fraction != 0 {
        expected += "." + String(fraction / 10) + (fraction % 10 == 0 ? "" : String(fraction % 10))
      }
      let text = ShortestDecimal.string(Double(hundredths) / 100)
      #expect(text == expected, "\(hundredths) hundredths")
      if text != expected { break }
    }
  }

  /// Numbers in messages: rounded to four decimals, then as short as the writer's form, and
  /// the values a double cannot be written as, in words.
  @Test func messagesPrintAtMostFourDecimals() {
    let cases: [(Double, String)] = [
      (53.333333333333336, "53.3333"), (0.5333333333333333, "0.5333"), (2.5, "2.5"),
      (-12, "-12"), (12.34567, "12.3457"), (0.00004, "0"), (-0.00004, "0"), (1e21, "1e21"),
      (1e15 + 0.5, "1000000000000000.5"), (.infinity, "infinity"),
      (-.infinity, "-infinity"), (.nan, "NaN"),
    ]
    for (value, text) in cases {
      #expect(ShortestDecimal.message(value) == text, "\(value)")
    }
  }
}
