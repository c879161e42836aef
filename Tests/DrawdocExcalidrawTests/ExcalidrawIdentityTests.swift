import DrawdocExcalidraw
import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

/// The drawing's id, title, canvas and times carried through Excalidraw's save, which drops
/// the scene's top-level `drawdoc` member but keeps each element's `customData`, where the
/// writer puts the same header.
@Suite struct ExcalidrawIdentityTests {
  /// The scene without its top-level `drawdoc` member, as Excalidraw's save leaves it.
  static func withoutTopLevelMember(_ scene: [UInt8]) throws -> [UInt8] {
    guard case .object(let members) = try JSONValue.parse(scene) else {
      Issue.record("the scene is not an object")
      return scene
    }
    return JSONValue.object(members.filter { $0.key != "drawdoc" }).serialized
  }

  /// An element of a hand-written scene: a plain red rectangle, with `extra` members.
  private func element(_ id: String, x: Double = 0, _ extra: String = "") -> String {
    """
    {"id": "\(id)", "type": "rectangle", "x": \(x), "y": 0, "width": 10, "height": 10, \
    "backgroundColor": "#ff0000", "strokeColor": "transparent", "roughness": 0\(extra)}
    """
  }

  /// The header of a drawing, as the writer puts it in `customData`.
  private func header(_ id: String, title: String) -> String {
    """
    {"format": "drawdoc", "version": 1, "id": "\(id)", "title": "\(title)", "width": 300, \
    "height": 200, "created": "2026-01-02T03:04:05Z", "modified": "2026-02-03T04:05:06Z"}
    """
  }

  private func readScene(_ text: String) throws(ExcalidrawError) -> ExcalidrawImport {
    try ExcalidrawReader.read(Array(text.utf8), title: "from the name", now: importTime)
  }

  /// `Samples/fractional-edges.svg` written by drawdoc as a scene, then by Excalidraw's own
  /// serializer as its save writes it (Fixtures/README.md says how): the same drawing, its
  /// rectangles not moved, without a warning.
  @Test func aSceneExcalidrawSavedIsTheSameDrawing() throws {
    let bytes = try fixture("saved-by-excalidraw.excalidraw")
    guard case .object(let members) = try JSONValue.parse(bytes) else {
      Issue.record("the fixture is not an object")
      return
    }
    #expect(!members.contains { $0.key == "drawdoc" })
    let read = try ExcalidrawReader.read(bytes, title: "ignored", now: importTime)
    let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Samples")
    let original = try SVGDecoder.decode(
      contentsOfFile: samples.appendingPathComponent("fractional-edges.svg").path)
    #expect(read.warnings.isEmpty)
    #expect(read.drawing.id == (try Identifier("frc-edg-es0")))
    #expect(bitwiseEqual(read.drawing, original))
  }

  /// The top-level member, when there is one, wins over the elements' (drawdoc's own files
  /// carry the same in both).
  @Test func theTopLevelMemberComesFirst() throws {
    let scene = """
      {"type": "excalidraw", "elements": [\(element("aaa-aaa-aaa", #", "customData": {"drawdoc": \#(header("ccc-ccc-ccc", title: "Carried"))}"#))], \
      "drawdoc": \(header("ttt-ttt-ttt", title: "Top"))}
      """
    let read = try readScene(scene)
    #expect(read.drawing.id == (try Identifier("ttt-ttt-ttt")))
    #expect(read.drawing.plane.title == "Top")
  }

  /// Without it, the first element not deleted that carries a header gives the drawing: its
  /// id, title, canvas and times, the rectangles not moved to the origin.
  @Test func theFirstElementThatCarriesAHeaderGivesTheDrawing() throws {
    let deleted =
      #", "isDeleted": true, "customData": {"drawdoc": \#(header("ddd-ddd-ddd", title: "Deleted"))}"#
    let scene = """
      {"type": "excalidraw", "elements": [
      \(element("aaa-aaa-aaa", x: 50, deleted)),
      \(element("bbb-bbb-bbb", x: 50, #", "customData": {"other tool": 1}"#)),
      \(element("ccc-ccc-ccc", x: 60, #", "customData": "not an object""#)),
      \(element("eee-eee-eee", x: 70, #", "customData": {"drawdoc": \#(header("fff-fff-fff", title: "First"))}"#)),
      \(element("ggg-ggg-ggg", x: 80, #", "customData": {"drawdoc": \#(header("hhh-hhh-hhh", title: "Second"))}"#))
      ]}
      """
    let read = try readScene(scene)
    #expect(read.warnings.isEmpty)
    let drawing = read.drawing
    #expect(drawing.id == (try Identifier("fff-fff-fff")))
    #expect(drawing.plane.title == "First")
    #expect(drawing.plane.size == (try Size(width: 300, height: 200)))
    #expect(drawing.created == (try Timestamp("2026-01-02T03:04:05Z")))
    #expect(drawing.modified == (try Timestamp("2026-02-03T04:05:06Z")))
    #expect(drawing.plane.rectangles.map(\.point.x) == [50, 60, 70, 80])
  }

  /// What Excalidraw's copy puts on the clipboard is elements alone: no header is looked for
  /// in them either.
  @Test func theClipboardCarriesNoDrawing() throws {
    let scene = """
      {"type": "excalidraw/clipboard", "elements": [\(element("aaa-aaa-aaa", x: 5, #", "customData": {"drawdoc": \#(header("ccc-ccc-ccc", title: "Carried"))}"#))]}
      """
    let read = try readScene(scene)
    #expect(read.drawing.id != (try Identifier("ccc-ccc-ccc")))
    #expect(read.drawing.plane.title == "from the name")
    #expect(read.drawing.plane.rectangles.map(\.point.x) == [0])
  }

  @Test(arguments: [
    (
      #"{"drawdoc": 5}"#,
      #"rectangle "aaa-aaa-aaa": the "drawdoc" member of its "customData" is not an object: "#
        + "expected the drawing's header, as drawdoc writes it"
    ),
    (
      #"{"drawdoc": {"format": "drawdoc", "version": 1, "id": "not an id"}}"#,
      #"rectangle "aaa-aaa-aaa": the "drawdoc" member of its "customData": "#
    ),
  ])
  func aHeaderThatIsNotOneIsRefused(_ customData: String, _ message: String) throws {
    let scene = """
      {"type": "excalidraw", "elements": [\(element("aaa-aaa-aaa", ", \"customData\": \(customData)"))]}
      """
    do {
      _ = try readScene(scene)
      Issue.record("read a scene whose customData holds \(customData)")
    } catch {
      #expect(error.message.hasPrefix(message), "\(error.message)")
    }
  }
}
