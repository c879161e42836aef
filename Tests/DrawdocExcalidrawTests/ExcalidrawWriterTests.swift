import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Testing

/// The writer as it was first written, a whole `JSONValue` tree made and then printed: the
/// reference the writer, which makes the same text straight into bytes, must match byte for
/// byte.
enum TreeWriter {
  /// The scene's bytes, from a tree.
  static func encode(_ drawing: Drawing) -> [UInt8] {
    let updated = Double(drawing.modified.secondsSince1970) * 1000
    let header = DrawingJSON.header(of: drawing)
    let elements = drawing.plane.rectangles.map {
      element(for: $0, updated: updated, header: header)
    }
    let scene = JSONValue.object([
      ("type", .string("excalidraw")), ("version", .number(2)),
      ("source", .string("drawdoc")), ("elements", .array(elements)),
      ("appState", .object([("viewBackgroundColor", .string("#ffffff"))])),
      ("files", .object([])), ("drawdoc", header),
    ])
    return scene.document
  }

  /// One rectangle's element, carrying the drawing's header in its `customData`.
  static func element(for rectangle: Rectangle, updated: Double, header: JSONValue) -> JSONValue {
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
      ("customData", .object([("drawdoc", header)])),
    ])
  }
}

/// The scene is written straight into bytes, whole or a piece at a time, exactly as the tree
/// of JSON values printed it.
@Suite struct ExcalidrawWriterTests {
  /// Expects the scene's bytes, whole and in pieces of 1 byte, 97 bytes and 1 MiB, to be the
  /// tree's (the round-trip tests ask it of the samples and of random drawings).
  static func expectTheTreesBytes(_ drawing: Drawing, _ comment: Comment) {
    let whole = ExcalidrawWriter.encode(drawing)
    #expect(whole == TreeWriter.encode(drawing), comment)
    for pieceSize in [1, 97, 1 << 20] {
      let written = writtenPieces(pieceSize: pieceSize) { (output, handOn) throws(NoFailure) in
        try ExcalidrawWriter.append(drawing, to: &output, handOn: handOn)
      }
      let count = written.count
      let pieces = Array(written.joined())
      #expect(pieces == whole, comment)
      // With pieces of 1 byte, the header, then each element with the end after the last;
      // with pieces of 1 MiB, a small scene in one.
      if pieceSize == 1 { #expect(count == drawing.plane.count + 1, comment) }
      if pieceSize == 1 << 20 { #expect(count == 1, comment) }
    }
  }

  @Test func edgeCases() throws {
    let late = Timestamp(secondsSince1970: 253_402_300_799)  // 9999-12-31T23:59:59Z
    let extremes = [
      try rect("zzz-zzz-zzz", -1e300, 5e-324, 1.7976931348623157e308, 5e-324, "#000000", 1),
      try rect("000-000-000", 0.1, -0.0, 0.30000000000000004, 1e21, "#ffffff", 10),
      try rect("abc-def-ghi", 123_456_789.125, -1e-7, 1e-7, 9_007_199_254_740_993, "#0a0b0c", 5),
    ]
    for (title, rectangles, modified) in [
      ("", [Rectangle](), Timestamp(secondsSince1970: 0)),
      ("Quote \" backslash \\ tab \t newline \n é 中 🙂", extremes, late),
      (String(repeating: "x", count: 4096), Array(extremes.prefix(1)), late),
    ] {
      let drawing = Drawing(
        id: try Identifier("k3j-9xa-0pq"), created: Timestamp(secondsSince1970: 0),
        modified: modified,
        plane: try Plane(size: Size(width: 1, height: 1e308), title: title, rectangles: rectangles))
      Self.expectTheTreesBytes(drawing, "\(title.prefix(20))")
    }
  }
}
