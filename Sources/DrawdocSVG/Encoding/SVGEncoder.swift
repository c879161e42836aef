import DrawdocModel
import DrawdocXML

/// Writes drawings in the drawdoc file format, version 1 (docs/format.md): deterministic bytes,
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
    text(of: drawing)
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
    try write(drawing, pieceSize: pieceSize, to: emit)
  }
}

extension SVGEncoder {
  /// Writes a drawing's picture for a file of another program that carries the drawing its
  /// own way (draw.io's `.drawio.svg`, Excalidraw's `.excalidraw.svg`): the file ``encode(_:)``
  /// writes, its rectangles and title the same, but its root without drawdoc's attributes
  /// (`data-drawdoc`, `data-id`, `data-created`, `data-modified`), so that no reader takes it
  /// for a drawdoc file; what the other program needs is added by the two functions given.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - pieceSize: About how many bytes each piece holds.
  ///   - rootAttributes: Appends attributes to the root's start tag, each led by a blank,
  ///     calling `handOn` as often as it likes (a long one is handed on a piece at a time).
  ///   - firstChildren: Appends what comes right after the root's start tag, before the
  ///     `<title>`.
  ///   - emit: Receives the file's bytes, in order, one piece per call.
  /// - Throws: Whatever `emit` or the two functions throw; writing stops there.
  package static func writePicture<Failure: Error>(
    _ drawing: Drawing, pieceSize: Int = 1 << 20,
    rootAttributes: (
      _ output: inout [UInt8], _ handOn: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Void,
    firstChildren: (_ output: inout [UInt8]) -> Void,
    to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try PieceWriter.write(pieceSize: pieceSize, to: emit) { (output, handOn) throws(Failure) in
      appendRootStart(of: drawing, to: &output)
      // `rootAttributes` calls `handOn` only while it runs.
      try withoutActuallyEscaping(handOn) { (handOn) throws(Failure) in
        try rootAttributes(&output, handOn)
      }
      output.append(literal: ">")
      firstChildren(&output)
      output.append(literal: "\n")
      appendTitle(of: drawing, to: &output)
      for (index, rectangle) in drawing.plane.rectangles.enumerated() {
        try handOn(&output)
        appendRectangle(rectangle, at: index, to: &output)
      }
      appendEnd(of: drawing, to: &output)
    }
  }
}

extension SVGEncoder: RectangleListFormat {
  package static func appendHeader(of drawing: Drawing, to output: inout [UInt8]) {
    appendRootStart(of: drawing, to: &output)
    output.append(literal: #" data-drawdoc="1" data-id=""#)
    drawing.id.appendUTF8(to: &output)
    output.append(literal: #"" data-created=""#)
    output.append(contentsOf: drawing.created.description.utf8)
    output.append(literal: #"" data-modified=""#)
    output.append(contentsOf: drawing.modified.description.utf8)
    output.append(literal: "\">\n")
    appendTitle(of: drawing, to: &output)
  }

  /// The XML declaration and the root's start tag up to its size and `viewBox`, unclosed.
  private static func appendRootStart(of drawing: Drawing, to output: inout [UInt8]) {
    let size = drawing.plane.size
    output.append(literal: #"<?xml version="1.0" encoding="UTF-8"?>"#)
    output.append(contentsOf: "\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"".utf8)
    ShortestDecimal.append(size.width, to: &output)
    output.append(literal: #"" height=""#)
    ShortestDecimal.append(size.height, to: &output)
    output.append(literal: #"" viewBox="0 0 "#)
    ShortestDecimal.append(size.width, to: &output)
    output.append(UInt8(ascii: " "))
    ShortestDecimal.append(size.height, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  private static func appendTitle(of drawing: Drawing, to output: inout [UInt8]) {
    output.append(literal: "  <title>")
    appendEscaped(drawing.plane.title, to: &output)
    output.append(literal: "</title>\n")
  }

  package static func appendRectangle(
    _ rectangle: Rectangle, at index: Int, to output: inout [UInt8]
  ) {
    output.append(literal: #"  <rect data-id=""#)
    rectangle.id.appendUTF8(to: &output)
    output.append(literal: #"" "#)
    rectangle.appendGeometryAttributes(to: &output)
    output.append(literal: #" fill=""#)
    rectangle.color.appendHex(to: &output)
    output.append(literal: #"" fill-opacity=""#)
    appendOpacity(rectangle.alpha, to: &output)
    output.append(literal: "\"/>\n")
  }

  package static func appendEnd(of drawing: Drawing, to output: inout [UInt8]) {
    output.append(literal: "</svg>\n")
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
      case UInt8(ascii: "&"): output.append(literal: "&amp;")
      case UInt8(ascii: "<"): output.append(literal: "&lt;")
      case UInt8(ascii: ">"): output.append(literal: "&gt;")
      case UInt8(ascii: "\""): output.append(literal: "&quot;")
      case 0x0D: output.append(literal: "&#13;")
      default: output.append(byte)
      }
    }
  }
}
