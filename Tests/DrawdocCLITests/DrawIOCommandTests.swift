import Foundation
import Testing

// draw.io files on the command line: `convert` and `save` read them, `export --format drawio`
// and `convert … OUT.drawio` write them.

private let drawIOFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .appendingPathComponent("Fixtures/peers/drawio").path

/// Two plain pages: a red rectangle with a stroke and a label, then a blue one.
private let twoPages = """
  <mxfile>
    <diagram name="First" id="aaa-bbb-ccc">
      <mxGraphModel pageWidth="100" pageHeight="50">
        <root>
          <mxCell id="0"/>
          <mxCell id="1" parent="0"/>
          <mxCell id="r1" value="Hi" style="fillColor=#ff0000;" vertex="1" parent="1">
            <mxGeometry x="1" y="2" width="3" height="4" as="geometry"/>
          </mxCell>
        </root>
      </mxGraphModel>
    </diagram>
    <diagram name="Second" id="x">
      <mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/>
        <mxCell id="abc-def-ghi" style="fillColor=#0000ff;strokeColor=none;" vertex="1" parent="1">
          <mxGeometry x="5" y="6" width="7" height="8" as="geometry"/></mxCell>
      </root></mxGraphModel>
    </diagram>
  </mxfile>

  """

@Suite("draw.io on the command line")
struct DrawIOCommandTests {
  @Test func convertReadsTheFirstPageAndNamesTheCellAndTheOtherPage() throws {
    let box = try Sandbox()
    let input = try box.file("two.drawio", twoPages)
    let result = drawdoc("convert", input, "\(box.work)/out.json", environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError == """
        \(input):7: warning: cell "r1" kept as a rectangle without its label, stroke
        \(input):13: warning: the file has 2 pages: page 1 was read, not "Second" (--page N picks one)

        """)
    let json = try String(contentsOfFile: "\(box.work)/out.json", encoding: .utf8)
    #expect(json.contains("\"id\": \"aaa-bbb-ccc\""))
    #expect(json.contains("\"title\": \"First\""))
  }

  @Test func pageTwoIsReadWithPageAndAMissingPageIsRefused() throws {
    let box = try Sandbox()
    // Content-sniffed: the name says nothing of draw.io.
    let input = try box.file("two.xml", twoPages)
    let result = drawdoc(
      "convert", input, "\(box.work)/out.json", "--page", "2", environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    let json = try String(contentsOfFile: "\(box.work)/out.json", encoding: .utf8)
    #expect(json.contains("\"id\": \"abc-def-ghi\""))
    let missing = drawdoc(
      "convert", input, "\(box.work)/out.json", "--page", "3", environment: box.environment)
    #expect(missing.status == 65)
    #expect(missing.standardError.contains("there is no page 3: the file has 2 pages"))
  }

  /// Pages are a draw.io file's: `--page` with any other file is refused, whatever the way the
  /// file is read (an SVG file a piece at a time, standard input, the JSON form, a PNG, an
  /// Excalidraw scene), and no output is written.
  @Test func pageIsRefusedForAFileThatIsNotDrawIO() throws {
    let box = try Sandbox()
    let svg = sample("escaped-title.svg")
    let json = "\(box.work)/drawing.json"
    let png = "\(box.work)/drawing.png"
    box.succeed("convert", svg, json)
    box.succeed("convert", svg, png)
    let scene = "\(box.work)/drawing.excalidraw"
    box.succeed("convert", svg, scene)
    let out = "\(box.work)/out.svg"
    for (input, kind) in [
      (svg, "an SVG file"), (json, "the JSON form"), (png, "a PNG file"),
      (scene, "an Excalidraw scene"),
    ] {
      let result = drawdoc("convert", input, out, "--page", "2", environment: box.environment)
      #expect(result.status == 65)
      #expect(
        result.standardError
          == "Error: \(input): the file is \(kind), which holds one drawing, but page 2 was "
          + "asked for: pages are a draw.io file's; leave --page out\n")
      #expect(!FileManager.default.fileExists(atPath: out))
    }
    let piped = try box.runBinary(
      ["convert", "-", out, "--page", "1"], input: Data(try box.read(svg)))
    #expect(piped.status == 65)
    #expect(piped.standardError.contains("-: the file is an SVG file"))
    let saved = box.run(["save", json, "--page", "1"])
    #expect(saved.status == 65)
    #expect(saved.standardError.contains("the file is the JSON form"))
  }

  @Test func aTemplateConvertsWithOneWarningPerCell() throws {
    let box = try Sandbox()
    let input = "\(drawIOFixtures)/basic_flowchart.drawio"
    let result = drawdoc("convert", input, "\(box.work)/out.svg", environment: box.environment)
    #expect(result.status == 0)
    let lines = result.standardError.split(separator: "\n")
    #expect(lines.count == 11)
    #expect(lines.allSatisfy { $0.hasPrefix("\(input):2: warning: cell \"WIyWlLk6GJQsqaUBKTNV-") })
  }

  @Test func exportAsDrawIOAndConvertBackGivesTheSameSVG() throws {
    let box = try Sandbox()
    let original = sample("tricky-numbers.svg")
    let drawio = "\(box.work)/tricky.drawio"
    let toDrawIO = drawdoc("convert", original, drawio, environment: box.environment)
    #expect(toDrawIO.status == 0, "\(toDrawIO.standardError)")
    let back = drawdoc("convert", drawio, "\(box.work)/back.svg", environment: box.environment)
    #expect(back.status == 0)
    #expect(back.standardError == "")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/back.svg"))
        == Data(contentsOf: URL(fileURLWithPath: original)))
    let saved = drawdoc("save", drawio, environment: box.environment)
    #expect(saved.status == 0, "\(saved.standardError)")
    let id = String(saved.standardOutput.dropLast())
    let exported = drawdoc("export", id, "--format", "drawio", environment: box.environment)
    #expect(exported.status == 0)
    // A saved drawing gets a fresh id and new times: the page's content is the same.
    let written = try String(contentsOfFile: drawio, encoding: .utf8)
    let model = { (text: String) in text.split(separator: "<mxGraphModel").last }
    #expect(model(exported.standardOutput) == model(written))
  }

  @Test func hostileFilesExitWith65() throws {
    let box = try Sandbox()
    let cases = [
      "bad.drawio": #"<mxfile><diagram id="x">@@@</diagram></mxfile>"#,
      "self.drawio": #"<mxGraphModel><root><mxCell id="a" parent="a"/></root></mxGraphModel>"#,
      "huge.drawio":
        #"<mxGraphModel><root><mxCell id="0"/><mxCell id="a" parent="0" vertex="1"><mxGeometry x="9e999" width="1" height="1" as="geometry"/></mxCell></root></mxGraphModel>"#,
    ]
    for (name, text) in cases {
      let input = try box.file(name, text)
      let result = drawdoc("convert", input, "\(box.work)/out.svg", environment: box.environment)
      #expect(result.status == 65, "\(name)")
      #expect(result.standardError.hasPrefix("Error: \(input):1:"), "\(result.standardError)")
    }
  }

  @Test func saveStrictRefusesADrawIOFileWithWarnings() throws {
    let box = try Sandbox()
    let input = try box.file("two.drawio", twoPages)
    let result = drawdoc("save", input, "--strict", environment: box.environment)
    #expect(result.status == 65)
    #expect(result.standardError.contains("this one raised 2 warnings"))
  }
}
