import DrawdocModel

/// The draw.io file as draw.io's editable exports carry it (docs/format.md, "Editable
/// pictures"), for the writer of `.drawio.svg` and `.drawio.png`, which adds the picture:
/// in an SVG file, the file ``DrawIOWriter`` writes, XML-escaped, as the root's `content`
/// attribute; in a PNG file, the same file URL-encoded as JavaScript's `encodeURIComponent`
/// encodes it, the text of a `tEXt` chunk with the keyword ``pngKeyword`` before the pixels.
/// draw.io writes both so (its `EditorUi.getFileData` for the `content` of an SVG export,
/// `Editor.writeGraphModelToPng` for the chunk) and reads them back as the diagram;
/// ``DrawIOReader/mxfile(inSVG:)`` and ``DrawIOReader/mxfile(inPNG:)`` read them here.
extension DrawIOWriter {
  /// The keyword of the PNG text chunk that holds the draw.io file.
  package static let pngKeyword = "mxfile"

  /// Appends ` content="…"`, the draw.io file of the drawing escaped as an attribute value,
  /// handing the output on between the file's pieces so that a big drawing's file never sits
  /// in memory whole.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - output: The text so far, which `handOn` may hand on and empty.
  ///   - handOn: Called between pieces.
  /// - Throws: Whatever `handOn` throws; writing stops there.
  package static func appendContentAttribute<Failure: Error>(
    of drawing: Drawing, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    output.append(literal: #" content=""#)
    var file: [UInt8] = []
    try append(drawing, to: &file) { (file) throws(Failure) in
      appendEscaped(bytes: file, to: &output)
      file.removeAll(keepingCapacity: true)
      try handOn(&output)
    }
    appendEscaped(bytes: file, to: &output)
    output.append(UInt8(ascii: "\""))
  }

  /// The text of the PNG chunk: the draw.io file URL-encoded as `encodeURIComponent` does
  /// (every byte but ASCII letters, digits and `-_.!~*'()` as `%XX`, upper-case hex), so that
  /// the chunk's Latin-1 text holds the file's UTF-8 unchanged.
  package static func pngText(of drawing: Drawing) -> [UInt8] {
    let file = encode(drawing)
    let digits = Array("0123456789ABCDEF".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(file.count * 3 / 2)
    for byte in file {
      if unreserved.contains(byte) {
        text.append(byte)
      } else {
        text += [UInt8(ascii: "%"), digits[Int(byte >> 4)], digits[Int(byte & 15)]]
      }
    }
    return text
  }

  /// The bytes `encodeURIComponent` leaves as they are.
  private static let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)

}
