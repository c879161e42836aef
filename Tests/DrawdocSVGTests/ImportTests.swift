import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

// Import mode (docs/format.md, "Import mode"): any well-formed SVG, its rectangles kept and
// every loss reported with its line.
//
// Most inputs are built by `document(_:root:)`: line 1 is the `<svg>` start tag, the body
// starts on line 2, so the line of each body element is its position in the body plus one.
// Expected planes and warnings are worked out by hand from the SVG and CSS specifications.

// MARK: - Helpers

private let importTime = Timestamp(secondsSince1970: 1_800_000_000)

/// An SVG file whose root start tag is line 1 and whose `body` starts on line 2.
private func document(_ body: String, root: String = #"viewBox="0 0 200 100""#) -> [UInt8] {
  Array("<svg xmlns=\"http://www.w3.org/2000/svg\" \(root)>\n\(body)\n</svg>\n".utf8)
}

private func importing(_ bytes: [UInt8], seed: UInt64 = 7) throws -> ImportResult {
  try SVGImporter.importDrawing(bytes, now: importTime, seed: seed)
}

/// A rectangle without its id, in the units of the canvas.
private struct Box: Equatable, CustomStringConvertible {
  var x: Double
  var y: Double
  var width: Double
  var height: Double
  var color: String
  var alpha: Int

  init(_ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: String, _ alpha: Int) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
    self.color = color
    self.alpha = alpha
  }

  var description: String { "(\(x), \(y), \(width), \(height), \(color), \(alpha))" }
}

private func boxes(_ result: ImportResult) -> [Box] {
  result.drawing.plane.rectangles.map {
    Box(
      $0.point.x, $0.point.y, $0.size.width, $0.size.height, $0.color.hex, Int($0.alpha.level))
  }
}

/// The warnings as `LINE: message`.
private func warnings(_ result: ImportResult) -> [String] {
  result.warnings.map { "\($0.line): \($0.message)" }
}

/// Imports a body and returns its rectangles and its warnings.
private func run(_ body: String, root: String = #"viewBox="0 0 200 100""#) throws -> (
  [Box], [String]
) {
  let result = try importing(document(body, root: root))
  return (boxes(result), warnings(result))
}

// MARK: - Canvas, title and header

@Suite("Import: canvas, title and header")
struct ImportCanvasTests {
  @Test func theViewBoxIsTheCanvasAndItsCornerTheOrigin() throws {
    let (rectangles, lost) = try run(
      #"<rect x="15" y="25" width="10" height="20"/>"#, root: #"viewBox="10 20 200 100""#)
    #expect(rectangles == [Box(5, 5, 10, 20, "#000000", 10)])
    #expect(lost == [])
  }

  @Test func aViewBoxOfAnotherShapeIsCentredInTheViewportAndTheCanvasIsTheViewport() throws {
    // xMidYMid meet: the viewport 400 × 50 px shows the viewBox 640 × 400 at 0.125 px a unit,
    // so it is 3200 × 400 units, and the viewBox starts (3200 − 640) / 2 = 1280 units in.
    // The rectangle left of the viewBox lies in the band a browser shows beside it.
    let result = try importing(
      document(
        """
        <rect x="10" y="20" width="30" height="40"/>
        <rect x="-100" width="10" height="10"/>
        """, root: #"width="400" height="50" viewBox="0 0 640 400""#))
    #expect(result.drawing.plane.size == (try Size(width: 3200, height: 400)))
    #expect(
      boxes(result) == [
        Box(1290, 20, 30, 40, "#000000", 10), Box(1180, 0, 10, 10, "#000000", 10),
      ])
    #expect(
      warnings(result) == [
        "1: <svg> is 400 × 50, but its viewBox has another shape: the canvas is the viewport "
          + "in viewBox units, 3200 × 400"
      ])
  }

  @Test func aViewBoxOfAnotherShapeThatMakesACanvasOfAnotherSizeIsReportedWithBothSizes() throws {
    // 200 × 100 px show the viewBox 200 × 200 at 0.5 px a unit (the smaller scale): the
    // viewport is 400 × 200 units, drawn at twice the file's size.
    let result = try importing(
      document(
        #"<rect x="10" y="20" width="30" height="40"/>"#,
        root: #"width="200" height="100" viewBox="0 0 200 200""#))
    #expect(result.drawing.plane.size == (try Size(width: 400, height: 200)))
    #expect(boxes(result) == [Box(110, 20, 30, 40, "#000000", 10)])
    #expect(
      warnings(result) == [
        "1: <svg> is 200 × 100, but its viewBox has another shape: the canvas is the viewport "
          + "in viewBox units, 400 × 200"
      ])
  }

  @Test func aViewBoxOfTheSameShapeOrDrawnAtOnePixelAUnitRaisesNoSizeWarning() throws {
    // The same shape: the canvas is the viewBox, at any scale.
    let sameShape = try importing(
      document("", root: #"width="100" height="100" viewBox="0 0 200 200""#))
    #expect(sameShape.drawing.plane.size == (try Size(width: 200, height: 200)))
    #expect(sameShape.warnings == [])
    // Another shape at one px a unit (meet takes the smaller scale, 1): the canvas is
    // width × height.
    let onePixel = try importing(
      document("", root: #"width="200" height="100" viewBox="0 0 100 100""#))
    #expect(onePixel.drawing.plane.size == (try Size(width: 200, height: 100)))
    #expect(onePixel.warnings == [])
  }

  @Test func withSliceTheCanvasIsThePartOfTheViewBoxABrowserShows() throws {
    // 200 × 100 px at 2 px a unit (the larger scale) show 100 × 50 units; xMidYMax keeps the
    // bottom of the viewBox 10 20 100 100, so the canvas starts at (10, 70).
    let (rectangles, lost) = try run(
      """
      <rect x="10" y="70" width="5" height="5"/>
      <rect x="50" y="20" width="10" height="10"/>
      """,
      root:
        #"width="200" height="100" viewBox="10 20 100 100" preserveAspectRatio="xMidYMax slice""#
    )
    #expect(rectangles == [Box(0, 0, 5, 5, "#000000", 10), Box(40, -50, 10, 10, "#000000", 10)])
    #expect(
      lost == [
        "1: <svg> is 200 × 100, but its viewBox has another shape: the canvas is the viewport "
          + "in viewBox units, 100 × 50"
      ])
  }

  @Test func withNoAspectRatioTheDrawingIsStretchedToTheViewportInPixels() throws {
    let result = try importing(
      document(
        #"<rect x="10" y="10" width="30" height="30"/>"#,
        root: #"width="200" height="100" viewBox="0 0 100 100" preserveAspectRatio="none""#))
    #expect(result.drawing.plane.size == (try Size(width: 200, height: 100)))
    #expect(boxes(result) == [Box(20, 10, 60, 30, "#000000", 10)])
    #expect(result.warnings == [])
  }

  @Test func aViewportOfTheViewBoxsShapeUpToEditorsRoundingKeepsTheViewBox() throws {
    // 793.70081 / 210 and 1122.5197 / 297 differ by about 1.5e-8 of either.
    let result = try importing(
      document(
        #"<rect x="10" y="20" width="30" height="40"/>"#,
        root: #"width="793.70081" height="1122.5197" viewBox="0 0 210 297""#))
    #expect(result.drawing.plane.size == (try Size(width: 210, height: 297)))
    #expect(boxes(result) == [Box(10, 20, 30, 40, "#000000", 10)])
    #expect(result.warnings == [])
  }

  @Test func aZeroViewportOrViewBoxIsIgnoredWithAWarning() throws {
    let zeroWidth = try importing(
      document(
        #"<rect width="1" height="1"/>"#, root: #"width="0" height="100" viewBox="0 0 100 100""#))
    #expect(zeroWidth.drawing.plane.size == (try Size(width: 100, height: 100)))
    #expect(boxes(zeroWidth) == [Box(0, 0, 1, 1, "#000000", 10)])
    #expect(
      warnings(zeroWidth) == [
        "1: <svg> has width 0, so a browser draws nothing; drawdoc ignores that width"
      ])
    let zeroHeight = try importing(document("", root: #"width="10" height="0%""#))
    #expect(zeroHeight.drawing.plane.size == (try Size(width: 10, height: 768)))
    #expect(
      warnings(zeroHeight) == [
        "1: <svg> has height 0, so a browser draws nothing; drawdoc ignores that height",
        "1: <svg> has neither a viewBox nor a height in absolute units: the canvas height is 768",
      ])
    let emptyViewBox = try importing(
      document("", root: #"width="100" height="50" viewBox="0 0 0 50""#))
    #expect(emptyViewBox.drawing.plane.size == (try Size(width: 100, height: 50)))
    #expect(
      warnings(emptyViewBox) == [
        #"1: <svg>: viewBox "0 0 0 50" has a zero width or height, so a browser draws nothing; "#
          + "drawdoc ignores it"
      ])
  }

  @Test func withoutAViewBoxWidthAndHeightAreConvertedAt96DotsPerInch() throws {
    let result = try importing(document("", root: #"width="2in" height="50mm""#))
    #expect(result.drawing.plane.size == (try Size(width: 192, height: 50 * 96 / 25.4)))
    #expect(result.warnings == [])
  }

  @Test func withoutAnySizeTheCanvasIsDrawdocsDefaultWithAWarningPerSide() throws {
    let result = try importing(document("", root: #"width="100%""#))
    #expect(result.drawing.plane.size == (try Size(width: 1024, height: 768)))
    #expect(
      warnings(result) == [
        "1: <svg> has neither a viewBox nor a width in absolute units: the canvas width is 1024",
        "1: <svg> has neither a viewBox nor a height in absolute units: the canvas height is 768",
      ])
  }

  @Test func aBrokenViewBoxIsIgnoredForWidthAndHeight() throws {
    let result = try importing(document("", root: #"width="30" height="40" viewBox="0 0 -1 5""#))
    #expect(result.drawing.plane.size == (try Size(width: 30, height: 40)))
    #expect(
      warnings(result) == [
        #"1: <svg>: viewBox "0 0 -1 5" is not four numbers with a positive width and height; ignored"#
      ])
  }

  @Test func aTransformOnTheRootTurnsAboutTheViewportsCentreUnlessTransformOriginMovesIt() throws {
    // The root has a CSS box, so its transform-origin is 50% 50% of the 200 × 100 viewport:
    // scale(0.5) about (100, 50) takes (0, 0) to (50, 25).
    let scaled = #"width="200" height="100" transform="scale(0.5)""#
    let body = #"<rect width="40" height="40"/>"#
    #expect(try run(body, root: scaled) == ([Box(50, 25, 20, 20, "#000000", 10)], []))
    #expect(
      try run(body, root: scaled + #" transform-origin="0 0""#)
        == ([Box(0, 0, 20, 20, "#000000", 10)], []))
    #expect(
      try run(body, root: scaled + #" style="transform-origin: right bottom""#)
        == ([Box(100, 50, 20, 20, "#000000", 10)], []))
    // With a viewBox at 2 px a unit, the centre is still the viewport's: (0, 0, 40, 40) is
    // (0, 0, 80, 80) px, (50, 25, 40, 40) px once scaled, and (25, 12.5, 20, 20) units.
    #expect(
      try run(body, root: scaled + #" viewBox="0 0 100 50""#)
        == ([Box(25, 12.5, 20, 20, "#000000", 10)], []))
  }

  @Test func aTransformOnTheRootActsInItsViewport() throws {
    // The viewport is 200 × 100 px for a viewBox of 100 × 50: translate(20 10) in px is
    // (10, 5) in canvas units.
    let (rectangles, lost) = try run(
      #"<rect x="1" y="1" width="2" height="2"/>"#,
      root: #"width="200" height="100" viewBox="0 0 100 50" transform="translate(20 10)""#)
    #expect(rectangles == [Box(11, 6, 2, 2, "#000000", 10)])
    #expect(lost == [])
  }

  @Test func aBackgroundColorOnTheRootIsARectangleUnderTheDrawingTheSizeOfTheCanvas() throws {
    let (rectangles, lost) = try run(
      #"<rect x="50" width="50" height="50" fill="blue"/>"#,
      root: #"width="200" height="100" style="background-color: rgba(255, 0, 0, 0.5)""#)
    #expect(
      rectangles == [Box(0, 0, 200, 100, "#ff0000", 5), Box(50, 0, 50, 50, "#0000ff", 10)])
    #expect(lost == [])
  }

  @Test func theBackgroundCoversTheBandsBesideTheViewBoxAndIgnoresTheRootsOpacity() throws {
    // The viewport 200 × 100 shows the viewBox 100 × 100 with a band of 50 on each side;
    // the background is painted under the root's opacity, which acts on its content alone,
    // and joins no group: the two rectangles of the translucent root do not overlap.
    let result = try importing(
      document(
        """
        <rect width="50" height="50" fill="red"/>
        <rect x="50" width="50" height="50" fill="red"/>
        """,
        root: #"width="200" height="100" viewBox="0 0 100 100" opacity="0.5" "#
          + #"style="color: lime; background: currentColor""#))
    #expect(result.drawing.plane.size == (try Size(width: 200, height: 100)))
    #expect(
      boxes(result) == [
        Box(0, 0, 200, 100, "#00ff00", 10), Box(50, 0, 50, 50, "#ff0000", 5),
        Box(100, 0, 50, 50, "#ff0000", 5),
      ])
    #expect(result.warnings == [])
  }

  struct BackgroundCase: Sendable, CustomTestStringConvertible {
    let style: String
    /// The background's color and level, or `nil` when there is none.
    let color: String?
    let level: Int
    let warning: String?
    var testDescription: String { style }
  }

  @Test(
    "the last background declaration that is a color wins; others are reported",
    arguments: [
      BackgroundCase(
        style: "background-color: red; background: linear-gradient(red, blue)",
        color: "#ff0000", level: 10,
        warning: #"1: <svg>: background "linear-gradient(red, blue)" is not a value drawdoc "#
          + "reads; ignored"),
      BackgroundCase(
        style: "background: blue; background-color: #0f08", color: "#00ff00", level: 5,
        warning: nil),
      BackgroundCase(
        style: "background-color: red; background: none", color: nil, level: 0, warning: nil),
      BackgroundCase(
        style: "background-color: red; background: initial", color: nil, level: 0, warning: nil),
      BackgroundCase(
        style: "background-color: rgba(0, 0, 0, 0.01)", color: nil, level: 0,
        warning: "1: <svg>: its background-color has the opacity 0.01, which rounds below 0.05: "
          + "dropped"),
    ])
  func backgroundDeclarations(_ testCase: BackgroundCase) throws {
    let (rectangles, lost) = try run(
      "", root: #"width="10" height="10" style="\#(testCase.style)""#)
    #expect(rectangles == (testCase.color.map { [Box(0, 0, 10, 10, $0, testCase.level)] } ?? []))
    #expect(lost == (testCase.warning.map { [$0] } ?? []))
  }

  @Test func aBackgroundColorAttributeIsNotAPresentationAttributeAndPaintsNothing() throws {
    #expect(try run("", root: #"width="10" height="10" background-color="red""#) == ([], []))
  }

  @Test func theTitleIsTheTextOfTheRootsFirstTitleChild() throws {
    let result = try importing(
      document(
        """
        <g><title>Not this</title></g>
        <title>First <![CDATA[& only]]></title>
        <title>Second</title>
        """))
    #expect(result.drawing.plane.title == "First & only")
    let none = try importing(document("<desc>no title</desc>"))
    #expect(none.drawing.plane.title == "")
  }

  @Test func theRootsDrawdocAttributesAreKeptWhenValid() throws {
    let result = try importing(
      document(
        "",
        root: #"viewBox="0 0 10 10" data-id="k3j-9xa-0pq" data-created="2026-11-21T08:00:00Z" "#
          + #"data-modified="2026-11-21T08:05:12Z""#))
    #expect(result.drawing.id == (try Identifier("k3j-9xa-0pq")))
    #expect(result.drawing.created == (try Timestamp("2026-11-21T08:00:00Z")))
    #expect(result.drawing.modified == (try Timestamp("2026-11-21T08:05:12Z")))
    #expect(result.warnings == [])
  }

  @Test func invalidRootAttributesGiveAFreshIdAndNowWithWarnings() throws {
    let result = try importing(
      document(
        "",
        root: #"viewBox="0 0 10 10" data-id="K3J" data-created="yesterday" data-drawdoc="2""#),
      seed: 3)
    var generator = SeededRandomNumberGenerator(seed: 3)
    #expect(result.drawing.id == Identifier.random(using: &generator))
    #expect(result.drawing.created == importTime)
    #expect(result.drawing.modified == importTime)
    #expect(
      warnings(result) == [
        #"1: <svg> has data-id="K3J", which is not an identifier: the drawing gets a fresh id"#,
        #"1: <svg> has data-created="yesterday", which is not a UTC time like "#
          + "2026-11-21T08:00:00Z: the time of the import is used",
        #"1: <svg> has data-drawdoc="2", a format version this drawdoc does not know: "#
          + "read as SVG",
      ])
  }

  @Test func aRootWithoutNamespaceIsReadAsSVGWithAWarning() throws {
    let result = try importing(
      Array(
        #"<svg viewBox="0 0 9 9"><rect width="1" height="2" data-id="aaa-bbb-ccc"/></svg>"#.utf8))
    #expect(boxes(result) == [Box(0, 0, 1, 2, "#000000", 10)])
    #expect(
      warnings(result) == [
        #"1: <svg> is in no namespace: read as SVG (xmlns="http://www.w3.org/2000/svg")"#
      ])
  }

  @Test func aFileThatIsNotSVGOrNotXMLIsAnError() throws {
    #expect(throws: SVGDecodingError.unexpectedRoot(name: "html", line: 1, column: 1)) {
      try importing(Array("<html/>".utf8))
    }
    #expect(
      throws: SVGDecodingError.wrongNamespace(
        element: "svg", namespace: "urn:x", line: 1, column: 1)
    ) {
      try importing(Array(#"<svg xmlns="urn:x"/>"#.utf8))
    }
    let malformed = #expect(throws: SVGDecodingError.self) {
      try importing(Array("<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect>\n</svg>".utf8))
    }
    guard case .malformedXML(_, let line, _)? = malformed else {
      Issue.record("expected malformedXML, got \(String(describing: malformed))")
      return
    }
    #expect(line == 3)
  }
}

// MARK: - Where rectangles are

@Suite("Import: where rectangles are")
struct ImportTreeTests {
  @Test func rectanglesAreCollectedInGroupsLinksAndTheFirstChildOfASwitch() throws {
    let (rectangles, lost) = try run(
      """
      <g><g><rect width="1" height="1"/></g></g>
      <a href="#x"><rect x="2" width="1" height="1"/></a>
      <switch>
        <rect x="3" width="1" height="1"/>
        <rect x="4" width="1" height="1"/>
      </switch>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 1, 1, "#000000", 10), Box(2, 0, 1, 1, "#000000", 10),
        Box(3, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        "6: <rect> skipped: the <switch> on line 4 draws only one child, the one on line 5"
      ])
  }

  @Test(
    "a rectangle in content that is never drawn is skipped with a warning",
    arguments: ["defs", "clipPath", "mask", "pattern", "symbol", "marker", "unknown"])
  func rectanglesInUndrawnContent(_ container: String) throws {
    let (rectangles, lost) = try run(
      """
      <\(container)>
        <g><rect width="1" height="1"/></g>
      </\(container)>
      """)
    #expect(rectangles == [])
    #expect(
      lost == [
        "3: <rect> skipped: it is inside <\(container)> (line 2), whose content is not drawn"
      ])
  }

  @Test func aRectangleInANonSVGElementOrInARectangleIsNotDrawn() throws {
    let (rectangles, lost) = try run(
      """
      <x:layer xmlns:x="urn:x"><rect width="1" height="1"/></x:layer>
      <rect width="5" height="5"><rect width="1" height="1"/></rect>
      """)
    #expect(rectangles == [Box(0, 0, 5, 5, "#000000", 10)])
    #expect(
      lost == [
        "2: <rect> skipped: it is inside <layer> (line 2), whose content is not drawn",
        "3: <rect> skipped: it is inside <rect> (line 3), whose content is not drawn",
      ])
  }

  @Test func displayNoneAndVisibilityHiddenDrawNothing() throws {
    let (rectangles, lost) = try run(
      """
      <g style="display:none">
        <rect width="1" height="1"/>
      </g>
      <rect width="1" height="1" display="none"/>
      <g visibility="hidden">
        <rect width="1" height="1"/>
        <rect x="7" width="1" height="1" visibility="visible"/>
      </g>
      """)
    #expect(rectangles == [Box(7, 0, 1, 1, "#000000", 10)])
    #expect(
      lost == [
        "3: <rect> skipped: it is inside <g> (line 2), which has display none",
        "5: <rect> skipped: it has display none",
        "7: <rect> skipped: it has visibility hidden",
      ])
  }

  @Test func aNestedSVGPlacesScalesAndClipsItsContent() throws {
    // The viewport (10, 20) 100 × 50 shows the viewBox 0 0 50 50 scaled by 1 (meet),
    // centred: 25 to the right. The second rectangle reaches past the viewport's right edge
    // (10 + 100 = 110) and is cut there; the third lies wholly outside.
    let (rectangles, lost) = try run(
      """
      <svg x="10" y="20" width="100" height="50" viewBox="0 0 50 50">
        <rect x="1" y="2" width="3" height="4"/>
        <rect x="60" y="0" width="30" height="10"/>
        <rect x="200" y="0" width="1" height="1"/>
        <rect x="0" y="0" width="50%" height="10%"/>
      </svg>
      <svg width="10" height="10" overflow="visible"><rect x="20" width="1" height="1"/></svg>
      """, root: #"viewBox="0 0 400 400""#)
    #expect(
      rectangles == [
        Box(36, 22, 3, 4, "#000000", 10), Box(95, 20, 15, 10, "#000000", 10),
        Box(35, 20, 25, 5, "#000000", 10), Box(20, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        "4: <rect>: cut to the viewport of the <svg> on line 2",
        "5: <rect> skipped: it lies outside the viewport of the <svg> on line 2",
      ])
  }

  @Test func aNestedViewportOrViewBoxOfZeroSizeDrawsNothing() throws {
    let (rectangles, lost) = try run(
      """
      <svg width="10" height="10" viewBox="0 0 10 0">
        <rect width="1" height="1"/>
      </svg>
      <svg width="0" height="10"><rect width="1" height="1"/></svg>
      """)
    #expect(rectangles == [])
    #expect(
      lost == [
        "3: <rect> skipped: it is inside <svg> (line 2), whose content is not drawn",
        "5: <rect> skipped: it is inside <svg> (line 5), whose content is not drawn",
      ])
  }

  @Test func whatChromiumIgnoresOrDrawsAlikeRaisesNothing() throws {
    // Checked against Chromium: the root's x, y and zoom (a scale only), clip and a background
    // on a nested svg, and properties that change nothing of a filled rectangle.
    let (rectangles, lost) = try run(
      """
      <svg x="10" width="20" height="20" style="clip: rect(0px, 5px, 5px, 0px); background-color: red" transform="translate(0 30)">
        <rect width="10" height="10"/>
      </svg>
      <rect x="40" width="10" height="10" paint-order="stroke" vector-effect="non-scaling-stroke" fill-rule="evenodd" style="isolation: isolate"/>
      <g style="display: contents"><rect x="60" width="10" height="10" opacity="50%"/></g>
      """, root: #"width="100" height="100" x="40" y="40" style="zoom: 2""#)
    #expect(
      rectangles == [
        Box(10, 30, 10, 10, "#000000", 10), Box(40, 0, 10, 10, "#000000", 10),
        Box(60, 0, 10, 10, "#000000", 5),
      ])
    #expect(lost == [])
  }

  @Test func displayNoneOnTheRootDrawsNothingAndEachRectangleIsReported() throws {
    // As SVG and rsvg-convert have it; Chromium draws such a file anyway.
    let (rectangles, lost) = try run(
      #"<rect width="1" height="1"/>"#, root: #"viewBox="0 0 10 10" style="display: none""#)
    #expect(rectangles == [])
    #expect(lost == ["2: <rect> skipped: it is inside <svg> (line 1), which has display none"])
  }

  @Test func otherShapesTextImagesReferencesAndStyleSheetsAreReported() throws {
    let (rectangles, lost) = try run(
      """
      <circle r="1"/>
      <ellipse rx="1" ry="2"/>
      <line x2="5" stroke="red"/>
      <polyline points="0,0 1,1"/>
      <polygon points="0,0 1,0 1,1 0,1"/>
      <path d="M0 0 L5 5 L0 5 z"/>
      <text>Hello</text>
      <image href="a.png" width="5" height="5"/>
      <use href="#r"/>
      <foreignObject width="5" height="5"/>
      <style>rect { fill: red }</style>
      <style>  </style>
      <rect width="1" height="1"><animate attributeName="x" to="5"/></rect>
      <defs><circle r="1"/><style>.a { fill: blue }</style></defs>
      """)
    #expect(rectangles == [Box(0, 0, 1, 1, "#000000", 10)])
    #expect(
      lost == [
        "2: <circle> skipped: drawdoc keeps only rectangles",
        "3: <ellipse> skipped: drawdoc keeps only rectangles",
        "4: <line> skipped: drawdoc keeps only rectangles",
        "5: <polyline> skipped: drawdoc keeps only rectangles",
        "6: <polygon> skipped: drawdoc keeps only rectangles",
        "7: <path> skipped: it is not an axis-aligned rectangle",
        "8: <text> skipped: drawdoc keeps only rectangles, not text",
        "9: <image> skipped: drawdoc keeps only rectangles, not images",
        "10: <use> skipped: drawdoc keeps only rectangles, not references to other elements",
        "11: <foreignObject> skipped: drawdoc keeps only rectangles, not embedded documents",
        "12: <style> ignored: CSS style sheets are not applied, only style attributes",
        "14: <animate> ignored: drawdoc keeps the still picture, without animation",
        "15: <style> ignored: CSS style sheets are not applied, only style attributes",
      ])
  }
}

// MARK: - Conditional attributes

@Suite("Import: conditional attributes")
struct ImportConditionTests {
  @Test func conditionsNoBrowserMeetsSkipTheElementAndLanguagesAreKeptWithAWarning() throws {
    // Browsers ignore requiredFeatures (SVG 2 dropped it) and have the HTML and MathML
    // namespaces as extensions; an empty list is never met; a language depends on the reader.
    let (rectangles, lost) = try run(
      """
      <rect x="0" width="1" height="1" requiredFeatures="http://www.w3.org/TR/SVG11/feature#Nope"/>
      <rect x="2" width="1" height="1" requiredExtensions="http://www.w3.org/1999/xhtml http://www.w3.org/1998/Math/MathML"/>
      <rect x="4" width="1" height="1" requiredExtensions="http://example.org/x"/>
      <rect x="6" width="1" height="1" requiredExtensions=" "/>
      <rect x="8" width="1" height="1" systemLanguage=" , "/>
      <g requiredExtensions="http://www.w3.org/1999/xhtml urn:x">
        <rect x="10" width="1" height="1"/>
      </g>
      <g systemLanguage="fr, de-CH">
        <rect x="12" width="1" height="1"/>
        <path d="M14 0h1v1h-1z" systemLanguage="fr"/>
      </g>
      <text systemLanguage="en">Hello</text>
      <circle r="1" requiredExtensions="urn:x"/>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 1, 1, "#000000", 10), Box(2, 0, 1, 1, "#000000", 10),
        Box(12, 0, 1, 1, "#000000", 10), Box(14, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        #"4: <rect> skipped: its requiredExtensions "http://example.org/x" asks for an "#
          + "extension browsers do not have, so they never draw it",
        "5: <rect> skipped: its requiredExtensions is empty, so browsers never draw it",
        "6: <rect> skipped: its systemLanguage is empty, so browsers never draw it",
        "8: <rect> skipped: it is inside <g> (line 7), which browsers never draw because of its "
          + "requiredExtensions",
        #"10: <g> has systemLanguage "fr, de-CH": a browser draws it only for readers of those "#
          + "languages; drawdoc keeps it",
        #"12: <path> has systemLanguage "fr": a browser draws it only for readers of those "#
          + "languages; drawdoc keeps it",
        "14: <text> skipped: drawdoc keeps only rectangles, not text",
      ])
  }

  @Test func aSwitchDrawsTheFirstSVGChildWhoseConditionsABrowserMayMeet() throws {
    // Illustrator's pattern: a foreignObject for itself, then the drawing for everyone else.
    let (rectangles, lost) = try run(
      """
      <switch>
        <foreignObject requiredExtensions="http://ns.adobe.com/AdobeIllustrator/10.0/" width="1" height="1"/>
        <g><rect width="1" height="1" fill="red"/></g>
        <rect x="2" width="1" height="1"/>
      </switch>
      <switch>
        <x:note xmlns:x="urn:x"/>
        <rect x="4" width="1" height="1" systemLanguage="de"/>
        <rect x="6" width="1" height="1"/>
      </switch>
      """)
    #expect(rectangles == [Box(0, 0, 1, 1, "#ff0000", 10), Box(4, 0, 1, 1, "#000000", 10)])
    #expect(
      lost == [
        "5: <rect> skipped: the <switch> on line 2 draws only one child, the one on line 4",
        #"9: <rect> has systemLanguage "de": a browser draws it only for readers of those "#
          + "languages; drawdoc keeps it",
        "10: <rect> skipped: the <switch> on line 7 draws only one child, the one on line 9",
      ])
  }

  @Test func conditionsOnTheRootAreIgnoredAsBrowsersDo() throws {
    #expect(
      try run(
        #"<rect width="1" height="1"/>"#,
        root: #"viewBox="0 0 10 10" requiredExtensions="urn:x" systemLanguage="""#)
        == ([Box(0, 0, 1, 1, "#000000", 10)], []))
  }
}

// MARK: - Style

@Suite("Import: style")
struct ImportStyleTests {
  @Test func styleWinsOverTheAttributeAndAnInvalidValueIsIgnored() throws {
    let (rectangles, lost) = try run(
      """
      <rect width="1" height="1" fill="red" style="fill: blue"/>
      <rect width="1" height="1" fill="red" style="fill: blue; fill: lime"/>
      <rect width="1" height="1" fill="red" style="fill: bogus"/>
      <rect width="1" height="1" style="fill: lime; fill: bogus"/>
      <rect width="1" height="1" style="FILL : Teal !important ; /* a; b */ fill-opacity: .5"/>
      <rect width="1" height="1" fill="hsl(0, 100%, 50%)"/>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 1, 1, "#0000ff", 10), Box(0, 0, 1, 1, "#00ff00", 10),
        Box(0, 0, 1, 1, "#ff0000", 10), Box(0, 0, 1, 1, "#00ff00", 10),
        Box(0, 0, 1, 1, "#008080", 5), Box(0, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        #"4: <rect>: fill "bogus" is not a value drawdoc reads; ignored"#,
        #"5: <rect>: fill "bogus" is not a value drawdoc reads; ignored"#,
        #"7: <rect>: fill "hsl(0, 100%, 50%)" is not a value drawdoc reads; ignored"#,
      ])
  }

  @Test func fillAndFillOpacityInheritAndOpacityMultipliesDownTheTree() throws {
    // Line 4: blue from line 3, fill-opacity 0.5 from line 2, group opacity 0.5: 0.25 → 3.
    // Line 6: also its own opacity 0.5: 0.125 → 1. Line 7: 0.5 × 0.8 × 0.8 (inherit) = 0.32
    // → 3. Line 9: red, 0.5 × 0.5 → 3. Line 11: the initial black, opaque.
    let (rectangles, lost) = try run(
      """
      <g fill="red" fill-opacity="0.5" opacity="0.5">
        <g style="fill: blue">
          <rect width="1" height="1"/>
          <rect x="2" width="1" height="1" fill="inherit"/>
          <rect x="4" width="1" height="1" opacity="0.5"/>
          <g opacity="0.8"><g opacity="inherit"><rect x="6" width="1" height="1" fill-opacity="1"/></g></g>
        </g>
        <rect x="8" width="1" height="1"/>
      </g>
      <rect x="10" width="1" height="1"/>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 1, 1, "#0000ff", 3), Box(2, 0, 1, 1, "#0000ff", 3),
        Box(4, 0, 1, 1, "#0000ff", 1), Box(6, 0, 1, 1, "#0000ff", 3),
        Box(8, 0, 1, 1, "#ff0000", 3), Box(10, 0, 1, 1, "#000000", 10),
      ])
    #expect(lost == [])
  }

  @Test func groupOpacityOverOverlappingRectanglesIsReported() throws {
    let (rectangles, lost) = try run(
      """
      <g opacity="0.5">
        <rect width="10" height="10"/>
        <rect x="5" y="5" width="10" height="10"/>
      </g>
      <g opacity="0.5">
        <rect width="10" height="10"/>
        <rect x="10" width="10" height="10"/>
      </g>
      """)
    #expect(rectangles.count == 4)
    #expect(
      lost == [
        "2: <g>: its opacity is applied to each rectangle inside it, so where they overlap they "
          + "show through each other"
      ])
  }

  struct OpacityCase: Sendable, CustomTestStringConvertible {
    let attributes: String
    /// The alpha level, or `nil` when the rectangle is dropped as invisible.
    let level: Int?
    let shown: String
    var testDescription: String { attributes }
  }

  @Test(
    "opacity is rounded to the nearest level, a tie upwards",
    arguments: [
      OpacityCase(attributes: #"fill-opacity="0.75""#, level: 8, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.05""#, level: 1, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.15""#, level: 2, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.25""#, level: 3, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.35""#, level: 4, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.85""#, level: 9, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.95""#, level: 10, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.949""#, level: 9, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.7""#, level: 7, shown: ""),
      OpacityCase(attributes: #"fill-opacity="50%""#, level: 5, shown: ""),
      OpacityCase(attributes: #"fill-opacity="1.5""#, level: 10, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.5" opacity="0.5""#, level: 3, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.5" opacity="0.1""#, level: 1, shown: ""),
      OpacityCase(
        attributes: #"fill="rgba(0, 0, 0, 0.5)" fill-opacity="0.5""#, level: 3, shown: ""),
      OpacityCase(attributes: #"fill-opacity="0.049""#, level: nil, shown: "0.049"),
      OpacityCase(attributes: #"opacity="0""#, level: nil, shown: "0"),
      OpacityCase(attributes: #"fill-opacity="-1""#, level: nil, shown: "0"),
      OpacityCase(attributes: #"fill="transparent""#, level: nil, shown: "0"),
    ])
  func opacityRounding(_ testCase: OpacityCase) throws {
    let (rectangles, lost) = try run(#"<rect width="1" height="1" \#(testCase.attributes)/>"#)
    if let level = testCase.level {
      #expect(rectangles.map(\.alpha) == [level])
      #expect(lost == [])
    } else {
      #expect(rectangles == [])
      #expect(
        lost == [
          "2: <rect> skipped: its opacity \(testCase.shown) rounds below 0.05, so it is invisible"
        ])
    }
  }

  @Test(
    "colors in every form CSS and SVG write",
    arguments: [
      ("#0f8", "#00ff88", 10), ("#00FF88", "#00ff88", 10), ("rgb(255, 0, 0)", "#ff0000", 10),
      ("rgb( 100% , 50%, 0% )", "#ff8000", 10), ("rgb(300, -5, 10.5)", "#ff000b", 10),
      ("RebeccaPurple", "#663399", 10), ("rgba(0, 0, 255, 0.5)", "#0000ff", 5),
      ("rgb(0 0 255 / 30%)", "#0000ff", 3), ("#0000ff80", "#0000ff", 5), ("#00f8", "#0000ff", 5),
      ("currentColor", "#000000", 10),
    ])
  func colors(_ fill: String, _ hex: String, _ level: Int) throws {
    let (rectangles, lost) = try run(#"<rect width="1" height="1" fill="\#(fill)"/>"#)
    #expect(rectangles == [Box(0, 0, 1, 1, hex, level)])
    #expect(lost == [])
  }

  @Test func currentColorIsTheColorOfTheElementPaintedAndColorInherits() throws {
    let (rectangles, lost) = try run(
      """
      <g color="teal" fill="currentColor">
        <rect width="1" height="1"/>
        <rect x="2" width="1" height="1" color="red"/>
        <rect x="4" width="1" height="1" fill="currentColor" color="rgba(0,0,255,0.5)"/>
        <rect x="6" width="1" height="1" color="inherit"/>
      </g>
      <rect x="8" width="1" height="1" fill="currentColor"/>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 1, 1, "#008080", 10), Box(2, 0, 1, 1, "#ff0000", 10),
        Box(4, 0, 1, 1, "#0000ff", 5), Box(6, 0, 1, 1, "#008080", 10),
        Box(8, 0, 1, 1, "#000000", 10),
      ])
    #expect(lost == [])
  }

  @Test func noFillAndGradientsAreSkippedOrReplacedByTheirFallback() throws {
    let (rectangles, lost) = try run(
      """
      <rect width="1" height="1" fill="none"/>
      <rect width="1" height="1" fill="none" stroke="red"/>
      <rect width="1" height="1" fill="url(#g)"/>
      <rect width="1" height="1" style="fill: url('#g') red"/>
      <rect width="1" height="1" fill="url(#g) none"/>
      <g fill="none"><rect width="1" height="1"/></g>
      """)
    #expect(rectangles == [Box(0, 0, 1, 1, "#ff0000", 10)])
    #expect(
      lost == [
        "2: <rect> skipped: its fill is none",
        "3: <rect> skipped: its fill is none and drawdoc keeps no strokes",
        "4: <rect> skipped: its fill is url(#g), a gradient or pattern drawdoc cannot keep",
        "5: <rect>: its fill url(#g) is replaced by the fallback color #ff0000",
        "6: <rect> skipped: its fill is none",
        "7: <rect> skipped: its fill is none",
      ])
  }

  @Test func shapeRenderingWithoutSmoothingIsReportedWhereAnEdgeFallsInsideAPixel() throws {
    let (rectangles, lost) = try run(
      """
      <rect x="0.5" width="10" height="10" shape-rendering="crispEdges"/>
      <rect width="10" height="10" shape-rendering="crispEdges"/>
      <g style="shape-rendering: optimizeSpeed">
        <rect y="20" width="1" height="1.5"/>
        <rect x="0.5" y="20" width="1" height="1" shape-rendering="geometricPrecision"/>
      </g>
      <rect x="0.5" width="10" height="10" shape-rendering="bogus"/>
      """)
    #expect(rectangles.count == 5)
    #expect(
      lost == [
        "2: <rect>: shape-rendering crispEdges dropped: drawdoc smooths its edges that fall "
          + "inside a pixel",
        "5: <rect>: shape-rendering optimizeSpeed dropped: drawdoc smooths its edges that fall "
          + "inside a pixel",
        #"8: <rect>: shape-rendering "bogus" is not a value drawdoc reads; ignored"#,
      ])
  }

  @Test func strokesAndEffectsAreDroppedWithAWarning() throws {
    let (rectangles, lost) = try run(
      """
      <rect width="1" height="1" stroke="red"/>
      <rect width="1" height="1" stroke="red" stroke-width="0"/>
      <rect width="1" height="1" stroke="none"/>
      <g stroke="blue"><rect width="1" height="1"/></g>
      <rect width="1" height="1" style="stroke: red; stroke-opacity: 0"/>
      <g clip-path="url(#c)" filter="url(#f)"><rect width="1" height="1" mask="url(#m)"/></g>
      <rect width="1" height="1" style="mix-blend-mode: multiply; transform: rotate(45deg)"/>
      <path d="M0 0H1V1H0Z" marker-end="url(#m)"/>
      """)
    #expect(rectangles.count == 8)
    #expect(
      lost == [
        "2: <rect>: stroke dropped",
        "5: <rect>: stroke dropped",
        "7: <g>: clip-path dropped",
        "7: <g>: filter dropped",
        "7: <rect>: mask dropped",
        "8: <rect>: transform in style is not applied",
        "8: <rect>: mix-blend-mode dropped",
        "9: <path>: markers dropped",
      ])
  }
}

// MARK: - Geometry

@Suite("Import: transforms, units and sizes")
struct ImportGeometryTests {
  @Test func axisAlignedTransformsOfTheRectangleAndItsAncestorsAreApplied() throws {
    let (rectangles, lost) = try run(
      """
      <rect x="1" y="2" width="3" height="4" transform="translate(10)"/>
      <rect x="1" y="2" width="3" height="4" transform="scale(2, 3)"/>
      <rect x="1" y="2" width="3" height="4" transform="matrix(2 0 0 0.5 10 20)"/>
      <g transform="translate(100,0)"><g transform="scale(2)"><rect x="1" y="2" width="3" height="4" transform="translate(1 1)"/></g></g>
      <rect x="1" y="2" width="3" height="4" transform="scale(-1 1)"/>
      <rect x="1" y="2" width="3" height="4" transform="scale(1,-2)"/>
      <rect x="1" y="2" width="3" height="4" transform="rotate(90)"/>
      <rect x="1" y="2" width="3" height="4" transform="rotate(360) skewX(0) rotate(180, 5, 5)"/>
      <g transform="rotate(90)"><rect x="1" y="2" width="3" height="4" transform="rotate(-90)"/></g>
      """)
    #expect(
      rectangles == [
        Box(11, 2, 3, 4, "#000000", 10), Box(2, 6, 6, 12, "#000000", 10),
        Box(12, 21, 6, 2, "#000000", 10), Box(104, 6, 6, 8, "#000000", 10),
        Box(-4, 2, 3, 4, "#000000", 10), Box(1, -12, 3, 8, "#000000", 10),
        Box(-6, 1, 4, 3, "#000000", 10), Box(6, 4, 3, 4, "#000000", 10),
        Box(1, 2, 3, 4, "#000000", 10),
      ])
    #expect(lost == [])
  }

  @Test func rotationsSkewsAndFlatteningTransformsSkipTheRectangle() throws {
    let (rectangles, lost) = try run(
      """
      <rect width="3" height="4" transform="rotate(30)"/>
      <rect width="3" height="4" transform="skewY(10)"/>
      <g transform="matrix(1 0.5 0 1 0 0)"><rect width="3" height="4"/></g>
      <rect width="3" height="4" transform="scale(0 1)"/>
      <rect width="3" height="4" transform="translate(1,"/>
      """)
    #expect(rectangles == [Box(0, 0, 3, 4, "#000000", 10)])
    let rotated = "skipped: it is rotated or skewed, and drawdoc keeps only axis-aligned rectangles"
    #expect(
      lost == [
        "2: <rect> \(rotated)", "3: <rect> \(rotated)", "4: <rect> \(rotated)",
        "5: <rect> skipped: its transform squashes it flat, so nothing is drawn",
        #"6: <rect>: transform "translate(1," is not a value drawdoc reads; ignored"#,
      ])
  }

  @Test func transformOriginMovesThePointATransformActsAboutInTheViewport() throws {
    // transform-box: view-box, so percentages and keywords are of the viewBox 240 × 160.
    let (rectangles, lost) = try run(
      """
      <rect width="40" height="40" transform="scale(0.5)" style="transform-origin: center"/>
      <rect x="80" width="40" height="40" transform="scale(0.5)" transform-origin="100px 20px"/>
      <rect x="120" width="40" height="40" transform="scale(0.5)" transform-origin="right bottom"/>
      <rect y="80" width="40" height="40" transform="scale(0.5)" transform-origin="bottom left"/>
      <rect x="40" y="80" width="40" height="40" transform="scale(0.5)" transform-origin="10% 12.5% 0"/>
      <rect x="80" y="80" width="40" height="40" transform="scale(0.5)" transform-origin="top"/>
      <rect x="120" y="80" width="40" height="40" transform="scale(0.5)" transform-origin="bottom 5px"/>
      <g transform="scale(2)" transform-origin="50% 50%"><rect x="100" y="60" width="10" height="10"/></g>
      <rect x="10" y="10" width="20" height="20" transform-origin="center"/>
      """, root: #"viewBox="0 0 240 160""#)
    #expect(
      rectangles == [
        Box(60, 40, 20, 20, "#000000", 10), Box(90, 10, 20, 20, "#000000", 10),
        Box(180, 80, 20, 20, "#000000", 10), Box(0, 120, 20, 20, "#000000", 10),
        Box(32, 50, 20, 20, "#000000", 10), Box(100, 40, 20, 20, "#000000", 10),
        Box(60, 40, 20, 20, "#000000", 10), Box(80, 40, 20, 20, "#000000", 10),
        Box(10, 10, 20, 20, "#000000", 10),
      ])
    #expect(
      lost == [#"8: <rect>: transform-origin "bottom 5px" is not a value drawdoc reads; ignored"#])
  }

  @Test func transformBoxFillBoxIsTheShapesOwnOutline() throws {
    let (rectangles, lost) = try run(
      """
      <rect x="10" y="10" width="20" height="20" transform="scale(2)" style="transform-box: fill-box; transform-origin: center"/>
      <rect x="10" y="10" width="20" height="20" transform="scale(2)" style="transform-box: fill-box"/>
      <path d="M10 10h20v20h-20z" transform="scale(2)" style="transform-box: content-box; transform-origin: 50% 50%"/>
      <g transform="scale(2)" style="transform-box: fill-box"><rect width="1" height="1"/></g>
      <rect width="1" height="1" transform="scale(2)" stroke="red" style="transform-box: stroke-box"/>
      <rect width="1" height="1" style="translate: 10px; rotate: 90deg; scale: 2"/>
      """)
    #expect(
      rectangles == [
        Box(0, 0, 40, 40, "#000000", 10), Box(10, 10, 40, 40, "#000000", 10),
        Box(0, 0, 40, 40, "#000000", 10), Box(0, 0, 2, 2, "#000000", 10),
        Box(0, 0, 2, 2, "#000000", 10), Box(0, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        "5: <g>: transform-box in style is not applied",
        "6: <rect>: transform-box in style is not applied",
        "6: <rect>: stroke dropped",
        "7: <rect>: translate in style is not applied",
        "7: <rect>: rotate in style is not applied",
        "7: <rect>: scale in style is not applied",
      ])
  }

  @Test func lengthsAreConvertedAt96DotsPerInchAndPercentagesOfTheViewport() throws {
    let (rectangles, lost) = try run(
      """
      <rect x="1in" y="2.54cm" width="72pt" height="1pc"/>
      <rect x="10mm" width="50%" height="25%"/>
      <rect width="5PX" height="1E1"/>
      <rect width="2em" height="1"/>
      <rect width="1 px" height="1"/>
      <rect x="abc" width="1" height="1"/>
      """)
    #expect(
      rectangles == [
        Box(96, 2.54 * 96 / 2.54, 96, 16, "#000000", 10),
        Box(10 * 96 / 25.4, 0, 100, 25, "#000000", 10),
        Box(0, 0, 5, 10, "#000000", 10), Box(0, 0, 1, 1, "#000000", 10),
      ])
    #expect(
      lost == [
        #"5: <rect> skipped: width="2em" has a unit drawdoc does not convert (only px, pt, pc, "#
          + "mm, cm, in and %)",
        #"6: <rect> skipped: width="1 px" is not a length"#,
        #"7: <rect>: x "abc" is not a value drawdoc reads; ignored"#,
      ])
  }

  @Test func emptySizesDrawNothingAndRoundedCornersAreDropped() throws {
    let (rectangles, lost) = try run(
      """
      <rect width="0" height="1"/>
      <rect width="1" height="-2"/>
      <rect height="1"/>
      <rect width="auto" height="1"/>
      <rect width="1" height="1" rx="2"/>
      <rect width="1" height="1" rx="0" ry="3"/>
      <rect width="1" height="1" rx="-1"/>
      <rect width="1" height="1" ry="10%"/>
      """)
    #expect(rectangles.count == 4)
    #expect(
      lost == [
        "2: <rect> skipped: its width is 0, so nothing is drawn",
        "3: <rect> skipped: its height is -2, so nothing is drawn",
        "4: <rect> skipped: it has no width, so nothing is drawn",
        "5: <rect> skipped: it has no width, so nothing is drawn",
        "6: <rect>: rounded corners (rx, ry) dropped",
        "9: <rect>: rounded corners (rx, ry) dropped",
      ])
  }
}

// MARK: - Paths

@Suite("Import: a path that outlines a rectangle")
struct ImportPathTests {
  @Test(
    "optimisers' spellings of a rectangle",
    arguments: [
      "M10 20 H40 V60 H10 Z", "M 10,20 h 30 v 40 h -30 z", "m10 20h30v40H10",
      "M10,20L40,20L40,60L10,60Z", "M10 20 l30 0 0 40 -30 0 z", "M10 20 40 20 40 60 10 60z",
      "M40 60H10V20H40Z", "M25 20H40V60H10V20Z", "M10 20 H25 H40 V60 H10 Z",
      "M1e1 2e1H4e1V6e1H1e1Z", "M10,20H40V60H10Z", "M10 20 h30 v40 h-30 v-40 z",
    ])
  func pathRectangles(_ data: String) throws {
    let (rectangles, lost) = try run(#"<path data-id="pth-000-001" d="\#(data)" fill="red"/>"#)
    #expect(rectangles == [Box(10, 20, 30, 40, "#ff0000", 10)])
    #expect(lost == [])
  }

  @Test func signsAndDotsSeparateNumbers() throws {
    let (rectangles, _) = try run(
      """
      <path d="M10-20h30v40h-30z"/>
      <path d="M.5.5h1v1h-1z"/>
      """)
    #expect(
      rectangles == [Box(10, -20, 30, 40, "#000000", 10), Box(0.5, 0.5, 1, 1, "#000000", 10)])
  }

  @Test(
    "other outlines are other shapes",
    arguments: [
      "M10 20 H40 V60 Z", "M10 20 H40 V60 H10 Z M50 50 H60 V60 H50 Z", "M10 20 C 0 0 1 1 40 60",
      "M10 20 L40 30 L40 60 L10 60 Z", "", "M10 20 H40 V60 H10 V40 H5", "M10 20 H40 V20 H10 Z",
      "H40 V60", "M10 20 H40 V60 H10 Z L5 5",
    ])
  func otherPaths(_ data: String) throws {
    let (rectangles, lost) = try run(#"<path d="\#(data)"/>"#)
    #expect(rectangles == [])
    #expect(lost == ["2: <path> skipped: it is not an axis-aligned rectangle"])
  }

  @Test func aPathRectangleKeepsItsIdOrSilentlyGetsAFreshOneAndTakesTransforms() throws {
    let result = try importing(
      document(
        """
        <path data-id="afy-kw5-t7o" d="m 45,44 h 89 v 92 H 45 Z" transform="translate(1 2)"/>
        <path d="M0 0H1V1H0Z"/>
        """))
    #expect(
      boxes(result) == [Box(46, 46, 89, 92, "#000000", 10), Box(0, 0, 1, 1, "#000000", 10)])
    #expect(result.drawing.plane[0].id == (try Identifier("afy-kw5-t7o")))
    #expect(result.warnings == [])
  }
}

// MARK: - Ids

@Suite("Import: ids")
struct ImportIdentifierTests {
  @Test func missingMalformedAndDuplicateIdsGetFreshOnesTheLaterDuplicateIncluded() throws {
    // A missing id loses nothing and raises no warning; a malformed or duplicate one does.
    let result = try importing(
      document(
        """
        <rect data-id="aaa-aaa-001" width="1" height="1"/>
        <rect width="1" height="1"/>
        <rect data-id="AAA" width="1" height="1"/>
        <rect data-id="aaa-aaa-001" width="1" height="1"/>
        <path data-id="aaa-aaa-002" d="M0 0H1V1H0Z"/>
        """, root: #"viewBox="0 0 10 10" data-id="ddd-ddd-ddd""#),
      seed: 11)
    var generator = SeededRandomNumberGenerator(seed: 11)
    let fresh = (0..<3).map { _ in Identifier.random(using: &generator) }
    let first = try Identifier("aaa-aaa-001")
    let second = try Identifier("aaa-aaa-002")
    #expect(Set(fresh).isDisjoint(with: [first, second]))
    #expect(result.drawing.plane.rectangles.map(\.id) == [first] + fresh + [second])
    #expect(
      warnings(result) == [
        #"4: <rect> has data-id="AAA", which is not an identifier: it gets the fresh id "#
          + "\(fresh[1])",
        #"5: <rect> has data-id="aaa-aaa-001" like the rectangle on line 2: it gets the fresh "#
          + "id \(fresh[2])",
      ])
  }

  @Test func aFreshIdNeverTakesAnIdALaterRectangleHas() throws {
    var generator = SeededRandomNumberGenerator(seed: 5)
    let firstDrawn = Identifier.random(using: &generator)
    let secondDrawn = Identifier.random(using: &generator)
    let result = try importing(
      document(
        """
        <rect width="1" height="1"/>
        <rect data-id="\(firstDrawn)" width="1" height="1"/>
        """, root: #"viewBox="0 0 10 10" data-id="ddd-ddd-ddd""#),
      seed: 5)
    #expect(result.drawing.plane.rectangles.map(\.id) == [secondDrawn, firstDrawn])
  }

  @Test func theSameSeedGivesTheSameDrawing() throws {
    let bytes = document(#"<rect width="1" height="1"/><rect width="2" height="2"/>"#)
    let first = try importing(bytes, seed: 99)
    let second = try importing(bytes, seed: 99)
    #expect(first.drawing == second.drawing)
    #expect(first.warnings == second.warnings)
    #expect(try importing(bytes, seed: 100).drawing != first.drawing)
  }
}

// MARK: - Entities

@Suite("Import: entities are never expanded")
struct ImportEntityTests {
  /// Lines of `/etc/passwd` long enough not to occur by chance.
  private func secretLines() -> [String] {
    guard let text = try? String(contentsOfFile: "/etc/passwd", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").map(String.init).filter { $0.count >= 8 }
  }

  private func expectNoSecrets(_ result: ImportResult) {
    let seen = [result.drawing.plane.title] + result.warnings.map(\.message)
    for line in secretLines() {
      #expect(!seen.contains { $0.contains(line) }, "\(line)")
    }
    #expect(!seen.contains { $0.contains("root:") })
  }

  @Test func declaredAndExternalEntitiesAreReportedWhereTheyAreUsed() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [
        <!ENTITY color "red">
        <!ENTITY secret SYSTEM "file:///etc/passwd">
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <title>Tom &color; Jerry &secret;</title>
        <rect data-id="aaa-aaa-001" width="10" height="10" fill="&color;"/>
        <g fill="&secret;"><rect data-id="aaa-aaa-002" width="10" height="10"/></g>
        <rect data-id="aaa-aaa-003" width="10" height="10" fill="blue" class="a &amp; b"/>
        <text>&secret;</text>
        &undeclared;
      </svg>
      """
    let result = try importing(Array(text.utf8))
    #expect(result.drawing.plane.title == "Tom  Jerry ")
    #expect(
      boxes(result) == [Box(0, 0, 10, 10, "#000000", 10), Box(0, 0, 10, 10, "#0000ff", 10)])
    #expect(
      warnings(result) == [
        "7: the entity &color; is not expanded: what it stands for is skipped",
        "7: the entity &secret; is not expanded: what it stands for is skipped",
        "8: <rect> skipped: its fill uses the entity &color;, which drawdoc never expands",
        "9: <g>: fill ignored: it uses the entity &secret;, which drawdoc never expands",
        "11: <text> skipped: drawdoc keeps only rectangles, not text",
        "11: the entity &secret; is not expanded: what it stands for is skipped",
        "12: the entity &undeclared; is not expanded: what it stands for is skipped",
      ])
    expectNoSecrets(result)
  }

  @Test func externalDocumentTypesAndParameterEntitiesAreNeverRead() throws {
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE svg SYSTEM "file:///etc/passwd" [
        <!ENTITY % p SYSTEM "file:///etc/passwd">
        %p;
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">
        <title>&x;</title>
      </svg>
      """
    let result = try importing(Array(text.utf8))
    #expect(result.drawing.plane.title == "")
    #expect(
      warnings(result) == [
        "4: the parameter entity %p; is not expanded: the declarations it stands for are skipped",
        "7: the entity &x; is not expanded: what it stands for is skipped",
      ])
    expectNoSecrets(result)
  }

  @Test func aCharacterEscapedInAnAttributeNeedsNoEntity() throws {
    let (rectangles, lost) = try run(
      #"<rect width="1" height="1" fill="url(#a&amp;b&#38;c) &#x72;ed"/>"#)
    #expect(rectangles == [Box(0, 0, 1, 1, "#ff0000", 10)])
    #expect(lost == ["2: <rect>: its fill url(#a&b&c) is replaced by the fallback color #ff0000"])
  }

  @Test func aPublicDocumentTypeAloneRaisesNoWarning() throws {
    let text = """
      <?xml version="1.0" standalone="no"?>
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
        <rect data-id="aaa-aaa-001" width="1" height="1"/>
      </svg>
      """
    let result = try importing(Array(text.utf8))
    #expect(boxes(result) == [Box(0, 0, 1, 1, "#000000", 10)])
    #expect(result.warnings == [])
  }

  @Test func nestedEntitiesAreNotExpandedAndFinishAtOnce() throws {
    var declarations = #"<!ENTITY lol0 "lollollollollollollollollollol">"#
    for level in 1...9 {
      declarations +=
        "\n<!ENTITY lol\(level) \""
        + String(repeating: "&lol\(level - 1);", count: 10) + "\">"
    }
    let text = """
      <?xml version="1.0"?>
      <!DOCTYPE svg [
      \(declarations)
      ]>
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
      <title>&lol9;</title>
      <rect data-id="aaa-aaa-001" width="1" height="1" fill="&lol9;"/>
      </svg>
      """
    let clock = ContinuousClock()
    let start = clock.now
    let result = try importing(Array(text.utf8))
    #expect(clock.now - start < .seconds(1))
    #expect(result.drawing.plane.title == "")
    #expect(result.drawing.plane.isEmpty)
    #expect(
      warnings(result) == [
        "15: the entity &lol9; is not expanded: what it stands for is skipped",
        "16: <rect> skipped: its fill uses the entity &lol9;, which drawdoc never expands",
      ])
  }
}

// MARK: - drawdoc's own files

@Suite("Import: drawdoc files")
struct ImportSampleTests {
  @Test func everySampleImportsExactlyAsTheStrictReaderReadsIt() throws {
    for url in try sampleFiles() {
      let bytes = [UInt8](try Data(contentsOf: url))
      let strict = try SVGDecoder.decode(bytes)
      let imported = try importing(bytes)
      #expect(bitwiseEqual(imported.drawing, strict), "\(url.lastPathComponent)")
      #expect(imported.warnings == [], "\(url.lastPathComponent)")
    }
  }

  /// The strict reader goes first; an attribute it refuses (as Inkscape adds `version`) makes
  /// import mode read the whole file, which must give the same drawing.
  @Test func everySampleWithAForeignAttributeStillImportsToTheSameDrawing() throws {
    for url in try sampleFiles() {
      let bytes = [UInt8](try Data(contentsOf: url))
      let strict = try SVGDecoder.decode(bytes)
      let text = String(decoding: bytes, as: UTF8.self)
        .replacingOccurrences(of: " data-drawdoc=", with: #" version="1.1" data-drawdoc="#)
      let touched = Array(text.utf8)
      #expect(throws: SVGDecodingError.self) { try SVGDecoder.decode(touched) }
      let imported = try importing(touched)
      #expect(bitwiseEqual(imported.drawing, strict), "\(url.lastPathComponent)")
      #expect(imported.warnings == [], "\(url.lastPathComponent)")
    }
  }

  @Test func aWarningReadsLineThenMessage() {
    let warning = ImportWarning(
      issue: .otherShape(element: "circle"), location: SourceLocation(line: 12, column: 3))
    #expect(warning.description == "12: warning: <circle> skipped: drawdoc keeps only rectangles")
    #expect(warning.message == "<circle> skipped: drawdoc keeps only rectangles")
    #expect(warning.location.description == "12:3")
  }

  @Test func aWarningSaysWhereItsElementStartsAndWhatItIs() throws {
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">
        <rect width="50" height="50" fill="teal"/>  <circle cx="75" cy="75" r="20"/>
      </svg>
      """
    let result = try SVGImporter.importDrawing(
      Array(text.utf8), now: Timestamp(secondsSince1970: 0), seed: 1)
    // The circle's `<` is the 47th character of line 2, counted by hand.
    #expect(
      result.warnings == [
        ImportWarning(
          issue: .otherShape(element: "circle"), location: SourceLocation(line: 2, column: 47))
      ])
  }
}
