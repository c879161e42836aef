/// Makes rectangles for a plane: a fresh unique id, the default size, a random place inside
/// the canvas, a random color and a random alpha, for every field the caller leaves out.
///
/// The factory draws from a ``SeededRandomNumberGenerator``, so a factory made with the same
/// seed makes the same rectangles for the same plane.
public struct RectangleFactory: Sendable {
  /// The size of a rectangle whose size is not given: 150 × 120, or less on a smaller canvas.
  public static let defaultSize = Size(trustedWidth: 150, height: 120)

  private var generator: SeededRandomNumberGenerator

  /// Makes a factory.
  ///
  /// - Parameter seed: A seed to reproduce a sequence of rectangles, or `nil` for a random one.
  public init(seed: UInt64? = nil) {
    generator = seed.map(SeededRandomNumberGenerator.init(seed:)) ?? SeededRandomNumberGenerator()
  }

  /// Makes one rectangle for `plane`, without adding it.
  ///
  /// - Parameters:
  ///   - plane: The plane the rectangle is meant for: its id will be new there and, unless a
  ///     coordinate is given, the rectangle lies inside its canvas.
  ///   - x: The left edge, or `nil` for a random whole number that keeps the rectangle inside
  ///     the canvas.
  ///   - y: The top edge, or `nil` for a random whole number, likewise.
  ///   - width: The width, or `nil` for the default width shrunk to fit the canvas.
  ///   - height: The height, or `nil` for the default height shrunk to fit the canvas.
  ///   - color: The color, or `nil` for a random one.
  ///   - alpha: The opacity level, or `nil` for a random one.
  /// - Returns: The new rectangle.
  /// - Throws: ``ModelError`` if a given coordinate is not finite or a given length is not
  ///   finite and positive.
  public mutating func makeRectangle(
    for plane: Plane, x: Double? = nil, y: Double? = nil, width: Double? = nil,
    height: Double? = nil, color: Color? = nil, alpha: Alpha? = nil
  ) throws(ModelError) -> Rectangle {
    var id = Identifier.random(using: &generator)
    while plane.contains(id) { id = Identifier.random(using: &generator) }
    let canvas = plane.size
    let size = try Size(
      width: width ?? min(Self.defaultSize.width, canvas.width),
      height: height ?? min(Self.defaultSize.height, canvas.height))
    let point = try Point(
      x: x ?? randomWholeNumber(upTo: canvas.width - size.width),
      y: y ?? randomWholeNumber(upTo: canvas.height - size.height))
    let color = color ?? Color(red: next(), green: next(), blue: next())
    let alpha = alpha ?? Alpha.allLevels[Int.random(in: 0..<10, using: &generator)]
    return Rectangle(id: id, point: point, size: size, color: color, alpha: alpha)
  }

  private mutating func next() -> UInt8 { UInt8.random(in: 0...255, using: &generator) }

  /// A whole number in `0 ... limit` (0 if `limit` is below 1), drawn uniformly.
  private mutating func randomWholeNumber(upTo limit: Double) -> Double {
    let upper = limit.rounded(.down)
    guard upper >= 1 else { return 0 }
    let drawn = (Double.random(in: 0..<1, using: &generator) * (upper + 1)).rounded(.down)
    return min(drawn, upper)
  }
}
