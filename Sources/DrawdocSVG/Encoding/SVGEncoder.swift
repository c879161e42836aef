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
    append("</svg>\n", to: &output)
    return output
  }

  /// Encodes a drawing a piece at a time, to write a big drawing to a file without holding
  /// all of its bytes: only one piece is ever in memory.
  ///
  /// - Parameters:
  ///   - drawing: The drawing to write.
  ///   - pieceSize: About how many bytes each piece holds; the last one may hold fewer.
  ///   - emit: Receives the bytes of ``encode(_:)``, in order, one piece per call; each piece
  ///     is valid only during its call.
  /// - Throws: Whatever `emit` throws; encoding stops there.
  public static func encode<Failure: Error>(
    _ drawing: Drawing, pieceSize: Int = 1 << 20,
    emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    var output: [UInt8] = []
    output.reserveCapacity(pieceSize + 4096)
    // withUnsafeBytes does not pass a typed error on: carry it out by hand.
    func emitPiece() throws(Failure) {
      var failure: Failure?
      output.withUnsafeBytes { piece in
        do throws(Failure) { try emit(piece) } catch { failure = error }
      }
      if let failure { throw failure }
      output.removeAll(keepingCapacity: true)
    }
    appendHeader(of: drawing, to: &output)
    for rectangle in drawing.plane.rectangles {
      if output.count >= pieceSize { try emitPiece() }
      appendRectangle(rectangle, to: &output)
    }
    append("</svg>\n", to: &output)
    try emitPiece()
  }

  private static func appendHeader(of drawing: Drawing, to output: inout [UInt8]) {
    let size = drawing.plane.size
    append(#"<?xml version="1.0" encoding="UTF-8"?>"#, to: &output)
    output.append(contentsOf: "\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"".utf8)
    ShortestDecimal.append(size.width, to: &output)
    append(#"" height=""#, to: &output)
    ShortestDecimal.append(size.height, to: &output)
    append(#"" viewBox="0 0 "#, to: &output)
    ShortestDecimal.append(size.width, to: &output)
    output.append(UInt8(ascii: " "))
    ShortestDecimal.append(size.height, to: &output)
    append(#"" data-drawdoc="1" data-id=""#, to: &output)
    drawing.id.appendUTF8(to: &output)
    append(#"" data-created=""#, to: &output)
    output.append(contentsOf: drawing.created.description.utf8)
    append(#"" data-modified=""#, to: &output)
    output.append(contentsOf: drawing.modified.description.utf8)
    output.append(contentsOf: "\">\n  <title>".utf8)
    appendEscaped(drawing.plane.title, to: &output)
    append("</title>\n", to: &output)
  }

  private static func appendRectangle(_ rectangle: Rectangle, to output: inout [UInt8]) {
    append(#"  <rect data-id=""#, to: &output)
    rectangle.id.appendUTF8(to: &output)
    append(#"" x=""#, to: &output)
    ShortestDecimal.append(rectangle.point.x, to: &output)
    append(#"" y=""#, to: &output)
    ShortestDecimal.append(rectangle.point.y, to: &output)
    append(#"" width=""#, to: &output)
    ShortestDecimal.append(rectangle.size.width, to: &output)
    append(#"" height=""#, to: &output)
    ShortestDecimal.append(rectangle.size.height, to: &output)
    append(#"" fill=""#, to: &output)
    rectangle.color.appendHex(to: &output)
    append(#"" fill-opacity=""#, to: &output)
    appendOpacity(rectangle.alpha, to: &output)
    append("\"/>\n", to: &output)
  }

  /// Appends a literal's bytes straight from its static storage.
  @inline(__always)
  private static func append(_ literal: StaticString, to output: inout [UInt8]) {
    output.append(
      contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
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
      case UInt8(ascii: "&"): append("&amp;", to: &output)
      case UInt8(ascii: "<"): append("&lt;", to: &output)
      case UInt8(ascii: ">"): append("&gt;", to: &output)
      case UInt8(ascii: "\""): append("&quot;", to: &output)
      case 0x0D: append("&#13;", to: &output)
      default: output.append(byte)
      }
    }
  }
}
