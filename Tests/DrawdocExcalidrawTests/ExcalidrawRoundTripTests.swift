import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

/// drawdoc → Excalidraw → drawdoc gives the drawing back, bit for bit, without warnings, also
/// once Excalidraw's save has dropped the top-level `drawdoc` member; the scene is written as
/// the tree of JSON values printed it (``ExcalidrawWriterTests``).
@Suite struct ExcalidrawRoundTripTests {
  static let samples: [String] = {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { $0.hasSuffix(".svg") }.sorted().map {
      folder.appendingPathComponent($0).path
    }
  }()

  func expectRoundTrip(_ drawing: Drawing, _ comment: Comment) throws {
    let scene = ExcalidrawWriter.encode(drawing)
    let back = try ExcalidrawReader.read(scene, title: "ignored", now: importTime)
    #expect(back.warnings.isEmpty, comment)
    #expect(back.drawing == drawing, comment)
    #expect(bitwiseEqual(back.drawing, drawing), comment)
    #expect(SVGEncoder.encode(back.drawing) == SVGEncoder.encode(drawing), comment)
    #expect(ExcalidrawWriter.encode(back.drawing) == scene, comment)
    ExcalidrawWriterTests.expectTheTreesBytes(drawing, comment)
    // As Excalidraw saves it, without the top-level member: the same drawing, from the
    // elements' customData (a drawing without rectangles has no element to carry it).
    guard !drawing.plane.isEmpty else { return }
    let saved = try ExcalidrawIdentityTests.withoutTopLevelMember(scene)
    let savedBack = try ExcalidrawReader.read(saved, title: "ignored", now: importTime)
    #expect(savedBack.warnings.isEmpty, comment)
    #expect(bitwiseEqual(savedBack.drawing, drawing), comment)
  }

  @Test func samples() throws {
    #expect(Self.samples.count >= 5)
    for path in Self.samples {
      try expectRoundTrip(try SVGDecoder.decode(contentsOfFile: path), "\(path)")
    }
  }

  @Test func randomDrawings() throws {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 2026))
    for index in 0..<200 {
      try expectRoundTrip(try random.drawing(), "drawing \(index)")
    }
  }

  @Test func writtenForm() throws {
    let drawing = Drawing(
      id: try Identifier("abc-def-ghi"), created: Timestamp(secondsSince1970: 0),
      modified: Timestamp(secondsSince1970: 60),
      plane: try Plane(
        size: Size(width: 100, height: 50), title: "T",
        rectangles: [try rect("aaa-bbb-ccc", 1.5, 2, 3, 4, "#ff0000", 7)]))
    let text = String(decoding: ExcalidrawWriter.encode(drawing), as: UTF8.self)
    let id = try Identifier("aaa-bbb-ccc").rawValue
    let seed = id % 2_147_483_647 + 1
    let nonce = id / 2_147_483_647 % 2_147_483_647 + 1
    let header = """
      {"format": "drawdoc", "version": 1, "id": "abc-def-ghi", "title": "T", "width": 100, \
      "height": 50, "created": "1970-01-01T00:00:00Z", "modified": "1970-01-01T00:01:00Z"}
      """
    #expect(
      text == """
        {"type": "excalidraw", "version": 2, "source": "drawdoc", "elements": [
          {"id": "aaa-bbb-ccc", "type": "rectangle", "x": 1.5, "y": 2, "width": 3, "height": 4, \
        "angle": 0, \
        "strokeColor": "transparent", "backgroundColor": "#ff0000", "fillStyle": "solid", \
        "strokeWidth": 1, "strokeStyle": "solid", "roughness": 0, "opacity": 70, "groupIds": [], \
        "frameId": null, "roundness": null, "seed": \(seed), "version": 1, "versionNonce": \(nonce), \
        "isDeleted": false, "boundElements": null, "updated": 60000, "link": null, "locked": false, \
        "customData": {"drawdoc": \(header)}}
        ], "appState": {"viewBackgroundColor": "#ffffff"}, "files": {}, "drawdoc": \(header)}

        """)
  }
}
