import DrawdocJSON
import DrawdocModel

/// Writes a drawing as an Excalidraw scene (`.excalidraw`, version 2) that Excalidraw opens
/// and ``ExcalidrawReader`` reads back as the same drawing, bit for bit.
///
/// Each rectangle is a `rectangle` element, bottom first, with its id, a solid fill of its
/// color, `opacity` ten times its alpha, no stroke, straight edges (`roughness` 0) and square
/// corners. `seed` and `versionNonce` are derived from the id and `updated` is the drawing's
/// modification time, so the same drawing always gives the same bytes. The drawing's id,
/// title, canvas and times, which Excalidraw has no place for, are in a top-level `drawdoc`
/// member (the header of the JSON form), which Excalidraw ignores.
package enum ExcalidrawWriter {
  /// The scene's bytes.
  package static func encode(_ drawing: Drawing) -> [UInt8] {
    let updated = Double(drawing.modified.secondsSince1970) * 1000
    let elements = drawing.plane.rectangles.map { element(for: $0, updated: updated) }
    let scene = JSONValue.object([
      ("type", .string("excalidraw")), ("version", .number(2)),
      ("source", .string("drawdoc")), ("elements", .array(elements)),
      ("appState", .object([("viewBackgroundColor", .string("#ffffff"))])),
      ("files", .object([])), ("drawdoc", DrawingJSON.header(of: drawing)),
    ])
    return scene.document
  }

  static func element(for rectangle: Rectangle, updated: Double) -> JSONValue {
    let raw = rectangle.id.rawValue
    return .object([
      ("id", .string(rectangle.id.description)), ("type", .string("rectangle")),
      ("x", .number(rectangle.point.x)), ("y", .number(rectangle.point.y)),
      ("width", .number(rectangle.size.width)), ("height", .number(rectangle.size.height)),
      ("angle", .number(0)), ("strokeColor", .string("transparent")),
      ("backgroundColor", .string(rectangle.color.hex)), ("fillStyle", .string("solid")),
      ("strokeWidth", .number(1)), ("strokeStyle", .string("solid")), ("roughness", .number(0)),
      ("opacity", .number(Double(rectangle.alpha.level) * 10)), ("groupIds", .array([])),
      ("frameId", .null), ("roundness", .null),
      ("seed", .number(Double(raw % 2_147_483_647 + 1))), ("version", .number(1)),
      ("versionNonce", .number(Double(raw / 2_147_483_647 % 2_147_483_647 + 1))),
      ("isDeleted", .bool(false)), ("boundElements", .null), ("updated", .number(updated)),
      ("link", .null), ("locked", .bool(false)),
    ])
  }
}
