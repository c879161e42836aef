/// A colored, translucent, axis-aligned rectangle on a ``Plane``.
public struct Rectangle: Hashable, Sendable {
  /// The rectangle's identity, unique within its plane.
  public let id: Identifier
  /// The top left corner.
  public var point: Point
  /// The width and height.
  public var size: Size
  /// The fill color.
  public var color: Color
  /// The opacity level.
  public var alpha: Alpha

  /// Makes a rectangle from already validated parts.
  ///
  /// - Parameters:
  ///   - id: The identity, unique within the plane it joins.
  ///   - point: The top left corner.
  ///   - size: The width and height.
  ///   - color: The fill color.
  ///   - alpha: The opacity level.
  public init(id: Identifier, point: Point, size: Size, color: Color, alpha: Alpha) {
    self.id = id
    self.point = point
    self.size = size
    self.color = color
    self.alpha = alpha
  }

  /// Whether the half-open box `x ≤ px < x + width`, `y ≤ py < y + height` holds `point`.
  ///
  /// - Parameter point: The point to test.
  /// - Returns: `true` when the point lies inside the rectangle or on its top or left edge.
  public func contains(_ point: Point) -> Bool {
    self.point.x <= point.x && point.x < self.point.x + size.width
      && self.point.y <= point.y && point.y < self.point.y + size.height
  }
}

extension Rectangle: CustomStringConvertible {
  /// The model's description form:
  /// `(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7`.
  public var description: String {
    "(\(id)), X: \(point.x), Y: \(point.y), W: \(size.width), H: \(size.height), "
      + "R: \(color.red), G: \(color.green), B: \(color.blue), Alpha: \(alpha.level)"
  }
}
