import DrawdocModel

/// A rectangle in pixel space, clipped to the canvas, with the area it covers in the pixels
/// along its four edges.
///
/// Pixel `(px, py)` is the square `[px, px + 1) × [py, py + 1)`; the rectangle covers the
/// fraction `columnCoverage(px) · rowCoverage(py)` of it, which is exact for an axis-aligned
/// rectangle.
struct ScaledRectangle {
  /// The first column the rectangle touches.
  let firstColumn: Int
  /// One past the last column the rectangle touches.
  let endColumn: Int
  /// The first row the rectangle touches.
  let firstRow: Int
  /// One past the last row the rectangle touches.
  let endRow: Int
  /// The covered fraction of the first column's width.
  let leftCoverage: Float
  /// The covered fraction of the last column's width; equals ``leftCoverage`` when the
  /// rectangle touches one column.
  let rightCoverage: Float
  /// The covered fraction of the first row's height.
  let topCoverage: Float
  /// The covered fraction of the last row's height; equals ``topCoverage`` when the
  /// rectangle touches one row.
  let bottomCoverage: Float
  /// The opacity, `level / 10`.
  let opacity: Float
  /// Red, green and blue in 0…255, and -1 in the last lane, so that adding
  /// `transmittance · alpha · colorVector` to an accumulator also lowers its transmittance.
  let colorVector: SIMD4<Float>

  /// Scales and clips a rectangle, or returns `nil` if nothing of it is inside the canvas.
  ///
  /// Every value is clamped to the canvas while still a `Double`, so coordinates such as
  /// `1e300` or `-1e300` never reach an `Int` conversion.
  ///
  /// - Parameters:
  ///   - rectangle: The rectangle in canvas units.
  ///   - scale: Pixels per canvas unit; finite and positive.
  ///   - clipWidth: The canvas width in pixels, finite, at most the image width.
  ///   - clipHeight: The canvas height in pixels, finite, at most the image height.
  init?(_ rectangle: Rectangle, scale: Double, clipWidth: Double, clipHeight: Double) {
    let left = Self.clamp(rectangle.point.x * scale, to: clipWidth)
    let right = Self.clamp((rectangle.point.x + rectangle.size.width) * scale, to: clipWidth)
    let top = Self.clamp(rectangle.point.y * scale, to: clipHeight)
    let bottom = Self.clamp((rectangle.point.y + rectangle.size.height) * scale, to: clipHeight)
    guard left < right, top < bottom else { return nil }
    (firstColumn, endColumn, leftCoverage, rightCoverage) = Self.span(from: left, to: right)
    (firstRow, endRow, topCoverage, bottomCoverage) = Self.span(from: top, to: bottom)
    opacity = Float(rectangle.alpha.level) / 10
    let color = rectangle.color
    colorVector = SIMD4(Float(color.red), Float(color.green), Float(color.blue), -1)
  }

  /// `value` limited to `0 ... limit`; infinities land on the ends.
  private static func clamp(_ value: Double, to limit: Double) -> Double {
    min(max(value, 0), limit)
  }

  /// The pixels an interval `[start, end)` touches and the covered fractions of the first
  /// and the last of them.
  ///
  /// - Precondition: `0 ≤ start < end`, both finite and small enough to be an `Int`.
  private static func span(
    from start: Double, to end: Double
  ) -> (first: Int, end: Int, firstCoverage: Float, lastCoverage: Float) {
    let first = start.rounded(.down)
    let last = end.rounded(.up)
    if last - first <= 1 {
      let coverage = Float(end - start)
      return (Int(first), Int(last), coverage, coverage)
    }
    return (Int(first), Int(last), Float(first + 1 - start), Float(end - (last - 1)))
  }
}
