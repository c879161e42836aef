import DrawdocCLI
import Foundation
import Testing

// `save` and `convert` read any SVG in import mode and print one warning per loss on standard
// error as `FILE:LINE: warning: MESSAGE`; `save --strict` refuses a file with warnings.

/// A foreign SVG: line 3 has no data-id (not a loss), line 4 is a circle, line 5 has rounded
/// corners, line 6 a malformed data-id.
private let foreignSVG = """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" width="100" height="50">
    <rect x="1" y="2" width="3" height="4" fill="red"/>
    <circle cx="10" cy="10" r="5"/>
    <rect data-id="abc-def-ghi" x="5" width="10" height="10" fill="blue" rx="2"/>
    <rect data-id="Nope" x="20" width="1" height="1"/>
  </svg>

  """

/// The expected warning lines for `foreignSVG` read from `path`, given the fresh id of the
/// rectangle on line 6.
private func foreignWarnings(_ path: String, freshId: String) -> String {
  """
  \(path):4: warning: <circle> skipped: drawdoc keeps only rectangles
  \(path):5: warning: <rect>: rounded corners (rx, ry) dropped
  \(path):6: warning: <rect> has data-id="Nope", which is not an identifier: it gets the fresh id \(freshId)

  """
}

@Suite("Import on the command line")
struct ImportCommandTests {
  @Test func convertImportsAForeignSVGAndPrintsEachWarningWithFileAndLine() throws {
    let box = try Sandbox()
    let input = try box.file("foreign.svg", foreignSVG)
    let output = "\(box.work)/out.json"
    let result = drawdoc("convert", input, output, environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "")
    let form = try JSONDecoder().decode(
      DrawingForm.self, from: try Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(form.width == 100 && form.height == 50 && form.title == "")
    try #require(form.rectangles.count == 3)
    let firstId = form.rectangles[0].id
    let freshId = form.rectangles[2].id
    #expect(
      form.rectangles == [
        .init(id: firstId, x: 1, y: 2, width: 3, height: 4, color: "#ff0000", alpha: 10),
        .init(id: "abc-def-ghi", x: 5, y: 0, width: 10, height: 10, color: "#0000ff", alpha: 10),
        .init(id: freshId, x: 20, y: 0, width: 1, height: 1, color: "#000000", alpha: 10),
      ])
    #expect(result.standardError == foreignWarnings(input, freshId: freshId))
  }

  @Test func convertOfADrawdocFileRaisesNoWarning() throws {
    let box = try Sandbox()
    let result = drawdoc(
      "convert", sample("fractional-edges.svg"), "\(box.work)/out.svg",
      environment: box.environment)
    #expect(result.status == 0)
    #expect(result.standardError == "")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/out.svg"))
        == Data(contentsOf: URL(fileURLWithPath: sample("fractional-edges.svg"))))
  }

  @Test func saveImportsAForeignSVGIntoTheStore() throws {
    let box = try Sandbox()
    let input = try box.file("foreign.svg", foreignSVG)
    let saved = drawdoc("save", input, environment: box.environment)
    #expect(saved.status == 0, "\(saved.standardError)")
    let id = String(saved.standardOutput.dropLast())
    let opened = drawdoc("open", id, "--json", environment: box.environment)
    let form = try JSONDecoder().decode(
      DrawingForm.self, from: Data(opened.standardOutput.utf8))
    #expect(form.id == id)
    #expect(form.rectangles.map(\.color) == ["#ff0000", "#0000ff", "#000000"])
    let freshId = try #require(form.rectangles.last?.id)
    #expect(saved.standardError == foreignWarnings(input, freshId: freshId))
  }

  @Test func standardInputIsNamedDashInWarnings() throws {
    let box = try Sandbox()
    let result = try runBinary(
      ["save", "-"], input: Data(foreignSVG.utf8), environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 3)
    #expect(
      lines.prefix(2) == [
        "-:4: warning: <circle> skipped: drawdoc keeps only rectangles",
        "-:5: warning: <rect>: rounded corners (rx, ry) dropped",
      ])
    #expect(lines.last?.hasPrefix(#"-:6: warning: <rect> has data-id="Nope""#) == true)
  }

  @Test func saveStrictRefusesAFileWithWarningsAndLeavesTheStoreAlone() throws {
    let box = try Sandbox()
    let made = drawdoc("new", "--title", "Existing", environment: box.environment)
    #expect(made.status == 0)
    let input = try box.file("foreign.svg", foreignSVG)
    let before = try box.snapshot()
    let result = drawdoc("save", "--strict", input, environment: box.environment)
    #expect(result.status == 65)
    #expect(result.standardOutput == "")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 4)
    #expect(lines.prefix(3).allSatisfy { $0.hasPrefix("\(input):") && $0.contains(": warning: ") })
    #expect(
      lines.last
        == "Error: \(input): not saved: --strict refuses a file whose import raises warnings, "
        + "and this one raised 3 warnings (listed above)")
    #expect(try box.snapshot() == before)
  }

  @Test func saveStrictAcceptsADrawdocFile() throws {
    let box = try Sandbox()
    let result = drawdoc(
      "save", "--strict", sample("seeds-example.svg"), environment: box.environment)
    #expect(result.status == 0)
    #expect(result.standardOutput.wholeMatch(of: #/[a-z0-9]{3}-[a-z0-9]{3}-[a-z0-9]{3}\n/#) != nil)
    #expect(result.standardError == "")
  }

  @Test func aFileThatIsNotWellFormedIsStillAnError() throws {
    let box = try Sandbox()
    let input = try box.file(
      "broken.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\">\n<g>\n</svg>\n")
    let result = drawdoc("save", input, environment: box.environment)
    #expect(result.status == 65)
    #expect(result.standardError.hasPrefix("Error: \(input):3:"))
    #expect(!FileManager.default.fileExists(atPath: "\(box.store)/drawings"))
  }
}
