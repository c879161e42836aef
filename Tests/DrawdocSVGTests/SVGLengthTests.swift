import Testing

@testable import DrawdocSVG

/// `SVGLength`, a length as docs/format.md ("The geometry of a rect") reads it: a number in
/// SVG's grammar, blanks around it allowed, followed at once by a unit in any case; absolute
/// units at 96 per inch, multiplied first, then divided.
@Suite struct SVGLengthTests {
  @Test(
    arguments: [
      ("10", 10.0), ("10px", 10), ("10PX", 10), ("10Px", 10), (" 10 ", 10), ("\t10px\n", 10),
      ("\u{0C}10px\u{0C}", 10), ("+10", 10), ("-10", -10), (".5", 0.5), ("5.", 5), ("1e2", 100),
      ("1e2px", 100), ("1E2PX", 100), ("10e-1px", 1), ("1e-400", 0),
      ("1.7976931348623157e308px", .greatestFiniteMagnitude),
      // in × 96.
      ("1in", 96), ("0.5in", 48), ("1IN", 96), ("-1in", -96),
      // cm × 96 / 2.54, mm × 96 / 25.4: 37.795275590551185… does not come out the same both
      // ways, and 25.4 mm is not quite 96 once rounded twice.
      ("1cm", 37.79527559055118), ("1.5cm", 56.69291338582677), ("10mm", 37.795275590551185),
      ("25.4mm", 95.99999999999999), ("0mm", 0),
      // pt × 4 / 3, pc × 16.
      ("1pt", 1.3333333333333333), ("3pt", 4), ("72pt", 96), ("1pc", 16), ("6pc", 96),
      ("1Pc", 16),
    ] as [(String, Double)])
  func readsUserUnits(_ text: String, _ expected: Double) throws {
    let length = try SVGLength.parse(text)
    guard case .user(let value) = length else {
      Issue.record("\(text) read as \(length)")
      return
    }
    #expect(value.bitPattern == expected.bitPattern, "\(text) is \(value)")
  }

  @Test func negativeZeroKeepsItsSign() throws {
    guard case .user(let value) = try SVGLength.parse("-0px") else {
      Issue.record("not a user length")
      return
    }
    #expect(value.bitPattern == (-0.0).bitPattern)
  }

  @Test(
    arguments: [
      ("50%", 50.0), ("-50%", -50), ("0%", 0), ("1e2%", 100), (" 50% ", 50), (".5%", 0.5),
      ("1e308%", 1e308),
    ] as [(String, Double)])
  func readsPercentages(_ text: String, _ expected: Double) throws {
    #expect(try SVGLength.parse(text) == .percentage(expected))
  }

  @Test(arguments: [
    // No number, or no unit SVG has.
    "", " ", "px", "%", "abc", "px10", "inf", "nan", "--1", "+", ".", "e1",
    // The unit follows at once, and nothing follows it but blanks.
    "10 px", "50 %", "10 mm", "10px;", "10px x", "10%%", "10%px", "1 0", "10,", "10 20",
    "10.5.5", "10-5",
    // A unit that is nearly one.
    "10p", "10pxx", "10mmm", "10e", "10E", "10e+", "10ин",
    // Units SVG and CSS have that are not lengths, or that drawdoc does not know.
    "1deg", "1s", "1x", "1dpi", "1fr", "1vi", "1vb", "1svh", "1cqw",
    // A no-break space is not a blank.
    "\u{A0}10", "10\u{A0}",
    // Infinite, before or after the unit: the multiplication comes first, so even 4/3 of the
    // largest double overflows.
    "1e400", "-1e309px", "1e307in", "1e308pc", "1e308cm", "1.7976931348623157e308pt",
  ])
  func refusesMalformedLengths(_ text: String) {
    #expect(throws: SVGLength.Failure.malformed) { try SVGLength.parse(text) }
  }

  @Test(arguments: [
    "1em", "1EM", "1ex", "1ch", "1rem", "1vw", "1vh", "1vmin", "1VMAX", "1q", "1Q", "1cap",
    "1ic", "1lh", "1rlh", "1e1em", " 2em ",
  ])
  func refusesUnitsThatNeedAFontOrAWindow(_ text: String) {
    #expect(throws: SVGLength.Failure.unsupportedUnit) { try SVGLength.parse(text) }
  }

  @Test func resolution() {
    #expect(SVGLength.user(5).resolved(against: 200) == 5)
    #expect(SVGLength.percentage(50).resolved(against: 200) == 100)
    #expect(SVGLength.percentage(-25).resolved(against: 80) == -20)
    // Multiplied first, then divided: 7 / 100 × 210 would be 14.700000000000001.
    #expect(SVGLength.percentage(7).resolved(against: 210) == 14.7)
    #expect(SVGLength.percentage(10).resolved(against: 0.7) == 0.07)
    #expect(SVGLength.percentage(33).resolved(against: 100) == 33)
    #expect(SVGLength.percentage(0).resolved(against: 1e308) == 0)
  }
}
