import DrawdocCLI
import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds since 1970 of a timestamp in the format's form.
private func seconds(_ text: String) throws -> Int64 {
  try Timestamp(text).secondsSince1970
}

private func nowSeconds() -> Int64 { Int64(Date().timeIntervalSince1970) }

/// The paths whose bytes differ between two snapshots, or that only one has.
private func changedPaths(_ before: [String: [UInt8]], _ after: [String: [UInt8]]) -> [String] {
  Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.sorted()
}

private let seedsLine =
  "(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7"

// MARK: - Happy paths

@Suite struct StoreCommandTests {
  // MARK: new

  @Test func newPrintsAFreshIdOfAnEmptyDefaultCanvas() throws {
    let box = try Sandbox()
    let before = nowSeconds()
    let result = box.run(["new"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let id = try #require(singleId(result.standardOutput), "\(result.standardOutput)")
    #expect(FileManager.default.fileExists(atPath: "\(box.store)/drawings/\(id).svg"))
    let form = try box.openJSON(id)
    #expect(form.format == "drawdoc")
    #expect(form.version == 1)
    #expect(form.id == id)
    #expect(form.width == 1024)
    #expect(form.height == 768)
    #expect(form.rectangles == [])
    #expect(form.created == form.modified)
    let created = try seconds(form.created)
    #expect(created >= before - 1 && created <= nowSeconds() + 1)
    let second = try box.newDrawing()
    #expect(second != id)
  }

  @Test func newTakesItsCanvasTitleAndFactoryRectangles() throws {
    let box = try Sandbox()
    let id = try box.newDrawing(
      "--width", "300.5", "--height", "200", "--title", "Floor plan", "--random", "5", "--seed",
      "11")
    let form = try box.openJSON(id)
    #expect(form.title == "Floor plan")
    #expect(form.width == 300.5)
    #expect(form.height == 200)
    #expect(form.rectangles.count == 5)
    #expect(Set(form.rectangles.map(\.id)).count == 5)
    for rectangle in form.rectangles {
      #expect(isId(rectangle.id))
      #expect(rectangle.width == 150 && rectangle.height == 120, "default size: \(rectangle)")
      #expect(rectangle.x >= 0 && rectangle.x + rectangle.width <= 300.5, "inside: \(rectangle)")
      #expect(rectangle.y >= 0 && rectangle.y + rectangle.height <= 200, "inside: \(rectangle)")
      #expect((1...10).contains(rectangle.alpha))
      #expect(rectangle.color.wholeMatch(of: #/#[0-9a-f]{6}/#) != nil)
    }
  }

  @Test func theSameSeedMakesTheSameDrawing() throws {
    let box = try Sandbox()
    let first = try box.newDrawing("--random", "20", "--seed", "7")
    let second = try box.newDrawing("--random", "20", "--seed", "7")
    let other = try box.newDrawing("--random", "20", "--seed", "8")
    let a = try box.openJSON(first)
    let b = try box.openJSON(second)
    #expect(first != second)
    #expect(a.rectangles.count == 20)
    #expect(a.rectangles == b.rectangles)
    #expect(a.title == b.title && a.width == b.width && a.height == b.height)
    #expect(try box.openJSON(other).rectangles != a.rectangles)
  }

  @Test func addWithTheSameSeedOnTwoEqualDrawingsAddsTheSameRectangles() throws {
    let box = try Sandbox()
    let first = try box.newDrawing("--random", "4", "--seed", "1", "--title", "A")
    let second = try box.newDrawing("--random", "4", "--seed", "1", "--title", "B")
    let firstIds = box.add(first, "--count", "5", "--seed", "3")
    let secondIds = box.add(second, "--count", "5", "--seed", "3")
    #expect(firstIds.count == 5)
    #expect(firstIds == secondIds)
    let a = try box.openJSON(first)
    let b = try box.openJSON(second)
    #expect(a.rectangles.count == 9)
    #expect(a.rectangles == b.rectangles)
    #expect(a.rectangles.suffix(5).map(\.id) == firstIds)
  }

  // MARK: save

  @Test func saveReadsAFileOrStandardInput() throws {
    let box = try Sandbox()
    let fromFile = try #require(singleId(box.succeed("save", sample("seeds-example.svg"))))
    let fromInput = try #require(
      singleId(
        try box.succeedBinary(["save", "-"], input: Data(try sampleBytes("seeds-example.svg")))))
    #expect(fromFile != fromInput)
    // Neither id was in the store, so each is a new drawing with a fresh id.
    #expect(fromFile != "k3j-9xa-0pq")
    #expect(fromInput != "k3j-9xa-0pq")
    for id in [fromFile, fromInput] {
      let form = try box.openJSON(id)
      #expect(form.title == "Seeds example")
      #expect(
        form.rectangles == [
          RectangleForm(
            id: "afy-kw5-t7o", x: 45, y: 44, width: 89, height: 92, color: "#ebc641", alpha: 7)
        ])
    }
    #expect(Set(try box.listJSON().map(\.id)) == [fromFile, fromInput])
  }

  @Test func saveWithATitleUsesIt() throws {
    let box = try Sandbox()
    let id = try #require(
      singleId(box.succeed("save", sample("seeds-example.svg"), "--title", "Given")))
    #expect(try box.openJSON(id).title == "Given")
    #expect(try box.openJSON("Given").id == id)
  }

  @Test func anExportedFileSavedBackIsANewVersionOfTheSameDrawing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Round trip", "--random", "3", "--seed", "5")
    let original = try box.openJSON(id)
    let exported = "\(box.work)/exported.svg"
    box.succeed("export", id, "-o", exported)
    // Edit it elsewhere: a new title and other times in the file. The store keeps its own
    // created time and sets modified to now.
    let text = String(decoding: try box.read(exported), as: UTF8.self)
      .replacingOccurrences(of: "<title>Round trip</title>", with: "<title>Edited</title>")
      .replacingOccurrences(
        of: "data-created=\"\(original.created)\"", with: "data-created=\"2001-01-01T00:00:00Z\""
      )
      .replacingOccurrences(
        of: "data-modified=\"\(original.modified)\"",
        with: "data-modified=\"2001-01-02T00:00:00Z\"")
    #expect(text.contains("data-id=\"\(id)\""))
    #expect(text.contains("2001-01-01T00:00:00Z") && text.contains("<title>Edited</title>"))
    try box.file("exported.svg", Array(text.utf8))
    let before = nowSeconds()
    #expect(box.succeed("save", exported) == "\(id)\n")
    let saved = try box.openJSON(id)
    #expect(saved.title == "Edited")
    #expect(saved.rectangles == original.rectangles)
    #expect(saved.created == original.created)
    let modified = try seconds(saved.modified)
    #expect(modified >= before - 1 && modified <= nowSeconds() + 1)
    #expect(try box.listJSON().map(\.id) == [id])
  }

  @Test func saveNewAlwaysMakesANewDrawing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Original", "--random", "2", "--seed", "4")
    let original = try box.openJSON(id)
    let exported = "\(box.work)/copy.svg"
    box.succeed("export", id, "-o", exported)
    let copy = try #require(singleId(box.succeed("save", exported, "--new")))
    #expect(copy != id)
    #expect(try box.openJSON(id) == original)
    #expect(try box.openJSON(copy).rectangles == original.rectangles)
    #expect(Set(try box.listJSON().map(\.id)) == [id, copy])
  }

  @Test func saveReplaceMakesTheFileANewVersionOfTheNamedDrawing() throws {
    let box = try Sandbox()
    let target = try box.newDrawing("--title", "Target")
    let before = try box.openJSON(target)
    #expect(
      box.succeed("save", sample("seeds-example.svg"), "--replace", "Target") == "\(target)\n")
    let replaced = try box.openJSON(target)
    #expect(replaced.title == "Seeds example")
    #expect(replaced.rectangles.map(\.id) == ["afy-kw5-t7o"])
    #expect(replaced.created == before.created)
    #expect(
      box.succeed("save", sample("empty-canvas.svg"), "--replace", target) == "\(target)\n")
    let again = try box.openJSON(target)
    #expect(again.title == "Empty canvas")
    #expect(again.width == 640 && again.height == 480 && again.rectangles.isEmpty)
    #expect(try box.listJSON().map(\.id) == [target])
  }

  // MARK: open, list, export

  @Test func openPrintsAHeaderThenOneLinePerRectangle() throws {
    let box = try Sandbox()
    let id = try #require(singleId(box.succeed("save", sample("seeds-example.svg"))))
    let added = box.add(
      id, "--x", "10", "--y", "20.5", "--width", "30", "--height", "40", "--color", "#ff8000",
      "--alpha", "3")
    let rectangle = try #require(added.first)
    let output = box.succeed("open", id)
    #expect(output.hasSuffix("\n"))
    let lines = output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      .map(String.init)
    let expectedRectangles = [
      seedsLine,
      "(\(rectangle)), X: 10.0, Y: 20.5, W: 30.0, H: 40.0, R: 255, G: 128, B: 0, Alpha: 3",
    ]
    #expect(Array(lines.suffix(2)) == expectedRectangles)
    let header = lines.dropLast(2)
    #expect(!header.isEmpty)
    #expect(header.contains { $0.contains("Seeds example") })
    #expect(header.contains { $0.contains(id) })
    #expect(box.succeed("open", "Seeds example") == output)
  }

  @Test func openJSONIsTheDocumentedFormAndValidates() throws {
    let box = try Sandbox()
    let id = try #require(singleId(box.succeed("save", sample("seeds-example.svg"))))
    let text = box.succeed("open", id, "--json")
    let form = try JSONDecoder().decode(DrawingForm.self, from: Data(text.utf8))
    #expect(form.format == "drawdoc")
    #expect(form.version == 1)
    #expect(form.id == id)
    #expect(form.title == "Seeds example")
    #expect(form.width == 1024 && form.height == 768)
    #expect(
      form.rectangles == [
        RectangleForm(
          id: "afy-kw5-t7o", x: 45, y: 44, width: 89, height: 92, color: "#ebc641", alpha: 7)
      ])
    #expect(try schemaViolations(text, schema: schema("drawdoc.schema.json")) == "")
    let empty = try box.newDrawing()
    let emptyText = box.succeed("open", empty, "--json")
    #expect(try schemaViolations(emptyText, schema: schema("drawdoc.schema.json")) == "")
  }

  /// Three drawings written straight into the store with times in the past.
  private func plantThree(_ box: Sandbox) throws -> [Drawing] {
    func drawing(_ id: String, _ title: String, count: Int, modified: String) throws -> Drawing {
      var plane = try Plane(size: try Size(width: 640, height: 480.5), title: title)
      var factory = RectangleFactory(seed: 99)
      for _ in 0..<count { try plane.add(try factory.makeRectangle(for: plane)) }
      return Drawing(
        id: try Identifier(id), created: try Timestamp("2021-03-10T12:00:00Z"),
        modified: try Timestamp(modified), plane: plane)
    }
    let drawings = [
      try drawing("aaa-aaa-aaa", "Alpha", count: 3, modified: "2023-05-15T12:00:00Z"),
      try drawing("bbb-bbb-bbb", "Bravo", count: 0, modified: "2024-07-20T12:00:00Z"),
      try drawing("ccc-ccc-ccc", "Charlie", count: 5, modified: "2022-01-25T12:00:00Z"),
    ]
    for drawing in drawings { try box.plant(drawing) }
    return drawings
  }

  @Test func listShowsOneRowPerDrawingNewestFirst() throws {
    let box = try Sandbox()
    _ = try plantThree(box)
    // The binary: the table shows local times, which only a process's own TZ (UTC here) sets.
    let result = try box.runBinary(["list"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    func row(_ id: String) -> (index: Int, words: [String])? {
      guard let index = lines.firstIndex(where: { $0.contains(id) }) else { return nil }
      return (index, lines[index].split(separator: " ").map(String.init))
    }
    let bravo = try #require(row("bbb-bbb-bbb"))
    let alpha = try #require(row("aaa-aaa-aaa"))
    let charlie = try #require(row("ccc-ccc-ccc"))
    #expect(bravo.index < alpha.index && alpha.index < charlie.index)
    #expect(lines.filter { isId(String($0.prefix(11))) }.count == 3)
    for (row, title, count, day) in [
      (alpha, "Alpha", "3", "2023-05-15"), (bravo, "Bravo", "0", "2024-07-20"),
      (charlie, "Charlie", "5", "2022-01-25"),
    ] {
      #expect(row.words.contains(title), "\(row.words)")
      #expect(row.words.contains(count), "\(row.words)")
      #expect(row.words.contains { $0.hasPrefix("2021-03-10") }, "created: \(row.words)")
      #expect(row.words.contains { $0.hasPrefix(day) }, "modified: \(row.words)")
    }
    // Changing the oldest drawing makes it the newest.
    box.add("ccc-ccc-ccc")
    let again = try box.runBinary(["list"]).standardOutput.split(separator: "\n")
    let top = try #require(again.firstIndex { isId(String($0.prefix(11))) })
    #expect(again[top].hasPrefix("ccc-ccc-ccc"))
  }

  @Test func listJSONIsTheDocumentedFormNewestFirstAndValidates() throws {
    let box = try Sandbox()
    let planted = try plantThree(box)
    let fresh = try box.newDrawing("--title", "Fresh", "--random", "2")
    let result = box.run(["list", "--json"])
    #expect(result.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(result.standardOutput.utf8))
    #expect(rows.map(\.id) == [fresh, "bbb-bbb-bbb", "aaa-aaa-aaa", "ccc-ccc-ccc"])
    let expected = [planted[1], planted[0], planted[2]].map { drawing in
      ListRow(
        id: drawing.id.description, title: drawing.plane.title, rectangles: drawing.plane.count,
        width: 640, height: 480.5, created: "2021-03-10T12:00:00Z",
        modified: drawing.modified.description)
    }
    #expect(Array(rows.dropFirst()) == expected)
    #expect(rows.first?.title == "Fresh" && rows.first?.rectangles == 2)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-list.schema.json")) == "")
  }

  @Test func listOfAStoreMadeByDrawdocWarnsOfNothing() throws {
    let box = try Sandbox()
    let empty = box.run(["list", "--json"])
    #expect(empty.status == 0)
    #expect(empty.standardError == "")
    #expect(try JSONDecoder().decode([ListRow].self, from: Data(empty.standardOutput.utf8)) == [])
    #expect(box.run(["list"]).status == 0)
    let first = try box.newDrawing("--title", "One")
    let second = try box.newDrawing("--title", "Two")
    box.add(first)
    let table = box.succeed("list")
    #expect(table.contains(first) && table.contains(second))
    #expect(Set(try box.listJSON().map(\.id)) == [first, second])
  }

  @Test func exportWritesSVGOrJSONToStandardOutputOrAFile() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Export me", "--random", "4", "--seed", "2")
    let svg = box.succeed("export", id)
    #expect(Array(svg.utf8) == (try box.read("\(box.store)/drawings/\(id).svg")))
    let svgFile = try box.file("stdout.svg", Array(svg.utf8))
    #expect(box.succeed("validate", "--canonical", svgFile) == "\(svgFile): ok\n")
    let json = box.succeed("export", id, "--format", "json")
    let form = try JSONDecoder().decode(DrawingForm.self, from: Data(json.utf8))
    #expect(form == (try box.openJSON(id)))
    #expect(try schemaViolations(json, schema: schema("drawdoc.schema.json")) == "")
    #expect(box.succeed("export", id, "--format", "svg") == svg)
    // -o: the format follows the extension, unless --format names one.
    #expect(box.succeed("export", id, "-o", "\(box.work)/out.svg") == "")
    #expect(try box.read("\(box.work)/out.svg") == Array(svg.utf8))
    #expect(box.succeed("export", id, "-o", "\(box.work)/out.json") == "")
    #expect(
      try JSONDecoder().decode(
        DrawingForm.self, from: Data(try box.read("\(box.work)/out.json"))) == form)
    box.succeed("export", id, "--format", "svg", "-o", "\(box.work)/forced.json")
    #expect(try box.read("\(box.work)/forced.json") == Array(svg.utf8))
    box.succeed("export", "Export me", "-o", "\(box.work)/by-title.svg")
    #expect(try box.read("\(box.work)/by-title.svg") == Array(svg.utf8))
  }

  /// The width, height, bit depth and color type in a PNG file's IHDR chunk.
  private func pngHeader(_ bytes: [UInt8]) -> (
    width: UInt32, height: UInt32, depth: UInt8, type: UInt8
  )? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.count >= 33, Array(bytes[0..<8]) == signature,
      Array(bytes[12..<16]) == Array("IHDR".utf8)
    else { return nil }
    func word(_ offset: Int) -> UInt32 {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | UInt32($1) }
    }
    return (word(16), word(20), bytes[24], bytes[25])
  }

  @Test func pngOutputHasTheCanvasSizeTimesTheScaleRoundedUp() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--width", "100.5", "--height", "50", "--random", "3")
    for (arguments, width, height) in [
      (["-o", "\(box.work)/one.png"], UInt32(101), UInt32(50)),
      (["-o", "\(box.work)/two.png", "--scale", "2"], 201, 100),
      (["--format", "png", "-o", "\(box.work)/half.bin", "--scale", "0.5"], 51, 25),
      (["-o", "\(box.work)/back.png", "--background", "white"], 101, 50),
    ] {
      box.succeed(["export", id] + arguments)
      let file = try #require(arguments.first { $0.hasPrefix(box.work) })
      let header = try #require(pngHeader(try box.read(file)), "\(arguments)")
      #expect(header.width == width && header.height == height, "\(arguments)")
      #expect(header.depth == 8 && header.type == 6, "8-bit RGBA: \(arguments)")
    }
    let converted = "\(box.work)/converted.png"
    #expect(
      box.succeed(["convert", sample("seeds-example.svg"), converted, "--scale", "0.5"]) == "")
    let header = try #require(pngHeader(try box.read(converted)))
    #expect(header.width == 512 && header.height == 384)
  }

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

  // MARK: convert, validate

  static let sampleNames: [String] = {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Samples").path)
    return (names ?? []).filter { $0.hasSuffix(".svg") }.sorted()
  }()

  @Test(arguments: StoreCommandTests.sampleNames)
  func convertRoundTripsThroughJSONByteForByte(_ name: String) throws {
    let box = try Sandbox()
    let json = "\(box.work)/out.json"
    let back = "\(box.work)/back.svg"
    let again = "\(box.work)/again.json"
    #expect(box.succeed("convert", sample(name), json) == "")
    #expect(box.succeed("convert", json, back) == "")
    #expect(try box.read(back) == (try sampleBytes(name)))
    box.succeed("convert", back, again)
    #expect(try box.read(again) == (try box.read(json)))
    let text = String(decoding: try box.read(json), as: UTF8.self)
    #expect(try schemaViolations(text, schema: schema("drawdoc.schema.json")) == "")
    #expect(box.succeed("validate", "--canonical", back) == "\(back): ok\n")
    // The store is not involved.
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }

  @Test func exportedFilesValidate() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Valid <&>", "--random", "6")
    let file = "\(box.work)/valid.svg"
    box.succeed("export", id, "-o", file)
    #expect(box.succeed("validate", file) == "\(file): ok\n")
    #expect(box.succeed("validate", "--canonical", file) == "\(file): ok\n")
  }

  // MARK: --store

  @Test func theStoreOptionWorksBeforeTheCommandAndAsAnOption() throws {
    let box = try Sandbox()
    let home = "\(box.root)/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let bare = ["PATH": path, "HOME": home, "TZ": "UTC"]
    func run(_ arguments: [String], _ environment: [String: String]) -> String? {
      let result = drawdoc(arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      return singleId(result.standardOutput)
    }
    func holds(_ store: String, _ id: String?) -> Bool {
      guard let id else { return false }
      return FileManager.default.fileExists(atPath: "\(store)/drawings/\(id).svg")
    }
    let global = "\(box.root)/global"
    let option = "\(box.root)/option"
    let attached = "\(box.root)/attached"
    let environmentStore = "\(box.root)/environment"
    #expect(holds(global, run(["--store", global, "new"], bare)))
    #expect(holds(option, run(["new", "--store", option], bare)))
    #expect(holds(attached, run(["--store=\(attached)", "new"], bare)))
    #expect(holds(attached, run(["new", "--store=\(attached)"], bare)))
    // --store wins over DRAWDOC_STORE, which wins over XDG_DATA_HOME and HOME.
    var withEnvironment = bare
    withEnvironment["DRAWDOC_STORE"] = environmentStore
    withEnvironment["XDG_DATA_HOME"] = "\(box.root)/xdg"
    #expect(holds(global, run(["--store", global, "new"], withEnvironment)))
    #expect(holds(option, run(["new", "--store", option], withEnvironment)))
    #expect(!FileManager.default.fileExists(atPath: "\(environmentStore)/drawings"))
    #expect(holds(environmentStore, run(["new"], withEnvironment)))
    var xdg = bare
    xdg["XDG_DATA_HOME"] = "\(box.root)/xdg"
    #expect(holds("\(box.root)/xdg/drawdoc", run(["new"], xdg)))
    #expect(holds("\(home)/.local/share/drawdoc", run(["new"], bare)))
    // Reading commands look in the same place.
    let listed = drawdoc(["--store", global, "list", "--json"], environment: bare)
    #expect(listed.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(listed.standardOutput.utf8))
    #expect(rows.count == 2)
    let viaOption = drawdoc(["list", "--json", "--store", global], environment: bare)
    #expect(viaOption.standardOutput == listed.standardOutput)
  }

  @Test func inProcessRunsUseTheGivenEnvironment() throws {
    let box = try Sandbox()
    let made = drawdoc("new", "--title", "In process", environment: box.environment)
    #expect(made.status == 0)
    let id = try #require(singleId(made.standardOutput))
    #expect(FileManager.default.fileExists(atPath: "\(box.store)/drawings/\(id).svg"))
    let listed = drawdoc("list", "--json", environment: box.environment)
    #expect(listed.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(listed.standardOutput.utf8))
    #expect(rows.map(\.id) == [id])
    #expect(drawdoc("open", "In process", environment: box.environment).status == 0)
  }

  // MARK: - Failures

  struct FailureCase: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var status: Int32
    /// Text the message must contain; `{…}` are filled in as in `arguments`.
    var mentions: [String] = []
    var testDescription: String { "\(status): " + arguments.joined(separator: " ") }
  }

  static let failureCases: [FailureCase] = [
    // 64: the command line.
    FailureCase(arguments: ["frobnicate"], status: 64, mentions: ["frobnicate"]),
    FailureCase(arguments: [], status: 64),
    FailureCase(arguments: ["--bogus", "list"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["list", "--bogus"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["add", "{DOC}", "--bogus", "1"], status: 64, mentions: ["--bogus"]),
    FailureCase(arguments: ["new", "extra"], status: 64, mentions: ["extra"]),
    FailureCase(arguments: ["--store"], status: 64, mentions: ["store"]),
    FailureCase(arguments: ["open"], status: 64, mentions: ["DOC"]),
    FailureCase(arguments: ["add"], status: 64, mentions: ["DOC"]),
    FailureCase(arguments: ["set", "{DOC}"], status: 64, mentions: ["RECT"]),
    FailureCase(arguments: ["remove", "{DOC}"], status: 64, mentions: ["RECT"]),
    FailureCase(arguments: ["rename", "{DOC}"], status: 64, mentions: ["TITLE"]),
    FailureCase(arguments: ["hit", "{DOC}", "1"], status: 64, mentions: ["Y"]),
    FailureCase(arguments: ["save"], status: 64, mentions: ["FILE"]),
    FailureCase(arguments: ["convert", "{GOOD_SVG}"], status: 64, mentions: ["OUT"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha"], status: 64, mentions: ["alpha"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "11"], status: 64, mentions: ["11"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "0"], status: 64, mentions: ["alpha"]),
    FailureCase(arguments: ["add", "{DOC}", "--alpha", "7.5"], status: 64, mentions: ["7.5"]),
    FailureCase(arguments: ["add", "{DOC}", "--color", "nope"], status: 64, mentions: ["nope"]),
    FailureCase(
      arguments: ["add", "{DOC}", "--color", "#12345"], status: 64, mentions: ["#12345"]),
    FailureCase(
      arguments: ["add", "{DOC}", "--color", "rgb(256,0,0)"], status: 64,
      mentions: ["rgb(256,0,0)"]),
    FailureCase(arguments: ["add", "{DOC}", "--x", "abc"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["add", "{DOC}", "--x", "nan"], status: 64, mentions: ["nan"]),
    FailureCase(arguments: ["add", "{DOC}", "--y", "inf"], status: 64, mentions: ["inf"]),
    FailureCase(arguments: ["add", "{DOC}", "--width", "0"], status: 64, mentions: ["width"]),
    FailureCase(arguments: ["add", "{DOC}", "--height", "-3"], status: 64, mentions: ["-3"]),
    FailureCase(arguments: ["add", "{DOC}", "--count", "three"], status: 64, mentions: ["three"]),
    FailureCase(arguments: ["add", "{DOC}", "--seed", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(arguments: ["new", "--width", "0"], status: 64, mentions: ["width"]),
    FailureCase(arguments: ["new", "--width", "-5"], status: 64, mentions: ["-5"]),
    FailureCase(arguments: ["new", "--height", "tall"], status: 64, mentions: ["tall"]),
    FailureCase(arguments: ["new", "--random", "-2"], status: 64, mentions: ["-2"]),
    FailureCase(arguments: ["new", "--seed", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(arguments: ["new", "--seed", "1.5"], status: 64, mentions: ["1.5"]),
    FailureCase(arguments: ["new", "--title", "bell\u{7}"], status: 64, mentions: ["title"]),
    FailureCase(
      arguments: ["set", "{DOC}", "not-an-id", "--x", "1"], status: 64, mentions: ["not-an-id"]),
    FailureCase(
      arguments: ["set", "{DOC}", "ABC-DEF-GHI", "--x", "1"], status: 64,
      mentions: ["ABC-DEF-GHI"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--alpha", "11"], status: 64, mentions: ["11"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--color", "nope"], status: 64, mentions: ["nope"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--width", "-1"], status: 64, mentions: ["-1"]),
    FailureCase(
      arguments: ["set", "{DOC}", "{RECT}", "--x", "abc"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["remove", "{DOC}", "bad"], status: 64, mentions: ["bad"]),
    FailureCase(arguments: ["hit", "{DOC}", "abc", "1"], status: 64, mentions: ["abc"]),
    FailureCase(arguments: ["hit", "{DOC}", "1", "inf"], status: 64, mentions: ["inf"]),
    FailureCase(arguments: ["rename", "{DOC}", "bell\u{7}"], status: 64, mentions: ["title"]),
    FailureCase(arguments: ["export", "{DOC}", "--format", "gif"], status: 64, mentions: ["gif"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--scale", "0"], status: 64,
      mentions: ["scale"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--scale", "abc"], status: 64,
      mentions: ["abc"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/out.png", "--background", "nope"], status: 64,
      mentions: ["nope"]),
    FailureCase(
      arguments: ["convert", "{GOOD_SVG}", "{WORK}/out.png", "--scale", "-1"], status: 64,
      mentions: ["-1"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "{DOC}", "--new"], status: 64,
      mentions: ["--new"]),
    FailureCase(arguments: ["open", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(arguments: ["add", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(
      arguments: ["rename", "Twin", "Single"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(arguments: ["delete", "Twin"], status: 64, mentions: ["{TWIN1}", "{TWIN2}"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "Twin"], status: 64,
      mentions: ["{TWIN1}", "{TWIN2}"]),
    // 66: no such drawing, rectangle or file.
    FailureCase(arguments: ["open", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["open", "zzz-zzz-zzz"], status: 66, mentions: ["zzz-zzz-zzz"]),
    FailureCase(arguments: ["open", "../drawings/{DOC}"], status: 66, mentions: ["../drawings/"]),
    FailureCase(arguments: ["delete", "../../{DOC}"], status: 66, mentions: ["../../"]),
    FailureCase(arguments: ["rename", "drawings/{DOC}.svg", "X"], status: 66, mentions: [".svg"]),
    FailureCase(arguments: ["add", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["set", "nosuch", "{RECT}", "--x", "1"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["remove", "nosuch", "{RECT}"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["clear", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["rename", "nosuch", "T"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["duplicate", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["delete", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["export", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(arguments: ["hit", "nosuch", "1", "1"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["save", "{GOOD_SVG}", "--replace", "nosuch"], status: 66, mentions: ["nosuch"]),
    FailureCase(
      arguments: ["set", "{DOC}", "zzz-zzz-zzz", "--x", "1"], status: 66,
      mentions: ["zzz-zzz-zzz"]),
    FailureCase(
      arguments: ["remove", "{DOC}", "zzz-zzz-zzz"], status: 66, mentions: ["zzz-zzz-zzz"]),
    FailureCase(arguments: ["save", "{WORK}/missing.svg"], status: 66, mentions: ["missing.svg"]),
    FailureCase(
      arguments: ["convert", "{WORK}/missing.svg", "{WORK}/out.json"], status: 66,
      mentions: ["missing.svg"]),
    FailureCase(
      arguments: ["convert", "{WORK}/missing.json", "{WORK}/out.svg"], status: 66,
      mentions: ["missing.json"]),
    // 65: a file's content.
    FailureCase(arguments: ["save", "{BAD_SVG}"], status: 65, mentions: ["bad.svg"]),
    FailureCase(arguments: ["save", "{EMPTY}"], status: 65, mentions: ["empty.svg"]),
    FailureCase(
      arguments: ["save", "--strict", "{FOREIGN_SVG}"], status: 65, mentions: ["foreign.svg"]),
    FailureCase(
      arguments: ["save", "{BAD_SVG}", "--replace", "{DOC}"], status: 65, mentions: ["bad.svg"]),
    FailureCase(
      arguments: ["convert", "{BAD_JSON}", "{WORK}/out.svg"], status: 65, mentions: ["bad.json"]),
    FailureCase(
      arguments: ["convert", "{WRONG_JSON}", "{WORK}/out.svg"], status: 65,
      mentions: ["wrong.json"]),
    FailureCase(
      arguments: ["convert", "{BAD_SVG}", "{WORK}/out.json"], status: 65, mentions: ["bad.svg"]),
    // 73: the output cannot be created.
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/no/such/folder/out.svg"], status: 73,
      mentions: ["no/such/folder"]),
    FailureCase(
      arguments: ["export", "{DOC}", "--format", "json", "-o", "{WORK}/no/such/out.json"],
      status: 73, mentions: ["no/such"]),
    FailureCase(
      arguments: ["convert", "{GOOD_SVG}", "{WORK}/no/such/out.json"], status: 73,
      mentions: ["no/such"]),
    FailureCase(
      arguments: ["export", "{DOC}", "-o", "{WORK}/folder.svg"], status: 73,
      mentions: ["folder.svg"]),
  ]

  /// A store with a drawing `Doc` holding rectangle `{RECT}` and two drawings titled `Twin`,
  /// and input files in the work folder; returns the fill-ins for `{…}`.
  private func failureFixture(_ box: Sandbox) throws -> [String: String] {
    let document = try box.newDrawing("--title", "Doc", "--random", "2", "--seed", "1")
    let rectangle = try #require(box.add(document, "--x", "1", "--y", "2").first)
    let twin1 = try box.newDrawing("--title", "Twin")
    let twin2 = try box.newDrawing("--title", "Twin", "--random", "1")
    let good = try box.file("good.svg", try sampleBytes("seeds-example.svg"))
    try FileManager.default.createDirectory(
      atPath: "\(box.work)/folder.svg/inside", withIntermediateDirectories: true)
    let bad = try box.file("bad.svg", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect".utf8))
    let empty = try box.file("empty.svg", [])
    let foreign = try box.file(
      "foreign.svg",
      Array(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
          <circle cx="50" cy="50" r="40" fill="red"/>
        </svg>

        """.utf8))
    let badJSON = try box.file("bad.json", Array(#"{"format": "drawdoc", "version": 1, "#.utf8))
    let wrongJSON = try box.file(
      "wrong.json",
      Array(
        #"{"format": "drawdoc", "version": 1, "id": "bad", "title": "", "width": 10, "height": 10, "created": "2026-11-21T08:00:00Z", "modified": "2026-11-21T08:00:00Z", "rectangles": []}"#
          .utf8))
    return [
      "{DOC}": document, "{RECT}": rectangle, "{TWIN1}": twin1, "{TWIN2}": twin2,
      "{WORK}": box.work, "{GOOD_SVG}": good, "{BAD_SVG}": bad, "{EMPTY}": empty,
      "{FOREIGN_SVG}": foreign, "{BAD_JSON}": badJSON, "{WRONG_JSON}": wrongJSON,
    ]
  }

  private func fill(_ text: String, _ values: [String: String]) -> String {
    values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
  }

  @Test(arguments: StoreCommandTests.failureCases)
  func aFailedCommandExitsWithItsStatusSaysWhyAndChangesNothing(_ testCase: FailureCase) throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    let before = try box.snapshot()
    let arguments = testCase.arguments.map { fill($0, values) }
    let result = box.run(arguments)
    #expect(result.status == testCase.status, "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("Error: "), "\(result.standardError)")
    for mention in testCase.mentions.map({ fill($0, values) }) {
      #expect(result.standardError.contains(mention), "\(result.standardError)")
    }
    #expect(changedPaths(before, try box.snapshot()) == [])
  }

  /// The runs above are in this process. The binary exits with the same status, as the system
  /// reports it, and writes the same to its standard output and error: one command for each
  /// status but 74 (an input or output error) and 75 (the lock, tested through the binary).
  @Test func theBinaryExitsWithTheStatusAndWritesTheOutputOfARunInProcess() throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    var statuses: [Int32] = []
    for template in [
      ["open", "{DOC}", "--json"], ["hit", "{DOC}", "-5", "-5"], ["add", "{DOC}", "--alpha", "11"],
      ["save", "{BAD_SVG}"], ["open", "nosuch"],
      ["export", "{DOC}", "-o", "{WORK}/no/such/folder/out.svg"],
    ] {
      let arguments = template.map { fill($0, values) }
      let inProcess = box.run(arguments)
      let binary = try box.runBinary(arguments)
      #expect(binary.status == inProcess.status, "\(arguments)")
      #expect(binary.standardOutput == inProcess.standardOutput, "\(arguments)")
      #expect(binary.standardError == inProcess.standardError, "\(arguments)")
      statuses.append(binary.status)
    }
    #expect(statuses == [0, 1, 64, 65, 66, 73])
  }

  @Test func aMissingOrBrokenFileGivenToValidateSaysWhich() throws {
    let box = try Sandbox()
    let missing = "\(box.work)/missing.svg"
    let gone = box.run(["validate", missing])
    #expect(gone.status == 66)
    #expect(gone.standardOutput == "")
    #expect(gone.standardError.contains(missing))
    let bad = try box.file("bad.svg", Array("<svg".utf8))
    let broken = box.run(["validate", bad])
    #expect(broken.status == 65)
    #expect(broken.standardError.hasPrefix("\(bad):"))
    #expect(broken.standardError.contains("error"))
  }

  // MARK: The lock

  static let lockedCases: [[String]] = [
    ["new"], ["add", "{DOC}"], ["set", "{DOC}", "{RECT}", "--x", "1"],
    ["remove", "{DOC}", "{RECT}"],
    ["clear", "{DOC}"], ["rename", "{DOC}", "Renamed"], ["duplicate", "{DOC}"],
    ["delete", "{DOC}"],
    ["save", "{GOOD_SVG}"], ["save", "{GOOD_SVG}", "--replace", "{DOC}"],
  ]

  @Test(arguments: StoreCommandTests.lockedCases)
  func aStoreLockedByAnotherProcessExitsWith75AndChangesNothing(_ template: [String]) throws {
    let box = try Sandbox()
    let values = try failureFixture(box)
    let descriptor = open("\(box.store)/.lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    try #require(flock(descriptor, LOCK_EX) == 0)
    let before = try box.snapshot()
    let arguments = template.map { fill($0, values) }
    // The binary: the lock is held by another process, this one.
    let started = Date()
    let result = try box.runBinary(arguments, extra: ["DRAWDOC_LOCK_TIMEOUT": "0.3"])
    let waited = Date().timeIntervalSince(started)
    #expect(result.status == 75, "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(result.standardError.contains("Error: "))
    #expect(result.standardError.contains("lock"), "\(result.standardError)")
    #expect(waited >= 0.25 && waited < 8, "waited \(waited) s")
    #expect(changedPaths(before, try box.snapshot()) == [])
    flock(descriptor, LOCK_UN)
    let retried = try box.runBinary(arguments, extra: ["DRAWDOC_LOCK_TIMEOUT": "0.3"])
    #expect(retried.status == 0, "\(retried.standardError)")
  }

  // MARK: Concurrency

  @Test func eightProcessesAdding25EachLoseNoUpdate() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Busy")
    let writer = """
      for i in $(seq 25); do "$DRAWDOC" add "$DOC" >/dev/null 2>>"$ERRORS" || exit 1; done
      """
    // Readers alongside: an atomic write never shows them a half-written drawing.
    let reader = """
      for i in $(seq 40); do "$DRAWDOC" open "$DOC" --json >/dev/null 2>>"$ERRORS" || exit 1; done
      """
    var processes: [(Process, String)] = []
    for worker in 0..<10 {
      let errors = "\(box.work)/errors-\(worker).txt"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", worker < 8 ? writer : reader]
      process.environment = box.environment.merging([
        "DRAWDOC": drawdocExecutable.path, "DOC": id, "ERRORS": errors,
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    for (process, errors) in processes {
      process.waitUntilExit()
      let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "\(text)")
      #expect(text == "")
    }
    let form = try box.openJSON(id)
    #expect(form.rectangles.count == 200)
    #expect(Set(form.rectangles.map(\.id)).count == 200)
    #expect(try box.listJSON().map(\.rectangles) == [200])
  }

  @Test func eightProcessesCreatingDrawingsWhileOthersListKeepTheIndexWhole() throws {
    let box = try Sandbox()
    let script = """
      for i in $(seq 10); do "$DRAWDOC" new --title "W$WORKER" >>"$OUT" 2>>"$ERRORS" || exit 1; \\
      "$DRAWDOC" list >/dev/null 2>>"$LISTERRORS" || exit 1; done
      """
    var processes: [(process: Process, output: String, errors: String)] = []
    for worker in 0..<8 {
      let output = "\(box.work)/ids-\(worker).txt"
      let errors = "\(box.work)/errors-\(worker).txt"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      process.environment = box.environment.merging([
        "DRAWDOC": drawdocExecutable.path, "WORKER": "\(worker)", "OUT": output,
        "ERRORS": errors, "LISTERRORS": "\(box.work)/list-errors-\(worker).txt",
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      processes.append((process, output, errors))
    }
    for worker in processes { try worker.process.run() }
    var ids: [String] = []
    for worker in processes {
      worker.process.waitUntilExit()
      let errors = (try? String(contentsOfFile: worker.errors, encoding: .utf8)) ?? ""
      #expect(worker.process.terminationStatus == 0, "\(errors)")
      #expect(errors == "")
      let output = (try? String(contentsOfFile: worker.output, encoding: .utf8)) ?? ""
      ids += output.split(separator: "\n").map(String.init)
    }
    // Nothing changed behind drawdoc's back, so no list had anything to warn about.
    let listWarnings = (0..<8).flatMap { worker in
      ((try? String(contentsOfFile: "\(box.work)/list-errors-\(worker).txt", encoding: .utf8))
        ?? "").split(separator: "\n")
    }
    #expect(
      listWarnings.isEmpty, "\(listWarnings.count) warnings, first: \(listWarnings.first ?? "")")
    #expect(ids.count == 80)
    #expect(Set(ids).count == 80)
    let list = box.run(["list", "--json"])
    #expect(list.status == 0)
    #expect(list.standardError == "", "no warning once every writer has finished")
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(list.standardOutput.utf8))
    #expect(Set(rows.map(\.id)) == Set(ids))
  }

  @Test func theSchemaCheckRejectsWhatTheSchemasForbid() throws {
    #expect(try schemaViolations("[{\"id\": 1}]", schema: schema("drawdoc-list.schema.json")) != "")
    #expect(
      try schemaViolations(#"{"format": "drawdoc"}"#, schema: schema("drawdoc.schema.json")) != "")
  }

  // MARK: A damaged store

  enum IndexDamage: String, CaseIterable, Sendable {
    case deleted, garbage, truncated, wrongShape
  }

  @Test(arguments: IndexDamage.allCases)
  func listShowsEveryDrawingWhenTheIndexIsMissingOrDamaged(_ damage: IndexDamage) throws {
    let box = try Sandbox()
    let ids = [
      try box.newDrawing("--title", "One"), try box.newDrawing("--title", "Two", "--random", "3"),
      try box.newDrawing("--title", "Three"),
    ]
    let index = "\(box.store)/index.json"
    let original = try box.read(index)
    switch damage {
    case .deleted: try FileManager.default.removeItem(atPath: index)
    case .garbage:
      try Data([0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x7B]).write(to: URL(fileURLWithPath: index))
    case .truncated:
      try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: index))
    case .wrongShape: try Data("{\"drawings\": 42}\n".utf8).write(to: URL(fileURLWithPath: index))
    }
    let table = box.run(["list"])
    #expect(table.status == 0)
    #expect(table.standardError.lowercased().contains("warning"), "\(table.standardError)")
    for id in ids { #expect(table.standardOutput.contains(id)) }
    let json = box.run(["list", "--json"])
    #expect(json.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(json.standardOutput.utf8))
    #expect(Set(rows.map(\.id)) == Set(ids))
    #expect(rows.first { $0.title == "Two" }?.rectangles == 3)
    // The index was rebuilt: listing again has nothing to warn about.
    let again = box.run(["list"])
    #expect(again.status == 0)
    #expect(again.standardError == "")
    #expect(again.standardOutput == table.standardOutput)
    // Commands keep working.
    box.add("Two")
    #expect(try box.openJSON("Two").rectangles.count == 4)
  }

  @Test func aDamagedDrawingIsReportedAndTheOthersWork() throws {
    let box = try Sandbox()
    let good = try box.newDrawing("--title", "Good", "--random", "2")
    let bad = try box.newDrawing("--title", "Bad")
    let badFile = "\(box.store)/drawings/\(bad).svg"
    let garbage = Array("this is not a drawing\n".utf8)
    try Data(garbage).write(to: URL(fileURLWithPath: badFile))
    let list = box.run(["list"])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains(good) && list.standardOutput.contains(bad))
    #expect(list.standardError.contains(bad), "\(list.standardError)")
    let open = box.run(["open", bad])
    #expect(open.status == 65)
    #expect(open.standardError.contains(bad))
    #expect(try box.openJSON("Good").rectangles.count == 2)
    box.add(good)
    let failed = box.run(["add", bad])
    #expect(failed.status == 65)
    #expect(try box.read(badFile) == garbage)
    // Deleting it is what a user does about it.
    #expect(box.succeed("delete", bad) == "")
    #expect(!FileManager.default.fileExists(atPath: badFile))
    #expect(try box.listJSON().map(\.id) == [good])
  }

  @Test func listJSONWithADamagedDrawingStillMatchesTheListSchema() throws {
    let box = try Sandbox()
    _ = try box.newDrawing("--title", "Good")
    let bad = try box.newDrawing("--title", "Bad")
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: "\(box.store)/drawings/\(bad).svg"))
    let json = box.run(["list", "--json"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains(bad))
    #expect(
      try schemaViolations(json.standardOutput, schema: schema("drawdoc-list.schema.json")) == "")
  }
}
