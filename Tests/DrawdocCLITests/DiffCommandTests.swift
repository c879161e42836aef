import Foundation
import Testing

/// `drawdoc diff`, in process.
@Suite struct DiffCommandTests {
  /// B: title and height changed; b removed; e added; c moved and recolored; a raised above d.
  private let changed = drawingText(
    title: "Plan B", height: "90",
    [
      "c 20 0 10 10 #123456 3",
      "d 30 0 10 10 #dddddd 1", "a 0 0 10 10 #aa0000 10", "e 5 5 2.5 2 #eeeeee 9",
    ])

  @Test func theSameDrawingIsNoDifference() throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    // Other times, the same content.
    let b = try box.file("b.svg", drawingText(modified: "2027-05-05T00:00:00Z", baseRectangles))
    #expect(box.succeed("diff", a, b) == "")
    let json = box.succeed("diff", a, b, "--json")
    #expect(
      json == #"{"same": true, "title": null, "canvas": null, "removed": [], "added": [], "#
        + #""changed": [], "moved": []}"# + "\n")
    #expect(try schemaViolations(json, schema: schema("drawdoc-diff.schema.json")) == "")
    // A command on files never touches the store.
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }

  @Test func everyKindOfChangeIsALine() throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    let b = try box.file("b.svg", changed)
    let result = box.run(["diff", a, b])
    #expect(result.status == 1)
    #expect(result.standardError == "")
    #expect(
      result.standardOutput == """
        title: 'Plan' → 'Plan B'
        canvas: 100 × 80 → 100 × 90
        removed (bbb-bbb-bbb), X: 10.0, Y: 0.0, W: 10.0, H: 10.0, R: 0, G: 187, B: 0, Alpha: 5
        added (eee-eee-eee), X: 5.0, Y: 5.0, W: 2.5, H: 2.0, R: 238, G: 238, B: 238, Alpha: 9
        changed ccc-ccc-ccc: color #0000cc → #123456, alpha 7 → 3
        moved aaa-aaa-aaa: layer 4 → 2 (1 is the top)

        """)
  }

  @Test func theJSONFormFollowsItsSchema() throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    let b = try box.file("b.svg", changed)
    let result = box.run(["diff", a, b, "--json"])
    #expect(result.status == 1)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-diff.schema.json")) == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    #expect(object["same"] as? Bool == false)
    #expect((object["title"] as? [String: String]) == ["old": "Plan", "new": "Plan B"])
    let canvas = try #require(object["canvas"] as? [String: [String: Double]])
    #expect(canvas == ["height": ["old": 80, "new": 90]])
    #expect((object["removed"] as? [[String: Any]])?.map { $0["id"] as? String } == ["bbb-bbb-bbb"])
    let added = try #require((object["added"] as? [[String: Any]])?.first)
    #expect(added["width"] as? Double == 2.5 && added["alpha"] as? Int == 9)
    let change = try #require((object["changed"] as? [[String: Any]])?.first)
    #expect(change["id"] as? String == "ccc-ccc-ccc")
    let fields = try #require(change["fields"] as? [String: [String: Any]])
    #expect(fields["color"]?["old"] as? String == "#0000cc")
    #expect(fields["color"]?["new"] as? String == "#123456")
    #expect(fields["alpha"]?["old"] as? Int == 7 && fields["alpha"]?["new"] as? Int == 3)
    #expect(fields.count == 2)
    let moved = try #require(object["moved"] as? [[String: Any]])
    #expect(moved.count == 1)
    #expect(moved.first?["id"] as? String == "aaa-aaa-aaa")
    #expect(moved.first?["from"] as? Int == 4 && moved.first?["to"] as? Int == 2)
  }

  @Test func drawingsInTheStoreAndPNGFilesCompareToo() throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    let id = box.succeed("save", a).trimmingCharacters(in: .newlines)
    box.succeed("set", "Plan", "aaa-aaa-aaa", "--x", "3")
    #expect(box.run(["diff", a, "Plan"]).standardOutput == "changed aaa-aaa-aaa: x 0 → 3\n")
    box.succeed("export", id, "-o", "\(box.work)/now.png")
    let fromPNG = box.run(["diff", id, "\(box.work)/now.png"])
    #expect(fromPNG.status == 0 && fromPNG.standardOutput == "")
  }

  @Test func versionsOfADrawingCompareWithAtAndTo() throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    box.succeed("save", a)  // version 1
    box.succeed("set", "Plan", "aaa-aaa-aaa", "--x", "3")  // version 2
    box.succeed("set", "Plan", "bbb-bbb-bbb", "--alpha", "4")  // version 3
    let sinceFirst = box.run(["diff", "Plan", "--at", "1"])
    #expect(sinceFirst.status == 1)
    #expect(
      sinceFirst.standardOutput == """
        changed aaa-aaa-aaa: x 0 → 3
        changed bbb-bbb-bbb: alpha 5 → 4

        """)
    #expect(
      box.run(["diff", "Plan", "--at", "2", "--to", "3"]).standardOutput
        == "changed bbb-bbb-bbb: alpha 5 → 4\n")
    #expect(
      box.run(["diff", "Plan", "--to", "1"]).standardOutput
        == "changed aaa-aaa-aaa: x 3 → 0\nchanged bbb-bbb-bbb: alpha 4 → 5\n")
    let same = box.run(["diff", a, "Plan", "--to", "1"])
    #expect(same.status == 0 && same.standardOutput == "")
    let json = box.succeed("diff", "Plan", "--at", "3", "--json")
    #expect(json.contains("\"same\": true"), "\(json)")
  }

  @Test(arguments: [
    (["diff", "a.svg", "Plan", "--at", "1"], Int32(64), "--at reads a version of a drawing in"),
    (["diff", "Plan", "--at", "9"], 66, "no version 9"),
    (["diff", "Plan", "--at", "0"], 64, "'0' is not a valid at"),
  ])
  func versionMistakes(_ arguments: [String], status: Int32, message: String) throws {
    let box = try Sandbox()
    let a = try box.file("a.svg", drawingText(baseRectangles))
    box.succeed("save", a)
    let result = box.run(arguments.map { $0 == "a.svg" ? a : $0 })
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardOutput == "")
  }

  @Test func anEmptyFileIsAnEmptyDrawing() throws {
    let box = try Sandbox()
    let a = try box.file(
      "a.svg", drawingText(width: "1024", height: "768", ["a 1 2 3 4 #010203 2"]))
    let result = box.run(["diff", "/dev/null", a])
    #expect(result.status == 1)
    #expect(
      result.standardOutput == """
        title: '' → 'Plan'
        added (aaa-aaa-aaa), X: 1.0, Y: 2.0, W: 3.0, H: 4.0, R: 1, G: 2, B: 3, Alpha: 2

        """)
    #expect(box.run(["diff", a, "/dev/null"]).standardOutput.contains("removed (aaa-aaa-aaa)"))
  }

  @Test(arguments: [
    (["diff", "a.svg"], Int32(64), "diff needs B"),
    (["diff", "a.svg", "a.svg", "a.svg"], 64, "does not take the argument"),
    (["diff", "a.svg", "nothing-here"], 66, "'nothing-here' is neither a file nor a drawing"),
    (
      ["diff", "a.svg", "broken.svg"], 65,
      "broken.svg:3:22: unexpected element <circle>: expected <rect>"
    ),
  ])
  func mistakes(_ arguments: [String], status: Int32, message: String) throws {
    let box = try Sandbox()
    try box.file("a.svg", drawingText(baseRectangles))
    try box.file(
      "broken.svg",
      drawingText(baseRectangles).replacingOccurrences(
        of: "<title>Plan</title>", with: "<title>Plan</title><circle/>"))
    let result = box.run(
      arguments.map { $0.hasSuffix(".svg") ? "\(box.work)/\($0)" : $0 })
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardOutput == "")
  }
}
