import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocSystem

/// A drawing's picture as a PNG file that drawdoc can open again: besides the pixels, the
/// PNG holds the drawing's SVG file — the exact bytes ``DrawdocSVG/SVGEncoder`` writes —
/// compressed in an `iTXt` chunk with the keyword ``keyword``. Image viewers show the picture
/// and ignore the chunk; drawdoc reads the chunk and ignores the pixels.
public enum DrawingPNG {
  /// The keyword of the `iTXt` chunk that holds the drawing.
  public static let keyword = "drawdoc"

  /// Draws a drawing and writes it as PNG.
  ///
  /// The SVG file is compressed a piece at a time as it is written, so it never sits in
  /// memory whole, and on a second thread while the picture is drawn.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - scale: Pixels per canvas unit.
  ///   - background: A color under the drawing, or `nil` for transparency.
  ///   - embed: Whether the PNG carries the drawing's SVG file, so that it can be opened again.
  /// - Returns: The bytes of the PNG file.
  /// - Throws: ``DrawdocRaster/RasterError`` if the picture cannot be made.
  public static func encode(
    _ drawing: Drawing, scale: Double = 1, background: Color? = nil, embed: Bool = true
  ) throws(RasterError) -> [UInt8] {
    try file(drawing, scale: scale, background: background, embed: embed).bytes
  }

  /// Draws a drawing and compresses it for a PNG file that is written a chunk at a time, as
  /// ``encode(_:scale:background:embed:)`` makes it whole: the compressed SVG file and pixels
  /// are written from where they are, not copied into the bytes of the whole file first.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - scale: Pixels per canvas unit.
  ///   - background: A color under the drawing, or `nil` for transparency.
  ///   - embed: Whether the PNG carries the drawing's SVG file, so that it can be opened again.
  /// - Returns: The PNG file, ready to be written.
  /// - Throws: ``DrawdocRaster/RasterError`` if the picture cannot be made.
  public static func file(
    _ drawing: Drawing, scale: Double = 1, background: Color? = nil, embed: Bool = true
  ) throws(RasterError) -> PNGEncoder.File {
    var image: Result<RasterImage, RasterError>?
    var text: Result<PNGText, RasterError>?
    // Each task writes only its own result.
    Parallel.forEach(embed ? 2 : 1, extraThreads: 1) { task in
      if task == 0 {
        image = Result { () throws(RasterError) in
          try Rasterizer.render(drawing.plane, scale: scale, background: background)
        }
      } else {
        text = Result { () throws(RasterError) in
          try PNGText(keyword: keyword) { (emit) throws(RasterError) in
            try SVGEncoder.encode(drawing, emit: emit)
          }
        }
      }
    }
    guard let image else { preconditionFailure("the picture was not drawn") }
    var texts: [PNGText] = []
    if let text { texts.append(try text.get()) }
    return try PNGEncoder.file(try image.get(), texts: texts)
  }

  /// Whether bytes start with the PNG signature.
  ///
  /// - Parameter bytes: The start of a file, or all of it.
  /// - Returns: `true` for a PNG file.
  public static func isPNG(_ bytes: some Collection<UInt8>) -> Bool {
    bytes.starts(with: PNGEncoder.signature)
  }

  /// The SVG file a PNG carries, to be read with ``DrawdocSVG/SVGDecoder`` like any drawing
  /// file. It may inflate to 100 times the size of the chunk's compressed text, and always
  /// to 1 MiB (the rule of the draw.io and Excalidraw readers' compressed texts too), but
  /// never past ``DrawdocSVG/SVGLimits/maximumFileSize``, as a file's size is (not the 256 MiB
  /// that the other tools' texts are held to: a PNG export opens again, whatever the size of
  /// its drawing). drawdoc's own
  /// SVG files compress about 4 times: past 100 times, the text is a decompression bomb,
  /// refused as its output grows, before it takes memory.
  ///
  /// - Parameter png: The bytes of the PNG file.
  /// - Returns: The bytes of the embedded SVG file.
  /// - Throws: ``DrawdocRaster/RasterError``: not a PNG, a damaged one, one without the chunk,
  ///   or a chunk that inflates past the limit.
  public static func embeddedSVG(in png: [UInt8]) throws(RasterError) -> [UInt8] {
    try embeddedSVG(in: png, atMost: SVGLimits.maximumFileSize)
  }

  /// The SVG file a PNG carries, as ``embeddedSVG(in:)`` reads it, inflated to at most
  /// `maximum` bytes: a server that weighs its work before it starts holds it to less.
  ///
  /// - Parameters:
  ///   - png: The bytes of the PNG file.
  ///   - maximum: The most bytes the text may inflate to, whatever its compressed size.
  /// - Returns: The bytes of the embedded SVG file.
  /// - Throws: As ``embeddedSVG(in:)``.
  package static func embeddedSVG(in png: [UInt8], atMost maximum: Int) throws(RasterError)
    -> [UInt8]
  {
    try PNGText.text(keyword: keyword, in: png) {
      min(maximum, SVGLimits.maximumFileSize, Deflate.ratioLimit(compressedCount: $0))
    }
  }
}
