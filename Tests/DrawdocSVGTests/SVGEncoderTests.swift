import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct SVGEncoderTests {
  private func drawing(x: Double) throws -> Drawing {
    let rectangle = Rectangle(
      id: try Identifier("afy-kw5-t7o"), point: try Point(x: x, y: 44.5),
      size: try Size(width: 150, height: 120), color: try Color(red: 235, green: 198, blue: 65),
      alpha: try Alpha(level: 7))
    return Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
      modified: try Timestamp("2026-11-21T08:05:12Z"),
      plane: try Plane(title: "Sketch", rectangles: [rectangle]))
  }

  @Test func writesTheFormatDocumentsExampleExactly() throws {
    // The SVG example of docs/format.md, typed by hand.
    let expected = """
      <?xml version="1.0" encoding="UTF-8"?>
      <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768" \
      data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
      data-modified="2026-11-21T08:05:12Z">
        <title>Sketch</title>
        <rect data-id="afy-kw5-t7o" x="45" y="44.5" width="150" height="120" fill="#ebc641" \
      fill-opacity="0.7"/>
      </svg>

      """
    #expect(String(decoding: SVGEncoder.encode(try drawing(x: 45)), as: UTF8.self) == expected)
  }

  // Expected texts written by hand: the shortest digits, laid out as JavaScript prints them.
  @Test(arguments: [
    (45.0, "45"), (44.5, "44.5"), (0.1, "0.1"), (0.1 + 0.2, "0.30000000000000004"),
    (1e-7, "1e-7"), (.leastNonzeroMagnitude, "5e-324"),
    (1.7976931348623157e308, "1.7976931348623157e308"),
    (-0.0, "-0"), (123456.789, "123456.789"), (0.000001, "0.000001"), (1e21, "1e21"),
    (1e20, "100000000000000000000"), (-12.25, "-12.25"), (1e16, "10000000000000000"),
    (2147483648, "2147483648"), (-2147483649, "-2147483649"), (1.5e-5, "0.000015"),
    (2.5e-8, "2.5e-8"), (1.2345e22, "1.2345e22"),
  ])
  func writesShortestNumbers(_ value: Double, _ text: String) throws {
    let bytes = SVGEncoder.encode(try drawing(x: value))
    #expect(String(decoding: bytes, as: UTF8.self).contains(#" x="\#(text)" "#))
  }

  @Test func everyWrittenNumberIsShortest() throws {
    // No text with one significant digit fewer reads back as the same number (checked with
    // the C library's %e formatting, independent of the writer).
    var generator = SeededRandomNumberGenerator(seed: 11)
    for _ in 0..<2000 {
      var value: Double
      repeat { value = Double(bitPattern: generator.next()) } while !value.isFinite
      let text = String(decoding: SVGEncoder.encode(try drawing(x: value)), as: UTF8.self)
      let written = try #require(text.firstMatch(of: #/ x="([^"]*)"/#)?.output.1)
      #expect(Double(String(written))?.bitPattern == value.bitPattern)
      let mantissa = written.split(separator: "e")[0]
      let digits = mantissa.filter { $0.isNumber }.drop { $0 == "0" }
      let significant = digits.count - digits.reversed().prefix { $0 == "0" }.count
      if significant > 1 {
        let shorter = String(format: "%.\(significant - 2)e", value)
        #expect(Double(shorter) != value, "\(written) could be \(shorter)")
      }
    }
  }

  @Test func escapesTheTitle() throws {
    var sample = try drawing(x: 1)
    try sample.plane.rename(to: "<Tom & \"Jerry\">\r\n")
    let text = String(decoding: SVGEncoder.encode(sample), as: UTF8.self)
    #expect(text.contains("<title>&lt;Tom &amp; &quot;Jerry&quot;&gt;&#13;\n</title>"))
  }

  @Test func theFormatDocumentsExampleInPiecesIsTheSameBytes() throws {
    var pieces: [[UInt8]] = []
    SVGEncoder.encode(try drawing(x: 45), pieceSize: 1) { pieces.append(Array($0)) }
    // A piece goes out before a rectangle once it holds pieceSize bytes: the header, then
    // the one rectangle with `</svg>`.
    #expect(pieces.count == 2)
    #expect(
      String(decoding: pieces.first ?? [], as: UTF8.self).hasSuffix("<title>Sketch</title>\n"))
    #expect(String(decoding: pieces.last ?? [], as: UTF8.self).hasSuffix("/>\n</svg>\n"))
    #expect(pieces.joined().elementsEqual(SVGEncoder.encode(try drawing(x: 45))))
  }

  @Test(arguments: [1, 100, 4096, 1 << 20])
  func piecesJoinToTheWholeFile(pieceSize: Int) throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 77))
    for _ in 0..<50 {
      let drawing = try drawings.drawing()
      var joined: [UInt8] = []
      var largest = 0
      SVGEncoder.encode(drawing, pieceSize: pieceSize) { piece in
        joined.append(contentsOf: piece)
        largest = max(largest, piece.count)
      }
      #expect(joined == SVGEncoder.encode(drawing))
      // A piece goes out as soon as it reaches pieceSize: at most one rectangle line more.
      #expect(largest < max(pieceSize, 2048) + 1024)
    }
  }

  @Test func anErrorFromTheReceiverStopsTheEncoding() throws {
    struct Full: Error {}
    var plane = try Plane()
    for index in 0..<100 {
      try plane.add(
        Rectangle(
          id: Identifier(rawValue: UInt64(index)), point: try Point(x: 1, y: 2),
          size: try Size(width: 3, height: 4), color: try Color(red: 1, green: 2, blue: 3),
          alpha: try Alpha(level: 5)))
    }
    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
      modified: try Timestamp("2026-11-21T08:05:12Z"), plane: plane)
    var calls = 0
    #expect(throws: Full.self) {
      try SVGEncoder.encode(drawing, pieceSize: 10) { (_) throws(Full) in
        calls += 1
        if calls == 3 { throw Full() }
      }
    }
    #expect(calls == 3)
  }
}
