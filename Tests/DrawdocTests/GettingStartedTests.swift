// The code of the article "Getting started with drawdoc"
// (Sources/DrawdocStore/DrawdocStore.docc/GettingStarted.md), run as a test through the
// `Drawdoc` product. Every Swift listing of the article appears in this file verbatim
// (indented as a whole), which `theArticlesListingsAreInThisFile` checks.

import Drawdoc
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct GettingStartedTests {
  let text = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100" \
    data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
    data-modified="2026-11-21T08:05:12Z">
      <title>Sketch</title>
      <rect data-id="afy-kw5-t7o" x="45" y="44.5" width="150" height="20" fill="#ebc641" \
    fill-opacity="0.7"/>
    </svg>

    """
  let foreignText = """
    <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
      <rect width="50" height="50" fill="teal"/>
      <circle cx="75" cy="75" r="20"/>
    </svg>
    """

  @Test func theArticlesCodeRuns() throws {
    let drawing = try Drawing(svg: text)
    let file: String = drawing.svg()

    #expect(file == text)
    #expect(try Drawing(svg: Array(file.utf8)) == drawing)
    #expect(drawing.plane.rectangles.first?.color == (try Color(hex: "#ebc641")))

    var printed: [String] = []
    func print(_ items: Any...) { printed.append(items.map { "\($0)" }.joined(separator: " ")) }

    let imported = try Drawing.importing(svg: foreignText)
    for warning in imported.warnings {
      print(warning.location.line, warning.location.column, warning.message)
    }

    #expect(imported.drawing.plane.count == 1)
    #expect(printed == ["3 3 <circle> skipped: drawdoc keeps only rectangles"])
    #expect(imported.warnings.first?.issue == .otherShape(element: "circle"))

    let png: [UInt8] = try drawing.png(scale: 2)

    #expect(Array(png.prefix(8)) == PNGEncoder.signature)
    // IHDR's width and height, big-endian, right after the signature and the chunk header.
    #expect(Array(png[16..<24]) == [0, 0, 1, 144, 0, 0, 0, 200])
  }

  @Test func aFileOutsideTheFormatNamesItsPlace() {
    // The rectangle is on line 4 (the root's line continues over its `\`); its fill's `#` is
    // the 77th character there, counted by hand.
    let broken = text.replacingOccurrences(of: "#ebc641", with: "#ebc64z")
    #expect(throws: SVGDecodingError.invalidColor(value: "#ebc64z", line: 4, column: 77)) {
      try Drawing(svg: broken)
    }
    do {
      _ = try Drawing(svg: broken)
    } catch {
      #expect(error.location == SourceLocation(line: 4, column: 77))
    }
  }

  @Test func theArticlesListingsAreInThisFile() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let article = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/DrawdocStore/DrawdocStore.docc/GettingStarted.md")
    let code = try String(contentsOf: tests, encoding: .utf8)
    let listings = Listings.swift(in: try String(contentsOf: article, encoding: .utf8))
    #expect(listings.count == 4)
    for listing in listings {
      #expect(
        Listings.listing(listing, isIn: code, indentedBy: [0, 4]),
        "not in this file: \(listing.joined(separator: "\n"))")
    }
  }
}
