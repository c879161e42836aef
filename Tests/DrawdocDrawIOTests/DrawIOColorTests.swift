import DrawdocDrawIO
import DrawdocModel
import Testing

/// The fills draw.io draws that are not `#rrggbb`: its `default`, and CSS colors.
@Suite struct DrawIOColorTests {
  @Test func defaultIsWhiteAndCSSColorsAreRead() throws {
    let cells = [
      ("a", "fillColor=default"), ("b", "fillColor=red"), ("c", "fillColor=rgb(1, 2, 3)"),
      ("d", "fillColor=#abc"), ("e", "fillColor=rgba(1,2,3,0.5)"),
    ].map { id, style in
      #"<mxCell id="\#(id)" style="\#(style);strokeColor=none" vertex="1" parent="1">"#
        + #"<mxGeometry width="10" height="10" as="geometry"/></mxCell>"#
    }.joined()
    let result = try DrawIOReader.importDrawing(
      Array(model(cells, page: #"pageWidth="100" pageHeight="100""#).utf8),
      now: Timestamp(secondsSince1970: 0))
    #expect(
      result.drawing.plane.rectangles.map(\.color.hex) == [
        "#ffffff", "#ff0000", "#010203", "#aabbcc",
      ])
    #expect(
      result.warnings.map(\.message) == [
        #"cell "e" skipped: fillColor=rgba(1,2,3,0.5) is not a color drawdoc reads"#
      ])
  }
}
