import DrawdocModel

/// The fields of a rectangle an edit gives — on the command line (`set`, `add`) or in the
/// app's panel — each optional: a field not given stays as it is, or for a new rectangle comes
/// from the factory.
public struct RectangleEdit: Hashable, Sendable {
  /// The left edge.
  public var x: Double?
  /// The top edge.
  public var y: Double?
  /// The width.
  public var width: Double?
  /// The height.
  public var height: Double?
  /// The color.
  public var color: Color?
  /// The opacity level.
  public var alpha: Alpha?

  /// Makes an edit.
  public init(
    x: Double? = nil, y: Double? = nil, width: Double? = nil, height: Double? = nil,
    color: Color? = nil, alpha: Alpha? = nil
  ) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.color = color
    self.alpha = alpha
  }

  /// The fields given, in the order `x y width height color alpha`.
  public var fields: [RectangleField] {
    let values: [(RectangleField, Bool)] = [
      (.x, x != nil), (.y, y != nil), (.width, width != nil), (.height, height != nil),
      (.color, color != nil), (.alpha, alpha != nil),
    ]
    return values.filter(\.1).map(\.0)
  }

  /// Whether no field is given.
  public var isEmpty: Bool { fields.isEmpty }

  /// Sets the given fields of one rectangle.
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - id: The rectangle.
  /// - Returns: The change, for the history.
  /// - Throws: ``DrawdocModel/ModelError/noSuchRectangle(_:)``, or an error for a size the
  ///   model refuses.
  @discardableResult
  public func apply(to plane: inout Plane, rectangle id: Identifier) throws(ModelError) -> Change {
    guard let current = plane[id] else { throw .noSuchRectangle(id) }
    if x != nil || y != nil {
      try plane.updatePoint(
        of: id, to: Point(x: x ?? current.point.x, y: y ?? current.point.y))
    }
    if width != nil || height != nil {
      try plane.updateSize(
        of: id,
        to: Size(width: width ?? current.size.width, height: height ?? current.size.height))
    }
    if let color { try plane.updateColor(of: id, to: color) }
    if let alpha { try plane.updateAlpha(of: id, to: alpha) }
    return .set(fields, of: id)
  }

  /// Adds a rectangle with the given fields on top, the others from the factory.
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - factory: The factory, for the fields not given and the id.
  /// - Returns: The rectangle added.
  /// - Throws: ``DrawdocModel/ModelError``.
  @discardableResult
  public func add(to plane: inout Plane, factory: inout RectangleFactory) throws(ModelError)
    -> Rectangle
  {
    let rectangle = try factory.makeRectangle(
      for: plane, x: x, y: y, width: width, height: height, color: color, alpha: alpha)
    try plane.add(rectangle)
    return rectangle
  }
}
