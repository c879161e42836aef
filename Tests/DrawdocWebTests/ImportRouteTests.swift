import DrawdocHTTP
import DrawdocModel
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

@testable import DrawdocWeb

/// `POST /api/import`: SVG text read in import mode, as the editor pastes it, answered as
/// rectangles and warnings; nothing in the store changes.
@Suite struct ImportRouteTests {
  /// Sends `{"svg": TEXT}` to the route.
  func importing(_ fixture: AppFixture, _ svg: String) throws -> HTTPResponse {
    let body = try JSONSerialization.data(withJSONObject: ["svg": svg])
    return try fixture.call("POST", "/api/import", json: String(decoding: body, as: UTF8.self))
  }

  /// What a reader of the store sees: every drawing, its version and its history, the trash
  /// and the change journal's last sequence.
  func everything(_ fixture: AppFixture) throws -> String {
    let drawing = try fixture.store.drawing(fixture.id)
    return [
      "\(try fixture.store.revision(of: fixture.id))",
      "\(try fixture.store.history(of: fixture.id).versions.count)",
      "\(try fixture.store.list().drawings.count)", "\(try fixture.store.trashedDrawings().count)",
      "\(try fixture.store.lastSequence())",
      String(decoding: SVGEncoder.encode(drawing), as: UTF8.self),
    ].joined(separator: "\n")
  }

  @Test func aForeignFileGivesItsRectanglesAndAWarningWithTheLineOfWhatItSkipped() throws {
    let fixture = try AppFixture()
    let before = try everything(fixture)
    let response = try importing(
      fixture,
      """
      <?xml version="1.0"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100">
        <circle cx="10" cy="10" r="5" fill="red"/>
        <rect x="20" y="30" width="40" height="50" fill="#336699" fill-opacity="0.5"/>
      </svg>
      """)
    #expect(response.status == .ok)
    #expect(response.headers["Content-Type"] == "application/json")
    let answer = try fixture.object(response)
    let rectangles = try #require(answer["rectangles"] as? [[String: Any]])
    #expect(rectangles.count == 1)
    let rectangle = try #require(rectangles.first)
    #expect(rectangle["x"] as? Double == 20)
    #expect(rectangle["y"] as? Double == 30)
    #expect(rectangle["width"] as? Double == 40)
    #expect(rectangle["height"] as? Double == 50)
    #expect(rectangle["color"] as? String == "#336699")
    #expect(rectangle["alpha"] as? Int == 5)
    #expect((rectangle["id"] as? String).map { (try? Identifier($0)) != nil } == true)
    let warnings = try #require(answer["warnings"] as? [[String: Any]])
    #expect(warnings.count == 1)
    #expect(warnings.first?["line"] as? Int == 3)
    #expect(
      warnings.first?["message"] as? String == "<circle> skipped: drawdoc keeps only rectangles")
    #expect(try everything(fixture) == before)
  }

  @Test func aDrawdocFileGivesItsRectanglesWithoutWarnings() throws {
    let fixture = try AppFixture(rectangles: 4)
    let before = try everything(fixture)
    let drawing = try fixture.store.drawing(fixture.id)
    let response = try importing(
      fixture, String(decoding: SVGEncoder.encode(drawing), as: UTF8.self))
    #expect(response.status == .ok)
    let answer = try fixture.object(response)
    let rectangles = try #require(answer["rectangles"] as? [[String: Any]])
    #expect(
      rectangles.map { $0["id"] as? String } == drawing.plane.rectangles.map(\.id.description))
    #expect(rectangles.map { $0["color"] as? String } == drawing.plane.rectangles.map(\.color.hex))
    #expect(
      rectangles.map { $0["alpha"] as? Int } == drawing.plane.rectangles.map { Int($0.alpha.level) }
    )
    #expect((answer["warnings"] as? [Any])?.isEmpty == true)
    #expect(try everything(fixture) == before)
  }

  @Test(arguments: [
    ("this is not SVG", "not well-formed XML"),
    ("<html><body/></html>", "the root element is <html>: expected <svg>"),
    ("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect", "not well-formed XML"),
  ])
  func textThatIsNotSVGIsRefusedWithAPlainMessage(text: String, message: String) throws {
    let fixture = try AppFixture()
    let before = try everything(fixture)
    let response = try importing(fixture, text)
    #expect(response.status == .badRequest)
    let error = try #require(try fixture.object(response)["error"] as? String)
    #expect(error.hasPrefix("the text is not SVG that drawdoc can read: "))
    #expect(error.contains(message), "\(error)")
    #expect(error.contains("line 1, column"), "\(error)")
    #expect(try everything(fixture) == before)
  }

  @Test func aBodyWithoutSVGTextOrPastALimitIsRefused() throws {
    let fixture = try AppFixture()
    let before = try everything(fixture)
    let missing = try fixture.call("POST", "/api/import", json: #"{"text": "<svg/>"}"#)
    #expect(missing.status == .badRequest)
    #expect(
      try fixture.object(missing)["error"] as? String
        == #"give the SVG text to import: {"svg": "<svg …"}"#)
    // Nesting deeper than import mode reads is past a limit of import, as for a file.
    let deep =
      #"<svg xmlns="http://www.w3.org/2000/svg">"# + String(repeating: "<g>", count: 300)
      + String(repeating: "</g>", count: 300) + "</svg>"
    let tooDeep = try importing(fixture, deep)
    #expect(tooDeep.status == .contentTooLarge)
    #expect(
      (try fixture.object(tooDeep)["error"] as? String)?.hasPrefix(
        "the nesting of elements goes past drawdoc's limit of 256 levels") == true)
    #expect(try everything(fixture) == before)
  }
}
