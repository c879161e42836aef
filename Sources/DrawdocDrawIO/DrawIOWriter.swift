import DrawdocModel
import DrawdocXML

/// Writes a drawing as a draw.io file: one uncompressed page whose vertices are the
/// rectangles in z-order, numbers in their shortest exact form. The same drawing always gives
/// the same bytes, and ``DrawIOReader`` reads them back to the same drawing, bit for bit.
///
/// The drawing's id is the `<diagram>`'s `id` (draw.io keeps it); its two times are the
/// `drawdoc-created` and `drawdoc-modified` attributes of `<mxfile>`, and `drawdoc="1"` marks
/// the file as drawdoc's, so that the page is the canvas even with rectangles beyond it.
///
/// `write(_:pieceSize:to:)` (`DrawingTextFormat`) hands the file on a piece at a time, so that
/// a big drawing's file never sits in memory whole.
package enum DrawIOWriter: DrawingTextFormat {
  /// About how many bytes a rectangle's cell takes.
  package static var bytesPerRectangle: Int { 200 }

  /// The file's bytes.
  package static func encode(_ drawing: Drawing) -> [UInt8] {
    text(of: drawing)
  }

  /// The file: the `mxfile` with its times, the page and its model, each rectangle's cell on a
  /// line of its own (`handOn` is called before each), and the end tags.
  package static func append<Failure: Error>(
    _ drawing: Drawing, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    output.append(literal: #"<mxfile host="drawdoc" drawdoc="1" drawdoc-created=""#)
    output.append(contentsOf: drawing.created.description.utf8)
    output.append(literal: #"" drawdoc-modified=""#)
    output.append(contentsOf: drawing.modified.description.utf8)
    output.append(literal: "\">\n<diagram name=\"")
    appendEscaped(drawing.plane.title, to: &output)
    output.append(literal: #"" id=""#)
    drawing.id.appendUTF8(to: &output)
    output.append(literal: "\">\n<mxGraphModel pageWidth=\"")
    ShortestDecimal.append(drawing.plane.size.width, to: &output)
    output.append(literal: #"" pageHeight=""#)
    ShortestDecimal.append(drawing.plane.size.height, to: &output)
    output.append(
      literal: "\" page=\"1\"><root><mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\n")
    for rectangle in drawing.plane.rectangles {
      try handOn(&output)
      appendCell(of: rectangle, to: &output)
    }
    output.append(literal: "</root></mxGraphModel>\n</diagram>\n</mxfile>\n")
  }

  /// Appends the vertex of one rectangle, a line of its own.
  private static func appendCell(of rectangle: Rectangle, to output: inout [UInt8]) {
    output.append(literal: #"<mxCell id=""#)
    rectangle.id.appendUTF8(to: &output)
    output.append(literal: #"" value="" style="fillColor="#)
    rectangle.color.appendHex(to: &output)
    output.append(literal: ";opacity=")
    DecimalText.appendInteger(Int(rectangle.alpha.level) * 10, to: &output)
    output.append(literal: ";strokeColor=none;rounded=0;")
    output.append(literal: #"" vertex="1" parent="1"><mxGeometry "#)
    rectangle.appendGeometryAttributes(to: &output)
    output.append(literal: " as=\"geometry\"/></mxCell>\n")
  }

  /// An attribute value: markup characters as entities, and tab, line feed and carriage
  /// return as character references, which attribute normalization would turn into spaces.
  package static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    appendEscaped(bytes: text.utf8, to: &out)
  }

  /// Bytes of UTF-8 text as an attribute value, escaped as ``appendEscaped(_:to:)`` escapes.
  static func appendEscaped(bytes: some Sequence<UInt8>, to out: inout [UInt8]) {
    for byte in bytes {
      switch byte {
      case UInt8(ascii: "&"): out.append(literal: "&amp;")
      case UInt8(ascii: "<"): out.append(literal: "&lt;")
      case UInt8(ascii: ">"): out.append(literal: "&gt;")
      case UInt8(ascii: "\""): out.append(literal: "&quot;")
      case 0x09: out.append(literal: "&#9;")
      case 0x0A: out.append(literal: "&#10;")
      case 0x0D: out.append(literal: "&#13;")
      default: out.append(byte)
      }
    }
  }
}
