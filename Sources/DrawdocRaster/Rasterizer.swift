import DrawdocModel

/// Draws a ``DrawdocModel/Plane`` into pixels, as docs/format.md says pictures are drawn.
///
/// Each rectangle is its color at opacity `level / 10`, composited source-over in sRGB
/// (no conversion to linear light), in z-order with the last rectangle on top. A pixel that
/// a rectangle covers only in part gets the covered fraction of its area as coverage, and
/// the rectangle's alpha there is opacity × coverage. What lies outside the canvas is
/// clipped.
///
/// The rectangles are composited front to back, topmost first, in `Float` accumulators;
/// a pixel stops taking work as soon as nothing below it can change its 8-bit value, and
/// drawing ends once every pixel is finished. The picture is made in blocks of about a
/// million pixels, so memory stays near four bytes per output pixel plus 16 MB for one
/// block.
public enum Rasterizer {
  /// The most pixels a picture may have: 33,554,432 (2²⁵, 8,192 × 4,096), 128 MiB of RGBA.
  /// Every export, the command line's `--scale` and the app's alike, is held to it, so that no
  /// request can make the process take gigabytes.
  public static let maximumPixelCount = 33_554_432

  /// About how many pixels one block holds; 16 bytes of accumulator each.
  static let blockPixelCount = 1 << 20

  /// Draws a plane.
  ///
  /// The picture is `ceil(W · scale) × ceil(H · scale)` pixels for a canvas of `W × H`
  /// (at least 1 × 1), straight-alpha RGBA; it is transparent where nothing is drawn unless
  /// a background is given, and then opaque everywhere.
  ///
  /// - Parameters:
  ///   - plane: The plane to draw.
  ///   - scale: Pixels per canvas unit; finite and greater than 0.
  ///   - background: An opaque color under the whole picture, or `nil` for transparency.
  /// - Returns: The picture.
  /// - Throws: ``RasterError/invalidScale(_:)`` for a scale that is not finite and
  ///   positive; ``RasterError/imageTooLarge(width:height:)`` for a picture of more than
  ///   ``maximumPixelCount`` pixels.
  public static func render(
    _ plane: Plane, scale: Double = 1, background: Color? = nil
  ) throws(RasterError) -> RasterImage {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    let canvasWidth = plane.size.width * scale
    let canvasHeight = plane.size.height * scale
    let width = pixelCount(covering: canvasWidth)
    let height = pixelCount(covering: canvasHeight)
    let (total, overflow) = width.multipliedReportingOverflow(by: height)
    guard !overflow, total <= maximumPixelCount else {
      throw .imageTooLarge(width: width, height: height)
    }
    // Both are now at most `maximumPixelCount`, so finite.
    let clipWidth = min(canvasWidth, Double(width))
    let clipHeight = min(canvasHeight, Double(height))

    var pixels = [UInt8](repeating: 0, count: total * 4)
    // Blocks of about `blockPixelCount` pixels, whole tile rows tall when they can be, so
    // that memory stays bounded however wide or tall the picture is.
    let side = RasterBlock.tileSide
    let blockWidth = min(width, blockPixelCount)
    let rowsPerBlock = max(1, blockPixelCount / blockWidth)
    let blockHeight = min(
      height, rowsPerBlock >= side ? rowsPerBlock / side * side : rowsPerBlock)
    var block = RasterBlock(width: blockWidth, height: blockHeight)
    for top in stride(from: 0, to: height, by: blockHeight) {
      for left in stride(from: 0, to: width, by: blockWidth) {
        block.reset(
          left: left, top: top, columns: min(blockWidth, width - left),
          rows: min(blockHeight, height - top))
        for rectangle in plane.rectangles.reversed() {
          if block.isFinished { break }
          guard
            let scaled = ScaledRectangle(
              rectangle, scale: scale, clipWidth: clipWidth, clipHeight: clipHeight)
          else { continue }
          block.composite(under: scaled)
        }
        block.write(into: &pixels, imageWidth: width, background: background)
      }
    }
    return RasterImage(trustedWidth: width, height: height, pixels: pixels)
  }

  /// The number of pixels that covers a length.
  ///
  /// - Parameter length: A length in pixels: positive, zero after an underflow, or infinite.
  /// - Returns: `length` rounded up, at least 1, or `Int.max` if that is too large for an
  ///   `Int`.
  static func pixelCount(covering length: Double) -> Int {
    let rounded = length.rounded(.up)
    guard rounded < 0x1p63 else { return Int.max }
    return max(1, Int(rounded))
  }
}
