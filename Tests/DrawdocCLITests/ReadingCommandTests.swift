import DrawdocModel
import Foundation
import Testing

private let seedsLine =
  "(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7"

/// `open`, `list`, `export`, `convert` and `validate`: what they print and write, and that it
/// follows the schemas.
@Suite struct ReadingCommandTests {
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

  // MARK: convert, validate

  static let sampleNames: [String] = {
    let names = try? FileManager.default.contentsOfDirectory(
      atPath: repositoryRoot.appendingPathComponent("Samples").path)
    return (names ?? []).filter { $0.hasSuffix(".svg") }.sorted()
  }()

  @Test(arguments: ReadingCommandTests.sampleNames)
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

  @Test func theSchemaCheckRejectsWhatTheSchemasForbid() throws {
    #expect(try schemaViolations("[{\"id\": 1}]", schema: schema("drawdoc-list.schema.json")) != "")
    #expect(
      try schemaViolations(#"{"format": "drawdoc"}"#, schema: schema("drawdoc.schema.json")) != "")
  }
}
