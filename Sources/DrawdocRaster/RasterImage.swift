/// A picture as 8-bit RGBA pixels.
///
/// Each pixel is four bytes, red, green, blue and alpha, with straight (not premultiplied)
/// alpha; rows run from top to bottom and pixels within a row from left to right. A pixel
/// whose alpha is 0 is stored as `(0, 0, 0, 0)` when made by ``Rasterizer``.
public struct RasterImage: Equatable, Sendable {
  /// The number of pixels in a row; at least 1.
  public let width: Int
  /// The number of rows; at least 1.
  public let height: Int
  /// `width · height · 4` bytes: RGBA with straight alpha, rows top to bottom.
  public let pixels: [UInt8]

  /// Makes an image from its pixels.
  ///
  /// - Parameters:
  ///   - width: The number of pixels in a row, at least 1.
  ///   - height: The number of rows, at least 1.
  ///   - pixels: Exactly `width · height · 4` bytes of straight-alpha RGBA, rows top to bottom.
  /// - Throws: ``RasterError/pixelBufferMismatch(width:height:byteCount:)`` if a side is
  ///   below 1 or the buffer has another length.
  public init(width: Int, height: Int, pixels: [UInt8]) throws(RasterError) {
    let (pixelCount, overflow) = width.multipliedReportingOverflow(by: height)
    guard width > 0, height > 0, !overflow, pixelCount <= Int.max / 4,
      pixels.count == pixelCount * 4
    else {
      throw .pixelBufferMismatch(width: width, height: height, byteCount: pixels.count)
    }
    self.init(trustedWidth: width, height: height, pixels: pixels)
  }

  /// Makes an image whose parts the caller has already checked.
  ///
  /// - Precondition: Both sides are at least 1 and `pixels` has `width · height · 4` bytes;
  ///   anything else is a programming error.
  init(trustedWidth width: Int, height: Int, pixels: [UInt8]) {
    precondition(width > 0 && height > 0 && pixels.count == width * height * 4)
    self.width = width
    self.height = height
    self.pixels = pixels
  }
}
