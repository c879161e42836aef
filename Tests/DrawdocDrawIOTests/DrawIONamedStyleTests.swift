import DrawdocDrawIO
import DrawdocModel
import Testing

/// Named styles (the pieces of a style without `=`), read as draw.io reads them, and the other
/// values draw.io writes that a rectangle cannot hold: `light-dark(…)` colors and patterned
/// fills.
@Suite struct DrawIONamedStyleTests {
  /// Imports one vertex per style, ids `c0`, `c1`, …, each 10 × 10 at the origin.
  func read(_ styles: [String]) throws -> DrawIOImport {
    let cells = styles.enumerated().map { index, style in
      #"<mxCell id="c\#(index)" style="\#(style)" vertex="1" parent="1">"#
        + #"<mxGeometry width="10" height="10" as="geometry"/></mxCell>"#
    }.joined()
    return try DrawIOReader.importDrawing(
      Array(model(cells, page: #"pageWidth="100" pageHeight="100""#).utf8),
      now: Timestamp(secondsSince1970: 0))
  }

  /// What each name of draw.io's default stylesheet makes of a cell that names it alone,
  /// written by hand from that stylesheet: jgraph/drawio, src/main/webapp/styles/default.xml,
  /// commit 5b2e73471e4fea83d681f0cec5d1aaf7c3884996. `defaultVertex` sets `shape=label` (a
  /// rectangle) with the default fill and stroke; `label` and `icon` (extending it) set
  /// `rounded=1`; `fancy` sets `shadow=1` (and `glass`); each color extends `fancy` with a
  /// `gradientColor`, `fillColor` and `strokeColor`, each `plain-` color the same without
  /// `fancy`; the others set a `shape`, or no fill and no stroke (`text`, `edgeLabel`,
  /// `group`).
  static let stylesheet: [(name: String, outcome: String, fill: String?)] = [
    ("defaultVertex", "kept stroke", "#ffffff"),
    ("defaultEdge", #"skipped shape("connector")"#, nil),
    ("text", "skipped text", nil),
    ("edgeLabel", "skipped fillNone", nil),
    ("label", "kept stroke,roundedCorners", "#ffffff"),
    ("icon", "kept stroke,roundedCorners", "#ffffff"),
    ("swimlane", "skipped swimlane", nil),
    ("group", "", nil),
    ("ellipse", #"skipped shape("ellipse")"#, nil),
    ("rhombus", #"skipped shape("rhombus")"#, nil),
    ("triangle", #"skipped shape("triangle")"#, nil),
    ("line", #"skipped shape("line")"#, nil),
    ("image", #"skipped shape("image")"#, nil),
    ("roundImage", #"skipped shape("image")"#, nil),
    ("rhombusImage", #"skipped shape("image")"#, nil),
    ("arrow", #"skipped shape("arrow")"#, nil),
    ("fancy", "kept stroke,shadow", "#ffffff"),
    ("gray", "kept stroke,gradient,shadow", "#f5f5f5"),
    ("blue", "kept stroke,gradient,shadow", "#dae8fc"),
    ("green", "kept stroke,gradient,shadow", "#d5e8d4"),
    ("turquoise", "kept stroke,gradient,shadow", "#d5e8d4"),
    ("yellow", "kept stroke,gradient,shadow", "#fff2cc"),
    ("orange", "kept stroke,gradient,shadow", "#ffcd28"),
    ("red", "kept stroke,gradient,shadow", "#f8cecc"),
    ("pink", "kept stroke,gradient,shadow", "#e6d0de"),
    ("purple", "kept stroke,gradient,shadow", "#e1d5e7"),
    ("plain-gray", "kept stroke,gradient", "#f5f5f5"),
    ("plain-blue", "kept stroke,gradient", "#dae8fc"),
    ("plain-green", "kept stroke,gradient", "#d5e8d4"),
    ("plain-turquoise", "kept stroke,gradient", "#d5e8d4"),
    ("plain-yellow", "kept stroke,gradient", "#fff2cc"),
    ("plain-orange", "kept stroke,gradient", "#ffcd28"),
    ("plain-red", "kept stroke,gradient", "#f8cecc"),
    ("plain-pink", "kept stroke,gradient", "#e6d0de"),
    ("plain-purple", "kept stroke,gradient", "#e1d5e7"),
  ]

  @Test(arguments: stylesheet)
  func eachNameOfTheStylesheetSetsWhatItsEntrySets(
    name: String, outcome: String, fill: String?
  ) throws {
    let result = try read([name])
    #expect(kinds(result.warnings) == (outcome.isEmpty ? [] : ["c0 \(outcome)"]))
    #expect(result.drawing.plane.rectangles.map(\.color.hex) == (fill.map { [$0] } ?? []))
  }

  /// The strokes a colored style sets are strokes: `strokeColor=none` after the name takes
  /// them off, before it does not.
  @Test func aNameSetsItsKeysWhereItStandsAmongThePieces() throws {
    let result = try read([
      "fillColor=#ff0000;plain-blue;strokeColor=none", "plain-blue;fillColor=#ff0000",
      "strokeColor=none;gradientColor=none;plain-green", "ellipse;shape=rect;strokeColor=none",
      "shape=ellipse;rect", "shape=label;strokeColor=none",
    ])
    #expect(
      result.drawing.plane.rectangles.map(\.color.hex) == [
        "#dae8fc", "#ff0000", "#d5e8d4", "#ffffff",
        "#ffffff",
      ])
    #expect(
      kinds(result.warnings) == [
        "c0 kept gradient", "c1 kept stroke,gradient", "c2 kept stroke,gradient",
        #"c4 skipped shape("ellipse")"#,
      ])
  }

  /// A name the stylesheet does not hold changes nothing and says nothing, as in draw.io.
  @Test func anUnknownNameIsIgnoredWithoutAWord() throws {
    let result = try read([
      "fillColor=#F6F6F6;strokeColor=none;9E9E9E;html=1", "rect;fillColor=#00ff00;strokeColor=none",
      "cloud;strokeColor=none", "Ellipse;strokeColor=none",
    ])
    #expect(
      result.drawing.plane.rectangles.map(\.color.hex) == [
        "#f6f6f6", "#00ff00", "#ffffff", "#ffffff",
      ])
    #expect(result.warnings.isEmpty)
  }

  /// The three forms found in files people keep, in a page as draw.io saves it: an unknown
  /// name among the keys (Google Cloud templates), a colored name overridden by the keys after
  /// it (the swimlane template) and the named style `label` (no shape: a rectangle, rounded).
  @Test func theStyleFormsOfRealFilesAreFilledRectangles() throws {
    let file = #"""
      <mxfile host="app.diagrams.net"><diagram id="p" name="Page-1">
      <mxGraphModel dx="800" dy="600" grid="1" page="1" pageWidth="850" pageHeight="1100">
      <root><mxCell id="0"/><mxCell id="1" parent="0"/>
      <mxCell id="gcp" value="&lt;b&gt;Google &lt;/b&gt;Cloud Platform" style="fillColor=#F6F6F6;strokeColor=none;shadow=0;gradientColor=none;fontSize=14;align=left;spacing=10;fontColor=#717171;9E9E9E;verticalAlign=top;spacingTop=-4;fontStyle=0;spacingLeft=40;html=1;container=0;" vertex="1" parent="1">
        <mxGeometry x="10" y="20" width="300" height="200" as="geometry"/></mxCell>
      <mxCell id="lane" value="Customer Management" style="whiteSpace=wrap;shadow=0;fontColor=#FFFFFF;fontFamily=Helvetica;fontStyle=0;html=1;fontSize=12;plain-purple;strokeColor=none;fillColor=#2f5b7c;gradientColor=none;spacing=6;verticalAlign=middle;" vertex="1" parent="1">
        <mxGeometry x="320" y="20" width="120" height="60" as="geometry"/></mxCell>
      <mxCell id="card" value="Pod" style="label;whiteSpace=wrap;html=1;fillColor=#dae8fc;strokeColor=#6c8ebf;" vertex="1" parent="1">
        <mxGeometry x="320" y="100" width="140" height="50" as="geometry"/></mxCell>
      </root></mxGraphModel></diagram></mxfile>
      """#
    let result = try DrawIOReader.importDrawing(
      Array(file.utf8), now: Timestamp(secondsSince1970: 0))
    #expect(
      result.drawing.plane.rectangles.map(ExpectedRectangle.init) == [
        .init(derivedId("gcp"), 10, 20, 300, 200, "#f6f6f6", 10),
        .init(derivedId("lane"), 320, 20, 120, 60, "#2f5b7c", 10),
        .init(derivedId("card"), 320, 100, 140, 50, "#dae8fc", 10),
      ])
    #expect(
      result.warnings.map(\.message) == [
        #"cell "gcp" kept as a rectangle without its label"#,
        #"cell "lane" kept as a rectangle without its label"#,
        #"cell "card" kept as a rectangle without its label, stroke, rounded corners"#,
      ])
  }

  /// draw.io 28 writes `light-dark(LIGHT, DARK)` for a color of each theme: drawdoc draws the
  /// light one, and names the dark fill it cannot keep.
  @Test func lightDarkColorsAreReadAsTheirLightColor() throws {
    let result = try read([
      "fillColor=light-dark(#FFFFFF, #121212);strokeColor=none",
      "fillColor=light-dark(rgb(1, 2, 3),rgb(4, 5, 6));strokeColor=light-dark(none, none)",
      "fillColor=light-dark(#ff0000, #FF0000);strokeColor=light-dark(none, #ffffff)",
      "fillColor=#00ff00;strokeColor=none;gradientColor=light-dark(none, #000000)",
      "fillColor=light-dark(none, #121212);strokeColor=none",
      "fillColor=light-dark(#zz, #121212);strokeColor=none",
      "fillColor=light-dark(#ffffff);strokeColor=none",
    ])
    #expect(
      result.drawing.plane.rectangles.map(\.color.hex) == [
        "#ffffff", "#010203", "#ff0000", "#00ff00",
      ])
    #expect(
      result.warnings.map(\.message) == [
        #"cell "c0" kept as a rectangle without its dark-theme fill (#121212, from light-dark)"#,
        #"cell "c1" kept as a rectangle without its dark-theme fill (rgb(4, 5, 6), from light-dark)"#,
        #"cell "c4" skipped: no fill (fillColor=none)"#,
        #"cell "c5" skipped: fillColor=light-dark(#zz, #121212) is not a color drawdoc reads"#,
        #"cell "c6" skipped: fillColor=light-dark(#ffffff) is not a color drawdoc reads"#,
      ])
  }

  /// The fills draw.io draws as a pattern of lines or dots are filled solid, and said so; a
  /// gradient, which draw.io draws instead of the pattern, is the loss named then.
  @Test func patternedFillsAreNamedAsDrawnSolid() throws {
    let patterns = ["hatch", "cross-hatch", "dots", "dashed", "zigzag", "zigzag-line"]
    let result = try read(
      patterns.map { "fillStyle=\($0);strokeColor=none" } + [
        "fillStyle=solid;strokeColor=none", "fillStyle=auto;strokeColor=none",
        "fillStyle=hatch;gradientColor=#000000;strokeColor=none",
        "fillStyle=dots;sketch=1;strokeColor=none",
      ])
    #expect(result.drawing.plane.rectangles.count == 10)
    let cell = { (index: Int) in #"cell "c\#(index)" kept as a rectangle without its "# }
    #expect(
      result.warnings.map(\.message)
        == patterns.enumerated().map { index, pattern in
          cell(index) + "\(pattern) fill (fillStyle=\(pattern), drawn solid)"
        } + [
          cell(8) + "gradient", cell(9) + "dots fill (fillStyle=dots, drawn solid), sketch style",
        ])
  }

  /// Numbers in warnings are printed as drawdoc's messages print them: at most four decimals.
  @Test func opacitiesInWarningsAreShort() throws {
    let result = try read([
      "fillColor=#ff0000;strokeColor=none;opacity=53.333333333333336",
      "fillColor=#ff0000;strokeColor=none;opacity=3.3333333333333335",
    ])
    #expect(
      result.warnings.map(\.message) == [
        #"cell "c0" kept as a rectangle without its exact opacity (0.5333 rounded to 5 / 10)"#,
        #"cell "c1" skipped: invisible: opacity 0.0333"#,
      ])
  }
}
