import Testing

@testable import DrawdocSVG

/// `TransformListParser`, SVG's `transform` attribute (SVG 1.1 §7.6.1, CSS Transforms 1 §7.1)
/// as docs/format.md ("Transforms") reads it. Expected maps are `[a, b, c, d, e, f]`, worked
/// out by hand: `(x, y) ↦ (a·x + c·y + e, b·x + d·y + f)`, the first function outermost.
@Suite struct TransformListParserTests {
  static let identity: [Double] = [1, 0, 0, 1, 0, 0]

  static func entries(_ transform: AffineTransform) -> [Double] {
    [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f]
  }

  @Test(
    arguments: [
      // An empty list and `none` change nothing.
      ("", identity), ("   ", identity), ("none", identity), (" \t none", identity),
      // translate(x [y]).
      ("translate(10)", [1, 0, 0, 1, 10, 0]), ("translate(10 20)", [1, 0, 0, 1, 10, 20]),
      ("translate(10,20)", [1, 0, 0, 1, 10, 20]), ("translate( 10 , 20 )", [1, 0, 0, 1, 10, 20]),
      ("translate (10 20)", [1, 0, 0, 1, 10, 20]), ("translate\n(10\t20)", [1, 0, 0, 1, 10, 20]),
      ("translate(10-20)", [1, 0, 0, 1, 10, -20]), ("translate(.5.5)", [1, 0, 0, 1, 0.5, 0.5]),
      ("translate(1e2 -1E-1)", [1, 0, 0, 1, 100, -0.1]), ("translate(+5)", [1, 0, 0, 1, 5, 0]),
      // scale(x [y]).
      ("scale(2)", [2, 0, 0, 2, 0, 0]), ("scale(2 3)", [2, 0, 0, 3, 0, 0]),
      ("scale(-1,1)", [-1, 0, 0, 1, 0, 0]), ("scale(0)", [0, 0, 0, 0, 0, 0]),
      // rotate(angle [cx cy]): quarter turns are exact, whatever the number of whole turns.
      ("rotate(0)", identity), ("rotate(90)", [0, 1, -1, 0, 0, 0]),
      ("rotate(-90)", [0, -1, 1, 0, 0, 0]), ("rotate(180)", [-1, 0, 0, -1, 0, 0]),
      ("rotate(-180)", [-1, 0, 0, -1, 0, 0]), ("rotate(270)", [0, -1, 1, 0, 0, 0]),
      ("rotate(-270)", [0, 1, -1, 0, 0, 0]), ("rotate(450)", [0, 1, -1, 0, 0, 0]),
      ("rotate(360)", identity), ("rotate(-720)", identity),
      ("rotate(3600090)", [0, 1, -1, 0, 0, 0]),
      // About (10, 20): p ↦ R(p − c) + c, with R(x, y) = (−y, x), is (30 − y, x + 10).
      ("rotate(90 10 20)", [0, 1, -1, 0, 30, 10]), ("rotate(90,10,20)", [0, 1, -1, 0, 30, 10]),
      ("rotate(180 5 5)", [-1, 0, 0, -1, 10, 10]), ("rotate(0 5 5)", identity),
      // skews by whole half turns are exactly nothing.
      ("skewX(0)", identity), ("skewX(180)", identity), ("skewY(-180)", identity),
      ("skewX(360)", identity),
      // matrix(a b c d e f).
      ("matrix(1 2 3 4 5 6)", [1, 2, 3, 4, 5, 6]), ("matrix(1,2,3,4,5,6)", [1, 2, 3, 4, 5, 6]),
      ("matrix(1-2-3-4-5-6)", [1, -2, -3, -4, -5, -6]), ("matrix(1 0 0 1 0 0)", identity),
      // Lists: blanks, a comma, or nothing between functions; the first is outermost.
      ("translate(10 20) scale(2)", [2, 0, 0, 2, 10, 20]),
      ("translate(10 20),scale(2)", [2, 0, 0, 2, 10, 20]),
      ("translate(10 20) ,\n scale(2)", [2, 0, 0, 2, 10, 20]),
      ("translate(10 20)scale(2)", [2, 0, 0, 2, 10, 20]),
      ("  translate(10 20) scale(2)  ", [2, 0, 0, 2, 10, 20]),
      ("scale(2) translate(10 20)", [2, 0, 0, 2, 20, 40]),
      ("translate(5) rotate(90)", [0, 1, -1, 0, 5, 0]),
      ("rotate(90) translate(5)", [0, 1, -1, 0, 0, 5]),
      ("scale(2) scale(3)", [6, 0, 0, 6, 0, 0]),
      ("translate(1) translate(2) translate(3)", [1, 0, 0, 1, 6, 0]),
      ("rotate(90) rotate(90) rotate(90) rotate(90)", identity),
      ("matrix(1 2 3 4 5 6) matrix(7 8 9 10 11 12)", [31, 46, 39, 58, 52, 76]),
      ("matrix(7 8 9 10 11 12) matrix(1 2 3 4 5 6)", [25, 28, 57, 64, 100, 112]),
    ] as [(String, [Double])])
  func reads(_ text: String, _ expected: [Double]) throws {
    let transform = try #require(TransformListParser.parse(text))
    #expect(Self.entries(transform) == expected)
  }

  /// Other angles go through sine and cosine, good to about an ulp.
  @Test(
    arguments: [
      // cos 30° = √3 / 2, sin 30° = 1/2; tan 45° = 1; tan 30° = 1 / √3.
      ("rotate(30)", [0.8660254037844386, 0.5, -0.5, 0.8660254037844386, 0, 0]),
      ("rotate(-30)", [0.8660254037844386, -0.5, 0.5, 0.8660254037844386, 0, 0]),
      ("rotate(390)", [0.8660254037844386, 0.5, -0.5, 0.8660254037844386, 0, 0]),
      (
        "rotate(45)",
        [
          0.7071067811865476, 0.7071067811865476, -0.7071067811865476,
          0.7071067811865476, 0, 0,
        ]
      ),
      ("skewX(45)", [1, 0, 1, 1, 0, 0]), ("skewY(30)", [1, 0.5773502691896257, 0, 1, 0, 0]),
      ("skewX(-45)", [1, 0, -1, 1, 0, 0]), ("skewX(225)", [1, 0, 1, 1, 0, 0]),
    ] as [(String, [Double])])
  func readsOtherAngles(_ text: String, _ expected: [Double]) throws {
    let transform = try #require(TransformListParser.parse(text))
    for (found, wanted) in zip(Self.entries(transform), expected) {
      #expect(abs(found - wanted) <= 1e-15, "\(text): \(Self.entries(transform))")
    }
  }

  @Test(arguments: [
    // Wrong numbers of arguments.
    "translate()", "translate(1 2 3)", "scale()", "scale(1 2 3)", "rotate()", "rotate(1 2)",
    "rotate(1 2 3 4)", "skewX()", "skewX(1 2)", "skewY(1 2)", "matrix(1 2 3 4 5)",
    "matrix(1 2 3 4 5 6 7)", "matrix()",
    // Names are case-sensitive, and only these six.
    "Translate(1)", "TRANSLATE(1)", "translatex(1)", "translateX(1)", "skewx(1)", "Rotate(1)",
    "move(1)", "perspective(1)", "rotate3d(1 2 3 4)",
    // Broken syntax.
    "(1)", "translate", "translate 1", "translate(1", "translate(1))", "translate((1))",
    "translate[1]", "translate(1,)", "translate(,1)", "translate(1,,2)", "translate(1 , , 2)",
    "translate(1)x", "translate(1),", ",translate(1)", "translate(1);scale(2)",
    "translate(1) none", "none translate(1)", "none none", "none,", "nonee", "translate(1)(2)",
    // Numbers that are not numbers, units, infinities.
    "translate(x)", "translate(1px)", "translate(1%)", "rotate(1deg)", "translate(1e)",
    "translate(1e400)", "scale(-1e309)", "translate(inf)", "translate(nan)", "translate(0x10)",
    "translate(1 2)" + "\u{0}", "translate(١)",
  ])
  func refuses(_ text: String) {
    #expect(TransformListParser.parse(text) == nil)
  }
}
