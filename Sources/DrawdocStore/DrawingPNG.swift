import DrawdocModel
import DrawdocRaster
import DrawdocSVG

/// A drawing's picture as a PNG file that drawdoc can open again: besides the pixels, the
/// PNG holds the drawing's SVG file — the exact bytes ``SVGEncoder`` writes — compressed in an
/// `iTXt` chunk with the keyword ``keyword``. Image viewers show the picture and ignore the
/// chunk; drawdoc reads the chunk and ignores the pixels.
public enum DrawingPNG {
  /// The keyword of the `iTXt` chunk that holds the drawing.
  public static let keyword = "drawdoc"

  /// Draws a drawing and writes it as PNG.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - scale: Pixels per canvas unit.
  ///   - background: A color under the drawing, or `nil` for transparency.
  ///   - embed: Whether the PNG carries the drawing's SVG file, so that it can be opened again.
  /// - Returns: The bytes of the PNG file.
  /// - Throws: ``RasterError`` if the picture cannot be made.
  public static func encode(
    _ drawing: Drawing, scale: Double = 1, background: Color? = nil, embed: Bool = true
  ) throws(RasterError) -> [UInt8] {
    let image = try Rasterizer.render(drawing.plane, scale: scale, background: background)
    let texts = embed ? [PNGText(keyword: keyword, text: SVGEncoder.encode(drawing))] : []
    return try PNGEncoder.encode(image, texts: texts)
  }

  /// Whether bytes start with the PNG signature.
  ///
  /// - Parameter bytes: The start of a file, or all of it.
  /// - Returns: `true` for a PNG file.
  public static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: PNGEncoder.signature)
  }

  /// The SVG file a PNG carries, to be read with ``SVGDecoder`` like any drawing file. Its
  /// decompressed size is bounded by ``SVGLimits/maximumFileSize``, as a file's size is.
  ///
  /// - Parameter png: The bytes of the PNG file.
  /// - Returns: The bytes of the embedded SVG file.
  /// - Throws: ``RasterError``: not a PNG, a damaged one, one without the chunk, or a chunk
  ///   that inflates past the limit.
  public static func embeddedSVG(in png: [UInt8]) throws(RasterError) -> [UInt8] {
    try PNGText.text(keyword: keyword, in: png, limit: SVGLimits.maximumFileSize)
  }
}
