import Testing

@testable import DrawdocSVG

/// `ViewBox`: the `viewBox` attribute (four numbers separated by blanks or commas, SVG 1.1
/// §7.7), `preserveAspectRatio` (`[defer] <align> [meet | slice]`, §7.8) and the map that fits
/// one into a viewport, as docs/format.md ("Nested viewports", "The canvas") reads them.
@Suite struct ViewBoxTests {
  @Test(
    arguments: [
      ("0 0 100 50", [0.0, 0, 100, 50]), ("0,0,100,50", [0, 0, 100, 50]),
      (" 0 , 0 , 100 , 50 ", [0, 0, 100, 50]), ("0\t0\n100\r50", [0, 0, 100, 50]),
      ("-10-20 30 40", [-10, -20, 30, 40]), ("1.5.5 2 3", [1.5, 0.5, 2, 3]),
      ("1e1 1E1 1e2 +1e2", [10, 10, 100, 100]),
      ("0 0 5e-324 1e308", [0, 0, .leastNonzeroMagnitude, 1e308]),
      ("-1e308 -0 0.1 0.2", [-1e308, 0, 0.1, 0.2]),
    ] as [(String, [Double])])
  func readsUsableBoxes(_ text: String, _ expected: [Double]) {
    let box = ViewBox(minX: expected[0], minY: expected[1], width: expected[2], height: expected[3])
    #expect(ViewBox.read(text) == .usable(box))
  }

  /// A zero side, neither negative, disables rendering (SVG 1.1 §7.7); `-0` is zero.
  @Test(arguments: ["0 0 0 50", "0 0 100 0", "0 0 0 0", "0 0 -0 50", "5 5 0,0", "0 0 1e-400 1"])
  func readsEmptyBoxes(_ text: String) {
    #expect(ViewBox.read(text) == .empty)
  }

  @Test(arguments: [
    // Not four numbers.
    "", " ", "none", "0 0 100", "0 0 100 50 1", "0 0 100 50 a", "a b c d", "0 0 100 50;",
    // Separators: one comma at most, none before or after.
    "0,,0,100,50", "0 0 100 50,", ",0 0 100 50", "0 0 100, ,50",
    // Units and infinities.
    "0 0 100px 50", "0 0 100% 50", "0 0 1e400 50", "0 0 inf 50",
    // A negative side, even with a zero one.
    "0 0 -1 50", "0 0 100 -50", "0 0 -1 0", "0 0 -5e-324 1",
  ])
  func refusesInvalidBoxes(_ text: String) {
    #expect(ViewBox.read(text) == .invalid)
  }

  typealias AspectRatio = ViewBox.AspectRatio

  @Test(
    arguments: [
      ("xMinYMin", 0.0, 0.0), ("xMidYMin", 0.5, 0), ("xMaxYMin", 1, 0), ("xMinYMid", 0, 0.5),
      ("xMidYMid", 0.5, 0.5), ("xMaxYMid", 1, 0.5), ("xMinYMax", 0, 1), ("xMidYMax", 0.5, 1),
      ("xMaxYMax", 1, 1),
    ] as [(String, Double, Double)])
  func readsEveryAlignment(_ align: String, _ x: Double, _ y: Double) {
    #expect(AspectRatio.parse(align) == AspectRatio(alignX: x, alignY: y, slice: false))
    #expect(AspectRatio.parse(align + " meet") == AspectRatio(alignX: x, alignY: y, slice: false))
    #expect(AspectRatio.parse(align + " slice") == AspectRatio(alignX: x, alignY: y, slice: true))
    #expect(
      AspectRatio.parse("defer " + align + " slice")
        == AspectRatio(alignX: x, alignY: y, slice: true))
  }

  @Test func readsNoneAndBlanks() {
    #expect(AspectRatio.standard == AspectRatio(alignX: 0.5, alignY: 0.5, slice: false))
    #expect(AspectRatio.parse("none") == AspectRatio(alignX: nil, alignY: nil, slice: false))
    #expect(AspectRatio.parse("none slice") == AspectRatio(alignX: nil, alignY: nil, slice: true))
    #expect(
      AspectRatio.parse("defer none meet") == AspectRatio(alignX: nil, alignY: nil, slice: false))
    #expect(
      AspectRatio.parse("  xMaxYMin\t\n slice\r ") == AspectRatio(alignX: 1, alignY: 0, slice: true)
    )
  }

  @Test(arguments: [
    "", " ", "defer", "meet", "slice", "defer meet", "xmidymid", "XMidYMid", "xMidYmid",
    "XMIDYMID", "NONE", "None", "xMidYMid meet slice", "xMidYMid foo", "xMidYMid Meet",
    "xMidYMid SLICE", "xMidYMidd", "xMidYMi", "yMidXMid", "xMidXMid", "xMid YMid", "xMid",
    "xCenYMid", "xMidYCen", "defer defer xMidYMid", "xMidYMid defer", "meet xMidYMid",
    "none xMidYMid", "xMidYMid,slice", "xMidYMid;", "ｘMidYMid",
  ])
  func refusesOtherAspectRatios(_ text: String) {
    #expect(AspectRatio.parse(text) == nil)
  }

  /// Fits worked out by hand, SVG 1.1 §7.8: scale, then align what is left over.
  @Test(
    arguments: [
      // Same shape: a plain scaling, whatever the setting.
      ([0.0, 0, 100, 50], 200.0, 100.0, "xMinYMax slice", [2.0, 0, 0, 2, 0, 0]),
      ([0, 0, 100, 50], 200, 100, "none", [2, 0, 0, 2, 0, 0]),
      // A square in a 200 × 100 viewport: meet scales by 1 and leaves 100 across.
      ([0, 0, 100, 100], 200, 100, "xMidYMid", [1, 0, 0, 1, 50, 0]),
      ([0, 0, 100, 100], 200, 100, "xMinYMin", [1, 0, 0, 1, 0, 0]),
      ([0, 0, 100, 100], 200, 100, "xMaxYMax", [1, 0, 0, 1, 100, 0]),
      // …slice scales by 2 and cuts 100 down.
      ([0, 0, 100, 100], 200, 100, "xMidYMid slice", [2, 0, 0, 2, 0, -50]),
      ([0, 0, 100, 100], 200, 100, "xMinYMax slice", [2, 0, 0, 2, 0, -100]),
      ([0, 0, 100, 100], 200, 100, "xMaxYMin slice", [2, 0, 0, 2, 0, 0]),
      // …none stretches.
      ([0, 0, 100, 100], 200, 100, "none", [2, 0, 0, 1, 0, 0]),
      ([0, 0, 100, 100], 200, 100, "none slice", [2, 0, 0, 1, 0, 0]),
      // The corner moves to the origin first.
      ([10, 20, 100, 100], 200, 100, "xMidYMid", [1, 0, 0, 1, 40, -20]),
      ([-50, -50, 100, 100], 300, 300, "xMidYMid", [3, 0, 0, 3, 150, 150]),
      ([10, 20, 100, 100], 200, 100, "none", [2, 0, 0, 1, -20, -20]),
      // A tall box in a wide viewport: meet by 0.5, centred across.
      ([0, 0, 100, 400], 400, 200, "xMidYMid", [0.5, 0, 0, 0.5, 175, 0]),
    ] as [([Double], Double, Double, String, [Double])])
  func fitsIntoAViewport(
    _ box: [Double], _ width: Double, _ height: Double, _ setting: String, _ expected: [Double]
  ) throws {
    let viewBox = ViewBox(minX: box[0], minY: box[1], width: box[2], height: box[3])
    let ratio = try #require(AspectRatio.parse(setting))
    let map = viewBox.transform(viewportWidth: width, viewportHeight: height, aspectRatio: ratio)
    #expect([map.a, map.b, map.c, map.d, map.e, map.f] == expected)
  }
}
