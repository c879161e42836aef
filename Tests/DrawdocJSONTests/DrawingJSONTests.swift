import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct DrawingJSONTests {
  @Test func randomDrawingsSurviveTheJSONFormToTheBit() throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 31))
    for _ in 0..<500 {
      let drawing = try drawings.drawing()
      let json = DrawingJSON.encode(drawing)
      let decoded = try DrawingJSON.decode(json)
      #expect(bitwiseEqual(decoded, drawing), "\(String(decoding: json, as: UTF8.self))")
      #expect(DrawingJSON.encode(decoded) == json)
    }
  }

  @Test func writesTheFormatDocumentsJSONExampleExactly() throws {
    let rectangle = Rectangle(
      id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44.5),
      size: try Size(width: 150, height: 120), color: try Color(red: 235, green: 198, blue: 65),
      alpha: try Alpha(level: 7))
    let drawing = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
      modified: try Timestamp("2026-11-21T08:05:12Z"),
      plane: try Plane(title: "Sketch \"1\"\n", rectangles: [rectangle]))
    // The JSON example of docs/format.md, typed by hand, with one rectangle per line.
    let expected = """
      {"format": "drawdoc", "version": 1, "id": "k3j-9xa-0pq", "title": "Sketch \\"1\\"\\n", \
      "width": 1024, "height": 768, "created": "2026-11-21T08:00:00Z", \
      "modified": "2026-11-21T08:05:12Z", "rectangles": [
        {"id": "afy-kw5-t7o", "x": 45, "y": 44.5, "width": 150, "height": 120, \
      "color": "#ebc641", "alpha": 7}
      ]}

      """
    #expect(String(decoding: DrawingJSON.encode(drawing), as: UTF8.self) == expected)
  }

  /// The JSON form as it was written before it was written straight into bytes: a
  /// `JSONValue` for the header and for each rectangle.
  private func jsonThroughValues(_ drawing: Drawing) -> [UInt8] {
    let plane = drawing.plane
    let header = DrawingJSON.header(of: drawing)
    var output = header.serialized
    output.removeLast()
    output.append(contentsOf: ", \"rectangles\": [".utf8)
    for (index, rectangle) in plane.rectangles.enumerated() {
      output.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
      DrawingJSON.object(for: rectangle).write(to: &output)
    }
    output.append(contentsOf: (plane.isEmpty ? "]}\n" : "\n]}\n").utf8)
    return output
  }

  @Test(arguments: [1, 100, 4096, 1 << 20])
  func piecesJoinToTheWholeTextWrittenAsBefore(pieceSize: Int) throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 78))
    for _ in 0..<100 {
      let drawing = try drawings.drawing()
      var joined: [UInt8] = []
      var largest = 0
      DrawingJSON.encode(drawing, pieceSize: pieceSize) { piece in
        joined.append(contentsOf: piece)
        largest = max(largest, piece.count)
      }
      #expect(joined == DrawingJSON.encode(drawing))
      #expect(joined == jsonThroughValues(drawing))
      #expect(largest < max(pieceSize, 2048) + 1024)
    }
  }

  @Test func anErrorFromTheReceiverStopsTheWriting() throws {
    struct Full: Error {}
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 79))
    var drawing = try drawings.drawing()
    while drawing.plane.count < 3 { drawing = try drawings.drawing() }
    var calls = 0
    #expect(throws: Full.self) {
      try DrawingJSON.encode(drawing, pieceSize: 1) { (_) throws(Full) in
        calls += 1
        if calls == 2 { throw Full() }
      }
    }
    #expect(calls == 2)
  }

  @Test func readsEscapesAndOtherSpellings() throws {
    let text = """
      { "rectangles" : [ ], "modified":"2026-11-21T08:05:12Z","created":"2026-11-21T08:00:00Z",
        "height": 7.68e2, "width": 1024.0, "title": "caf\\u00e9 \\ud83d\\ude00 \\/ \\t",
        "id": "k3j-9xa-0pq", "version": 1, "format": "drawdoc" }
      """
    let drawing = try DrawingJSON.decode(Array(text.utf8))
    #expect(drawing.plane.title == "café 😀 / \t")
    #expect(drawing.plane.size == (try Size(width: 1024, height: 768)))
  }

  private static let valid = """
    {"format": "drawdoc", "version": 1, "id": "k3j-9xa-0pq", "title": "T", "width": 10, \
    "height": 10, "created": "2026-11-21T08:00:00Z", "modified": "2026-11-21T08:00:00Z", \
    "rectangles": [{"id": "afy-kw5-t7o", "x": 1, "y": 2, "width": 3, "height": 4, \
    "color": "#000000", "alpha": 7}]}
    """

  @Test(arguments: [
    (#""alpha": 7"#, #""alpha": 11"#, "rectangles[0].alpha"),
    (#""alpha": 7"#, #""alpha": 7.5"#, "rectangles[0].alpha"),
    (##""color": "#000000""##, #""color": "red""#, "rectangles[0].color"),
    (#""width": 3"#, #""width": 0"#, "rectangles[0].width"),
    (#""height": 4"#, #""height": -4"#, "rectangles[0].height"),
    (#""y": 2"#, #""y": 1e999"#, "rectangles[0].y"),
    (#""x": 1"#, #""x": 1e999"#, "rectangles[0].x"),
    (#""height": 10"#, #""height": 0"#, "height"),
    (#""id": "afy-kw5-t7o""#, #""id": "AFY""#, "rectangles[0].id"),
    (#""created": "2026-11-21T08:00:00Z""#, #""created": "yesterday""#, "created"),
  ])
  func refusesValuesTheModelRefuses(_ original: String, _ replacement: String, _ path: String) {
    let text = Self.valid.replacingOccurrences(of: original, with: replacement)
    #expect(text != Self.valid)
    do {
      _ = try DrawingJSON.decode(Array(text.utf8))
      Issue.record("accepted \(replacement)")
    } catch {
      guard case .invalidValue(let where_, _) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(where_ == path)
    }
  }

  @Test func namesMissingMembersAndWrongTypes() {
    let missing = Self.valid.replacingOccurrences(of: #""y": 2, "#, with: "")
    #expect(throws: JSONDecodingError.missingMember(path: "rectangles[0].y")) {
      try DrawingJSON.decode(Array(missing.utf8))
    }
    let wrongType = Self.valid.replacingOccurrences(of: #""title": "T""#, with: #""title": 5"#)
    #expect(throws: JSONDecodingError.wrongType(path: "title", expected: "a string")) {
      try DrawingJSON.decode(Array(wrongType.utf8))
    }
    let notDrawdoc = Self.valid.replacingOccurrences(of: #""version": 1"#, with: #""version": 2"#)
    #expect(throws: JSONDecodingError.self) { try DrawingJSON.decode(Array(notDrawdoc.utf8)) }
  }

  @Test(arguments: [
    ("", 1, 1), ("{", 1, 2), ("{\"a\": 01}", 1, 7), ("[1, 2,]", 1, 7), ("{\"a\": tru}", 1, 7),
    ("{\n  \"a\": \"\u{01}\"}", 2, 9), ("{\"a\": \"\\ud800\"}", 1, 8),
    ("[\"\\ud83d\\u0041\"]", 1, 3), ("[1] 2", 1, 5),
    (String(repeating: "[", count: 100), 1, 65),
  ])
  func syntaxErrorsNameTheirPlace(_ text: String, _ line: Int, _ column: Int) {
    do {
      _ = try DrawingJSON.decode(Array(text.utf8))
      Issue.record("accepted \(text)")
    } catch {
      guard case .syntax(_, let foundLine, let foundColumn) = error else {
        Issue.record("wrong error \(error)")
        return
      }
      #expect(foundLine == line)
      #expect(foundColumn == column)
    }
  }
}
