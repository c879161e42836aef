import DrawdocDrawIO
import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

// drawdoc → draw.io → drawdoc gives the same drawing, bit for bit, and the same bytes twice.

@Suite("draw.io round trips")
struct DrawIORoundTripTests {
  static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")

  func roundTrip(_ drawing: Drawing) throws -> DrawIOImport {
    let bytes = DrawIOWriter.encode(drawing)
    #expect(DrawIOWriter.encode(drawing) == bytes)
    DrawIOWriterTests.expectTheReferencesBytes(drawing, "\(drawing.id)")
    #expect(DrawIOReader.looksLikeDrawIO(bytes))
    return try DrawIOReader.importDrawing(bytes, now: Timestamp(secondsSince1970: 0))
  }

  @Test(arguments: [
    "empty-canvas.svg", "escaped-title.svg", "factory-seed-42.svg", "fractional-edges.svg",
    "seeds-example.svg", "tricky-numbers.svg",
  ])
  func sampleDrawingsComeBackIdentical(_ name: String) throws {
    let drawing = try SVGDecoder.decode(
      [UInt8](try Data(contentsOf: Self.samples.appendingPathComponent(name))))
    let back = try roundTrip(drawing)
    #expect(back.warnings.isEmpty)
    #expect(back.drawing == drawing)
    #expect(bitwiseEqual(back.drawing, drawing))
  }

  @Test func randomDrawingsComeBackIdentical() throws {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 0xD4A1))
    for _ in 0..<300 {
      let drawing = try random.drawing()
      let back = try roundTrip(drawing)
      #expect(back.warnings.isEmpty)
      #expect(bitwiseEqual(back.drawing, drawing), "\(drawing)")
    }
  }

  @Test func theWrittenFileHasTheDocumentedShape() throws {
    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
      modified: try Timestamp("2026-11-21T08:05:12Z"),
      plane: try Plane(
        size: try Size(width: 1024, height: 768), title: "A & <b>",
        rectangles: [
          Rectangle(
            id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44.5),
            size: try Size(width: 150, height: 120), color: try Color(hex: "#ebc641"),
            alpha: try Alpha(level: 7))
        ]))
    let text = String(decoding: DrawIOWriter.encode(drawing), as: UTF8.self)
    #expect(
      text == """
        <mxfile host="drawdoc" drawdoc="1" drawdoc-created="2026-11-21T08:00:00Z" \
        drawdoc-modified="2026-11-21T08:05:12Z">
        <diagram name="A &amp; &lt;b&gt;" id="k3j-9xa-0pq">
        <mxGraphModel pageWidth="1024" pageHeight="768" page="1"><root><mxCell id="0"/>\
        <mxCell id="1" parent="0"/>
        <mxCell id="afy-kw5-t7o" value="" style="fillColor=#ebc641;opacity=70;strokeColor=none;\
        rounded=0;" vertex="1" parent="1"><mxGeometry x="45" y="44.5" width="150" height="120" \
        as="geometry"/></mxCell>
        </root></mxGraphModel>
        </diagram>
        </mxfile>

        """)
  }
}
