import DrawdocDrawIO
import DrawdocModel
import DrawdocTestSupport
import Testing

/// The writer as it was first written, every piece made as an array and the file whole: the
/// reference the writer, which appends straight into one buffer that may be handed on a
/// piece at a time, must match byte for byte.
enum WholeFileWriter {
  /// The file's bytes, made whole.
  static func encode(_ drawing: Drawing) -> [UInt8] {
    var out: [UInt8] = []
    out += Array("<mxfile host=\"drawdoc\" drawdoc=\"1\" drawdoc-created=\"".utf8)
    out += Array(drawing.created.description.utf8)
    out += Array("\" drawdoc-modified=\"".utf8)
    out += Array(drawing.modified.description.utf8)
    out += Array("\">\n<diagram name=\"".utf8)
    DrawIOWriter.appendEscaped(drawing.plane.title, to: &out)  // as it was
    out += Array("\" id=\"".utf8) + drawing.id.utf8
    out += Array("\">\n<mxGraphModel pageWidth=\"".utf8)
    ShortestDecimal.append(drawing.plane.size.width, to: &out)
    out += Array("\" pageHeight=\"".utf8)
    ShortestDecimal.append(drawing.plane.size.height, to: &out)
    out += Array(
      "\" page=\"1\"><root><mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n".utf8)
    for rectangle in drawing.plane.rectangles {
      out += Array("<mxCell id=\"".utf8) + rectangle.id.utf8
      out += Array("\" value=\"\" style=\"fillColor=".utf8) + rectangle.color.hexUTF8
      out += Array(";opacity=\(Int(rectangle.alpha.level) * 10);strokeColor=none;rounded=0;".utf8)
      out += Array("\" vertex=\"1\" parent=\"1\"><mxGeometry x=\"".utf8)
      ShortestDecimal.append(rectangle.point.x, to: &out)
      out += Array("\" y=\"".utf8)
      ShortestDecimal.append(rectangle.point.y, to: &out)
      out += Array("\" width=\"".utf8)
      ShortestDecimal.append(rectangle.size.width, to: &out)
      out += Array("\" height=\"".utf8)
      ShortestDecimal.append(rectangle.size.height, to: &out)
      out += Array("\" as=\"geometry\"/></mxCell>\n".utf8)
    }
    out += Array("</root></mxGraphModel>\n</diagram>\n</mxfile>\n".utf8)
    return out
  }
}

/// The file is written straight into one buffer, whole or a piece at a time, exactly as it
/// was made whole.
@Suite("draw.io writer")
struct DrawIOWriterTests {
  /// Expects the file's bytes, whole and in pieces of 1 byte and 1 MiB, to be the reference's
  /// (the round-trip tests ask it of the samples and of random drawings).
  static func expectTheReferencesBytes(_ drawing: Drawing, _ comment: Comment) {
    let whole = DrawIOWriter.encode(drawing)
    #expect(whole == WholeFileWriter.encode(drawing), comment)
    for pieceSize in [1, 1 << 20] {
      let pieces = writtenPieces(pieceSize: pieceSize) { (output, handOn) throws(NoFailure) in
        try DrawIOWriter.append(drawing, to: &output, handOn: handOn)
      }
      #expect(Array(pieces.joined()) == whole, comment)
      // In pieces of 1 byte: the start, each cell with the end after the last.
      #expect(pieces.count == (pieceSize == 1 ? drawing.plane.count + 1 : 1), comment)
    }
  }

  @Test func edgeCases() throws {
    let rectangles = [
      Rectangle(
        id: try Identifier("zzz-zzz-zzz"), point: try Point(x: -1e300, y: 5e-324),
        size: try Size(width: 1.7976931348623157e308, height: 5e-324),
        color: try Color(hex: "#000000"), alpha: try Alpha(level: 1)),
      Rectangle(
        id: try Identifier("000-000-000"), point: try Point(x: 0.1, y: -0.0),
        size: try Size(width: 0.30000000000000004, height: 1e21),
        color: try Color(hex: "#0a0b0c"), alpha: try Alpha(level: 10)),
    ]
    for (title, rectangles) in [
      ("", [Rectangle]()), ("Quote \" & <tag> tab \t newline \n return \r é 中 🙂", rectangles),
    ] {
      let drawing = Drawing(
        id: try Identifier("k3j-9xa-0pq"), created: Timestamp(secondsSince1970: 0),
        modified: Timestamp(secondsSince1970: 253_402_300_799),
        plane: try Plane(size: Size(width: 1, height: 1e308), title: title, rectangles: rectangles))
      Self.expectTheReferencesBytes(drawing, "\(title.prefix(10))")
    }
  }
}
