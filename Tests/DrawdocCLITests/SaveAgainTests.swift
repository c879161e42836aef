import Foundation
import Testing

/// A draw.io file drawdoc did not write: one page, with draw.io's own page id, and one red
/// rectangle at `x`.
private func foreignDrawIO(x: Int) -> String {
  """
  <mxfile host="app.diagrams.net"><diagram name="Page-1" id="Zx9fQ2abcdefghijkLmN">\
  <mxGraphModel pageWidth="200" pageHeight="100" page="1"><root><mxCell id="0"/>\
  <mxCell id="1" parent="0"/><mxCell id="r1" value="" style="fillColor=#ff0000;strokeColor=none;" \
  vertex="1" parent="1"><mxGeometry x="\(x)" y="10" width="50" height="40" as="geometry"/>\
  </mxCell></root></mxGraphModel></diagram></mxfile>
  """
}

/// What `save` does with a file saved again: a new version of the drawing its id names in
/// the store, else a new drawing; `--replace DOC` makes it a new version of DOC whatever it
/// carries. Run with the real binary.
@Suite struct SaveAgainTests {
  /// The id of the drawing `save` printed.
  private func savedId(_ box: Sandbox, _ arguments: [String]) throws -> String {
    try #require(singleId(try box.succeedBinary(["save"] + arguments)))
  }

  /// The x of each rectangle of a stored drawing, as `open --json` gives it.
  private func xs(_ box: Sandbox, _ id: String) throws -> [Double] {
    let text = try box.succeedBinary(["open", id, "--json"])
    let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let rectangles = try #require(object?["rectangles"] as? [[String: Any]])
    return rectangles.compactMap { $0["x"] as? Double }
  }

  @Test func aDrawIOFileOfAnotherToolIsANewDrawingEachTimeUnlessReplaceNamesOne() throws {
    let box = try Sandbox()
    let file = "\(box.work)/plan.drawio"
    try Data(foreignDrawIO(x: 10).utf8).write(to: URL(fileURLWithPath: file))
    let first = try savedId(box, [file])
    let second = try savedId(box, [file])
    #expect(first != second)
    #expect(try box.listJSON().count == 2)

    // Changed in draw.io, it updates the first drawing: a new version, its created time kept.
    try Data(foreignDrawIO(x: 30).utf8).write(to: URL(fileURLWithPath: file))
    let created = try box.listJSON().first { $0.id == first }?.created
    #expect(try savedId(box, [file, "--replace", first]) == first)
    #expect(try xs(box, first) == [30])
    #expect(try xs(box, second) == [10])
    #expect(try box.listJSON().first { $0.id == first }?.created == created)
    let history = try box.succeedBinary(["history", first])
    #expect(
      history.contains("new version saved from \(URL(fileURLWithPath: file).lastPathComponent)"),
      "\(history)")
    #expect(try box.listJSON().count == 2)

    // A DOC that is no drawing, or --new beside --replace, changes nothing on disk.
    let before = try box.snapshot()
    let unknown = try box.runBinary(["save", file, "--replace", "zzz-zzz-zzz"])
    #expect(unknown.status == 66)
    #expect(unknown.standardError.contains("no drawing has the id or title 'zzz-zzz-zzz'"))
    let both = try box.runBinary(["save", file, "--replace", first, "--new"])
    #expect(both.status == 64)
    #expect(both.standardError.contains("either --replace DOC or --new, not both"))
    #expect(try box.snapshot() == before)
  }

  /// A scene drawdoc wrote, saved by Excalidraw (which drops the top-level `drawdoc` member
  /// and keeps each element's `customData`), is a new version of its drawing; `--new` makes
  /// a copy instead.
  @Test func aSceneExcalidrawSavedIsANewVersionOfItsDrawing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--random", "3", "--seed", "4", "--title", "Sketch")
    let file = "\(box.work)/sketch.excalidraw"
    try box.succeedBinary(["export", id, "-o", file])
    var scene = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: file)))
        as? [String: Any])
    #expect(scene.removeValue(forKey: "drawdoc") != nil)
    // Moved in Excalidraw: each element keeps its customData.
    var elements = try #require(scene["elements"] as? [[String: Any]])
    for index in elements.indices { elements[index]["x"] = 500 + Double(index) }
    scene["elements"] = elements
    try JSONSerialization.data(withJSONObject: scene).write(to: URL(fileURLWithPath: file))

    #expect(try savedId(box, [file]) == id)
    #expect(try xs(box, id) == [500, 501, 502])
    #expect(try box.listJSON().map(\.title) == ["Sketch"])
    let history = try box.succeedBinary(["history", id])
    #expect(
      history.contains("new version saved from \(URL(fileURLWithPath: file).lastPathComponent)"),
      "\(history)")
    let copy = try savedId(box, [file, "--new"])
    #expect(copy != id)
    #expect(try box.listJSON().count == 2)
  }
}
