import DrawdocModel

/// Writes a drawing as a draw.io file: one uncompressed page whose vertices are the
/// rectangles in z-order, numbers in their shortest exact form. The same drawing always gives
/// the same bytes, and ``DrawIOReader`` reads them back to the same drawing, bit for bit.
///
/// The drawing's id is the `<diagram>`'s `id` (draw.io keeps it); its two times are the
/// `drawdoc-created` and `drawdoc-modified` attributes of `<mxfile>`, and `drawdoc="1"` marks
/// the file as drawdoc's, so that the page is the canvas even with rectangles beyond it.
package enum DrawIOWriter {
  /// The file's bytes.
  package static func encode(_ drawing: Drawing) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256 + drawing.plane.count * 200)
    out += Array("<mxfile host=\"drawdoc\" drawdoc=\"1\" drawdoc-created=\"".utf8)
    out += Array(drawing.created.description.utf8)
    out += Array("\" drawdoc-modified=\"".utf8)
    out += Array(drawing.modified.description.utf8)
    out += Array("\">\n<diagram name=\"".utf8)
    appendEscaped(drawing.plane.title, to: &out)
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

  /// An attribute value: markup characters as entities, and tab, line feed and carriage
  /// return as character references, which attribute normalization would turn into spaces.
  private static func appendEscaped(_ text: String, to out: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): out += Array("&amp;".utf8)
      case UInt8(ascii: "<"): out += Array("&lt;".utf8)
      case UInt8(ascii: ">"): out += Array("&gt;".utf8)
      case UInt8(ascii: "\""): out += Array("&quot;".utf8)
      case 0x09, 0x0A, 0x0D: out += Array("&#\(byte);".utf8)
      default: out.append(byte)
      }
    }
  }
}
