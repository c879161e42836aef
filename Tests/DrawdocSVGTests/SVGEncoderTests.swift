import DrawdocModel
import DrawdocSVG
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

  @Test func writesTheSpecificationExampleExactly() throws {
    // SPEC §2's example, typed by hand.
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
}
