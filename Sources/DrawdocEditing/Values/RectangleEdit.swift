import DrawdocModel
import DrawdocStore

/// The fields of a rectangle an edit gives — on the command line (`set`, `add`) or in the
/// app's panel — each optional: a field not given stays as it is, or for a new rectangle comes
/// from the factory.
package struct RectangleEdit: Hashable, Sendable {
  /// The left edge.
  package var x: Double?
  /// The top edge.
  package var y: Double?
  /// The width.
  package var width: Double?
  /// The height.
  package var height: Double?
  /// The color.
  package var color: Color?
  /// The opacity level.
  package var alpha: Alpha?

  /// Makes an edit.
  package init(
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
  /// The names of the fields, in the order the format writes them.
  package static let fieldNames = ["x", "y", "width", "height", "color", "alpha"]

  /// Reads the fields a person gave, each through ``UserValue``: `text(name)` is what was
  /// typed or sent for one of ``fieldNames``, or `nil` when it was not given. The command
  /// line's options and the app's JSON fields both read this way.
  ///
  /// - Throws: ``InvalidValue`` for the first value that is not valid.
  package init(reading text: (String) -> String?) throws(InvalidValue) {
    self.init(
      x: try text("x").map { (text) throws(InvalidValue) in try UserValue.number(text, field: "x")
      },
      y: try text("y").map { (text) throws(InvalidValue) in try UserValue.number(text, field: "y")
      },
      width: try text("width").map { (text) throws(InvalidValue) in
        try UserValue.length(text, field: "width")
      },
      height: try text("height").map { (text) throws(InvalidValue) in
        try UserValue.length(text, field: "height")
      },
      color: try text("color").map { (text) throws(InvalidValue) in try UserValue.color(text) },
      alpha: try text("alpha").map { (text) throws(InvalidValue) in try UserValue.alpha(text) })
  }

  /// The fields given, in the order `x y width height color alpha`.
  package var fields: [Rectangle.Field] {
    let values: [(Rectangle.Field, Bool)] = [
      (.x, x != nil), (.y, y != nil), (.width, width != nil), (.height, height != nil),
      (.color, color != nil), (.alpha, alpha != nil),
    ]
    return values.filter(\.1).map(\.0)
  }

  /// Whether no field is given.
  package var isEmpty: Bool { fields.isEmpty }

  /// Sets the given fields of one rectangle.
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - id: The rectangle.
  /// - Returns: The change, for the history.
  /// - Throws: ``DrawdocModel/ModelError/noSuchRectangle(_:)``, or an error for a size the
  ///   model refuses.
  @discardableResult
  package func apply(to plane: inout Plane, rectangle id: Identifier) throws(ModelError) -> Change {
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
  package func add(to plane: inout Plane, factory: inout RectangleFactory) throws(ModelError)
    -> Rectangle
  {
    let rectangle = try factory.makeRectangle(
      for: plane, x: x, y: y, width: width, height: height, color: color, alpha: alpha)
    try plane.add(rectangle)
    return rectangle
  }
}
