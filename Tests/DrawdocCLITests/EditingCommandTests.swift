import Foundation
import Testing

/// `add`, `set`, `hit`, `remove`, `clear`, `rename`, `duplicate` and `delete`.
@Suite struct EditingCommandTests {
  // MARK: add, set, hit

  @Test func addWithEveryFieldGiven() throws {
    let box = try Sandbox()
    let id = try box.newDrawing()
    let ids = box.add(
      id, "--x", "-5", "--y", "7.25", "--width", "2000", "--height", "0.5", "--color", "teal",
      "--alpha", "10")
    let added = try #require(ids.first)
    #expect(ids.count == 1 && isId(added))
    #expect(
      try box.openJSON(id).rectangles == [
        RectangleForm(
          id: added, x: -5, y: 7.25, width: 2000, height: 0.5, color: "#008080", alpha: 10)
      ])
  }

  struct ColorCase: Sendable, CustomTestStringConvertible {
    var argument: String
    var hex: String
    var testDescription: String { argument }
  }

  @Test(arguments: [
    ColorCase(argument: "#ff8000", hex: "#ff8000"), ColorCase(argument: "#F80", hex: "#ff8800"),
    ColorCase(argument: "#ABCDEF", hex: "#abcdef"),
    ColorCase(argument: "rgb(1,2,3)", hex: "#010203"),
    ColorCase(argument: "rgb(100%, 0%, 50%)", hex: "#ff0080"),
    ColorCase(argument: "teal", hex: "#008080"),
    ColorCase(argument: "RebeccaPurple", hex: "#663399"),
  ])
  func addTakesEveryColorForm(_ color: ColorCase) throws {
    let box = try Sandbox()
    let created = box.run(["new"])
    let id = try #require(singleId(created.standardOutput))
    let result = box.run(["add", id, "--color", color.argument, "--alpha", "4"])
    #expect(result.status == 0, "\(result.standardError)")
    let rectangle = try #require(singleId(result.standardOutput))
    let form = try box.openJSON(id)
    #expect(form.rectangles.map(\.id) == [rectangle])
    #expect(form.rectangles.first?.color == color.hex)
    #expect(form.rectangles.first?.alpha == 4)
  }

  @Test func addWithoutFieldsTakesThemFromTheFactory() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--width", "500", "--height", "400")
    let one = box.add(id)
    #expect(one.count == 1 && one.allSatisfy(isId))
    let three = box.add(id, "--count", "3")
    #expect(three.count == 3 && three.allSatisfy(isId))
    #expect(Set(one + three).count == 4)
    let big = box.add(id, "--width", "480", "--height", "350", "--color", "#000")
    #expect(big.count == 1)
    let form = try box.openJSON(id)
    #expect(form.rectangles.map(\.id) == one + three + big)
    for rectangle in form.rectangles.prefix(4) {
      #expect(rectangle.width == 150 && rectangle.height == 120, "\(rectangle)")
      #expect(rectangle.x >= 0 && rectangle.x + 150 <= 500, "\(rectangle)")
      #expect(rectangle.y >= 0 && rectangle.y + 120 <= 400, "\(rectangle)")
      #expect((1...10).contains(rectangle.alpha))
    }
    let last = try #require(form.rectangles.last)
    #expect(last.width == 480 && last.height == 350 && last.color == "#000000")
    #expect(last.x >= 0 && last.x <= 20 && last.y >= 0 && last.y <= 50, "inside: \(last)")
  }

  struct SetCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var expected: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    SetCase(
      arguments: ["--x", "12.5"],
      expected: "X: 12.5, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7"),
    SetCase(
      arguments: ["--y", "-3"],
      expected: "X: 45.0, Y: -3.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7"),
    SetCase(
      arguments: ["--width", "1"],
      expected: "X: 45.0, Y: 44.0, W: 1.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7"),
    SetCase(
      arguments: ["--height", "0.25"],
      expected: "X: 45.0, Y: 44.0, W: 89.0, H: 0.25, R: 235, G: 198, B: 65, Alpha: 7"),
    SetCase(
      arguments: ["--color", "#102030"],
      expected: "X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 16, G: 32, B: 48, Alpha: 7"),
    SetCase(
      arguments: ["--alpha", "1"],
      expected: "X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 1"),
    SetCase(
      arguments: [
        "--x", "1", "--y", "2", "--width", "3", "--height", "4", "--color", "white", "--alpha",
        "10",
      ],
      expected: "X: 1.0, Y: 2.0, W: 3.0, H: 4.0, R: 255, G: 255, B: 255, Alpha: 10"),
  ])
  func setChangesOnlyTheGivenFields(_ testCase: SetCase) throws {
    let box = try Sandbox()
    let saved = box.run(["save", sample("seeds-example.svg")])
    let id = try #require(singleId(saved.standardOutput), "\(saved.standardError)")
    let other = box.run(["add", id, "--x", "1", "--y", "1", "--color", "red", "--alpha", "5"])
    let otherId = try #require(singleId(other.standardOutput))
    let before = try #require(
      box.run(["open", id]).standardOutput.split(separator: "\n").last)
    let result = box.run(["set", id, "afy-kw5-t7o"] + testCase.arguments)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(result.standardError == "")
    let lines = box.succeed("open", id).split(separator: "\n").map(String.init)
    #expect(Array(lines.suffix(2)) == ["(afy-kw5-t7o), \(testCase.expected)", String(before)])
    #expect(before.hasPrefix("(\(otherId))"))
  }

  struct HitCase: Sendable, CustomTestStringConvertible {
    var x: String
    var y: String
    /// "A", "B" or nil for nothing.
    var expected: String?
    var testDescription: String { "(\(x), \(y)) → \(expected ?? "nothing")" }
  }

  // A covers 10 ≤ x < 110, 10 ≤ y < 60; B, on top, covers 50 ≤ x < 150, 30 ≤ y < 80.
  static let hitCases: [HitCase] = [
    HitCase(x: "10", y: "10", expected: "A"), HitCase(x: "9.999", y: "10", expected: nil),
    HitCase(x: "10", y: "9.999", expected: nil), HitCase(x: "109.5", y: "20", expected: "A"),
    HitCase(x: "110", y: "20", expected: nil), HitCase(x: "30", y: "59.9", expected: "A"),
    HitCase(x: "30", y: "60", expected: nil), HitCase(x: "60", y: "40", expected: "B"),
    HitCase(x: "50", y: "30", expected: "B"), HitCase(x: "49.9", y: "30", expected: "A"),
    HitCase(x: "149.9", y: "79.9", expected: "B"), HitCase(x: "150", y: "50", expected: nil),
    HitCase(x: "100", y: "80", expected: nil), HitCase(x: "-5", y: "-5", expected: nil),
  ]

  @Test func hitFindsTheTopmostRectangleOnHalfOpenBoxes() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Targets")
    let a = try #require(
      box.add(
        id, "--x", "10", "--y", "10", "--width", "100", "--height", "50", "--color", "red",
        "--alpha", "5"
      ).first)
    let b = try #require(
      box.add(
        id, "--x", "50", "--y", "30", "--width", "100", "--height", "50", "--color", "blue",
        "--alpha", "5"
      ).first)
    for testCase in Self.hitCases {
      let result = box.run(["hit", id, testCase.x, testCase.y])
      switch testCase.expected {
      case "A"?:
        #expect(result.status == 0, "\(testCase)")
        #expect(result.standardOutput == "\(a)\n", "\(testCase)")
      case "B"?:
        #expect(result.status == 0, "\(testCase)")
        #expect(result.standardOutput == "\(b)\n", "\(testCase)")
      default:
        #expect(result.status == 1, "\(testCase)")
        #expect(result.standardOutput == "", "\(testCase)")
        #expect(result.standardError == "", "\(testCase)")
      }
    }
    #expect(box.succeed("hit", "Targets", "60", "40") == "\(b)\n")
    let empty = try box.newDrawing()
    let nothing = box.run(["hit", empty, "0", "0"])
    #expect(nothing.status == 1 && nothing.standardOutput == "")
  }

  // MARK: remove, clear, rename, duplicate, delete

  @Test func removeTakesOutOneRectangle() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--random", "3", "--seed", "6")
    let before = try box.openJSON(id)
    let doomed = before.rectangles[1]
    #expect(box.succeed("remove", id, doomed.id) == "")
    let after = try box.openJSON(id)
    #expect(after.rectangles == [before.rectangles[0], before.rectangles[2]])
    #expect(try box.listJSON().first?.rectangles == 2)
  }

  @Test func clearRemovesEveryRectangleAndKeepsCanvasAndTitle() throws {
    let box = try Sandbox()
    let id = try box.newDrawing(
      "--title", "Keep", "--width", "321", "--height", "123", "--random", "4")
    #expect(box.succeed("clear", "Keep") == "")
    let form = try box.openJSON(id)
    #expect(form.rectangles.isEmpty)
    #expect(form.title == "Keep" && form.width == 321 && form.height == 123)
    #expect(try box.listJSON().first?.rectangles == 0)
  }

  @Test func renameChangesTheTitle() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Old", "--random", "2")
    let before = try box.openJSON(id)
    #expect(box.succeed("rename", "Old", "New name & <more>") == "")
    let after = try box.openJSON(id)
    #expect(after.title == "New name & <more>")
    #expect(after.rectangles == before.rectangles)
    #expect(try box.openJSON("New name & <more>").id == id)
    let open = box.run(["open", "Old"])
    #expect(open.status == 66)
    #expect(try box.listJSON().map(\.title) == ["New name & <more>"])
  }

  @Test func duplicateMakesANewIdWithTheSameRectangles() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Source", "--width", "800", "--random", "3")
    let source = try box.openJSON(id)
    let copy = try #require(singleId(box.succeed("duplicate", id)))
    #expect(copy != id)
    let copied = try box.openJSON(copy)
    #expect(copied.rectangles == source.rectangles)
    #expect(copied.width == 800 && copied.height == 768)
    #expect(try box.openJSON(id) == source)
    let titled = try #require(singleId(box.succeed("duplicate", "Source", "--title", "Named")))
    #expect(titled != id && titled != copy)
    let named = try box.openJSON(titled)
    #expect(named.title == "Named")
    #expect(named.rectangles == source.rectangles)
    #expect(Set(try box.listJSON().map(\.id)) == [id, copy, titled])
  }

  @Test func deleteRemovesTheDrawing() throws {
    let box = try Sandbox()
    let doomed = try box.newDrawing("--title", "Doomed")
    let kept = try box.newDrawing("--title", "Kept")
    #expect(box.succeed("delete", "Doomed") == "")
    #expect(!FileManager.default.fileExists(atPath: "\(box.store)/drawings/\(doomed).svg"))
    #expect(try box.listJSON().map(\.id) == [kept])
    let open = box.run(["open", doomed])
    #expect(open.status == 66)
    #expect(open.standardError.contains(doomed))
    #expect(box.run(["delete", doomed]).status == 66)
  }
}
