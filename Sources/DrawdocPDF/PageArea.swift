import DrawdocModel

/// The part of a rectangle that lies on the page, in canvas units: what the PDF file writes.
///
/// A rectangle within the page is written as it is. One that crosses the page's edge is
/// written as its part on the page, which draws the same pixels: PDF readers clip to the page
/// anyway, but poppler's renderers leave out a path whose numbers are huge (a height of 1e9
/// for `pdftoppm`, of 1e7 for `pdftocairo`), so a rectangle of 1e21 × 1e308 that covers the
/// page would not be drawn at all. One with no part on the page, outside it or only touching
/// its edge, is not written.
struct PageArea {
  /// The left edge.
  let x: Double
  /// The top edge.
  let y: Double
  /// The width; greater than zero unless the rectangle, within the page, is that thin.
  let width: Double
  /// The height; greater than zero unless the rectangle, within the page, is that thin.
  let height: Double

  /// The part of `rectangle` on a page of `page`, or `nil` when it has none.
  init?(_ rectangle: Rectangle, on page: Size) {
    let left = rectangle.point.x
    let top = rectangle.point.y
    // May be infinite when both the corner and the size are near the largest Double.
    let right = left + rectangle.size.width
    let bottom = top + rectangle.size.height
    if left >= 0, top >= 0, right <= page.width, bottom <= page.height {
      (x, y, width, height) = (left, top, rectangle.size.width, rectangle.size.height)
      return
    }
    let clippedLeft = left >= 0 ? left : 0
    let clippedTop = top >= 0 ? top : 0
    let clippedRight = min(right, page.width)
    let clippedBottom = min(bottom, page.height)
    guard clippedRight > clippedLeft, clippedBottom > clippedTop else { return nil }
    (x, y) = (clippedLeft, clippedTop)
    (width, height) = (clippedRight - clippedLeft, clippedBottom - clippedTop)
  }
}
