import DrawdocDrawIO
import DrawdocModel
import Testing

// The six templates of draw.io's own repository (Tests/DrawdocCLITests/Fixtures/peers/drawio),
// each against an expectation written from its decompressed model: the rectangles, the canvas
// and each warning, cell by cell. The first three are written by hand; the flowchart, database
// and Gantt templates are also compared in full with DrawIOReference, which
// reference_drawio.py (beside the templates), an independent reading of docs/format.md,
// printed: every rectangle in z-order, the canvas and every warning's line and exact message.

@Suite("draw.io templates")
struct DrawIOTemplateTests {
  @Test func basicFlowchartKeepsItsFourRoundedBoxesSquareAndSkipsRhombiAndEdges() throws {
    let result = try DrawIOFixtures.importTemplate("basic_flowchart.drawio")
    let drawing = result.drawing
    #expect(drawing.plane.title == "Page-1")
    #expect(drawing.plane.size == (try Size(width: 827, height: 1169)))
    let cell = { (n: Int) in derivedId("WIyWlLk6GJQsqaUBKTNV-\(n)") }
    #expect(
      drawing.plane.rectangles.map(ExpectedRectangle.init) == [
        .init(cell(3), 160, 80, 120, 40, "#ffffff", 10),
        .init(cell(7), 320, 190, 120, 40, "#ffffff", 10),
        .init(cell(11), 160, 430, 120, 40, "#ffffff", 10),
        .init(cell(12), 320, 310, 120, 40, "#ffffff", 10),
      ])
    let boxed = "kept label,stroke,roundedCorners"
    #expect(
      kinds(result.warnings) == [
        "WIyWlLk6GJQsqaUBKTNV-2 skipped edge", "WIyWlLk6GJQsqaUBKTNV-3 \(boxed)",
        "WIyWlLk6GJQsqaUBKTNV-4 skipped edge", "WIyWlLk6GJQsqaUBKTNV-5 skipped edge",
        "WIyWlLk6GJQsqaUBKTNV-6 skipped shape(\"rhombus\")", "WIyWlLk6GJQsqaUBKTNV-7 \(boxed)",
        "WIyWlLk6GJQsqaUBKTNV-8 skipped edge", "WIyWlLk6GJQsqaUBKTNV-9 skipped edge",
        "WIyWlLk6GJQsqaUBKTNV-10 skipped shape(\"rhombus\")",
        "WIyWlLk6GJQsqaUBKTNV-11 \(boxed)", "WIyWlLk6GJQsqaUBKTNV-12 \(boxed)",
      ])
    // The page is plain XML in no line of its own: every warning names the <diagram>'s line.
    #expect(result.warnings.allSatisfy { $0.line == 2 })
  }

  @Test func basicKanbanHasOnlySwimlanesAndCardsFilledWithTheSwimlanesColor() throws {
    let result = try DrawIOFixtures.importTemplate("basic_kanban.drawio")
    #expect(result.drawing.plane.rectangles.isEmpty)
    #expect(result.drawing.plane.size == (try Size(width: 850, height: 1100)))
    let lane = { (n: Int) in "_5mSTuPxr-ZiKRkBDSY7-\(n) skipped swimlane" }
    let card = { (n: Int) in "_5mSTuPxr-ZiKRkBDSY7-\(n) skipped unreadableColor(\"swimlane\")" }
    #expect(
      kinds(result.warnings) == [
        lane(1), lane(2), card(3), card(4), card(5), lane(6), card(7), card(8), lane(9), card(10),
        card(11), card(12),
      ])
  }

  @Test func barChartKeepsItsBarsMovedToTheOriginSinceTheyLieOffThePage() throws {
    let result = try DrawIOFixtures.importTemplate("charts_bar_chart_1.drawio")
    // The bars lie right of and below the 1169 × 827 page: the canvas is their bounding box,
    // from (2497.5, 914.5) to the legend's right edge and the bars' foot.
    let (left, top) = (2497.5, 914.5)
    let right = 3257.5 + 35.000000000000114
    let bottom = max(1464.5000000000002 + 130, 1544.5 + 50.00000000000023, 1594.5)
    #expect(
      result.drawing.plane.size == (try Size(width: right - left, height: bottom - top)))
    let bar = { (id: String, x: Double, y: Double, w: Double, h: Double, color: String) in
      ExpectedRectangle(derivedId(id), x - left, y - top, w, h, color, 10)
    }
    let (teal, orange, red) = ("#12AAB5", "#F08705", "#E85642")
    #expect(
      result.drawing.plane.rectangles.map(ExpectedRectangle.init) == [
        bar("723", 2497.5, 1464.5000000000002, 120, 130, teal),
        bar("724", 2697.5, 1544.5, 120, 50.00000000000023, teal),
        bar("725", 2897.5, 1494.5, 120, 100, teal),
        bar("726", 3097.5, 1424.5, 120, 170, teal),
        bar("728", 2497.5, 1334.5000000000002, 120, 130, orange),
        bar("729", 2497.5, 1204.5000000000005, 120, 130, red),
        bar("730", 2697.5, 1384.4999999999998, 120, 159.99999999999983, orange),
        bar("731", 2697.5, 1354.5, 120, 30, red),
        bar("732", 2897.5, 1334.5, 120, 160, orange),
        bar("733", 2897.5, 1154.5, 120, 180, red),
        bar("739", 3257.5, 994.5, 35.000000000000114, 30.000000000000227, teal),
        bar(
          "740", 3257.4999999999995, 954.4999999999999, 35.000000000000114, 30.000000000000227,
          orange),
        bar("741", 3257.5, 914.5, 35.000000000000114, 30.000000000000114, red),
        bar("750", 3097.5, 1374.5, 120, 50, orange),
        bar("751", 3097.5, 1264.5, 120, 110, red),
      ])
    let texts = [735, 736, 737, 738, 742, 743, 744, 745, 746, 747, 748, 749, 752]
    #expect(
      kinds(result.warnings)
        == ["727 skipped edge", "734 skipped edge"] + texts.map { "\($0) skipped text" })
  }

  @Test func swimlaneFlowchartKeepsLanesCellsAndGroupedHeadersWithTheirLosses() throws {
    let result = try DrawIOFixtures.importTemplate("flowcharts_flowchart_1.drawio")
    let rectangles = result.drawing.plane.rectangles.map(ExpectedRectangle.init)
    // 56–67 lanes and headers, 68–88 cells, 90–111 steps, 141–143 in group 140.
    #expect(rectangles.count == 12 + 21 + 22 + 3)
    let (left, top) = (154.0, 850.5)
    #expect(
      result.drawing.plane.size
        == (try Size(width: 1537.3333333333333 + 647 - left, height: 1630.5 - top)))
    #expect(rectangles[0] == .init(derivedId("56"), 0, 0, 2030, 80, "#23445D", 10))
    #expect(
      rectangles[12]
        == .init(derivedId("68"), 244 - left, 930.5 - top, 646.6666666666666, 100, "#BAC8D3", 6))
    #expect(
      rectangles[13]
        == .init(derivedId("69"), 244 - left, 1030.5 - top, 646.6666666666666, 100, "#BAC8D3", 9))
    #expect(
      rectangles[33]
        == .init(derivedId("90"), 270.3945578231293 - left, 955.5 - top, 127, 50, "#23445D", 10))
    // Children of the group 140 (at 244, 890.5) are placed relative to it.
    #expect(
      rectangles[55...].map { $0 } == [
        .init(derivedId("141"), 244 - left, 890.5 - top, 646.6656362699642, 40, "#5d7f99", 10),
        .init(
          derivedId("142"), 244 + 646.6656362699642 - left, 890.5 - top, 646.6656362699642, 40,
          "#5d7f99", 10),
        .init(
          derivedId("143"), 244 + 1293.3312725399282 - left, 890.5 - top, 646.6666666666666, 40,
          "#5d7f99", 10),
      ])
    expectReference(
      result, canvas: DrawIOReference.flowchartCanvas,
      rectangles: DrawIOReference.flowchartRectangles,
      warnings: DrawIOReference.flowchartWarnings)
  }

  @Test func databaseDiagramKeepsItsTablesAndSkipsConnectorsAndTheirLabels() throws {
    let result = try DrawIOFixtures.importTemplate("software_database_1.drawio")
    let rectangles = result.drawing.plane.rectangles.map(ExpectedRectangle.init)
    #expect(rectangles.map(\.id) == (19...35).map { derivedId("\($0)") })
    #expect(rectangles.allSatisfy { $0.color == "#d4e1f5" && $0.alpha == 10 })
    // The tables reach past the 826 × 1169 page: moved so that the leftmost (21) and the
    // topmost (25) touch the canvas's edges.
    #expect(
      rectangles[2]
        == .init(
          derivedId("21"), 0, 284.99999999999983 - 21.640000000000366, 160, 160, "#D4E1F5", 10))
    #expect(
      rectangles[6]
        == .init(derivedId("25"), 40.00000000000005 - 40.00000000000002, 0, 160, 160, "#D4E1F5", 10)
    )
    expectReference(
      result, canvas: DrawIOReference.databaseCanvas,
      rectangles: DrawIOReference.databaseRectangles,
      warnings: DrawIOReference.databaseWarnings)
  }

  @Test func ganttChartKeepsItsTableCellsAndSkipsItsBarsDrawnAsProcessShapes() throws {
    let result = try DrawIOFixtures.importTemplate("tables_gantt_1.drawio")
    #expect(result.drawing.plane.rectangles.count == 240)
    let warnings = kinds(result.warnings)
    #expect(warnings.count == 277)
    #expect(warnings.filter { $0.contains(" skipped shape(\"mxgraph.") }.count == 37)
    // 174 of the 240 cells have a label; none sets strokeColor=none (only the bars do).
    #expect(warnings.filter { $0.hasSuffix(" kept label,stroke") }.count == 174)
    #expect(warnings.filter { $0.hasSuffix(" kept stroke") }.count == 66)
    #expect(result.drawing.plane.rectangles.filter { $0.color.hex == "#ffffff" }.count >= 140)
    expectReference(
      result, canvas: DrawIOReference.ganttCanvas, rectangles: DrawIOReference.ganttRectangles,
      warnings: DrawIOReference.ganttWarnings)
  }

  @Test func importingTwiceGivesTheSameDrawing() throws {
    let first = try DrawIOFixtures.importTemplate("tables_gantt_1.drawio")
    let second = try DrawIOFixtures.importTemplate("tables_gantt_1.drawio")
    #expect(first.drawing == second.drawing)
  }

  /// Compares an import with what `reference_drawio.py` printed: the canvas, every rectangle
  /// in z-order and every warning (its line and exact message), in order.
  private func expectReference(
    _ result: DrawIOImport, canvas: (Double, Double), rectangles: [ExpectedRectangle],
    warnings: [ExpectedWarning], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let size = result.drawing.plane.size
    #expect(size.width == canvas.0, sourceLocation: sourceLocation)
    #expect(size.height == canvas.1, sourceLocation: sourceLocation)
    let actual = result.drawing.plane.rectangles.map(ExpectedRectangle.init)
    #expect(actual.count == rectangles.count, sourceLocation: sourceLocation)
    for (index, (got, want)) in zip(actual, rectangles).enumerated() where got != want {
      Issue.record("rectangle \(index): \(got), expected \(want)", sourceLocation: sourceLocation)
    }
    let said = result.warnings.map(ExpectedWarning.init)
    #expect(said.count == warnings.count, sourceLocation: sourceLocation)
    for (index, (got, want)) in zip(said, warnings).enumerated() where got != want {
      Issue.record("warning \(index): \(got), expected \(want)", sourceLocation: sourceLocation)
    }
  }
}
