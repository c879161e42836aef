/// What can go wrong while drawing a plane into pixels or writing those pixels as PNG.
///
/// Every case carries the values that were wrong, and its ``description`` says what would
/// be right.
public enum RasterError: Error, Equatable, Sendable {
  /// The scale is zero, negative, NaN or infinite; it must be finite and greater than zero.
  case invalidScale(Double)

  /// The picture would have more than ``Rasterizer/maximumPixelCount`` pixels, or a side
  /// longer than PNG allows. A side too long to count is reported as `Int.max`.
  case imageTooLarge(width: Int, height: Int)

  /// The pixel buffer does not hold exactly `width · height · 4` bytes, or a side is not
  /// at least 1.
  case pixelBufferMismatch(width: Int, height: Int, byteCount: Int)

  /// zlib refused to compress the image; `status` is its return code.
  case compressionFailed(status: Int, message: String)
}

extension RasterError: CustomStringConvertible {
  /// A message that says what was wrong and what would be right.
  public var description: String {
    switch self {
    case .invalidScale(let scale):
      return
        "The scale \(scale) is not usable; give a finite number greater than 0, such as 1 or 2."
    case .imageTooLarge(let width, let height):
      let shown = { (side: Int) in side == Int.max ? "more than \(Int.max)" : "\(side)" }
      return "The picture would be \(shown(width)) × \(shown(height)) pixels, more than the "
        + "limit of \(Rasterizer.maximumPixelCount) pixels; use a smaller scale or canvas."
    case .pixelBufferMismatch(let width, let height, let byteCount):
      guard width > 0, height > 0 else {
        return "An image of \(width) × \(height) pixels is empty; both sides must be at least 1."
      }
      let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
      let needed = overflow || pixels > Int.max / 4 ? "more than \(Int.max)" : "\(pixels * 4)"
      return "An image of \(width) × \(height) pixels needs \(needed) bytes of RGBA, "
        + "but \(byteCount) bytes were given; give exactly 4 bytes per pixel."
    case .compressionFailed(let status, let message):
      return "zlib could not compress the image (status \(status): \(message)); this usually "
        + "means memory ran out, so try a smaller scale."
    }
  }
}
