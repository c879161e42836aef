import DrawdocModel

extension Drawing {
  /// Reads a drawdoc file strictly: any departure from the format throws, naming its line and
  /// column (the messages `docs/format.md` lists). The same as ``DrawdocSVG/SVGDecoder/decode(_:)``.
  ///
  /// - Parameter text: The whole file.
  /// - Throws: ``DrawdocSVG/SVGDecodingError``.
  public init(svg text: String) throws(SVGDecodingError) {
    self = try SVGDecoder.decode(Array(text.utf8))
  }

  /// Reads a drawdoc file strictly, from its bytes.
  ///
  /// - Parameter bytes: The whole file.
  /// - Throws: ``DrawdocSVG/SVGDecodingError``.
  public init(svg bytes: [UInt8]) throws(SVGDecodingError) {
    self = try SVGDecoder.decode(bytes)
  }

  /// The drawing's file, as the writer writes it: the same drawing always gives the same
  /// text, and `init(svg:)` reads it back as this drawing, to the bit.
  ///
  /// - Returns: The whole file.
  public func svg() -> String {
    String(decoding: SVGEncoder.encode(self), as: UTF8.self)
  }

  /// Reads any SVG file in import mode: its rectangles become a drawing, as a browser would
  /// draw them, and everything a drawing cannot keep is a warning. The same as
  /// ``DrawdocSVG/SVGImporter/importDrawing(_:now:seed:)``.
  ///
  /// - Parameters:
  ///   - text: The whole file.
  ///   - now: The times a file without valid ones gets.
  ///   - seed: The seed of fresh ids, to import the same way again; `nil` for random ones.
  /// - Returns: The drawing and the warnings.
  /// - Throws: ``DrawdocSVG/SVGDecodingError`` for a file that is not well-formed SVG.
  public static func importing(svg text: String, now: Timestamp = .now, seed: UInt64? = nil)
    throws(SVGDecodingError) -> ImportResult
  {
    try SVGImporter.importDrawing(Array(text.utf8), now: now, seed: seed)
  }

  /// Reads any SVG file in import mode, from its bytes.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - now: The times a file without valid ones gets.
  ///   - seed: The seed of fresh ids; `nil` for random ones.
  /// - Returns: The drawing and the warnings.
  /// - Throws: ``DrawdocSVG/SVGDecodingError`` for a file that is not well-formed SVG.
  public static func importing(svg bytes: [UInt8], now: Timestamp = .now, seed: UInt64? = nil)
    throws(SVGDecodingError) -> ImportResult
  {
    try SVGImporter.importDrawing(bytes, now: now, seed: seed)
  }
}
