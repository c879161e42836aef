extension Deflate {
  /// The most bytes a compressed text of a foreign file (a draw.io page, the draw.io file or
  /// Excalidraw scene an SVG or PNG export carries) may inflate to, whatever its compressed
  /// size: 1 MiB.
  package static let minimumInflateLimit = 1 << 20
  /// How many times its compressed size such a text may inflate to, above the minimum.
  package static let inflateRatio = 100
  /// The most bytes such a text may inflate to, whatever its compressed size: 256 MiB, the
  /// text of some 2.4 million rectangles. Without it, 10 MB of compressed text could take
  /// a gigabyte before it is refused.
  package static let maximumInflateLimit = 256 << 20

  /// The most bytes `compressedCount` compressed bytes may inflate to before they are refused
  /// as a decompression bomb: ``inflateRatio`` times their count, never less than
  /// ``minimumInflateLimit`` and never more than ``maximumInflateLimit``. The one rule of the
  /// draw.io and Excalidraw readers, to pass to ``decompress(_:limit:raw:)``.
  ///
  /// - Parameter compressedCount: How many compressed bytes there are.
  /// - Returns: The limit, in bytes.
  package static func inflateLimit(compressedCount: Int) -> Int {
    min(maximumInflateLimit, ratioLimit(compressedCount: compressedCount))
  }

  /// ``inflateRatio`` times `compressedCount`, never less than ``minimumInflateLimit``, with
  /// no ceiling: the rule of the drawing a drawdoc PNG carries, which may be as large as a
  /// drawing's file (a PNG export opens again whatever its drawing's size), and the rule by
  /// which ``decompress(_:limit:raw:)`` tells a bomb as its output grows.
  ///
  /// - Parameter compressedCount: How many compressed bytes there are.
  /// - Returns: The limit, in bytes.
  package static func ratioLimit(compressedCount: Int) -> Int {
    let (product, overflow) = compressedCount.multipliedReportingOverflow(by: inflateRatio)
    return max(minimumInflateLimit, overflow ? Int.max : product)
  }

  /// Why ``inflateLimit(compressedCount:)`` is what it is, for a message: `over 100 times its
  /// compressed size`, or `the most drawdoc inflates any compressed text to` when the limit
  /// is ``maximumInflateLimit``.
  ///
  /// - Parameter compressedCount: How many compressed bytes there are.
  /// - Returns: Words to put in parentheses after the limit.
  package static func inflateLimitReason(compressedCount: Int) -> String {
    inflateLimit(compressedCount: compressedCount) == maximumInflateLimit
      ? "the most drawdoc inflates any compressed text to"
      : "over \(inflateRatio) times its compressed size"
  }
}
