import DrawdocExcalidraw
import DrawdocModel
import DrawdocXML
import Testing

/// One rule at a time, on small scenes written by hand.
@Suite struct ExcalidrawRuleTests {
  /// A scene of these elements, each a JSON object's members.
  func scene(_ elements: [String]) -> [UInt8] {
    Array(
      """
      {"type": "excalidraw", "version": 2, "elements": [
      \(elements.map { "{\($0)}" }.joined(separator: ",\n"))
      ]}
      """.utf8)
  }

  /// A plain rectangle's members (without a stroke, with straight edges), then `extra`.
  func rectangle(_ id: String, _ x: Double, _ extra: String = "") -> String {
    ##""id": "\##(id)", "type": "rectangle", "x": \##(x), "y": 0, "width": 10, "height": 5, "##
      + ##""backgroundColor": "#ff0000", "strokeColor": "transparent", "roughness": 0, "##
      + ##""opacity": 100"## + (extra.isEmpty ? "" : ", " + extra)
  }

  func read(_ elements: [String]) throws -> ExcalidrawImport {
    try ExcalidrawReader.read(scene(elements), title: "T", now: importTime)
  }

  @Test func aDrawdocIdIsKeptAndASecondUseOfItIsDerived() throws {
    let result = try read([rectangle("abc-def-ghi", 0), rectangle("abc-def-ghi", 10)])
    // FNV-1a of "abc-def-ghi" modulo 36^9, computed apart (in Python).
    #expect(
      result.drawing.plane.rectangles == [
        try rect("abc-def-ghi", 0, 0, 10, 5, "#ff0000", 10),
        try rect("yru-gun-9qe", 10, 0, 10, 5, "#ff0000", 10),
      ])
    #expect(result.drawing.plane.size == (try Size(width: 20, height: 5)))
    #expect(result.warnings.isEmpty)
  }

  @Test func opacityRoundsToTheNearestLevelWithAWarning() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0, ##""opacity": 35"##),
      rectangle("bbb-bbb-bbb", 0, ##""opacity": 3"##),
      rectangle("ccc-ccc-ccc", 0, ##""opacity": 0"##),
      rectangle("ddd-ddd-ddd", 0, ##""opacity": 60"##),
    ])
    #expect(result.drawing.plane.rectangles.map(\.alpha.level) == [4, 1, 6])
    #expect(
      result.warnings.map(\.description) == [
        ##"2: warning: rectangle "aaa-aaa-aaa": opacity 35 rounded to alpha 4"##,
        ##"3: warning: rectangle "bbb-bbb-bbb": opacity 3 rounded to alpha 1"##,
        ##"4: warning: rectangle "ccc-ccc-ccc" skipped: its opacity is 0"##,
      ])
  }

  /// A background's own alpha makes opacities of many decimals: printed with at most four.
  @Test func opacitiesInWarningsAreShort() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0, ##""backgroundColor": "#1238""##),
      rectangle("bbb-bbb-bbb", 0, ##""angle": 0.7853981633974483"##),
    ])
    #expect(
      result.warnings.map(\.description) == [
        ##"2: warning: rectangle "aaa-aaa-aaa": opacity 53.3333 rounded to alpha 5"##,
        ##"3: warning: rectangle "bbb-bbb-bbb": its rotation (angle 0.7854) dropped"##,
      ])
  }

  @Test func deletedElementsAreIgnoredSilentlyAndDoNotWidenTheCanvas() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0),
      ##""id": "gone", "type": "ellipse", "x": -500, "y": -500, "width": 1, "height": 1, "isDeleted": true"##,
    ])
    #expect(result.warnings.isEmpty)
    #expect(result.drawing.plane.size == (try Size(width: 10, height: 5)))
    #expect(result.drawing.plane.count == 1)
  }

  @Test func eachLossIsNamedInTheElementsOneWarning() throws {
    let result = try read([
      rectangle(
        "aaa-aaa-aaa", 0,
        ##""roundness": {"type": 3}, "boundElements": [{"type": "text", "id": "t"}], "##
          + ##""fillStyle": "hachure", "strokeColor": "red", "strokeWidth": 1, "roughness": 2, "##
          + ##""angle": 1.5"##)
    ])
    #expect(result.drawing.plane.count == 1)
    #expect(
      result.warnings.map(\.description) == [
        ##"2: warning: rectangle "aaa-aaa-aaa": its hachure fill drawn solid; its stroke "##
          + "dropped; its hand-drawn edges (roughness 2) drawn straight; its rounded corners "
          + "drawn square; its rotation (angle 1.5) dropped; its bound text skipped"
      ])
  }

  @Test func colorsAreReadAsCSSColors() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0, ##""backgroundColor": "#0f0""##),
      rectangle("bbb-bbb-bbb", 0, ##""backgroundColor": "teal""##),
      rectangle("ccc-ccc-ccc", 0, ##""backgroundColor": "nonsense""##),
    ])
    #expect(
      result.drawing.plane.rectangles.map(\.color)
        == [try Color(hex: "#00ff00"), try Color(hex: "#008080")])
    #expect(
      result.warnings.map(\.description) == [
        ##"4: warning: rectangle "ccc-ccc-ccc" skipped: its background "nonsense" is not a color "##
          + "drawdoc reads"
      ])
  }

  @Test func anEmptySceneHasTheDefaultCanvas() throws {
    let result = try read([])
    #expect(result.drawing.plane.size == Plane.defaultSize)
    #expect(result.drawing.plane.isEmpty && result.warnings.isEmpty)
    #expect(result.drawing.plane.title == "T")
  }

  @Test func aMissingFieldHasExcalidrawsDefault() throws {
    let result = try read([
      // Excalidraw draws it with a black stroke 2 wide and hand-drawn edges (roughness 1).
      ##""id": "aaa-aaa-aaa", "type": "rectangle", "width": 10, "height": 5, "##
        + ##""backgroundColor": "#ff0000""##,
      // A stroke width of 0 is 2 (JavaScript's `||`), as is an empty color the default black.
      rectangle("bbb-bbb-bbb", 0, ##""strokeColor": "", "strokeWidth": 0, "fillStyle": """##),
      // No roundness (false is none), but the old sharpness: rounded.
      rectangle("ccc-ccc-ccc", 0, ##""roundness": false, "strokeSharpness": "round""##),
      rectangle("ddd-ddd-ddd", 0, ##""roundness": 0"##),
      rectangle("eee-eee-eee", 0, ##""backgroundColor": """##),
    ])
    // A missing x and y are 0.
    #expect(
      result.drawing.plane.rectangles == [
        try rect("aaa-aaa-aaa", 0, 0, 10, 5, "#ff0000", 10),
        try rect("bbb-bbb-bbb", 0, 0, 10, 5, "#ff0000", 10),
        try rect("ccc-ccc-ccc", 0, 0, 10, 5, "#ff0000", 10),
        try rect("ddd-ddd-ddd", 0, 0, 10, 5, "#ff0000", 10),
      ])
    // By line: none for ddd-ddd-ddd (line 5), whose roundness 0 is none.
    let messages = Dictionary(uniqueKeysWithValues: result.warnings.map { ($0.line, $0.message) })
    #expect(
      messages == [
        2: ##"rectangle "aaa-aaa-aaa": its stroke dropped; its hand-drawn edges (roughness 1) "##
          + "drawn straight",
        3: ##"rectangle "bbb-bbb-bbb": its stroke dropped"##,
        4: ##"rectangle "ccc-ccc-ccc": its rounded corners drawn square"##,
        6: ##"rectangle "eee-eee-eee" skipped: its background is transparent"##,
      ])
  }

  @Test func aLineOrArrowDrawnLeftwardsWidensTheCanvasByItsPoints() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0),
      // Drawn from (100, 50) to the left and up: its points reach (40, 30).
      ##""id": "a", "type": "arrow", "x": 100, "y": 50, "width": 60, "height": 20, "##
        + ##""points": [[0, 0], [-30, 5], [-60, -20]]"##,
      // A freehand drawing's one point is its box; a line without points is its x…x + width.
      ##""id": "f", "type": "freedraw", "x": 5, "y": -7, "width": 0, "height": 0, "##
        + ##""points": [[1, 2]]"##,
      ##""id": "l", "type": "line", "x": 110, "y": 0, "width": 15, "height": 1"##,
    ])
    // Left 0 (the rectangle), top −5 (the freehand point), right 125 (the line), bottom 55.
    #expect(result.drawing.plane.size == (try Size(width: 125, height: 60)))
    #expect(
      result.drawing.plane.rectangles == [try rect("aaa-aaa-aaa", 0, 5, 10, 5, "#ff0000", 10)])
    #expect(
      result.warnings.first?.description
        == "1: warning: the canvas is the box around the elements, moved to the origin: "
        + "every rectangle moved by (0, 5)")
  }

  @Test func aDeletedElementIsNotReadButABrokenElementsArrayIsRefused() throws {
    let result = try read([
      rectangle("aaa-aaa-aaa", 0),
      ##""id": "gone", "x": "left", "width": -1, "points": 3, "isDeleted": true"##,
    ])
    #expect(result.warnings.isEmpty)
    #expect(result.drawing.plane.count == 1)
    for (members, message) in [
      (##""type": "rectangle", "isDeleted": "yes""##, "element 2: \"isDeleted\" is not true"),
      (##""type": "arrow", "points": [[0, "1"]]"##, "point 1 of \"points\" is not a pair"),
    ] {
      let error = #expect(throws: ExcalidrawError.self) {
        try read([rectangle("aaa-aaa-aaa", 0), members])
      }
      #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
    }
    let notAnObject = Array(#"{"type": "excalidraw", "elements": [3]}"#.utf8)
    #expect(throws: ExcalidrawError("element 1 of \"elements\" is not an object")) {
      try ExcalidrawReader.read(notAnObject, title: "T", now: importTime)
    }
  }
}
