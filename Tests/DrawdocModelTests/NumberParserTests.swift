import DrawdocModel
import DrawdocTestSupport
import Testing

/// `NumberParser`, the reader of SVG numbers (docs/format.md, "The value spaces"):
/// `[+-]? ( digits ( "." digits? )? | "." digits ) ( [eE] [+-]? digits )?`, correctly rounded,
/// an overflow coming back infinite.
@Suite struct NumberParserTests {
  static func parse(_ text: String) -> Double? {
    Array(text.utf8).withUnsafeBufferPointer { NumberParser.parse($0) }
  }

  @Test(
    arguments: [
      // Signs and zeros; `-0` keeps its sign.
      ("0", 0.0), ("-0", -0.0), ("+0", 0.0), ("0.0", 0.0), ("-0.0", -0.0), (".0", 0.0),
      ("0.", 0.0), ("-.0", -0.0), ("000", 0.0), ("-0e5", -0.0), ("0e999999", 0.0),
      // Plain decimals, with and without a whole or a fraction part.
      ("45", 45.0), ("44.5", 44.5), ("+44.5", 44.5), ("-44.5", -44.5), (".5", 0.5), ("5.", 5.0),
      ("-.5", -0.5), ("+.5", 0.5), ("0.1", 0.1), ("0.30000000000000004", 0.30000000000000004),
      ("00001.5", 1.5), ("0000000000000000000000001", 1.0), ("1.0000000000000000000000", 1.0),
      // Exponents in either case, with either sign, with leading zeros.
      ("1e3", 1000.0), ("1E3", 1000.0), ("1e+3", 1000.0), ("1e-3", 0.001), ("1.5e2", 150.0),
      (".5e1", 5.0), ("5.e1", 50.0), ("-1e-0", -1.0), ("1e0003", 1000.0), ("-.5E-1", -0.05),
      ("2.5e-8", 2.5e-8), ("1e21", 1e21),
      // Fifteen digits or fewer, read without the standard library; then more.
      ("123456789012345", 123_456_789_012_345.0), ("123456789012.345", 123456789012.345),
      ("0.000000000000003", 3e-15), ("999999999999999", 999_999_999_999_999.0),
      ("1234567890123456789", 1.2345678901234568e18),
      // 2^53 + 1 and 2^53 + 3 lie halfway: ties go to the even neighbour.
      ("9007199254740993", 9_007_199_254_740_992.0), ("9007199254740995", 9_007_199_254_740_996.0),
      // The extremes.
      ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
      ("1.7976931348623158e308", Double.greatestFiniteMagnitude),
      ("-1.7976931348623157e308", -Double.greatestFiniteMagnitude),
      ("2.2250738585072014e-308", Double.leastNormalMagnitude),
      ("2.225073858507201e-308", Double.leastNormalMagnitude.nextDown),
      // The inputs that once hung Java (…011e-308) and PHP (…012e-308).
      ("2.2250738585072011e-308", Double.leastNormalMagnitude.nextDown),
      ("2.2250738585072012e-308", Double.leastNormalMagnitude),
      ("5e-324", Double.leastNonzeroMagnitude), ("4.9406564584124654e-324", .leastNonzeroMagnitude),
      ("-5e-324", -Double.leastNonzeroMagnitude),
      // Half the smallest subnormal rounds to zero (even); a hair above it, up.
      ("2.4703282292062327e-324", 0.0), ("2.4703282292062328e-324", .leastNonzeroMagnitude),
      // Underflow to zero, with the sign.
      ("1e-400", 0.0), ("-1e-400", -0.0), ("1e-99999999999999999999", 0.0),
      // Overflow to infinity, with the sign.
      ("1.7976931348623159e308", Double.infinity), ("1e309", Double.infinity),
      ("-1e309", -Double.infinity), ("1e99999999999999999999", Double.infinity),
      (String(repeating: "9", count: 400), Double.infinity),
      ("0." + String(repeating: "0", count: 400) + "1e500", 1e99),
    ] as [(String, Double)])
  func reads(_ text: String, _ expected: Double) throws {
    let value = try #require(Self.parse(text))
    #expect(value.bitPattern == expected.bitPattern, "\(text) read as \(value)")
  }

  @Test(arguments: [
    // Empty, blanks and signs alone.
    "", " ", "+", "-", ".", "+.", "-.", "\t1", " 1", "1 ", "1\n", "\u{0}1", "1\u{0}",
    // Exponents without digits, or in the wrong place.
    "e1", "E1", ".e1", "1e", "1E", "1e+", "1e-", "1e+-1", "1ee1", "1e1.5", "1e1e1", "1 e1",
    "1e 1", "1e+ 1",
    // Two points, two signs, signs inside.
    "1.2.3", "1..2", "--1", "+-1", "-+1", "1-", "1+1", "1-1", "- 1",
    // Other spellings of numbers.
    "inf", "Infinity", "-inf", "+inf", "nan", "NaN", "0x10", "0x1p3", "0b1", "1_000", "1,5",
    "1d", "1f", "1px", "1%", "١", "１", "1\u{0301}",
  ])
  func refuses(_ text: String) {
    #expect(Self.parse(text) == nil)
  }

  /// Swift's own writer (`description`, as `1e-05`, `-0.0`, `1.7976931348623157e+308`) spells
  /// every finite double in SVG's grammar, and the parser must read each back to the bit.
  @Test func readsBackSwiftsWritingOfRandomBitPatterns() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0001)
    var failures: [String] = []
    for _ in 0..<100_000 {
      let value = Double(bitPattern: random.next())
      guard value.isFinite else { continue }
      let text = value.description
      let read = Self.parse(text)
      if read?.bitPattern != value.bitPattern, failures.count < 5 { failures.append(text) }
    }
    #expect(failures.isEmpty, "not read back: \(failures)")
  }

  /// Random spellings of the grammar — up to 25 digits, a point anywhere, an optional exponent
  /// — read as the standard library's `Double(String)`, an independent correctly rounded
  /// reader, reads them: the fast path for fifteen digits or fewer must agree with it.
  @Test func agreesWithTheStandardLibraryOnRandomSpellings() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0002)
    var failures: [String] = []
    for _ in 0..<100_000 {
      let text = randomNumberSpelling(using: &random)
      guard let expected = Double(text) else {
        failures.append("Double(String) refused \(text)")
        break
      }
      if Self.parse(text)?.bitPattern != expected.bitPattern, failures.count < 5 {
        failures.append(text)
      }
    }
    #expect(failures.isEmpty, "differs: \(failures)")
  }
}
