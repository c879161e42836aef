import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import Testing

/// The app's export of the editable pictures goes through the same use case as the command
/// line's: the same bytes, the picture's media type, and a file name with the double extension.
@Suite struct EditableExportRouteTests {
  @Test func theEditablePicturesAreTheUseCasesBytesUnderTheirDoubleExtension() throws {
    let fixture = try AppFixture()
    let drawing = try fixture.store.drawing(fixture.id)
    for format in [Export.Format.drawioSVG, .drawioPNG, .excalidrawSVG, .excalidrawPNG] {
      let name = format.rawValue.uppercased()
      let response = try fixture.call(
        "GET", "/api/drawings/\(fixture.id)/export?format=\(name)&scale=0.5&background=%23fff")
      #expect(response.status == .ok, "\(format)")
      let options =
        format.isPNG
        ? Export.Options(scale: 0.5, background: try Color(hex: "#ffffff")) : Export.Options()
      #expect(response.bodyBytes == (try Export.bytes(drawing, as: format, options: options)))
      #expect(
        response.headers["Content-Type"] == (format.isPNG ? "image/png" : "image/svg+xml"))
      #expect(
        response.headers["Content-Disposition"]
          == "attachment; filename=\"Web.\(format.rawValue)\"")
    }
    let bad = try fixture.call("GET", "/api/drawings/\(fixture.id)/export?format=drawio.gif")
    #expect(bad.status == .badRequest)
  }
}
