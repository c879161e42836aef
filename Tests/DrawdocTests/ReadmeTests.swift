// The code of the README's "Use the library", run as a test through the `Drawdoc` product.
// The README's listing appears in this file verbatim but for its imports and comment lines,
// which `theReadmesListingIsInThisFile` checks: change them together.

import Drawdoc
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct ReadmeTests {
  @Test func theReadmesCodeRuns() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-readme-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let inkscapeFile = """
      <svg xmlns="http://www.w3.org/2000/svg" width="210mm" height="297mm" viewBox="0 0 210 297">
        <g transform="translate(10,5)">
          <rect x="10" y="10" width="50" height="30" style="fill:#ff0000;fill-opacity:0.5"/>
          <circle cx="100" cy="100" r="20"/>
        </g>
      </svg>
      """

    var plane = try Plane(size: Size(width: 800, height: 600), title: "Sketch")
    var factory = RectangleFactory(seed: 42)
    try plane.add(factory.makeRectangle(for: plane, color: Color(hex: "#ebc641")))
    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: .now, modified: .now, plane: plane)
    let file: String = drawing.svg()  // an SVG file any browser shows
    let same = try Drawing(svg: file)  // read strictly: the same drawing, bit for bit
    let imported = try Drawing.importing(svg: inkscapeFile)  // any SVG; each loss a warning
    let png: [UInt8] = try drawing.png(scale: 2)  // the picture
    let pdf: [UInt8] = drawing.pdf()  // a vector PDF, the same bytes every time
    let store = try DocumentStore(root: folder)  // a folder of drawings, each change atomic

    #expect(same == drawing)
    #expect(file.hasPrefix("<?xml"))
    #expect(plane.rectangles.first?.color == (try Color(hex: "#ebc641")))
    // The translated rectangle, at (20, 15), half opaque; the circle is the one loss.
    let kept = try #require(imported.drawing.plane.rectangles.first)
    #expect(kept.point == (try Point(x: 20, y: 15)))
    #expect(kept.alpha == (try Alpha(level: 5)))
    #expect(imported.warnings.map(\.issue) == [.otherShape(element: "circle")])
    #expect(Array(png.prefix(8)) == PNGEncoder.signature)
    #expect(Array(pdf.prefix(8)) == Array("%PDF-1.4".utf8))
    #expect(pdf == drawing.pdf())
    let id = try store.create(same.plane, at: .now).id
    #expect(try store.drawing(id).plane == plane)
  }

  @Test func theReadmesListingIsInThisFile() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let readme = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let code = try String(contentsOf: tests, encoding: .utf8)
    let listings = Listings.swift(in: try String(contentsOf: readme, encoding: .utf8))
    try #require(listings.count == 1)
    let body = listings[0].drop { $0.hasPrefix("//") || $0.hasPrefix("import ") || $0.isEmpty }
    #expect(body.count >= 8)
    #expect(
      Listings.listing(body, isIn: code, indentedBy: [4]),
      "not in this file: \(body.joined(separator: "\n"))")
  }
}
