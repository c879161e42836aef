import Foundation
import Testing

/// A drawing of four rectangles, bottom first: aaa, bbb, ccc, ddd.
private let fourRectangles = """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100" \
  data-drawdoc="1" data-id="zor-der-000" data-created="2026-01-01T00:00:00Z" \
  data-modified="2026-01-01T00:00:00Z">
    <title>Layers</title>
    <rect data-id="aaa-aaa-aaa" x="0" y="0" width="50" height="50" fill="#ff0000" fill-opacity="1"/>
    <rect data-id="bbb-bbb-bbb" x="10" y="10" width="50" height="50" fill="#00ff00" fill-opacity="0.5"/>
    <rect data-id="ccc-ccc-ccc" x="20" y="20" width="50" height="50" fill="#0000ff" fill-opacity="0.2"/>
    <rect data-id="ddd-ddd-ddd" x="30" y="30" width="50" height="50" fill="#123456" fill-opacity="0.9"/>
  </svg>

  """

/// `raise`, `lower` and `layers`, in process.
@Suite struct ZOrderCommandTests {
  /// A sandbox with the four-rectangle drawing saved as "Layers".
  private func sandbox() throws -> Sandbox {
    let box = try Sandbox()
    box.succeed("save", try box.file("layers.svg", fourRectangles))
    return box
  }

  /// The first letter of each rectangle id in the stored file, in the file's order (bottom
  /// first), read from the SVG text itself rather than through drawdoc.
  private func fileOrder(_ box: Sandbox) throws -> String {
    let folder = "\(box.store)/drawings"
    let files = try FileManager.default.contentsOfDirectory(atPath: folder)
    #expect(files.count == 1)
    let text = String(decoding: try box.read("\(folder)/\(files[0])"), as: UTF8.self)
    return String(text.matches(of: #/<rect data-id="(.)/#).map { Character(String($0.output.1)) })
  }

  @Test func layersListsTheTopFirst() throws {
    let box = try sandbox()
    let text = box.succeed("layers", "Layers")
    #expect(
      text == """
        1  (ddd-ddd-ddd), X: 30.0, Y: 30.0, W: 50.0, H: 50.0, R: 18, G: 52, B: 86, Alpha: 9
        2  (ccc-ccc-ccc), X: 20.0, Y: 20.0, W: 50.0, H: 50.0, R: 0, G: 0, B: 255, Alpha: 2
        3  (bbb-bbb-bbb), X: 10.0, Y: 10.0, W: 50.0, H: 50.0, R: 0, G: 255, B: 0, Alpha: 5
        4  (aaa-aaa-aaa), X: 0.0, Y: 0.0, W: 50.0, H: 50.0, R: 255, G: 0, B: 0, Alpha: 10

        """)
  }

  @Test func layersJSONFollowsItsSchema() throws {
    let box = try sandbox()
    let json = box.succeed("layers", "Layers", "--json")
    #expect(try schemaViolations(json, schema: schema("drawdoc-layers.schema.json")) == "")
    let objects = try JSONDecoder().decode([RectangleForm].self, from: Data(json.utf8))
    #expect(objects.map(\.id) == ["ddd-ddd-ddd", "ccc-ccc-ccc", "bbb-bbb-bbb", "aaa-aaa-aaa"])
    #expect(
      objects.last
        == RectangleForm(
          id: "aaa-aaa-aaa", x: 0, y: 0, width: 50, height: 50, color: "#ff0000", alpha: 10))
    // An empty drawing is an empty array.
    let empty = try box.newDrawing("--title", "Empty")
    #expect(box.succeed("layers", empty, "--json") == "[]\n")
    #expect(box.succeed("layers", empty) == "")
  }

  @Test(arguments: [
    (["raise", "Layers", "aaa-aaa-aaa"], "bacd"),
    (["raise", "Layers", "aaa-aaa-aaa", "--to-top"], "bcda"),
    (["raise", "Layers", "ccc-ccc-ccc"], "abdc"),
    (["lower", "Layers", "ddd-ddd-ddd"], "abdc"),
    (["lower", "Layers", "ddd-ddd-ddd", "--to-bottom"], "dabc"),
    (["lower", "Layers", "bbb-bbb-bbb", "--to-bottom"], "bacd"),
  ])
  func raiseAndLowerRewriteTheOrderOfTheFile(_ arguments: [String], expected: String) throws {
    let box = try sandbox()
    #expect(box.succeed(arguments) == "")
    #expect(try fileOrder(box) == expected)
    let layers = box.succeed("layers", "Layers", "--json")
    let topFirst = try JSONDecoder().decode([RectangleForm].self, from: Data(layers.utf8))
    #expect(String(topFirst.map { $0.id.first ?? "?" }.reversed()) == expected)
    // Only the order changed: every rectangle keeps its fields.
    let byId = Dictionary(uniqueKeysWithValues: topFirst.map { ($0.id, $0) })
    #expect(byId["bbb-bbb-bbb"]?.color == "#00ff00" && byId["bbb-bbb-bbb"]?.alpha == 5)
  }

  @Test func theTopAndTheBottomStayWhereTheyAre() throws {
    let box = try sandbox()
    box.succeed("raise", "Layers", "ddd-ddd-ddd")
    box.succeed("raise", "Layers", "ddd-ddd-ddd", "--to-top")
    box.succeed("lower", "Layers", "aaa-aaa-aaa")
    box.succeed("lower", "Layers", "aaa-aaa-aaa", "--to-bottom")
    #expect(try fileOrder(box) == "abcd")
  }

  @Test func theHitTestSeesTheNewOrder() throws {
    let box = try sandbox()
    // (35, 35) lies in all four; the top one answers.
    #expect(box.succeed("hit", "Layers", "35", "35") == "ddd-ddd-ddd\n")
    box.succeed("raise", "Layers", "bbb-bbb-bbb", "--to-top")
    #expect(box.succeed("hit", "Layers", "35", "35") == "bbb-bbb-bbb\n")
  }

  @Test(arguments: [
    (["raise", "Layers", "zzz-zzz-zzz"], Int32(66), "no rectangle with id zzz-zzz-zzz"),
    (["lower", "Nowhere", "aaa-aaa-aaa"], 66, "no drawing has the id or title 'Nowhere'"),
    (["raise", "Layers"], 64, "raise needs RECT"),
    (["lower", "Layers", "Bad"], 64, "'Bad' is not a valid RECT"),
    (["raise", "Layers", "aaa-aaa-aaa", "--to-bottom"], 64, "raise has no option --to-bottom"),
    (["layers"], 64, "layers needs DOC"),
    (["layers", "Layers", "extra"], 64, "does not take the argument 'extra'"),
  ])
  func mistakesChangeNothing(_ arguments: [String], status: Int32, message: String) throws {
    let box = try sandbox()
    let before = try box.snapshot()
    let result = box.run(arguments)
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(try box.snapshot() == before)
  }
}
