import DrawdocModel

/// Writes a ``DrawdocModel/Plane`` as a one-page vector PDF file, as docs/format.md says.
///
/// The page is the canvas's size at 1 px = 0.75 pt, as in CSS: its `MediaBox` is
/// `[0 0 W·0.75 H·0.75]`. Its content stream flips the y axis and scales once
/// (`0.75 0 0 -0.75 0 H·0.75 cm`), so each rectangle is written in canvas units, bottom first
/// (z-order): `/GSn gs r g b rg x y w h re f`, each clipped to the page, and one with no part
/// on it left out. Its opacity is the graphics state `GSn`, one per level used (`/ca` and
/// `/CA` of `n / 10`), in the page's resources. Coordinates are the shortest decimals that
/// read back exactly (never an exponent); color channels are `value / 255` to four decimals.
/// The title is the document's `/Title`.
///
/// The file is PDF 1.4, uncompressed, with no `/ID` and no date unless one is given: the same
/// plane (and dates) always gives the same bytes. Writing takes time linear in the number of
/// rectangles; written a piece at a time (``encode(_:pieceSize:emit:)``), the file never sits
/// in memory whole.
public enum PDFEncoder {
  /// The dates a file's document information carries.
  private typealias Dates = (created: Timestamp, modified: Timestamp)

  /// The bytes of a PDF file of a plane, with no date.
  ///
  /// - Parameter plane: The plane.
  /// - Returns: The PDF file's bytes.
  public static func encode(_ plane: Plane) -> [UInt8] {
    whole(plane, dates: nil)
  }

  /// The bytes of a PDF file of a plane whose document information carries two dates:
  /// `/CreationDate` and `/ModDate`, in UTC (`D:YYYYMMDDHHmmSSZ`).
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - created: The document's creation date.
  ///   - modified: The document's modification date.
  /// - Returns: The PDF file's bytes.
  public static func encode(_ plane: Plane, created: Timestamp, modified: Timestamp) -> [UInt8] {
    whole(plane, dates: (created, modified))
  }

  /// Writes the bytes of ``encode(_:)`` a piece at a time, so that the file of a big drawing
  /// never sits in memory whole: only one piece does.
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - pieceSize: About how many bytes each piece holds; the last one may hold fewer.
  ///   - emit: Receives the file's bytes, in order, one piece per call; each piece is valid
  ///     only during its call.
  /// - Throws: Whatever `emit` throws; writing stops there.
  public static func encode<Failure: Error>(
    _ plane: Plane, pieceSize: Int = 1 << 20,
    emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try pieces(plane, dates: nil, pieceSize: pieceSize, emit: emit)
  }

  /// Writes the bytes of ``encode(_:created:modified:)`` a piece at a time, as
  /// ``encode(_:pieceSize:emit:)`` does.
  ///
  /// - Parameters:
  ///   - plane: The plane.
  ///   - created: The document's creation date.
  ///   - modified: The document's modification date.
  ///   - pieceSize: About how many bytes each piece holds; the last one may hold fewer.
  ///   - emit: Receives the file's bytes, in order, one piece per call; each piece is valid
  ///     only during its call.
  /// - Throws: Whatever `emit` throws; writing stops there.
  public static func encode<Failure: Error>(
    _ plane: Plane, created: Timestamp, modified: Timestamp, pieceSize: Int = 1 << 20,
    emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try pieces(plane, dates: (created, modified), pieceSize: pieceSize, emit: emit)
  }

  private static func whole(_ plane: Plane, dates: Dates?) -> [UInt8] {
    var output: [UInt8] = []
    // About 48 bytes per rectangle, and a little over a kilobyte besides.
    output.reserveCapacity(1024 + plane.count * 48 + plane.title.utf8.count * 4)
    append(plane, dates: dates, to: &output, handOn: { _ in })
    return output
  }

  private static func pieces<Failure: Error>(
    _ plane: Plane, dates: Dates?, pieceSize: Int,
    emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try PieceWriter.write(pieceSize: pieceSize, to: emit) { (output, handOn) throws(Failure) in
      try append(plane, dates: dates, to: &output, handOn: handOn)
    }
  }

  /// Appends the whole file, calling `handOn` between rectangles; `handOn` may hand the
  /// buffer's bytes on and empty it, so positions in the file count what it took away.
  private static func append<Failure: Error>(
    _ plane: Plane, dates: Dates?, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    // The bytes handed on before the buffer's first.
    var handedOn = 0
    var offsets: [Int] = []
    func begin(_ number: Int, _ output: inout [UInt8]) {
      offsets.append(handedOn + output.count)
      output.append(contentsOf: "\(number) 0 obj\n".utf8)
    }
    func end(_ output: inout [UInt8]) { output.append(contentsOf: "endobj\n".utf8) }

    // A comment of bytes above 127 right after the header marks the file as binary.
    output.append(
      contentsOf: "%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".unicodeScalars.map { UInt8($0.value) })

    begin(1, &output)
    output.append(contentsOf: "<< /Type /Catalog /Pages 2 0 R >>\n".utf8)
    end(&output)
    begin(2, &output)
    output.append(contentsOf: "<< /Type /Pages /Kids [3 0 R] /Count 1 >>\n".utf8)
    end(&output)

    begin(3, &output)
    output.append(contentsOf: "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ".utf8)
    PDFNumber.append(plane.size.width * 0.75, to: &output)
    output.append(UInt8(ascii: " "))
    PDFNumber.append(plane.size.height * 0.75, to: &output)
    output.append(contentsOf: "]\n/Resources <<".utf8)
    var levelsUsed = [Bool](repeating: false, count: 11)
    for rectangle in plane.rectangles where PageArea(rectangle, on: plane.size) != nil {
      levelsUsed[Int(rectangle.alpha.level)] = true
    }
    if levelsUsed.contains(true) {
      output.append(contentsOf: " /ExtGState <<".utf8)
      for level in 1...10 where levelsUsed[level] {
        output.append(contentsOf: " /GS\(level) << /Type /ExtGState /ca ".utf8)
        PDFNumber.appendFraction(level, of: 10, to: &output)
        output.append(contentsOf: " /CA ".utf8)
        PDFNumber.appendFraction(level, of: 10, to: &output)
        output.append(contentsOf: " >>".utf8)
      }
      output.append(contentsOf: " >>".utf8)
    }
    output.append(contentsOf: " >>\n/Contents 4 0 R >>\n".utf8)
    end(&output)

    // The content stream; its length, not known until it is written, is object 5.
    begin(4, &output)
    output.append(contentsOf: "<< /Length 5 0 R >>\nstream\n".utf8)
    let streamStart = handedOn + output.count
    output.append(contentsOf: "0.75 0 0 -0.75 0 ".utf8)
    PDFNumber.append(plane.size.height * 0.75, to: &output)
    output.append(contentsOf: " cm\n".utf8)
    for rectangle in plane.rectangles {
      guard let area = PageArea(rectangle, on: plane.size) else { continue }
      let held = output.count
      try handOn(&output)
      if output.isEmpty { handedOn += held }
      append(rectangle, area, to: &output)
    }
    let streamLength = handedOn + output.count - streamStart
    // The end of line before `endstream` is not part of the stream's data.
    output.append(contentsOf: "\nendstream\n".utf8)
    end(&output)
    begin(5, &output)
    output.append(contentsOf: "\(streamLength)\n".utf8)
    end(&output)

    begin(6, &output)
    output.append(contentsOf: "<< /Producer (drawdoc)".utf8)
    if !plane.title.isEmpty {
      output.append(contentsOf: " /Title ".utf8)
      PDFText.appendString(plane.title, to: &output)
    }
    if let dates {
      output.append(contentsOf: " /CreationDate (\(pdfDate(dates.created)))".utf8)
      output.append(contentsOf: " /ModDate (\(pdfDate(dates.modified)))".utf8)
    }
    output.append(contentsOf: " >>\n".utf8)
    end(&output)

    let xref = handedOn + output.count
    output.append(contentsOf: "xref\n0 \(offsets.count + 1)\n0000000000 65535 f \n".utf8)
    for offset in offsets {
      let digits = String(offset)
      output.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: 10 - digits.utf8.count))
      output.append(contentsOf: digits.utf8)
      output.append(contentsOf: " 00000 n \n".utf8)
    }
    output.append(
      contentsOf: "trailer\n<< /Size \(offsets.count + 1) /Root 1 0 R /Info 6 0 R >>\n".utf8)
    output.append(contentsOf: "startxref\n\(xref)\n%%EOF\n".utf8)
  }

  /// A PDF date in UTC, `D:YYYYMMDDHHmmSSZ`: the timestamp's text form without its separators.
  private static func pdfDate(_ timestamp: Timestamp) -> String {
    "D:" + String(timestamp.description.filter { $0.isNumber }) + "Z"
  }

  /// Appends `/GSn gs r g b rg x y w h re f` and a line feed: the rectangle's opacity and
  /// color, and its area on the page.
  private static func append(_ rectangle: Rectangle, _ area: PageArea, to output: inout [UInt8]) {
    output.append(contentsOf: "/GS".utf8)
    DecimalText.appendInteger(Int(rectangle.alpha.level), to: &output)
    output.append(contentsOf: " gs ".utf8)
    // Written one by one: an array of the values would be made for every rectangle.
    appendChannel(rectangle.color.red, to: &output)
    appendChannel(rectangle.color.green, to: &output)
    appendChannel(rectangle.color.blue, to: &output)
    output.append(contentsOf: "rg ".utf8)
    appendCoordinate(area.x, to: &output)
    appendCoordinate(area.y, to: &output)
    appendCoordinate(area.width, to: &output)
    appendCoordinate(area.height, to: &output)
    output.append(contentsOf: "re f\n".utf8)
  }

  private static func appendChannel(_ value: UInt8, to output: inout [UInt8]) {
    PDFNumber.appendFraction(Int(value), of: 255, to: &output)
    output.append(UInt8(ascii: " "))
  }

  private static func appendCoordinate(_ value: Double, to output: inout [UInt8]) {
    PDFNumber.append(value, to: &output)
    output.append(UInt8(ascii: " "))
  }
}
