// The code of the article "Build a drawing app on drawdoc"
// (Sources/DrawdocStore/DrawdocStore.docc/BuildADrawingApp.md), run as a test. Every Swift
// listing of the article appears in this file verbatim (indented as a whole), which
// `theArticlesListingsAreInThisFile` checks: change the article and this file together.

import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocStore
import DrawdocTestSupport
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

  @Test func theArticlesListingsAreInThisFile() throws {
    let tests = URL(fileURLWithPath: #filePath)
    let article = tests.deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent("Sources/DrawdocStore/DrawdocStore.docc/BuildADrawingApp.md")
    let listings = Listings.swift(in: try String(contentsOf: article, encoding: .utf8))
    let code = try String(contentsOf: tests, encoding: .utf8)
    #expect(listings.count == 9)
    for listing in listings {
      #expect(
        Listings.listing(listing, isIn: code, indentedBy: [0, 2, 4, 6]),
        "not in this file: \(listing.joined(separator: "\n"))")
    }
  }
}
