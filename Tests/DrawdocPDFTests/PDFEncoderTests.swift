import DrawdocModel
import DrawdocPDF
import Testing

/// A rectangle for tests; its id is made from `number`.
private func rectangle(
  _ number: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double,
  color: Color = Color(red: UInt8(255), green: 0, blue: 0), level: Int = 10
) throws -> Rectangle {
  Rectangle(
    id: Identifier(rawValue: UInt64(number)), point: try Point(x: x, y: y),
    size: try Size(width: width, height: height), color: color, alpha: try Alpha(level: level))
}

/// The text of a PDF file, one byte a character (its binary comment is not UTF-8).
private func latin1(_ bytes: [UInt8]) -> String {
  String(bytes.map { Character(Unicode.Scalar($0)) })
}

@Suite struct PDFEncoderTests {
  /// Two rectangles at two opacities on a fractional canvas, a title that needs UTF-16 and a
  /// coordinate whose shortest form has an exponent.
  private func tiny() throws -> Plane {
    try Plane(
      size: try Size(width: 200, height: 100.5), title: "A (b) é",
      rectangles: [
        try rectangle(1, 10, 20, 30, 40, color: Color(red: 255, green: 128, blue: 0), level: 5),
        try rectangle(2, 0.5, 1e-7, 100, 50.25, color: Color(red: 0, green: 0, blue: 51)),
      ])
  }

  @Test func aTinyDrawingIsTheseBytes() throws {
    let expected = """
      %PDF-1.4
      %\u{E2}\u{E3}\u{CF}\u{D3}
      1 0 obj
      << /Type /Catalog /Pages 2 0 R >>
      endobj
      2 0 obj
      << /Type /Pages /Kids [3 0 R] /Count 1 >>
      endobj
      3 0 obj
      << /Type /Page /Parent 2 0 R /MediaBox [0 0 150 75.375]
      /Resources << /ExtGState << /GS5 << /Type /ExtGState /ca 0.5 /CA 0.5 >> \
      /GS10 << /Type /ExtGState /ca 1 /CA 1 >> >> >>
      /Contents 4 0 R >>
      endobj
      4 0 obj
      << /Length 5 0 R >>
      stream
      0.75 0 0 -0.75 0 75.375 cm
      /GS5 gs 1 0.502 0 rg 10 20 30 40 re f
      /GS10 gs 0 0 0.2 rg 0.5 0.0000001 100 50.25 re f

      endstream
      endobj
      5 0 obj
      114
      endobj
      6 0 obj
      << /Producer (drawdoc) /Title <FEFF00410020002800620029002000E9> >>
      endobj
      xref
      0 7
      0000000000 65535 f 
      0000000015 00000 n 
      0000000064 00000 n 
      0000000121 00000 n 
      0000000330 00000 n 
      0000000497 00000 n 
      0000000516 00000 n 
      trailer
      << /Size 7 /Root 1 0 R /Info 6 0 R >>
      startxref
      599
      %%EOF

      """
    let written = latin1(PDFEncoder.encode(try tiny()))
    #expect(written == expected, "written:\n\(written)")
  }

  /// The xref table's offsets, checked apart from the hand-written text above: each points
  /// at its object's `N 0 obj`, and `startxref` at `xref`.
  @Test func theCrossReferenceTablePointsAtEachObject() throws {
    let text = latin1(PDFEncoder.encode(try tiny()))
    let file = PDFEncoder.encode(try tiny())
    let startxref = try #require(Int(text.split(separator: "\n").dropLast().last ?? ""))
    #expect(file[startxref..<startxref + 4].elementsEqual("xref".utf8))
    let rows = text.split(separator: "\n").filter { $0.hasSuffix(" 00000 n ") }
    #expect(rows.count == 6)
    for (index, row) in rows.enumerated() {
      let offset = try #require(Int(row.prefix(10)))
      #expect(file[offset...].starts(with: "\(index + 1) 0 obj\n".utf8))
    }
    // The stream's length is what object 5 says.
    let start = try #require(text.firstRange(of: "stream\n")).upperBound
    let end = try #require(text.firstRange(of: "\nendstream")).lowerBound
    #expect(text.contains("5 0 obj\n\(text[start..<end].unicodeScalars.count)\n"))
  }

  @Test func theSameDrawingGivesTheSameBytes() throws {
    var factory = RectangleFactory(seed: 7)
    var plane = try Plane(title: "Same")
    for _ in 0..<200 { try plane.add(factory.makeRectangle(for: plane)) }
    let first = PDFEncoder.encode(plane)
    #expect(first == PDFEncoder.encode(plane))
    let drawing = Drawing(
      id: Identifier(rawValue: 1), created: Timestamp(secondsSince1970: 0),
      modified: Timestamp(secondsSince1970: 0), plane: plane)
    #expect(drawing.pdf() == first)
    #expect(!latin1(first).contains("Date"))
  }

  /// Dates only when asked for, and then the drawing's own: the same drawing still gives the
  /// same bytes, and only the information dictionary differs from the undated file.
  @Test func aDatedPDFCarriesTheDrawingsOwnTimes() throws {
    let plane = try tiny()
    let drawing = Drawing(
      id: Identifier(rawValue: 1), created: try Timestamp("0999-01-02T03:04:05Z"),
      modified: try Timestamp("2026-11-26T23:59:58Z"), plane: plane)
    let dated = latin1(drawing.datedPDF())
    #expect(drawing.datedPDF() == drawing.datedPDF())
    let dates = " /CreationDate (D:09990102030405Z) /ModDate (D:20261126235958Z)"
    let range = try #require(dated.firstRange(of: dates + " >>\n"))
    // Up to the dates the two files are the same; the undated one ends the dictionary there.
    let undated = latin1(drawing.pdf())
    let before = dated[..<range.lowerBound]
    #expect(undated.hasPrefix(before + " >>\nendobj\nxref\n"))
    #expect(!undated.contains("Date"))
  }

  /// Written a piece at a time, the file is the same bytes, whatever the piece size, dated or
  /// not: the offsets in the cross-reference table and the stream's length count the pieces
  /// already handed on. A failing `emit` stops the writing.
  @Test(arguments: [1, 7, 100, 4096, 1 << 20])
  func piecesMakeTheSameFile(_ pieceSize: Int) throws {
    var factory = RectangleFactory(seed: 3)
    var plane = try Plane(title: "Pieces")
    for _ in 0..<300 { try plane.add(factory.makeRectangle(for: plane)) }
    let created = Timestamp(secondsSince1970: 1_000_000_000)
    let modified = Timestamp(secondsSince1970: 1_700_000_000)
    var pieces: [[UInt8]] = []
    PDFEncoder.encode(plane, pieceSize: pieceSize) { pieces.append(Array($0)) }
    #expect(pieces.flatMap { $0 } == PDFEncoder.encode(plane))
    #expect(pieces.dropLast().allSatisfy { $0.count >= pieceSize })
    if pieceSize < 4096 { #expect(pieces.count > 2) }
    var dated: [UInt8] = []
    PDFEncoder.encode(plane, created: created, modified: modified, pieceSize: pieceSize) {
      dated += Array($0)
    }
    #expect(dated == PDFEncoder.encode(plane, created: created, modified: modified))

    struct Stop: Error {}
    var calls = 0
    #expect(throws: Stop.self) {
      try PDFEncoder.encode(plane, pieceSize: pieceSize) { (_) throws(Stop) in
        calls += 1
        throw Stop()
      }
    }
    #expect(calls == 1)
  }

  @Test func onlyTheOpacityLevelsUsedHaveAGraphicsState() throws {
    let plane = try Plane(rectangles: [
      try rectangle(1, 0, 0, 1, 1, level: 3), try rectangle(2, 0, 0, 1, 1, level: 9),
      try rectangle(3, 0, 0, 1, 1, level: 3),
    ])
    let text = latin1(PDFEncoder.encode(plane))
    let states = text.matches(of: #/(\/GS\d+) <</#).map { String($0.output.1) }
    #expect(states == ["/GS3", "/GS9"])
    #expect(text.contains("/GS3 << /Type /ExtGState /ca 0.3 /CA 0.3 >>"))
    // No rectangle, no graphics state at all.
    let empty = latin1(PDFEncoder.encode(try Plane()))
    #expect(!empty.contains("ExtGState"))
    #expect(empty.contains("/Resources << >>"))
  }

  @Test func rectanglesAreWrittenBottomFirst() throws {
    let plane = try Plane(
      rectangles: (1...5).map { number in
        try rectangle(number, Double(number), 0, 1, 1)
      })
    let text = latin1(PDFEncoder.encode(plane))
    let xs = text.matches(of: #/rg (\d+) 0 1 1 re f/#).map { String($0.output.1) }
    #expect(xs == ["1", "2", "3", "4", "5"])
  }

  @Test(arguments: [
    ("Plain", "(Plain)"), (#"a (b) \ c"#, #"(a \(b\) \\ c)"#),
    ("tab\there", "<FEFF00740061006200090068006500720065>"), ("😀", "<FEFFD83DDE00>"),
  ])
  func titlesAreTextStrings(_ title: String, _ written: String) throws {
    let text = latin1(PDFEncoder.encode(try Plane(title: title)))
    #expect(text.contains("/Title \(written) >>"))
  }

  @Test func anUntitledDrawingHasNoTitle() throws {
    #expect(!latin1(PDFEncoder.encode(try Plane())).contains("/Title"))
  }

  /// Coordinates on a canvas wide enough to hold them, so that they are written as they are.
  @Test(arguments: [
    (1e-7, "0.0000001"), (1e21, "1000000000000000000000.0"),
    (1.5e22, "15000000000000000000000.0"), (123.25, "123.25"), (0.5, "0.5"),
    (2_147_483_647, "2147483647"), (2_147_483_648, "2147483648.0"), (3e9, "3000000000.0"),
    (1e20, "100000000000000000000.0"),
  ])
  func coordinatesHaveNoExponent(_ x: Double, _ written: String) throws {
    let plane = try Plane(
      size: try Size(width: 1e23, height: 10), rectangles: [try rectangle(1, x, 0, 1, 1)])
    #expect(latin1(PDFEncoder.encode(plane)).contains("rg \(written) 0 1 1 re f"))
  }

  /// Each rectangle is written as its part on the page: poppler's renderers leave out a path
  /// of huge numbers, so a rectangle that covers the page with them would not be drawn. One
  /// with no part on the page is not written, nor is a graphics state only it would use.
  @Test(
    arguments: [
      ((-10.0, -5.0, 30.0, 20.0), "0 0 20 15"),
      ((90.0, 40.0, 1e21, 1.7976931348623157e308), "90 40 10 10"),
      ((-1e308, 0.25, 1.7976931348623157e308, 0.5), "0 0.25 100 0.5"),
      ((1.7976931348623157e308, 0.0, 1.7976931348623157e308, 1.0), nil),
      ((-3e9, -2.5e-8, 3e9 + 50.5, 1.0), "0 0 50.5 0.999999975"),
      ((10.0, 10.0, 5.0, 5.0), "10 10 5 5"), ((-0.0, 0.0, 100.0, 50.0), "-0 0 100 50"),
      ((100.0, 0.0, 5.0, 5.0), nil), ((-5.0, 0.0, 5.0, 5.0), nil), ((0.0, 60.0, 5.0, 5.0), nil),
    ] as [((Double, Double, Double, Double), String?)])
  func rectanglesAreClippedToThePage(
    _ box: (Double, Double, Double, Double), _ written: String?
  ) throws {
    let (x, y, width, height) = box
    let plane = try Plane(
      size: try Size(width: 100, height: 50),
      rectangles: [try rectangle(1, x, y, width, height, level: 3)])
    let text = latin1(PDFEncoder.encode(plane))
    let lines = text.split(separator: "\n").filter { $0.hasSuffix(" re f") }
    if let written {
      #expect(lines == ["/GS3 gs 1 0 0 rg \(written) re f"])
      #expect(text.contains("/GS3 << /Type /ExtGState /ca 0.3 /CA 0.3 >>"))
    } else {
      #expect(lines.isEmpty)
      #expect(text.contains("/Resources << >>"))
    }
  }
}
