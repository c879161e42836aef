import DrawdocModel
import Testing

@testable import DrawdocSVG

// ShapeResolution on its own: a shape's geometry, computed style and context in, a rectangle
// or the issue that skips it out, with the issues of what was simplified in the order they
// arise. Every expectation is worked out by hand from docs/format.md, "Import mode".

// MARK: - Helpers

private let black = Color(red: UInt8(0), green: 0, blue: 0)
private let red = Color(red: UInt8(255), green: 0, blue: 0)

/// A shape with the style its presentation attributes give under the initial style.
private func shape(
  _ geometry: [String: String], name: String = "rect",
  style: [(name: String, value: String)] = [], transform: AffineTransform? = nil
) -> ShapeResolution.Shape {
  ShapeResolution.Shape(
    name: name, attributes: geometry,
    cascade: StyleCascade(
      element: name, parent: ImportStyle(), parentOpacity: 1, attributes: style,
      declarations: []),
    transform: transform)
}

/// A viewport of 200 × 100 user units mapped to the canvas by `transform`.
private func context(
  transform: AffineTransform = .identity, clip: ImportFrame.Clip? = nil, groupOpacity: Double = 1
) -> ShapeResolution.Context {
  ShapeResolution.Context(
    transform: transform, viewportWidth: 200, viewportHeight: 100, clip: clip,
    groupOpacity: groupOpacity)
}

private func rectangle(
  _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: Color = black,
  level: Int = 10
) throws -> ShapeResolution.Rectangle {
  ShapeResolution.Rectangle(
    x: x, y: y, width: width, height: height, color: color, alpha: try Alpha(level: level))
}

private let square = ["x": "10", "y": "20", "width": "30", "height": "40"]

@Suite("Import: shape resolution")
struct ShapeResolutionTests {
  // MARK: - Kept

  @Test func aPlainRectangleIsKeptAsItIs() throws {
    let outcome = ShapeResolution.resolve(shape(square), in: context())
    #expect(
      outcome == ShapeResolution.Outcome(issues: [], rectangle: try rectangle(10, 20, 30, 40)))
  }

  @Test func percentagesReferToTheViewportAndTheContextMapsToTheCanvas() throws {
    // 25% of 200 is 50, 50% of 100 is 50; scale(2) and translate(5 0) then give 105, 100.
    let outcome = ShapeResolution.resolve(
      shape(["x": "25%", "y": "50%", "width": "10", "height": "10"]),
      in: context(transform: AffineTransform.translation(5, 0).concatenating(.scale(2, 2))))
    #expect(outcome.rectangle == (try rectangle(105, 100, 20, 20)))
    #expect(outcome.issues == [])
  }

  @Test func aPathThatOutlinesARectangleIsThatRectangle() throws {
    let outcome = ShapeResolution.resolve(
      shape(["d": "M 10 20 h 30 v 40 h -30 z"], name: "path"), in: context())
    #expect(outcome.rectangle == (try rectangle(10, 20, 30, 40)))
    #expect(outcome.issues == [])
  }

  @Test func opacitiesMultiplyAndRoundToTheNearestLevelATieUpwards() throws {
    // fill-opacity 0.5 × opacity 0.5 × group 1 = 0.25: level 2.5, a tie, rounds up to 3.
    let outcome = ShapeResolution.resolve(
      shape(square, style: [("fill", "red"), ("fill-opacity", "0.5"), ("opacity", "0.5")]),
      in: context())
    #expect(outcome.rectangle == (try rectangle(10, 20, 30, 40, red, level: 3)))
    #expect(outcome.issues == [])
  }

  // MARK: - Simplified

  @Test func aMalformedXIsZeroWithAnIssue() throws {
    let outcome = ShapeResolution.resolve(
      shape(["x": "ten", "width": "5", "height": "5"]), in: context())
    #expect(outcome.rectangle == (try rectangle(0, 0, 5, 5)))
    #expect(outcome.issues == [.invalidValue(element: "rect", property: "x", value: "ten")])
  }

  @Test func roundedCornersAndAStrokeAreDroppedInThatOrder() throws {
    var geometry = square
    geometry["rx"] = "3"
    let outcome = ShapeResolution.resolve(
      shape(geometry, style: [("stroke", "red")]), in: context())
    #expect(outcome.rectangle == (try rectangle(10, 20, 30, 40)))
    #expect(outcome.issues == [.roundedCorners(element: "rect"), .stroke(element: "rect")])
  }

  @Test func aNegativeRadiusIsNotARoundedCorner() {
    #expect(!ShapeResolution.hasRoundedCorners(rx: "-3", ry: nil))
    #expect(ShapeResolution.hasRoundedCorners(rx: nil, ry: "2"))
    #expect(!ShapeResolution.hasRoundedCorners(rx: "2", ry: "0"))
  }

  @Test func aRectangleAcrossTheClipIsCutToIt() throws {
    let clip = ImportFrame.Clip(minX: 0, minY: 0, maxX: 25, maxY: 100, line: 4)
    let outcome = ShapeResolution.resolve(shape(square), in: context(clip: clip))
    #expect(outcome.rectangle == (try rectangle(10, 20, 15, 40)))
    #expect(outcome.issues == [.clipped(element: "rect", line: 4)])
  }

  // MARK: - Skipped

  @Test func aRectangleWithoutAHeightIsSkipped() {
    let outcome = ShapeResolution.resolve(shape(["width": "5"]), in: context())
    #expect(
      outcome
        == ShapeResolution.Outcome(
          issues: [.emptySize(element: "rect", attribute: "height", value: nil)], rectangle: nil))
  }

  @Test func aZeroWidthIsSkippedWithItsValue() {
    let outcome = ShapeResolution.resolve(shape(["width": "0", "height": "5"]), in: context())
    #expect(outcome.issues == [.emptySize(element: "rect", attribute: "width", value: 0)])
    #expect(outcome.rectangle == nil)
  }

  @Test func aLengthInAUnitDrawdocDoesNotConvertSkipsTheRectangle() {
    let outcome = ShapeResolution.resolve(shape(["width": "3em", "height": "5"]), in: context())
    #expect(
      outcome.issues == [
        .unreadableLength(element: "rect", attribute: "width", value: "3em", unit: true)
      ])
    #expect(outcome.rectangle == nil)
  }

  @Test func aPathThatIsNoRectangleIsSkipped() {
    let outcome = ShapeResolution.resolve(
      shape(["d": "M 0 0 L 10 10"], name: "path"), in: context())
    #expect(outcome == ShapeResolution.Outcome(issues: [.otherPath], rectangle: nil))
  }

  @Test func displayNoneComesBeforeAnyGeometry() {
    // Without a width the rectangle would be skipped for that; display none is said first.
    let outcome = ShapeResolution.resolve(shape([:], style: [("display", "none")]), in: context())
    #expect(outcome.issues == [.notDisplayed(element: "rect")])
  }

  @Test func aFillOfNoneIsSkippedAndSaysWhetherItIsStroked() {
    let outcome = ShapeResolution.resolve(
      shape(square, style: [("fill", "none"), ("stroke", "red")]), in: context())
    #expect(outcome.issues == [.fillNone(element: "rect", stroked: true)])
    #expect(outcome.rectangle == nil)
  }

  @Test func aRotationOffTheAxesIsSkipped() {
    let outcome = ShapeResolution.resolve(
      shape(square, transform: .rotation(degrees: 30)), in: context())
    #expect(outcome.issues == [.rotated(element: "rect")])
  }

  @Test func aQuarterTurnKeepsTheRectangleOnTheAxes() throws {
    // rotate(90) about the user space's origin takes (10, 20, 30, 40) to (-60, 10, 40, 30).
    let outcome = ShapeResolution.resolve(
      shape(square, transform: .rotation(degrees: 90)), in: context())
    let kept = try #require(outcome.rectangle)
    #expect(abs(kept.x + 60) < 1e-9 && abs(kept.y - 10) < 1e-9)
    #expect(abs(kept.width - 40) < 1e-9 && abs(kept.height - 30) < 1e-9)
    #expect(outcome.issues == [])
  }

  @Test func aRectangleOutsideTheClipIsSkipped() {
    let clip = ImportFrame.Clip(minX: 0, minY: 0, maxX: 5, maxY: 5, line: 7)
    let outcome = ShapeResolution.resolve(shape(square), in: context(clip: clip))
    #expect(outcome.issues == [.outsideViewport(element: "rect", line: 7)])
    #expect(outcome.rectangle == nil)
  }

  @Test func anOpacityThatRoundsBelowAFiftiethIsInvisible() {
    // 0.4 × group 0.1 = 0.04, below 0.05.
    let outcome = ShapeResolution.resolve(
      shape(square, style: [("opacity", "0.4")]), in: context(groupOpacity: 0.1))
    #expect(outcome.rectangle == nil)
    guard case .invisible(let element, let opacity)? = outcome.issues.last else {
      Issue.record("expected invisible, got \(outcome.issues)")
      return
    }
    #expect(element == "rect")
    #expect(abs(opacity - 0.04) < 1e-12)
  }

  @Test func theAlphaOfAnOpacity() throws {
    #expect(ShapeResolution.alpha(0.049) == nil)
    #expect(ShapeResolution.alpha(0.05) == (try Alpha(level: 1)))
    #expect(ShapeResolution.alpha(0.75) == (try Alpha(level: 8)))
    #expect(ShapeResolution.alpha(1.5) == (try Alpha(level: 10)))
  }
}
