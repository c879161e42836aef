/// A 2D affine map `(x, y) ↦ (a·x + c·y + e, b·x + d·y + f)`, SVG's `matrix(a b c d e f)`.
struct AffineTransform: Equatable {
  var a: Double
  var b: Double
  var c: Double
  var d: Double
  var e: Double
  var f: Double

  /// The map that changes nothing.
  static let identity = AffineTransform(a: 1, b: 0, c: 0, d: 1, e: 0, f: 0)

  /// A move by `(x, y)`.
  static func translation(_ x: Double, _ y: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: 0, d: 1, e: x, f: y)
  }

  /// A scaling about the origin.
  static func scale(_ x: Double, _ y: Double) -> AffineTransform {
    AffineTransform(a: x, b: 0, c: 0, d: y, e: 0, f: 0)
  }

  /// A rotation about the origin by `degrees`, clockwise on screen. Multiples of 90° are
  /// exact, so that `rotate(90)` keeps a rectangle axis-aligned.
  static func rotation(degrees: Double) -> AffineTransform {
    let (cosine, sine) = exactCosineAndSine(degrees)
    return AffineTransform(a: cosine, b: sine, c: -sine, d: cosine, e: 0, f: 0)
  }

  /// SVG's `skewX(degrees)`; a multiple of 180° is exactly the identity.
  static func skewX(degrees: Double) -> AffineTransform {
    AffineTransform(a: 1, b: 0, c: exactTangent(degrees), d: 1, e: 0, f: 0)
  }

  /// SVG's `skewY(degrees)`; a multiple of 180° is exactly the identity.
  static func skewY(degrees: Double) -> AffineTransform {
    AffineTransform(a: 1, b: exactTangent(degrees), c: 0, d: 1, e: 0, f: 0)
  }

  /// `self × other`: the map that applies `other` first, then `self`, as a transform list
  /// `self other` reads.
  func concatenating(_ other: AffineTransform) -> AffineTransform {
    if self == .identity { return other }
    if other == .identity { return self }
    return AffineTransform(
      a: a * other.a + c * other.b,
      b: b * other.a + d * other.b,
      c: a * other.c + c * other.d,
      d: b * other.c + d * other.d,
      e: Self.sum(a * other.e + c * other.f, e),
      f: Self.sum(b * other.e + d * other.f, f))
  }

  /// The same map applied about `(x, y)` instead of the origin: a move of that point to the
  /// origin, this map, and the move back.
  func about(x: Double, y: Double) -> AffineTransform {
    guard x != 0 || y != 0 else { return self }
    return AffineTransform.translation(x, y).concatenating(self).concatenating(
      .translation(-x, -y))
  }

  /// `a·d − b·c`: zero when the map squashes the plane onto a line or a point.
  var determinant: Double { a * d - b * c }

  /// The inverse map, or `nil` if this one squashes the plane flat.
  var inverted: AffineTransform? {
    let determinant = determinant
    guard determinant != 0, determinant.isFinite else { return nil }
    return AffineTransform(
      a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
      e: (c * f - d * e) / determinant, f: (b * e - a * f) / determinant)
  }

  /// Whether the map keeps axis-aligned rectangles axis-aligned: a scaling and a move,
  /// possibly with a quarter turn or a flip.
  var isAxisAligned: Bool {
    (b == 0 && c == 0) || (a == 0 && d == 0)
  }

  /// Maps an axis-aligned box, given by its corner and its signed extent, to the canvas.
  ///
  /// The result has a non-negative width and height (a flip moves the corner instead), and
  /// the identity returns the same numbers to the bit, negative zero included.
  ///
  /// - Precondition: ``isAxisAligned``.
  func mapBox(x: Double, y: Double, width: Double, height: Double)
    -> (x: Double, y: Double, width: Double, height: Double)
  {
    precondition(isAxisAligned)
    var newX: Double
    var newY: Double
    var newWidth: Double
    var newHeight: Double
    if b == 0 && c == 0 {
      newX = Self.sum(a * x, e)
      newWidth = a * width
      newY = Self.sum(d * y, f)
      newHeight = d * height
    } else {
      newX = Self.sum(c * y, e)
      newWidth = c * height
      newY = Self.sum(b * x, f)
      newHeight = b * width
    }
    if newWidth < 0 {
      newX += newWidth
      newWidth = -newWidth
    }
    if newHeight < 0 {
      newY += newHeight
      newHeight = -newHeight
    }
    return (newX, newY, newWidth, newHeight)
  }

  /// `value + offset`, leaving `value` alone when the offset is zero, so that `-0` stays `-0`.
  private static func sum(_ value: Double, _ offset: Double) -> Double {
    offset == 0 ? value : value + offset
  }

  private static func exactCosineAndSine(_ degrees: Double) -> (Double, Double) {
    let turn = degrees.truncatingRemainder(dividingBy: 360)
    switch turn {
    case 0: return (1, 0)
    case 90, -270: return (0, 1)
    case 180, -180: return (-1, 0)
    case 270, -90: return (0, -1)
    default:
      // The remainder is exact, and keeps the radians small enough for `reduce`.
      let radians = turn * .pi / 180
      return (cosine(radians), sine(radians))
    }
  }

  private static func exactTangent(_ degrees: Double) -> Double {
    let turn = degrees.truncatingRemainder(dividingBy: 180)
    if turn == 0 { return 0 }
    let radians = turn * .pi / 180
    return sine(radians) / cosine(radians)
  }

  // The standard library has no trigonometry without Foundation, so these are short series
  // after reducing to ±π/4: exact enough for telling a rotation from none, which is all
  // that the importer needs (a rotated rectangle is skipped, not drawn).
  private static func sine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return sineSeries(r)
    case 1: return cosineSeries(r)
    case 2: return -sineSeries(r)
    default: return -cosineSeries(r)
    }
  }

  private static func cosine(_ x: Double) -> Double {
    let (quadrant, r) = reduce(x)
    switch quadrant {
    case 0: return cosineSeries(r)
    case 1: return -sineSeries(r)
    case 2: return -cosineSeries(r)
    default: return sineSeries(r)
    }
  }

  /// `x = quadrant · π/2 + r` with `|r| ≤ π/4`.
  private static func reduce(_ x: Double) -> (Int, Double) {
    let halfPi = Double.pi / 2
    let k = (x / halfPi).rounded()
    let r = x - k * halfPi
    let quadrant = Int(k.truncatingRemainder(dividingBy: 4))
    return ((quadrant + 4) % 4, r)
  }

  private static func sineSeries(_ x: Double) -> Double {
    let x2 = x * x
    var term = x
    var total = x
    for n in stride(from: 2, through: 26, by: 2) {
      term *= -x2 / Double(n * (n + 1))
      total += term
    }
    return total
  }

  private static func cosineSeries(_ x: Double) -> Double {
    let x2 = x * x
    var term = 1.0
    var total = 1.0
    for n in stride(from: 1, through: 25, by: 2) {
      term *= -x2 / Double(n * (n + 1))
      total += term
    }
    return total
  }
}
