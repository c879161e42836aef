// `ForeignDrawing`, the `Drawdoc` product's public way to the draw.io and Excalidraw readers
// (the fuzz target's too): it routes each format to its reader and hands back the drawing,
// the warnings and the errors.

import Drawdoc
import Testing

@Suite struct ForeignDrawingTests {
  let now = Timestamp(secondsSince1970: 1_700_000_000)

  @Test func aDrawIOFileIsReadWithItsWarnings() throws {
    let file = """
      <mxfile><diagram name="Plan" id="d"><mxGraphModel><root>
      <mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="a" vertex="1" parent="1" style="fillColor=#ff0000;">
      <mxGeometry x="10" y="20" width="30" height="40" as="geometry"/></mxCell>
      <mxCell id="e" edge="1" parent="1"/>
      </root></mxGraphModel></diagram></mxfile>
      """
    let result = try #require(
      try ForeignDrawing.importDrawing(Array(file.utf8), format: .drawIO, now: now))
    #expect(result.drawing.plane.rectangles.count == 1)
    #expect(result.warnings.map(\.line) == [3, 5])
    #expect(
      result.warnings.map(\.message) == [
        "cell \"a\" kept as a rectangle without its stroke", "cell \"e\" skipped: a connector",
      ])
  }

  @Test func anExcalidrawSceneIsRead() throws {
    let scene = """
      {"type":"excalidraw","version":2,"elements":[{"id":"r","type":"rectangle","x":1,"y":2,
      "width":3,"height":4,"backgroundColor":"#ffc9c9","fillStyle":"solid"}]}
      """
    let result = try #require(
      try ForeignDrawing.importDrawing(
        Array(scene.utf8), format: .excalidraw, title: "Scene", now: now))
    #expect(result.drawing.plane.rectangles.count == 1)
  }

  @Test func anExportWithoutASceneIsNil() throws {
    let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    #expect(try ForeignDrawing.importDrawing(svg, format: .excalidrawSVG, now: now) == nil)
    let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    #expect(try ForeignDrawing.importDrawing(png, format: .excalidrawPNG, now: now) == nil)
  }

  @Test func aDamagedFileIsRefusedWithTheReadersMessage() {
    #expect(throws: ForeignDrawing.ReadError.self) {
      try ForeignDrawing.importDrawing(Array("<svg/>".utf8), format: .drawIO, now: now)
    }
    #expect(throws: ForeignDrawing.ReadError.self) {
      try ForeignDrawing.importDrawing(Array("[1,".utf8), format: .excalidraw, now: now)
    }
  }

  /// The way the command line and the app read every file: the name and the first bytes pick
  /// the reader, so a file reads the same with or without a name that says its format.
  @Test func theNameAndTheContentPickTheReader() throws {
    let file = Array(
      """
      <mxfile><diagram name="Plan" id="d"><mxGraphModel><root>
      <mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="a" vertex="1" parent="1" style="fillColor=#ff0000;">
      <mxGeometry x="10" y="20" width="30" height="40" as="geometry"/></mxCell>
      </root></mxGraphModel></diagram></mxfile>
      """.utf8)
    let byFormat = try #require(try ForeignDrawing.importDrawing(file, format: .drawIO, now: now))
    for name in ["-", "plan.drawio", "plan.xml"] {
      let byName = try ForeignDrawing.importDrawing(file, name: name, now: now)
      #expect(byName.drawing == byFormat.drawing, "\(name)")
      #expect(byName.warnings == byFormat.warnings, "\(name)")
    }
    let scene = Array(
      #"{"type":"excalidraw","version":2,"elements":[]}"#.utf8)
    #expect(
      try ForeignDrawing.importDrawing(scene, name: "folder/Sketch.excalidraw", now: now)
        .drawing.plane.title == "Sketch")
    let read = try ForeignDrawing.importDrawing(scene, format: .excalidraw, title: "J", now: now)
    let drawing = try #require(read).drawing
    let json = DrawingJSON.encode(drawing)
    #expect(try ForeignDrawing.importDrawing(json, name: "-", now: now).drawing == drawing)
  }

  @Test func aPageOfAFileWithoutPagesIsRefusedWithWhatToDo() throws {
    let svg = Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>"#.utf8)
    #expect(throws: ForeignDrawing.ReadError.self) {
      try ForeignDrawing.importDrawing(svg, name: "a.svg", now: now, page: 2)
    }
    do {
      _ = try ForeignDrawing.importDrawing(svg, name: "a.svg", now: now, page: 2)
    } catch {
      #expect(error.description.contains("page 2 was asked for"), "\(error)")
      #expect(error.description.contains("leave --page out"), "\(error)")
    }
    #expect(try ForeignDrawing.importDrawing(svg, name: "a.svg", now: now).drawing.plane.isEmpty)
  }
}
