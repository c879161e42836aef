import DrawdocModel
import DrawdocRaster

/// The small pictures of a store's drawings: `thumbnails/<id>.png`, at most
/// ``maximumSide`` pixels on the long side, rebuilt from the drawing whenever it changes.
public enum Thumbnail {
  /// The longest side of a thumbnail, in pixels.
  public static let maximumSide = 256

  /// Whether a drawing's thumbnail matches the drawing file.
  public enum State: String, Sendable {
    /// Made from the drawing as it is now.
    case current
    /// Older than the drawing file: the drawing changed since.
    case stale
    /// Not there.
    case missing
  }

  /// The scale that fits a canvas into ``maximumSide`` pixels, never enlarging it.
  ///
  /// - Parameter size: The canvas size.
  /// - Returns: A scale in `(0, 1]`.
  public static func scale(for size: Size) -> Double {
    var scale = min(1, Double(maximumSide) / max(size.width, size.height))
    while (max(size.width, size.height) * scale).rounded(.up) > Double(maximumSide) {
      scale = scale.nextDown
    }
    return max(scale, .leastNormalMagnitude)
  }

  /// The PNG bytes of a drawing's thumbnail. A thumbnail is only a cache of the picture: it
  /// never carries the drawing, as an exported PNG does (see ``DrawingPNG``).
  ///
  /// - Parameter plane: The drawing's content.
  /// - Returns: The PNG file.
  /// - Throws: ``DrawdocRaster/RasterError`` if the picture cannot be made.
  public static func png(for plane: Plane) throws(RasterError) -> [UInt8] {
    try PNGEncoder.encode(Rasterizer.render(plane, scale: scale(for: plane.size)))
  }
}
