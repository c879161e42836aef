extension Deflate {
  /// The most bytes a compressed text of a foreign file (a draw.io page, the draw.io file or
  /// Excalidraw scene an SVG or PNG export carries) may inflate to, whatever its compressed
  /// size: 1 MiB.
  package static let minimumInflateLimit = 1 << 20
  /// How many times its compressed size such a text may inflate to, above the minimum.
  package static let inflateRatio = 100

  /// The most bytes `compressedCount` compressed bytes may inflate to before they are refused
  /// as a decompression bomb: ``inflateRatio`` times their count, and never less than
  /// ``minimumInflateLimit``. The one rule of the draw.io and Excalidraw readers, to pass to
  /// ``decompress(_:limit:raw:)``.
  ///
  /// - Parameter compressedCount: How many compressed bytes there are.
  /// - Returns: The limit, in bytes (`Int.max` when the product does not fit).
  package static func inflateLimit(compressedCount: Int) -> Int {
    let (product, overflow) = compressedCount.multipliedReportingOverflow(by: inflateRatio)
    return max(minimumInflateLimit, overflow ? Int.max : product)
  }
}
