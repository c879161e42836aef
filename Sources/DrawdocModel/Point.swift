/// A position on the canvas, in canvas units; the origin is the top left corner.
public struct Point: Hashable, Sendable {
  /// The horizontal coordinate, growing to the right.
  public let x: Double
  /// The vertical coordinate, growing downwards.
  public let y: Double

  /// Makes a point from finite coordinates.
  ///
  /// - Parameters:
  ///   - x: The horizontal coordinate.
  ///   - y: The vertical coordinate.
  /// - Throws: ``ModelError/nonFiniteCoordinate(name:value:)`` if either is NaN or infinite.
  public init(x: Double, y: Double) throws(ModelError) {
    guard x.isFinite else { throw .nonFiniteCoordinate(name: "x", value: x) }
    guard y.isFinite else { throw .nonFiniteCoordinate(name: "y", value: y) }
    self.x = x
    self.y = y
  }
}

extension Point {
  /// Makes a point the caller knows to be finite.
  ///
  /// - Precondition: Both coordinates are finite; otherwise a programming error.
  package init(trustedX x: Double, y: Double) {
    precondition(x.isFinite && y.isFinite)
    self.x = x
    self.y = y
  }
}
