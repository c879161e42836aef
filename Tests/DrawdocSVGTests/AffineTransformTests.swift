import DrawdocModel
import Testing

@testable import DrawdocSVG

/// `AffineTransform`, SVG's `matrix(a b c d e f)`: `(x, y) ↦ (a·x + c·y + e, b·x + d·y + f)`.
/// Expected matrices are worked out by hand (and the random ones by an integer product the
/// test does itself).
@Suite struct AffineTransformTests {
  static func matrix(_ entries: [Double]) -> AffineTransform {
    AffineTransform(
      a: entries[0], b: entries[1], c: entries[2], d: entries[3], e: entries[4], f: entries[5])
  }

  static func entries(_ transform: AffineTransform) -> [Double] {
    [transform.a, transform.b, transform.c, transform.d, transform.e, transform.f]
  }

  @Test func constructors() {
    #expect(Self.entries(.identity) == [1, 0, 0, 1, 0, 0])
    #expect(Self.entries(.translation(3, -4)) == [1, 0, 0, 1, 3, -4])
    #expect(Self.entries(.scale(2, -0.5)) == [2, 0, 0, -0.5, 0, 0])
    #expect(Self.entries(.rotation(degrees: 90)) == [0, 1, -1, 0, 0, 0])
    #expect(Self.entries(.rotation(degrees: -90)) == [0, -1, 1, 0, 0, 0])
    #expect(Self.entries(.rotation(degrees: 180)) == [-1, 0, 0, -1, 0, 0])
    #expect(Self.entries(.skewX(degrees: 180)) == [1, 0, 0, 1, 0, 0])
    #expect(Self.entries(.skewY(degrees: -540)) == [1, 0, 0, 1, 0, 0])
  }

  /// Every multiple of 90° is exact, however many whole turns come with it.
  @Test func quarterTurnsAreExact() {
    let expected: [[Double]] = [[1, 0, 0, 1], [0, 1, -1, 0], [-1, 0, 0, -1], [0, -1, 1, 0]]
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0101)
    for _ in 0..<10_000 {
      let quarters = Int.random(in: -4_000_000...4_000_000, using: &random)
      let rotation = AffineTransform.rotation(degrees: Double(quarters) * 90)
      let wanted = expected[((quarters % 4) + 4) % 4]
      #expect(Self.entries(rotation) == wanted + [0, 0], "\(quarters) quarter turns")
    }
  }

  /// Other angles: each entry within a few ulps of the true sine and cosine, and never outside
  /// −1…1, for angles from a degree to far beyond any whole number of turns a file writes.
  @Test(
    arguments: [
      // (degrees, cos, sin); the reduced angle of 10²⁰ is 280° (10²⁰ mod 360, in integers).
      (30.0, 0.8660254037844386, 0.5), (45.0, 0.7071067811865476, 0.7071067811865476),
      (60.0, 0.5, 0.8660254037844386), (-30.0, 0.8660254037844386, -0.5),
      (390.0, 0.8660254037844386, 0.5), (3_600_030.0, 0.8660254037844386, 0.5),
      (1e20, 0.17364817766693036, -0.984807753012208),
    ] as [(Double, Double, Double)])
  func otherAngles(_ degrees: Double, _ cosine: Double, _ sine: Double) {
    let rotation = AffineTransform.rotation(degrees: degrees)
    #expect(abs(rotation.a - cosine) <= 1e-15, "cos \(degrees)° is \(rotation.a)")
    #expect(abs(rotation.b - sine) <= 1e-15, "sin \(degrees)° is \(rotation.b)")
    #expect(rotation.c == -rotation.b && rotation.d == rotation.a)
  }

  @Test func skews() {
    // tan 45° = 1, tan(−30°) = −1/√3.
    #expect(abs(AffineTransform.skewX(degrees: 45).c - 1) <= 1e-15)
    #expect(abs(AffineTransform.skewY(degrees: -30).b + 0.5773502691896257) <= 1e-15)
    // 10²⁰ mod 180 is 100 (in integers), and tan 100° = −5.671281819617709.
    #expect(abs(AffineTransform.skewX(degrees: 1e20).c + 5.671281819617709) <= 1e-14)
  }

  @Test func concatenationAppliesTheRightOperandFirst() {
    let first = Self.matrix([1, 2, 3, 4, 5, 6])
    let second = Self.matrix([7, 8, 9, 10, 11, 12])
    #expect(Self.entries(first.concatenating(second)) == [31, 46, 39, 58, 52, 76])
    #expect(Self.entries(second.concatenating(first)) == [25, 28, 57, 64, 100, 112])
    #expect(first.concatenating(.identity) == first)
    #expect(AffineTransform.identity.concatenating(second) == second)
    // Scale, then move: 2x + 10. Move, then scale: 2(x + 10).
    #expect(
      Self.entries(AffineTransform.translation(10, 20).concatenating(.scale(2, 2)))
        == [2, 0, 0, 2, 10, 20])
    #expect(
      Self.entries(AffineTransform.scale(2, 2).concatenating(.translation(10, 20)))
        == [2, 0, 0, 2, 20, 40])
  }

  /// The identity leaves `-0` alone, in the product and in a mapped box.
  @Test func negativeZeroSurvivesTheIdentity() {
    let move = AffineTransform.translation(-0.0, 5)
    #expect(move.concatenating(.identity).e.bitPattern == (-0.0).bitPattern)
    #expect(AffineTransform.identity.concatenating(move).e.bitPattern == (-0.0).bitPattern)
    let box = AffineTransform.identity.mapBox(x: -0.0, y: -0.0, width: 3, height: 4)
    #expect(box.x.bitPattern == (-0.0).bitPattern && box.y.bitPattern == (-0.0).bitPattern)
    #expect(box.width == 3 && box.height == 4)
  }

  /// Random integer matrices, small enough that every product is exact, against a 3 × 3
  /// integer product; and the product applied to a point against applying one map after the
  /// other.
  @Test func concatenationMatchesAnIntegerMatrixProduct() {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0102)
    func randomEntries() -> [Int] {
      (0..<6).map { _ in Int.random(in: -999...999, using: &random) }
    }
    func product(_ m: [Int], _ n: [Int]) -> [Int] {
      // [a c e; b d f; 0 0 1] × [a' c' e'; b' d' f'; 0 0 1].
      let left = [[m[0], m[2], m[4]], [m[1], m[3], m[5]], [0, 0, 1]]
      let right = [[n[0], n[2], n[4]], [n[1], n[3], n[5]], [0, 0, 1]]
      var result = [[Int]](repeating: [0, 0, 0], count: 3)
      for row in 0..<3 {
        for column in 0..<3 {
          for k in 0..<3 { result[row][column] += left[row][k] * right[k][column] }
        }
      }
      return [result[0][0], result[1][0], result[0][1], result[1][1], result[0][2], result[1][2]]
    }
    func apply(_ m: [Int], _ point: (Int, Int)) -> (Int, Int) {
      (m[0] * point.0 + m[2] * point.1 + m[4], m[1] * point.0 + m[3] * point.1 + m[5])
    }
    for _ in 0..<20_000 {
      let m = randomEntries()
      let n = randomEntries()
      let combined = Self.matrix(m.map(Double.init)).concatenating(Self.matrix(n.map(Double.init)))
      #expect(Self.entries(combined) == product(m, n).map(Double.init), "\(m) × \(n)")
      let point = (
        Int.random(in: -999...999, using: &random), Int.random(in: -999...999, using: &random)
      )
      let mapped = apply(m, apply(n, point))
      #expect(
        combined.a * Double(point.0) + combined.c * Double(point.1) + combined.e == Double(mapped.0)
      )
      #expect(
        combined.b * Double(point.0) + combined.d * Double(point.1) + combined.f == Double(mapped.1)
      )
    }
  }

  @Test func about() {
    // A quarter turn about (10, 20) is (x, y) ↦ (30 − y, x + 10).
    let turn = AffineTransform.rotation(degrees: 90).about(x: 10, y: 20)
    #expect(Self.entries(turn) == [0, 1, -1, 0, 30, 10])
    // A scaling by 2 about (5, 5) is 2p − (5, 5).
    #expect(Self.entries(AffineTransform.scale(2, 2).about(x: 5, y: 5)) == [2, 0, 0, 2, -5, -5])
    let shear = Self.matrix([1, 2, 3, 4, 5, 6])
    #expect(shear.about(x: 0, y: 0) == shear)
  }

  @Test func determinantAndInverse() throws {
    let general = Self.matrix([1, 2, 3, 4, 5, 6])
    #expect(general.determinant == -2)
    // Checked by hand: general × inverse is the identity.
    let inverse = try #require(general.inverted)
    #expect(Self.entries(inverse) == [-2, 1, 1.5, -0.5, 1, -2])
    #expect(general.concatenating(inverse) == .identity)
    let scaleAndMove = Self.matrix([2, 0, 0, 4, 6, 8])
    #expect(Self.entries(try #require(scaleAndMove.inverted)) == [0.5, 0, 0, 0.25, -3, -2])
    #expect(
      Self.entries(try #require(AffineTransform.rotation(degrees: 90).inverted)) == [
        0, -1, 1, 0, 0, 0,
      ])
    // Flat maps, and maps whose determinant overflows, have no inverse.
    #expect(AffineTransform.scale(0, 1).inverted == nil)
    #expect(Self.matrix([1, 2, 2, 4, 7, 7]).inverted == nil)
    #expect(Self.matrix([0, 0, 0, 0, 1, 1]).inverted == nil)
    #expect(AffineTransform.scale(1e200, 1e200).inverted == nil)
    #expect(AffineTransform.scale(1e200, 1e200).determinant == .infinity)
  }

  @Test(
    arguments: [
      ([1.0, 0, 0, 1, 0, 0], true), ([2, 0, 0, -3, 4, 5], true), ([0, 1, -1, 0, 0, 0], true),
      ([0, 2, 3, 0, 4, 5], true), ([0, 0, 0, 0, 0, 0], true), ([1, 1, 0, 1, 0, 0], false),
      ([1, 0, 1, 1, 0, 0], false), ([0, 1, 1, 1, 0, 0], false), ([1, 0.0001, 0, 1, 0, 0], false),
    ] as [([Double], Bool)])
  func axisAlignment(_ entries: [Double], _ aligned: Bool) {
    #expect(Self.matrix(entries).isAxisAligned == aligned)
  }

  @Test func axisAlignmentOfRotations() {
    #expect(AffineTransform.rotation(degrees: 270).isAxisAligned)
    #expect(!AffineTransform.rotation(degrees: 45).isAxisAligned)
    #expect(!AffineTransform.rotation(degrees: 89.999).isAxisAligned)
    #expect(!AffineTransform.skewX(degrees: 1).isAxisAligned)
  }

  @Test(
    arguments: [
      // (matrix, box x y width height, expected x y width height)
      ([1.0, 0, 0, 1, 0, 0], [10.0, 20, 30, 40], [10.0, 20, 30, 40]),
      ([2, 0, 0, 3, 5, 7], [1, 1, 2, 2], [7, 10, 4, 6]),
      // A flip moves the corner: x ∈ [10, 40] ↦ [−40, −10].
      ([-1, 0, 0, 1, 0, 0], [10, 20, 30, 40], [-40, 20, 30, 40]),
      ([1, 0, 0, -1, 0, 100], [10, 20, 30, 40], [10, 40, 30, 40]),
      // A quarter turn (x, y) ↦ (−y, x) swaps the sides: x ∈ [−60, −20], y ∈ [10, 40].
      ([0, 1, -1, 0, 0, 0], [10, 20, 30, 40], [-60, 10, 40, 30]),
      ([0, -1, 1, 0, 0, 0], [10, 20, 30, 40], [20, -40, 40, 30]),
      ([0, 2, 3, 0, 1, 1], [1, 2, 3, 4], [7, 3, 12, 6]),
      // A negative extent from the caller flips as well.
      ([1, 0, 0, 1, 0, 0], [10, 20, -5, -6], [5, 14, 5, 6]),
    ] as [([Double], [Double], [Double])])
  func mapsBoxes(_ entries: [Double], _ box: [Double], _ expected: [Double]) {
    let mapped = Self.matrix(entries).mapBox(x: box[0], y: box[1], width: box[2], height: box[3])
    #expect([mapped.x, mapped.y, mapped.width, mapped.height] == expected)
  }
}
