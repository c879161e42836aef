extension Rectangle {
  /// The values of a rectangle that can change, named as in the JSON form.
  public enum Field: String, CaseIterable, Sendable {
    /// The left edge, `point.x`.
    case x
    /// The top edge, `point.y`.
    case y
    /// The extent along the x axis, `size.width`.
    case width
    /// The extent along the y axis, `size.height`.
    case height
    /// The fill color, without its opacity.
    case color
    /// The opacity level, 1 to 10.
    case alpha
  }

  /// Whether another rectangle holds the same value in a field. Numbers are compared to the
  /// bit, as the file keeps them: `0` and `-0` differ.
  ///
  /// - Parameters:
  ///   - field: The field to compare.
  ///   - other: The other rectangle; its id does not matter.
  /// - Returns: `true` when the values are the same.
  public func hasSameValue(in field: Field, as other: Rectangle) -> Bool {
    switch field {
    case .x: return point.x.bitPattern == other.point.x.bitPattern
    case .y: return point.y.bitPattern == other.point.y.bitPattern
    case .width: return size.width.bitPattern == other.size.width.bitPattern
    case .height: return size.height.bitPattern == other.size.height.bitPattern
    case .color: return color == other.color
    case .alpha: return alpha == other.alpha
    }
  }

  /// The fields whose values differ from another rectangle's, in the order of ``Field``.
  ///
  /// - Parameter other: The rectangle to compare with, such as an older version of this one.
  /// - Returns: The fields that differ; empty when every value is the same.
  public func changedFields(from other: Rectangle) -> [Field] {
    Field.allCases.filter { !hasSameValue(in: $0, as: other) }
  }

  /// This rectangle with one field's value taken from another.
  func taking(_ field: Field, from other: Rectangle) -> Rectangle {
    var copy = self
    switch field {
    case .x: copy.point = Point(trustedX: other.point.x, y: point.y)
    case .y: copy.point = Point(trustedX: point.x, y: other.point.y)
    case .width: copy.size = Size(trustedWidth: other.size.width, height: size.height)
    case .height: copy.size = Size(trustedWidth: size.width, height: other.size.height)
    case .color: copy.color = other.color
    case .alpha: copy.alpha = other.alpha
    }
    return copy
  }
}
