import DrawdocModel
import DrawdocRaster

/// The scene as Excalidraw embeds it in the SVG and PNG files it exports with "Embed scene"
/// (docs/format.md, "Editable pictures"), for the writer of `.excalidraw.svg` and
/// `.excalidraw.png`, which adds the picture. Excalidraw's `encode` (data/encode.ts) makes the
/// payload: the scene deflated with zlib, each byte one character of a byte string, in the
/// wrapper `{"version":"1","encoding":"bstring","compressed":true,"encoded":…}` as
/// `JSON.stringify` writes it; an SVG holds that text in base64 inside `<metadata>`
/// (scene/export.ts, `encodeSvgBase64Payload`), a PNG as the text of a `tEXt` chunk whose
/// keyword is the media type, just before `IEND` (data/image.ts, `encodePngMetadata`).
extension ExcalidrawPayload {
  /// The payload's text: the wrapper's JSON, one byte per character (Latin-1), as Excalidraw
  /// puts it in a PNG's chunk and, in base64, in an SVG file.
  ///
  /// - Parameter drawing: The drawing, written as ``ExcalidrawWriter`` writes its scene.
  /// - Returns: The text's bytes.
  /// - Throws: A `RasterError` if zlib fails.
  package static func payload(of drawing: Drawing) throws(RasterError) -> [UInt8] {
    let compressed = try Deflate.zlibStream { (feed) throws(RasterError) in
      try ExcalidrawWriter.write(drawing, pieceSize: PieceWriter.defaultPieceSize, to: feed)
    }
    var text = Array(#"{"version":"1","encoding":"bstring","compressed":true,"encoded":""#.utf8)
    text.reserveCapacity(text.count + compressed.count * 11 / 10 + 2)
    for byte in compressed {
      appendStringified(byte, to: &text)
    }
    text.append(literal: "\"}")
    return text
  }

  /// What Excalidraw writes right after the root's start tag of an SVG file: its mark, then
  /// the payload in base64 inside `<metadata>`, between comments that name its type and
  /// version and mark its start and end.
  ///
  /// - Parameter drawing: The drawing.
  /// - Returns: The text's bytes.
  /// - Throws: A `RasterError` if zlib fails.
  package static func svgMetadata(of drawing: Drawing) throws(RasterError) -> [UInt8] {
    var text = Array("<!-- svg-source:excalidraw --><metadata>".utf8)
    text += Array("<!-- payload-type:\(mediaType) --><!-- payload-version:2 -->".utf8)
    text += Array("<!-- payload-start -->".utf8)
    text += Array(Base64.encode(try payload(of: drawing)).utf8)
    text += Array("<!-- payload-end --></metadata>".utf8)
    return text
  }

  /// One character of a string as `JSON.stringify` writes it: `"` and `\` escaped, the
  /// control characters below U+0020 as `\b`, `\t`, `\n`, `\f`, `\r` or `\u00xx`, every
  /// other one (U+007F to U+00FF included) as its Latin-1 byte.
  private static func appendStringified(_ byte: UInt8, to text: inout [UInt8]) {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): text += [UInt8(ascii: "\\"), byte]
    case 0x08: text.append(literal: "\\b")
    case 0x09: text.append(literal: "\\t")
    case 0x0A: text.append(literal: "\\n")
    case 0x0C: text.append(literal: "\\f")
    case 0x0D: text.append(literal: "\\r")
    case 0..<0x20:
      let digits = Array("0123456789abcdef".utf8)
      text.append(literal: "\\u00")
      text += [digits[Int(byte >> 4)], digits[Int(byte & 15)]]
    default: text.append(byte)
    }
  }
}
