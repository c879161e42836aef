import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

/// Reading from a file a piece at a time, as `convert` and `save` now read SVG files and the
/// store reads what a new version replaces, gives what reading the same bytes from memory
/// gives.
@Suite struct FileReadingTests {
  private let now = Timestamp(secondsSince1970: 1_800_000_000)

  /// Writes bytes to a temporary file and passes its path.
  private func withFile<T>(_ bytes: [UInt8], _ body: (String) throws -> T) throws -> T {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "drawdoc-file-\(UUID().uuidString).svg")
    try Data(bytes).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    return try body(url.path)
  }

  private func expectSameImport(_ bytes: [UInt8], _ comment: Comment) throws {
    let fromMemory = try SVGImporter.importDrawing(bytes, now: now, seed: 5)
    let fromFile = try withFile(bytes) {
      try SVGImporter.importDrawing(contentsOfFile: $0, now: now, seed: 5)
    }
    #expect(bitwiseEqual(fromFile.drawing, fromMemory.drawing), comment)
    #expect(fromFile.warnings == fromMemory.warnings, comment)
  }

  @Test func everySampleImportsFromItsFileAsFromItsBytes() throws {
    let folders = ["Samples", "Samples/foreign"].map { repositoryRoot.appendingPathComponent($0) }
    var count = 0
    for folder in folders {
      for name in try FileManager.default.contentsOfDirectory(atPath: folder.path)
      where name.hasSuffix(".svg") {
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
        try expectSameImport(bytes, "\(name)")
        count += 1
      }
    }
    #expect(count >= 10)
  }

  @Test func aBigDrawingAndABigForeignFileImportFromTheirFiles() throws {
    // Over 1 MiB, so that a drawdoc file is read in parts from the file.
    var plane = try Plane(size: Size(width: 4000, height: 3000), title: "Big")
    var factory = RectangleFactory(seed: 9)
    for _ in 0..<12_000 { try plane.add(factory.makeRectangle(for: plane)) }
    let drawing = Drawing(
      id: try Identifier("big-dra-win"), created: now, modified: now, plane: plane)
    let bytes = SVGEncoder.encode(drawing)
    #expect(bytes.count > 1 << 20)
    let imported = try withFile(bytes) {
      try SVGImporter.importDrawing(contentsOfFile: $0, now: now)
    }
    #expect(bitwiseEqual(imported.drawing, drawing))
    #expect(imported.warnings.isEmpty)
    // The same rectangles in a file another program wrote: import mode, from the file.
    var foreign = Array(
      #"<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="3000">"#.utf8)
    for rectangle in plane.rectangles {
      foreign += Array(
        #"<g><rect x="\#(rectangle.point.x)" y="\#(rectangle.point.y)" width="10" height="10" fill="\#(rectangle.color.hex)"/><circle r="1" fill="red"/></g>"#
          .utf8)
    }
    foreign += Array("</svg>\n".utf8)
    #expect(foreign.count > 1 << 20)
    try expectSameImport(foreign, "a big foreign file")
  }

  @Test func aMissingFileIsNamed() {
    #expect(throws: SVGDecodingError.fileNotFound(path: "/nonexistent/drawdoc.svg")) {
      try SVGImporter.importDrawing(contentsOfFile: "/nonexistent/drawdoc.svg", now: now)
    }
  }

  // MARK: - Headers

  private let header = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768" \
    data-drawdoc="1" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" \
    data-modified="2026-11-21T08:05:12Z">
      <title>Sketch &amp; more</title>

    """

  @Test func theHeaderIsTheDrawingWithoutItsRectangles() throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 15))
    for _ in 0..<50 {
      let drawing = try drawings.drawing()
      let read = try withFile(SVGEncoder.encode(drawing)) {
        try SVGDecoder.header(contentsOfFile: $0)
      }
      var expected = drawing
      expected.plane.removeAll()
      #expect(bitwiseEqual(read, expected))
      #expect(read.plane.title == drawing.plane.title)
    }
  }

  @Test func theHeaderIsReadWithoutTheRectanglesAfterIt() throws {
    // Only the part up to the title is read, and checked: what follows is not looked at.
    let bytes = Array((header + "  <rect data-id=\"not an id\"/>\n  <circle/>\n").utf8)
    let read = try withFile(bytes) { try SVGDecoder.header(contentsOfFile: $0) }
    #expect(read.id == (try Identifier("k3j-9xa-0pq")))
    #expect(read.created == (try Timestamp("2026-11-21T08:00:00Z")))
    #expect(read.modified == (try Timestamp("2026-11-21T08:05:12Z")))
    #expect(read.plane.title == "Sketch & more")
    #expect(read.plane.isEmpty)
    #expect(throws: SVGDecodingError.self) {
      try withFile(bytes) { try SVGDecoder.decode(contentsOfFile: $0) }
    }
  }

  @Test(arguments: [
    ("data-id=\"k3j-9xa-0pq\"", "data-id=\"K3J\""),
    ("<title>Sketch &amp; more</title>", "<desc/>"),
    ("viewBox=\"0 0 1024 768\"", "viewBox=\"0 0 10 10\""),
    ("  <title>Sketch &amp; more</title>\n", ""),
  ])
  func aBadHeaderIsTheStrictReadersError(_ replaced: String, _ by: String) throws {
    let bytes = Array((header.replacingOccurrences(of: replaced, with: by) + "</svg>\n").utf8)
    try withFile(bytes) { path in
      #expect(throws: SVGDecodingError.self) { try SVGDecoder.header(contentsOfFile: path) }
      var headerError: SVGDecodingError?
      var wholeError: SVGDecodingError?
      do throws(SVGDecodingError) {
        _ = try SVGDecoder.header(contentsOfFile: path)
      } catch {
        headerError = error
      }
      do throws(SVGDecodingError) {
        _ = try SVGDecoder.decode(contentsOfFile: path)
      } catch {
        wholeError = error
      }
      #expect(headerError == wholeError)
    }
  }
}
