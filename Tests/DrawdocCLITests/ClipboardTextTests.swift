import Foundation
import Testing

// What draw.io's and Excalidraw's copy put on the clipboard as text, read by `convert` (and so
// by `save` and the app's paste, which share ForeignFile): draw.io's `encodeURIComponent` of an
// `<mxGraphModel>`, and Excalidraw's `{"type":"excalidraw/clipboard","elements":[…]}`.

/// What draw.io 21.1's copy (`EditorUi.copyCells`: `encodeURIComponent` of `Graph.encodeCells`)
/// writes for two vertices, the first with a label and draw.io's default stroke, and an edge
/// between them; produced by draw.io's own code. Decoded, it is the one line
/// `<mxGraphModel><root><mxCell id="0"/><mxCell id="1" parent="0"/><mxCell id="2" value="A"
/// style="rounded=0;whiteSpace=wrap;html=1;fillColor=#dae8fc;" vertex="1" parent="1">
/// <mxGeometry x="20" y="30" width="40" height="50" as="geometry"/></mxCell><mxCell id="3"
/// value="" style="fillColor=#ff0000;strokeColor=none;" vertex="1" parent="1"><mxGeometry
/// x="100" y="30" width="40" height="50" as="geometry"/></mxCell><mxCell id="4" value=""
/// edge="1" source="2" target="3" parent="1"><mxGeometry relative="1" as="geometry"/>
/// </mxCell></root></mxGraphModel>` (without the line breaks).
private let drawIOCopy =
  "%3CmxGraphModel%3E%3Croot%3E%3CmxCell%20id%3D%220%22%2F%3E%3CmxCell%20id%3D%221%22%20parent"
  + "%3D%220%22%2F%3E%3CmxCell%20id%3D%222%22%20value%3D%22A%22%20style%3D%22rounded%3D0%3Bwhi"
  + "teSpace%3Dwrap%3Bhtml%3D1%3BfillColor%3D%23dae8fc%3B%22%20vertex%3D%221%22%20parent%3D%22"
  + "1%22%3E%3CmxGeometry%20x%3D%2220%22%20y%3D%2230%22%20width%3D%2240%22%20height%3D%2250%22"
  + "%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3CmxCell%20id%3D%223%22%20value%3D%22%22%20st"
  + "yle%3D%22fillColor%3D%23ff0000%3BstrokeColor%3Dnone%3B%22%20vertex%3D%221%22%20parent%3D"
  + "%221%22%3E%3CmxGeometry%20x%3D%22100%22%20y%3D%2230%22%20width%3D%2240%22%20height%3D%225"
  + "0%22%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3CmxCell%20id%3D%224%22%20value%3D%22%22%"
  + "20edge%3D%221%22%20source%3D%222%22%20target%3D%223%22%20parent%3D%221%22%3E%3CmxGeometr"
  + "y%20relative%3D%221%22%20as%3D%22geometry%22%2F%3E%3C%2FmxCell%3E%3C%2Froot%3E%3C%2FmxGra"
  + "phModel%3E"

/// The same cells as an `mxfile` page over several lines, with a title: its warnings are at
/// the lines of the decoded text (the cell "2" on line 4, the edge on line 8).
private let drawIOPage = """
  <mxfile>
  <diagram name="Copied (1)" id="p1"><mxGraphModel><root>
  <mxCell id="0"/><mxCell id="1" parent="0"/>
  <mxCell id="2" value="A" style="fillColor=#DAE8FC;" vertex="1" parent="1">
  <mxGeometry x="20" y="30" width="40" height="50" as="geometry"/></mxCell>
  <mxCell id="3" value="" style="fillColor=#ff0000;strokeColor=none;" vertex="1" parent="1">
  <mxGeometry x="100" y="30" width="40" height="50" as="geometry"/></mxCell>
  <mxCell id="4" edge="1" source="2" target="3" parent="1"><mxGeometry relative="1" as="geometry"/></mxCell>
  </root></mxGraphModel></diagram></mxfile>

  """

/// What Excalidraw's copy writes (`JSON.stringify` of `{type, elements, files}`, one line) for
/// a rectangle with a stroke and hand-drawn edges and an ellipse up and left of it.
private let excalidrawCopy =
  ##"{"type":"excalidraw/clipboard","elements":[{"id":"r1","type":"rectangle","x":110,"y":220,"##
  + ##""width":30,"height":40,"angle":0,"strokeColor":"#1e1e1e","backgroundColor":"#ffc9c9","##
  + ##""fillStyle":"solid","strokeWidth":2,"strokeStyle":"solid","roughness":1,"opacity":100,"##
  + ##""groupIds":[],"frameId":null,"roundness":null,"seed":1,"version":3,"versionNonce":2,"##
  + ##""isDeleted":false,"boundElements":null,"updated":1,"link":null,"locked":false},{"id":"e1","##
  + ##""type":"ellipse","x":100,"y":200,"width":5,"height":5,"backgroundColor":"#ff0000","##
  + ##""strokeColor":"transparent","opacity":100}],"files":{}}"##

/// Text as JavaScript's `encodeURIComponent` writes it: every UTF-8 byte but
/// `A–Z a–z 0–9 - _ . ! ~ * ' ( )` as `%XX`, in capitals.
private func encodeURIComponent(_ text: String) -> String {
  let kept = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)
  return text.utf8.map {
    kept.contains($0) ? String(UnicodeScalar($0)) : String(format: "%%%02X", $0)
  }
  .joined()
}

/// A drawing's JSON form, written by `convert`, as a dictionary.
private func drawingJSON(_ path: String) throws -> [String: Any] {
  let data = try Data(contentsOf: URL(fileURLWithPath: path))
  return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
}

/// Whether a drawing's two times are one time within `start…end` (whole seconds).
private func datedNow(_ drawing: [String: Any], start: Date, end: Date) -> Bool {
  guard let created = drawing["created"] as? String, created == drawing["modified"] as? String,
    let date = ISO8601DateFormatter().date(from: created)
  else { return false }
  return date >= start.addingTimeInterval(-1) && date <= end.addingTimeInterval(1)
}

/// The rectangles of a drawing's JSON form, each `id x y width height color alpha`.
private func rectangles(_ drawing: [String: Any]) -> [String] {
  (drawing["rectangles"] as? [[String: Any]] ?? []).map { rectangle in
    ["id", "x", "y", "width", "height", "color", "alpha"].map { "\(rectangle[$0] ?? "-")" }
      .joined(separator: " ")
  }
}

@Suite("Text copied from draw.io and Excalidraw")
struct ClipboardTextTests {
  @Test func theEncodingHelperWritesWhatDrawIOWrote() {
    let xml = String(decoding: Data(drawIOCopy.removingPercentEncoding!.utf8), as: UTF8.self)
    #expect(encodeURIComponent(xml) == drawIOCopy)
  }

  @Test func drawIOsCopyIsReadFromStandardInputAndFromAFile() throws {
    let box = try Sandbox()
    let start = Date()
    let piped = try box.runBinary(
      ["convert", "-", "\(box.work)/piped.json"], input: Data(("\n " + drawIOCopy).utf8))
    let input = try box.file("copied.txt", drawIOCopy)
    let filed = box.run(["convert", input, "\(box.work)/filed.json"])
    let end = Date()
    // The lines are those of the decoded text: the piped one starts with a line break.
    for (result, name, line) in [(piped, "-", 2), (filed, input, 1)] {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(
        result.standardError == """
          \(name):\(line): warning: cell "2" kept as a rectangle without its label, stroke
          \(name):\(line): warning: cell "4" skipped: a connector

          """)
    }
    for file in ["piped.json", "filed.json"] {
      let drawing = try drawingJSON("\(box.work)/\(file)")
      // A bare mxGraphModel: a fresh id, the time of reading, the box around the rectangles.
      #expect(
        (drawing["id"] as? String)?.wholeMatch(of: #/[0-9a-z]{3}-[0-9a-z]{3}-[0-9a-z]{3}/#) != nil)
      #expect(datedNow(drawing, start: start, end: end))
      #expect(drawing["title"] as? String == "")
      #expect(drawing["width"] as? Int == 120 && drawing["height"] as? Int == 50)
      #expect(
        rectangles(drawing) == [
          "5xa-mtk-93p 0 0 40 50 #dae8fc 10", "5j9-iwq-736 80 0 40 50 #ff0000 10",
        ])
    }
  }

  @Test func anEncodedPageCountsTheLinesOfTheDecodedText() throws {
    let box = try Sandbox()
    let encoded = encodeURIComponent(drawIOPage)
    #expect(encoded.hasPrefix("%3Cmxfile%3E%0A%3Cdiagram%20name%3D%22Copied%20(1)%22"))
    let lowered = encoded.replacing("%3C", with: "%3c")
    let input = try box.file("page.txt", lowered)
    let result = box.run(["convert", input, "\(box.work)/page.json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardError == """
        \(input):4: warning: cell "2" kept as a rectangle without its label, stroke
        \(input):8: warning: cell "4" skipped: a connector

        """)
    let drawing = try drawingJSON("\(box.work)/page.json")
    #expect(drawing["title"] as? String == "Copied (1)")
    #expect(
      rectangles(drawing).map { $0.split(separator: " ").dropFirst().joined(separator: " ") }
        == ["0 0 40 50 #dae8fc 10", "80 0 40 50 #ff0000 10"])
  }

  @Test func excalidrawsCopyIsReadFromStandardInputAndFromAFile() throws {
    let box = try Sandbox()
    let start = Date()
    let piped = try box.runBinary(
      ["convert", "-", "\(box.work)/piped.json"], input: Data(excalidrawCopy.utf8))
    let input = try box.file("copied.json", excalidrawCopy)
    let filed = box.run(["convert", input, "\(box.work)/filed.json"])
    let end = Date()
    for (result, name) in [(piped, "-"), (filed, input)] {
      #expect(result.status == 0, "\(result.standardError)")
      #expect(
        result.standardError == """
          \(name):1: warning: the canvas is the box around the elements, moved to the origin: every rectangle moved by (-100, -200)
          \(name):1: warning: rectangle "r1": its stroke dropped; its hand-drawn edges (roughness 1) drawn straight
          \(name):1: warning: ellipse "e1" skipped: drawdoc keeps only rectangles

          """)
    }
    for (file, title) in [("piped.json", ""), ("filed.json", "copied")] {
      let drawing = try drawingJSON("\(box.work)/\(file)")
      // As a scene without drawdoc's header: the id derived from the text, the time of reading.
      #expect(drawing["id"] as? String == "sxc-z3t-a88")
      #expect(datedNow(drawing, start: start, end: end))
      #expect(drawing["title"] as? String == title)
      #expect(drawing["width"] as? Int == 40 && drawing["height"] as? Int == 60)
      #expect(rectangles(drawing) == ["7r2-cy4-5m4 10 20 30 40 #ffc9c9 10"])
    }
  }

  @Test func excalidrawsCopyKeepsNoDrawdocHeader() throws {
    let box = try Sandbox()
    let header =
      #","drawdoc":{"format":"drawdoc","version":1,"id":"abc-def-ghi","title":"T","width":9,"#
      + #""height":9,"created":"2020-01-01T00:00:00Z","modified":"2020-01-01T00:00:00Z"}}"#
    let input = try box.file("copied.json", String(excalidrawCopy.dropLast()) + header)
    let result = box.run(["convert", input, "\(box.work)/out.json"])
    #expect(result.status == 0, "\(result.standardError)")
    let drawing = try drawingJSON("\(box.work)/out.json")
    #expect(drawing["id"] as? String != "abc-def-ghi")
    #expect(drawing["width"] as? Int == 40 && drawing["height"] as? Int == 60)
  }

  @Test func brokenCopiesExitWith65SayingWhatIsWrong() throws {
    let box = try Sandbox()
    let cases: [(text: String, error: String)] = [
      (
        "  %3CmxGraphModel%3E%3Croot%zz",
        "1:28: the URL-encoded draw.io text (draw.io's copy) has a malformed %-escape: expected "
          + "% and two hexadecimal digits, as encodeURIComponent writes"
      ),
      (
        "%3CmxGraphModel%3E%0A%3Croot%3E%3C%2FmxGraphModel%3E",
        "2:22: not well-formed XML: Opening and ending tag mismatch: root line 2 and mxGraphModel "
          + "(in the draw.io file the URL-encoded text holds)"
      ),
      (
        #"{"type":"excalidraw/clipboard","files":{}}"#,
        #" Excalidraw's clipboard text ("type": "excalidraw/clipboard") has no "elements": "#
          + #"expected an array of elements, "elements": [ … ]"#
      ),
      (
        #"{"type":"excalidraw/clipboard","elements":{"id":"r1"}}"#,
        #" the "elements" of Excalidraw's clipboard text ("type": "excalidraw/clipboard") is "#
          + #"not an array: expected an array of elements, "elements": [ … ]"#
      ),
    ]
    for (text, error) in cases {
      let result = try box.runBinary(
        ["convert", "-", "\(box.work)/out.json"], input: Data(text.utf8))
      #expect(result.status == 65, "\(text)")
      #expect(result.standardError == "Error: -:\(error)\n", "\(text)")
      #expect(!FileManager.default.fileExists(atPath: "\(box.work)/out.json"))
    }
  }
}
