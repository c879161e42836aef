import DrawdocDrawIO
import DrawdocModel
import DrawdocXML
import Testing

/// Rules of import mode the templates do not show.
@Suite struct DrawIORuleTests {
  /// The fills draw.io draws that are not `#rrggbb`: its `default`, and CSS colors.
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

  /// With draw.io's page view off (`page="0"`) the canvas is the content's box, though the
  /// content fits the page; a file drawdoc wrote keeps its page whatever draw.io saved.
  @Test func aPageThatIsNotShownIsNotTheCanvas() throws {
    let cell =
      #"<mxCell id="a" style="fillColor=#ff0000;strokeColor=none" vertex="1" parent="1">"#
      + #"<mxGeometry x="10" y="20" width="30" height="40" as="geometry"/></mxCell>"#
    let now = Timestamp(secondsSince1970: 0)
    let shown = try DrawIOReader.importDrawing(
      Array(model(cell, page: #"page="1" pageWidth="100" pageHeight="100""#).utf8), now: now)
    #expect(shown.drawing.plane.size == (try Size(width: 100, height: 100)))
    let hidden = try DrawIOReader.importDrawing(
      Array(model(cell, page: #"page="0" pageWidth="100" pageHeight="100""#).utf8), now: now)
    #expect(hidden.drawing.plane.size == (try Size(width: 30, height: 40)))
    #expect(hidden.drawing.plane.rectangles.first?.point == (try Point(x: 0, y: 0)))
    let written =
      #"<mxfile drawdoc="1"><diagram name="T" id="abc-def-ghi">"#
      + model(cell, page: #"page="0" pageWidth="100" pageHeight="100""#) + "</diagram></mxfile>"
    let kept = try DrawIOReader.importDrawing(Array(written.utf8), now: now)
    #expect(kept.drawing.plane.size == (try Size(width: 100, height: 100)))
  }

  /// The cells inside a container folded shut are not drawn by draw.io: skipped, each with its
  /// warning; the container itself is kept at its folded size.
  @Test func cellsInACollapsedContainerAreSkipped() throws {
    let cells =
      #"<mxCell id="box" style="fillColor=#ff0000;strokeColor=none" vertex="1" parent="1" "#
      + #"collapsed="1"><mxGeometry x="10" y="10" width="20" height="5" as="geometry"/></mxCell>"#
      + #"<mxCell id="in" style="fillColor=#00ff00;strokeColor=none" vertex="1" parent="box">"#
      + #"<mxGeometry width="5" height="5" as="geometry"/></mxCell>"#
      + #"<mxCell id="deeper" style="fillColor=#00ff00;strokeColor=none" vertex="1" "#
      + #"parent="in"><mxGeometry width="1" height="1" as="geometry"/></mxCell>"#
    let result = try DrawIOReader.importDrawing(
      Array(model(cells, page: #"pageWidth="100" pageHeight="100""#).utf8),
      now: Timestamp(secondsSince1970: 0))
    #expect(result.drawing.plane.rectangles.map(\.color.hex) == ["#ff0000"])
    #expect(
      result.warnings.map(\.message) == [
        #"cell "in" skipped: inside a collapsed container (collapsed="1")"#,
        #"cell "deeper" skipped: inside a collapsed container (collapsed="1")"#,
      ])
  }
}
