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
    var bytes: [UInt8] = []
    bytes.reserveCapacity(96)
    appendDescription(to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends the UTF-8 bytes of ``description``, without making a `String`: how a drawing of
  /// a million rectangles is listed quickly.
  ///
  /// - Parameter output: The bytes to extend.
  public func appendDescription(to output: inout [UInt8]) {
    output.append(UInt8(ascii: "("))
    id.appendUTF8(to: &output)
    output.append(literal: "), X: ")
    DecimalText.appendDescription(point.x, to: &output)
    output.append(literal: ", Y: ")
    DecimalText.appendDescription(point.y, to: &output)
    output.append(literal: ", W: ")
    DecimalText.appendDescription(size.width, to: &output)
    output.append(literal: ", H: ")
    DecimalText.appendDescription(size.height, to: &output)
    output.append(literal: ", R: ")
    DecimalText.appendInteger(Int(color.red), to: &output)
    output.append(literal: ", G: ")
    DecimalText.appendInteger(Int(color.green), to: &output)
    output.append(literal: ", B: ")
    DecimalText.appendInteger(Int(color.blue), to: &output)
    output.append(literal: ", Alpha: ")
    DecimalText.appendInteger(Int(alpha.level), to: &output)
  }

}
