/// What can go wrong while drawing a plane into pixels, writing those pixels as PNG, or
/// reading a text chunk back from a PNG file.
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

  /// The bytes do not start with the PNG signature.
  case notPNG

  /// The PNG file is damaged: a chunk runs past the end, its CRC does not match, a text chunk
  /// is not laid out as PNG says, or the file ends before `IEND`.
  case malformedPNG(reason: String)

  /// The PNG file has no `iTXt` chunk with this keyword.
  case missingText(keyword: String)

  /// A compressed text chunk would inflate to more than `limit` bytes.
  case decompressedTooLarge(limit: Int)

  /// zlib could not decompress a text chunk: the stream is damaged or truncated.
  case decompressionFailed(message: String)
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
    case .notPNG:
      return "the file is not a PNG: it does not start with the PNG signature"
    case .malformedPNG(let reason):
      return "the PNG file is damaged: \(reason)"
    case .missingText(let keyword):
      return "the PNG holds no drawing: it has no iTXt chunk with the keyword '\(keyword)'. "
        + "drawdoc puts one in every PNG it exports (unless --no-embed); this PNG was made "
        + "without it, or a PNG optimiser removed it. Export the drawing again, or use its "
        + "SVG file"
    case .decompressedTooLarge(let limit):
      return "the text in the PNG inflates to more than \(limit) bytes, the most drawdoc "
        + "reads of it: refused as a decompression bomb"
    case .decompressionFailed(let message):
      return "the compressed text in the PNG cannot be read: \(message)"
    }
  }
}
