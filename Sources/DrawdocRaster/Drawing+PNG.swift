import DrawdocModel

extension Drawing {
  /// The drawing's picture as a PNG file: its canvas drawn at `scale` by ``DrawdocRaster/Rasterizer``, to
  /// `ceil(width × scale) × ceil(height × scale)` pixels.
  ///
  /// - Parameters:
  ///   - scale: Pixels per canvas unit; finite and greater than 0.
  ///   - background: An opaque color under the whole picture, or `nil` for transparency.
  /// - Returns: The PNG file's bytes.
  /// - Throws: ``DrawdocRaster/RasterError`` for a scale that is not finite and positive, or a picture over
  ///   ``DrawdocRaster/Rasterizer/maximumPixelCount`` pixels.
  public func png(scale: Double = 1, background: Color? = nil) throws(RasterError) -> [UInt8] {
    try PNGEncoder.encode(Rasterizer.render(plane, scale: scale, background: background))
  }
}
