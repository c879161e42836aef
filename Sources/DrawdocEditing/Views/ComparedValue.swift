import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// How `diff`, `merge` and `sync` show the values they compare: as text for people, as JSON values
/// in the units of the JSON form.
package enum ComparedValue {
  /// A field's value, as the SVG file writes it: `45`, `#ebc641`, `7`.
  package static func text(_ field: Rectangle.Field, of rectangle: Rectangle) -> String {
    switch field {
    case .x: return ShortestDecimal.string(rectangle.point.x)
    case .y: return ShortestDecimal.string(rectangle.point.y)
    case .width: return ShortestDecimal.string(rectangle.size.width)
    case .height: return ShortestDecimal.string(rectangle.size.height)
    case .color: return rectangle.color.hex
    case .alpha: return String(rectangle.alpha.level)
    }
  }

  /// A field's value as in the JSON form: a number, `"#rrggbb"`, or the alpha level.
  package static func json(_ field: Rectangle.Field, of rectangle: Rectangle) -> JSONValue {
    switch field {
    case .x: return .number(rectangle.point.x)
    case .y: return .number(rectangle.point.y)
    case .width: return .number(rectangle.size.width)
    case .height: return .number(rectangle.size.height)
    case .color: return .string(rectangle.color.hex)
    case .alpha: return .number(Double(rectangle.alpha.level))
    }
  }

  /// A title in quotes, control characters escaped so that it stays on one line.
  package static func title(_ title: String) -> String {
    "'\(DisplayText.single(title, limit: Plane.maximumTitleLength + 1))'"
  }

  /// A canvas, `1024 × 768`.
  package static func canvas(width: Double, height: Double) -> String {
    "\(ShortestDecimal.string(width)) × \(ShortestDecimal.string(height))"
  }

  /// The layer number `layers` shows for a z-index: 1 is the top.
  package static func layer(_ zIndex: Int, in plane: Plane) -> Int { plane.count - zIndex }

  /// `{"old": …, "new": …}`.
  package static func change(_ old: JSONValue, _ new: JSONValue) -> JSONValue {
    .object([("old", old), ("new", new)])
  }
}
