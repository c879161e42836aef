import DrawdocModel
import Testing

/// `DecimalText`, the number writer the SVG writer, the JSON form and the model's description
/// share: whole numbers, the fast path for hundredths, and Swift's `description` of a double.
@Suite struct DecimalTextTests {
  static func text(_ write: (inout [UInt8]) -> Void) -> String {
    var bytes: [UInt8] = []
    write(&bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test(
    arguments: [
      (0, "0"), (7, "7"), (-7, "-7"), (10, "10"), (-1, "-1"), (100, "100"),
      (1_234_567_890, "1234567890"), (Int.max, "9223372036854775807"),
      (Int.min, "-9223372036854775808"), (Int.min + 1, "-9223372036854775807"),
    ] as [(Int, String)])
  func writesIntegers(_ value: Int, _ expected: String) {
    #expect(Self.text { DecimalText.appendInteger(value, to: &$0) } == expected)
  }

  @Test func appendsAfterWhatIsThere() {
    var bytes = Array("x=".utf8)
    DecimalText.appendInteger(-42, to: &bytes)
    bytes.append(literal: ", y=")
    #expect(DecimalText.appendHundredths(0.5, to: &bytes))
    #expect(!DecimalText.appendHundredths(0.001, to: &bytes))
    DecimalText.appendDescription(3, to: &bytes)
    #expect(String(decoding: bytes, as: UTF8.self) == "x=-42, y=0.53.0")
  }

  @Test(
    arguments: [
      (45.0, "45"), (44.5, "44.5"), (0.07, "0.07"), (0.1, "0.1"), (0.5, "0.5"), (-0.01, "-0.01"),
      (0, "0"), (-0.0, "-0"), (123.45, "123.45"), (-123.4, "-123.4"), (100, "100"),
      // 0.29 × 100 is 28.999999999999996, which rounds to 29.
      (0.29, "0.29"), (4.35, "4.35"), (1e12, "1000000000000"),
      (9999999999999.99, "9999999999999.99"), (-9999999999999.99, "-9999999999999.99"),
    ] as [(Double, String)])
  func writesHundredths(_ value: Double, _ expected: String) {
    var written = false
    let text = Self.text { written = DecimalText.appendHundredths(value, to: &$0) }
    #expect(written)
    #expect(text == expected)
  }

  @Test(
    arguments: [
      0.001, 1e-7, 0.1 + 0.2, 1.0 / 3, 1.005, 0.015 + 1e-17, .leastNonzeroMagnitude, 1e13, 1e15,
      1e300,
      -1e300, 1.7976931348623157e308, 12345678901234.5, .infinity, -.infinity, .nan,
    ] as [Double])
  func leavesOtherValuesAlone(_ value: Double) {
    var bytes = Array("x".utf8)
    #expect(!DecimalText.appendHundredths(value, to: &bytes))
    #expect(bytes == Array("x".utf8))
  }

  /// Every whole number of hundredths below 10¹⁵ takes the fast path, and its text, built
  /// here from integers, reads back as the value.
  @Test func randomHundredths() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0401)
    var failures: [String] = []
    for index in 0..<200_000 {
      let limit: Int64 = index % 2 == 0 ? 10_000 : 999_999_999_999_999
      let hundredths = Int64.random(in: -limit...limit, using: &random)
      let value = Double(hundredths) / 100
      var expected = hundredths < 0 ? "-" : ""
      expected += String(hundredths.magnitude / 100)
      let fraction = hundredths.magnitude % 100
      if fraction != 0 {
        expected += "." + String(fraction / 10) + (fraction % 10 == 0 ? "" : String(fraction % 10))
      }
      var written = false
      let text = Self.text { written = DecimalText.appendHundredths(value, to: &$0) }
      if (!written || text != expected || Double(text) != value) && failures.count < 5 {
        failures.append("\(hundredths): \(text)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  /// Whenever the fast path takes a value, its text reads back as that value.
  @Test func fastPathReadsBack() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0402)
    var failures: [String] = []
    for _ in 0..<200_000 {
      // Random bit patterns rarely land on hundredths: perturb a few of them by ulps.
      let base = Double(Int.random(in: -1_000_000...1_000_000, using: &random)) / 100
      var value = base
      for _ in 0..<Int.random(in: 0...2, using: &random) { value = value.nextUp }
      var written = false
      let text = Self.text { written = DecimalText.appendHundredths(value, to: &$0) }
      if written, Double(text)?.bitPattern != value.bitPattern, failures.count < 5 {
        failures.append("\(value.bitPattern): \(text)")
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test(
    arguments: [
      (45.0, "45.0"), (44.5, "44.5"), (0, "0.0"), (-0.0, "-0.0"), (0.07, "0.07"), (1e-5, "1e-05"),
      (1e16, "1e+16"), (1e15, "1000000000000000.0"), (0.1 + 0.2, "0.30000000000000004"),
      (.infinity, "inf"),
      (-.infinity, "-inf"), (.nan, "nan"), (.leastNonzeroMagnitude, "5e-324"), (-1234.5, "-1234.5"),
      (9999999999999.99, "9999999999999.99"), (1e12, "1000000000000.0"),
    ] as [(Double, String)])
  func writesDescriptions(_ value: Double, _ expected: String) {
    #expect(Self.text { DecimalText.appendDescription(value, to: &$0) } == expected)
  }

  /// The same text as `description`, for random bit patterns and for hundredths.
  @Test func descriptionsMatchTheStandardLibrary() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0403)
    var failures: [String] = []
    for index in 0..<200_000 {
      let value =
        index % 2 == 0
        ? Double(bitPattern: random.next())
        : Double(Int64.random(in: -999_999_999_999_999...999_999_999_999_999, using: &random))
          / 100
      let text = Self.text { DecimalText.appendDescription(value, to: &$0) }
      if text != value.description, failures.count < 5 { failures.append(value.description) }
    }
    #expect(failures.isEmpty, "\(failures)")
  }
}
