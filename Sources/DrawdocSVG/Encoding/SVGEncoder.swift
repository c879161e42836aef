import DrawdocModel

/// Writes drawings in the drawdoc file format, version 1 (SPEC §2): deterministic bytes,
/// two-space indent, LF line ends, shortest round-trip numbers and the attributes of each
/// `rect` in the order `data-id x y width height fill fill-opacity`.
public enum SVGEncoder {
  /// The format version written in `data-drawdoc`.
  public static let formatVersion = 1

  /// Encodes a drawing.
  ///
  /// - Parameter drawing: The drawing to write.
  /// - Returns: The UTF-8 bytes of the SVG file.
  public static func encode(_ drawing: Drawing) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(400 + drawing.plane.count * 112)
    appendHeader(of: drawing, to: &output)
    for rectangle in drawing.plane.rectangles {
      appendRectangle(rectangle, to: &output)
    }
    output.append(contentsOf: "</svg>\n".utf8)
    return output
  }

  private static func appendHeader(of drawing: Drawing, to output: inout [UInt8]) {
    let size = drawing.plane.size
    output.append(contentsOf: #"<?xml version="1.0" encoding="UTF-8"?>"#.utf8)
    output.append(contentsOf: "\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"".utf8)
    ShortestDecimal.append(size.width, to: &output)
    output.append(contentsOf: #"" height=""#.utf8)
    ShortestDecimal.append(size.height, to: &output)
    output.append(contentsOf: #"" viewBox="0 0 "#.utf8)
    ShortestDecimal.append(size.width, to: &output)
    output.append(UInt8(ascii: " "))
    ShortestDecimal.append(size.height, to: &output)
    output.append(contentsOf: #"" data-drawdoc="1" data-id=""#.utf8)
    output.append(contentsOf: drawing.id.utf8)
    output.append(contentsOf: #"" data-created=""#.utf8)
    output.append(contentsOf: drawing.created.description.utf8)
    output.append(contentsOf: #"" data-modified=""#.utf8)
    output.append(contentsOf: drawing.modified.description.utf8)
    output.append(contentsOf: "\">\n  <title>".utf8)
    appendEscaped(drawing.plane.title, to: &output)
    output.append(contentsOf: "</title>\n".utf8)
  }

  private static func appendRectangle(_ rectangle: Rectangle, to output: inout [UInt8]) {
    output.append(contentsOf: #"  <rect data-id=""#.utf8)
    output.append(contentsOf: rectangle.id.utf8)
    output.append(contentsOf: #"" x=""#.utf8)
    ShortestDecimal.append(rectangle.point.x, to: &output)
    output.append(contentsOf: #"" y=""#.utf8)
    ShortestDecimal.append(rectangle.point.y, to: &output)
    output.append(contentsOf: #"" width=""#.utf8)
    ShortestDecimal.append(rectangle.size.width, to: &output)
    output.append(contentsOf: #"" height=""#.utf8)
    ShortestDecimal.append(rectangle.size.height, to: &output)
    output.append(contentsOf: #"" fill=""#.utf8)
    output.append(contentsOf: rectangle.color.hexUTF8)
    output.append(contentsOf: #"" fill-opacity=""#.utf8)
    appendOpacity(rectangle.alpha, to: &output)
    output.append(contentsOf: "\"/>\n".utf8)
  }

  /// `0.1` … `0.9` or `1`.
  private static func appendOpacity(_ alpha: Alpha, to output: inout [UInt8]) {
    if alpha.level == 10 {
      output.append(UInt8(ascii: "1"))
    } else {
      output.append(contentsOf: [UInt8(ascii: "0"), UInt8(ascii: "."), 0x30 &+ alpha.level])
    }
  }

  /// Escapes `&`, `<`, `>` and `"`, and a carriage return, which XML would otherwise turn
  /// into a line feed on reading.
  private static func appendEscaped(_ text: String, to output: inout [UInt8]) {
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): output.append(contentsOf: "&amp;".utf8)
      case UInt8(ascii: "<"): output.append(contentsOf: "&lt;".utf8)
      case UInt8(ascii: ">"): output.append(contentsOf: "&gt;".utf8)
      case UInt8(ascii: "\""): output.append(contentsOf: "&quot;".utf8)
      case 0x0D: output.append(contentsOf: "&#13;".utf8)
      default: output.append(byte)
      }
    }
  }
}
