// The code of the article "Build a drawing app on drawdoc"
// (Sources/DrawdocStore/DrawdocStore.docc/BuildADrawingApp.md) and of the README's "Use the
// library", run as tests. Every Swift listing of the article appears in this file verbatim
// (indented as a whole), which `theArticlesListingsAreInThisFile` checks, and so does the
// README's listing but for its imports and comment lines (`theReadmesListingIsInThisFile`):
// change them and this file together.

import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

@Suite struct BuildADrawingAppTests {
  @Test func theArticlesCodeRuns() async throws {
    let sandbox = try StoreFolder()
    let folder = sandbox.path

    // MARK: Make a drawing

    var plane = try Plane(size: Size(width: 800, height: 600), title: "Sketch")
    var factory = RectangleFactory(seed: 42)
    let sun = try factory.makeRectangle(
      for: plane, x: 40, y: 30, width: 200, height: 120,
      color: Color(hex: "#ebc641"), alpha: Alpha(level: 7))
    try plane.add(sun)
    let sea = try factory.makeRectangle(for: plane, x: 0, y: 400, width: 800, height: 200)
    try plane.add(sea)
    try plane.lower(sea.id, toBottom: true)
    let touched = plane.rectangle(at: try Point(x: 100, y: 100))

    #expect(plane.rectangles.map(\.id) == [sea.id, sun.id])
    #expect(touched == sun)
    #expect(plane.rectangle(at: try Point(x: 700, y: 100)) == nil)

    // MARK: Write it as SVG, read it back

    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: .now, modified: .now, plane: plane)
    let file = SVGEncoder.encode(drawing)
    let reread = try SVGDecoder.decode(file)

    #expect(reread == drawing)
    #expect(String(decoding: file, as: UTF8.self).contains(#"data-id="k3j-9xa-0pq""#))

    let foreign = Array(
      """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <rect width="50" height="50" fill="teal"/>
        <circle cx="75" cy="75" r="20"/>
      </svg>
      """.utf8)
    let imported = try SVGImporter.importDrawing(foreign, now: .now)
    let lost = imported.warnings.map(\.description)

    #expect(imported.drawing.plane.count == 1)
    #expect(imported.drawing.plane.rectangles.first?.color == (try Color(hex: "#008080")))
    #expect(lost.count == 1)
    #expect(lost.first?.hasPrefix("3: warning: ") == true)

    let picture = try Rasterizer.render(plane, scale: 0.5)
    let png = try PNGEncoder.encode(picture)
    let pngThatOpensAgain = try DrawingPNG.encode(drawing, scale: 0.5)
    let fromPNG = try SVGDecoder.decode(DrawingPNG.embeddedSVG(in: pngThatOpensAgain))

    #expect(picture.width == 400 && picture.height == 300)
    #expect(Array(png.prefix(8)) == PNGEncoder.signature)
    #expect(fromPNG == drawing)

    // MARK: Keep drawings in a store

    let store = try DocumentStore(root: folder)
    let id = try store.create(plane, at: .now).id
    try store.update(id, at: .now) { drawing in
      try drawing.plane.updateColor(of: sun.id, to: Color(hex: "#ff8800"))
      return .set([.color], of: sun.id)
    }
    var titles: [String] = []
    for case .drawing(let entry) in try store.list().drawings {
      titles.append("\(entry.title): \(entry.rectangleCount) rectangles")
    }

    #expect(titles == ["Sketch: 2 rectangles"])
    #expect(try store.drawing(id).plane[sun.id]?.color == (try Color(hex: "#ff8800")))

    // MARK: History, undo and redo

    let history = try store.history(of: id)
    let versions = history.versions.map { "\($0.number): \($0.change)" }
    try store.undo(id, at: .now)
    try store.redo(id, at: .now)
    try store.restore(id, version: 1, at: .now)
    let original = try store.drawing(id, version: 1)

    #expect(versions == ["2: set color of \(sun.id)", "1: created"])
    #expect(original.plane == plane)
    #expect(try store.drawing(id).plane == plane)
    #expect(
      try store.history(of: id).versions.map(\.change) == [
        "restored version 1", "redid set color of \(sun.id)", "undid set color of \(sun.id)",
        "set color of \(sun.id)", "created",
      ])

    // MARK: Hear every change

    let follower = try ChangeFollower(store: store)
    try store.update(id, at: .now) { drawing in
      try drawing.plane.rename(to: "Sunset")
      return .renamed(to: "Sunset")
    }
    let heard = try follower.next(timeout: 1).map { "#\($0.sequence) \($0.change)" }

    #expect(heard == [#"#6 renamed to "Sunset""#])

    let start = try store.lastSequence()
    let watcher = Task {
      for try await event in store.changes(after: start, of: id) where event.kind == .trashed {
        return event.title
      }
      return ""
    }
    try store.delete(id)
    let trashed = try await watcher.value

    #expect(trashed == "Sunset")
    #expect(try store.trashedDrawings().map(\.id) == [id])
  }

  @Test func theReadmesCodeRuns() throws {
    let sandbox = try StoreFolder()
    let folder = sandbox.path

    var plane = try Plane(size: Size(width: 800, height: 600), title: "Sketch")
    var factory = RectangleFactory(seed: 42)
    try plane.add(factory.makeRectangle(for: plane, color: Color(hex: "#ebc641")))
    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: .now, modified: .now, plane: plane)
    let file = SVGEncoder.encode(drawing)  // the bytes of an SVG file any browser shows
    let same = try SVGDecoder.decode(file)  // read strictly: the same drawing, bit for bit
    let store = try DocumentStore(root: folder)  // a folder of drawings, made on first use
    let id = try store.create(same.plane, at: .now).id  // each change atomic, each version kept

    #expect(same == drawing)
    #expect(plane.count == 1)
    #expect(plane.rectangles.first?.color == (try Color(hex: "#ebc641")))
    #expect(String(decoding: file, as: UTF8.self).hasPrefix("<?xml"))
    #expect(try store.drawing(id).plane == plane)
  }

  /// Each ```` ```swift ```` listing of the article, as a block of lines.
  private static func listings(in article: String) -> [[Substring]] {
    var listings: [[Substring]] = []
    var current: [Substring]?
    for line in article.split(separator: "\n", omittingEmptySubsequences: false) {
      if current == nil, line == "```swift" {
        current = []
      } else if let lines = current, line == "```" {
        listings.append(lines)
        current = nil
      } else {
        current?.append(line)
      }
    }
    return listings
  }

  @Test func theArticlesListingsAreInThisFile() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let article = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/DrawdocStore/DrawdocStore.docc/BuildADrawingApp.md")
    let listings = Self.listings(in: try String(contentsOf: article, encoding: .utf8))
    let code = try String(contentsOf: tests, encoding: .utf8)
    #expect(listings.count == 9)
    for listing in listings {
      let found = [0, 2, 4, 6].contains { indent in
        let block = listing.map { $0.isEmpty ? "" : String(repeating: " ", count: indent) + $0 }
        return code.contains("\n" + block.joined(separator: "\n") + "\n")
      }
      #expect(found, "not in this file: \(listing.joined(separator: "\n"))")
    }
  }

  @Test func theReadmesListingIsInThisFile() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let readme = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let listings = Self.listings(in: try String(contentsOf: readme, encoding: .utf8))
    let code = try String(contentsOf: tests, encoding: .utf8)
    try #require(listings.count == 1)
    let body = listings[0].drop { $0.hasPrefix("//") || $0.hasPrefix("import ") || $0.isEmpty }
    #expect(body.count >= 8)
    let block = body.map { $0.isEmpty ? "" : "    " + $0 }
    #expect(
      code.contains("\n" + block.joined(separator: "\n") + "\n"),
      "not in this file: \(body.joined(separator: "\n"))")
  }
}
