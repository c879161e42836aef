import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocHTTP
import DrawdocModel
import Foundation
import Testing

@testable import DrawdocWeb

/// draw.io and Excalidraw in the app: pasted through `POST /api/import` as SVG is, and
/// exported as `drawdoc export --format drawio` and `--format excalidraw` write them.
@Suite struct ForeignFormatRouteTests {
  /// Sends `{"svg": TEXT}` to the route.
  func importing(_ fixture: AppFixture, _ text: String) throws -> HTTPResponse {
    let body = try JSONSerialization.data(withJSONObject: ["svg": text])
    return try fixture.call("POST", "/api/import", json: String(decoding: body, as: UTF8.self))
  }

  /// The rectangles of an answer as `x y width height color alpha`, and its warnings as
  /// `LINE: MESSAGE`.
  func summary(_ fixture: AppFixture, _ response: HTTPResponse) throws -> ([String], [String]) {
    let answer = try fixture.object(response)
    let rectangles = try #require(answer["rectangles"] as? [[String: Any]]).map { r in
      "\(r["x"] ?? "") \(r["y"] ?? "") \(r["width"] ?? "") \(r["height"] ?? "") "
        + "\(r["color"] ?? "") \(r["alpha"] ?? "")"
    }
    let warnings = try #require(answer["warnings"] as? [[String: Any]]).map { w in
      "\(w["line"] ?? ""): \(w["message"] ?? "")"
    }
    return (rectangles, warnings)
  }

  @Test func aDrawIOFileGivesItsRectanglesAndWarningsWithLines() throws {
    let fixture = try AppFixture()
    let before = try fixture.store.revision(of: fixture.id)
    let response = try importing(
      fixture,
      """
      <mxfile><diagram id="p1" name="Page-1"><mxGraphModel><root>
      <mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="a" parent="1" vertex="1" style="fillColor=#336699;">
      <mxGeometry x="20" y="30" width="40" height="50" as="geometry"/></mxCell>
      <mxCell id="b" parent="1" vertex="1" style="ellipse;fillColor=#ff0000;">
      <mxGeometry x="0" y="0" width="10" height="10" as="geometry"/></mxCell>
      </root></mxGraphModel></diagram></mxfile>
      """)
    #expect(response.status == .ok)
    let (rectangles, warnings) = try summary(fixture, response)
    // The canvas is that of what is kept, as `drawdoc convert` reads the file.
    #expect(rectangles == ["0 0 40 50 #336699 10"])
    #expect(
      warnings == [
        #"3: cell "a" kept as a rectangle without its stroke"#,
        #"5: cell "b" skipped: a shape "ellipse", not a rectangle"#,
      ])
    #expect(try fixture.store.revision(of: fixture.id) == before)
  }

  @Test func anExcalidrawSceneGivesItsRectanglesAndWarningsWithLines() throws {
    let fixture = try AppFixture()
    let response = try importing(
      fixture,
      ##"""
      {"type": "excalidraw", "version": 2, "elements": [
      {"id": "abc-def-ghi", "type": "rectangle", "x": 10, "y": 20, "width": 30, "height": 40, "backgroundColor": "#ff0000", "strokeColor": "transparent", "roughness": 0, "opacity": 100},
      {"id": "e1", "type": "ellipse", "x": 0, "y": 0, "width": 5, "height": 5, "backgroundColor": "#ff0000", "strokeColor": "transparent", "opacity": 100}
      ]}
      """##)
    #expect(response.status == .ok)
    let (rectangles, warnings) = try summary(fixture, response)
    #expect(rectangles == ["10 20 30 40 #ff0000 10"])
    #expect(warnings == [#"3: ellipse "e1" skipped: drawdoc keeps only rectangles"#])
  }

  @Test func whatDrawIOAndExcalidrawCopyIsReadAsTheirFilesAre() throws {
    let fixture = try AppFixture()
    // draw.io's copy: encodeURIComponent of the model; its lines are those of the decoded text.
    let model = """
      <mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="2" parent="1" vertex="1" style="fillColor=#336699;strokeColor=none;">
      <mxGeometry x="20" y="30" width="40" height="50" as="geometry"/></mxCell>
      <mxCell id="3" parent="1" edge="1" source="2" target="2"/></root></mxGraphModel>
      """
    let unreserved = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
    let copied = try #require(model.addingPercentEncoding(withAllowedCharacters: unreserved))
    var (rectangles, warnings) = try summary(fixture, try importing(fixture, copied))
    #expect(rectangles == ["0 0 40 50 #336699 10"])
    #expect(warnings == [#"4: cell "3" skipped: a connector"#])
    // Excalidraw's copy: its elements, without a scene's version and appState.
    (rectangles, warnings) = try summary(
      fixture,
      try importing(
        fixture,
        ##"{"type":"excalidraw/clipboard","elements":[{"id":"r1","type":"rectangle","x":5,"##
          + ##""y":6,"width":7,"height":8,"backgroundColor":"#00ff00","strokeColor":"transparent","##
          + ##""roughness":0}],"files":{}}"##))
    #expect(rectangles == ["0 0 7 8 #00ff00 10"])
    #expect(
      warnings == [
        "1: the canvas is the box around the elements, moved to the origin: every rectangle "
          + "moved by (-5, -6)"
      ])
  }

  @Test(arguments: [
    (#"<mxfile><diagram id="x">!!! not base64 !!!</diagram></mxfile>"#, "a draw.io file"),
    ("%3CmxGraphModel%3E%3Croot%3E%", "a draw.io file"),
    (#"{"type": "excalidraw/clipboard", "elements": "r1"}"#, "a drawing"),
    (#"{"type": "excalidraw", "elements": 3}"#, "a drawing"),
  ])
  func aHostileForeignFileIsRefusedAsBadSVGIs(text: String, kind: String) throws {
    let fixture = try AppFixture()
    let response = try importing(fixture, text)
    #expect(response.status == .badRequest)
    let error = try #require(try fixture.object(response)["error"] as? String)
    #expect(error.hasPrefix("the text is not \(kind) that drawdoc can read: "), "\(error)")
  }

  /// A raw deflate stream (fixed Huffman codes) of a space and 8 × `blocks` + 1 copies of 258
  /// bytes at distance 1: 13 bytes inflate to 2064 spaces, a thousand times more than any
  /// scene or page compresses. Written out by hand, not by the code under test.
  static func rawDeflateBomb(blocks: Int) -> [UInt8] {
    let copies: [UInt8] = [
      0xA3, 0x60, 0x14, 0x8C, 0x82, 0x51, 0x30, 0x0A, 0x46, 0xC1, 0x28, 0x18, 0x05,
    ]
    return [0x53, 0x18, 0x05] + Array(repeating: copies, count: blocks).joined() + [0x00]
  }

  /// Files past a limit of the draw.io and Excalidraw readers (a decompression bomb, nesting
  /// too deep), by name: the text and the start of the error.
  static let pastALimit: [String: (text: String, message: String)] = {
    let bomb = rawDeflateBomb(blocks: 2000)  // 26 kB that inflate to 4.1 MB
    let page = Data(bomb).base64EncodedString()
    // A zlib stream: a header, the raw stream, a checksum (wrong: the limit stops it first).
    let encoded = ([0x78, 0x01] + bomb + [0, 0, 0, 0]).map { String(format: "\\u%04x", $0) }
    let wrapper =
      #"{"version":"1","encoding":"bstring","compressed":true,"encoded":""#
      + encoded.joined() + #""}"#
    let svg =
      #"<svg xmlns="http://www.w3.org/2000/svg"><!-- svg-source:excalidraw -->"#
      + "<!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 -->"
      + "<!-- payload-start -->\(Data(wrapper.utf8).base64EncodedString())<!-- payload-end -->"
      + "</svg>"
    return [
      "draw.io page bomb": (
        #"<mxfile><diagram id="x">\#(page)</diagram></mxfile>"#,
        "the <diagram> page inflates to more than \((bomb.count) * 100) bytes"
      ),
      "draw.io nesting": (
        "<mxGraphModel><root>" + String(repeating: "<a>", count: 300)
          + String(repeating: "</a>", count: 300) + "</root></mxGraphModel>",
        "the nesting of elements goes past drawdoc's limit of 256 levels"
      ),
      "Excalidraw SVG bomb": (
        svg, "the embedded scene inflates to more than \((bomb.count + 6) * 100) bytes"
      ),
      "Excalidraw nesting": (
        #"{"type": "excalidraw", "elements": "# + String(repeating: "[", count: 100)
          + String(repeating: "]", count: 100) + "}",
        "nested too deeply (line 1, column"
      ),
    ]
  }()

  @Test(arguments: pastALimit.keys.sorted())
  func aForeignFilePastALimitIsContentTooLarge(name: String) throws {
    let (text, message) = try #require(Self.pastALimit[name])
    let fixture = try AppFixture()
    let before = try fixture.store.revision(of: fixture.id)
    let response = try importing(fixture, text)
    #expect(response.status == .contentTooLarge)
    let error = try #require(try fixture.object(response)["error"] as? String)
    #expect(error.hasPrefix(message), "\(error)")
    #expect(try fixture.store.revision(of: fixture.id) == before)
  }

  @Test func drawIOAndExcalidrawExportsAreWhatTheWritersWrite() throws {
    let fixture = try AppFixture()
    let drawing = try fixture.store.drawing(fixture.id)
    for (format, bytes, type) in [
      ("drawio", DrawIOWriter.encode(drawing), "application/vnd.jgraph.mxfile"),
      ("excalidraw", ExcalidrawWriter.encode(drawing), "application/json"),
    ] {
      let response = try fixture.call("GET", "/api/drawings/\(fixture.id)/export?format=\(format)")
      #expect(response.status == .ok)
      #expect(response.bodyBytes == bytes)
      #expect(response.headers["Content-Type"] == type)
      #expect(
        response.headers["Content-Disposition"] == "attachment; filename=\"Web.\(format)\"")
    }
  }
}
