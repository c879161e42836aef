import DrawdocModel
import DrawdocXML

/// Reads SVG written by any program in import mode (docs/format.md): every well-formed SVG file is
/// accepted; its rectangles become a drawing, and whatever drawdoc cannot represent is
/// skipped or simplified with a warning naming its line.
///
/// - Rectangles are collected wherever they are drawn: inside groups, links, the child a
///   `switch` draws, and nested `svg` viewports (placed by their `x`, `y`, `viewBox` and
///   `preserveAspectRatio`, and cut to the viewport unless `overflow` is visible). Content
///   that is never drawn (`defs`, `clipPath`, `mask`, `pattern`, `symbol`, `marker`, unknown
///   and non-SVG elements, `display: none`, a `requiredExtensions` or `systemLanguage` no
///   browser meets) is skipped, and a rectangle in it is reported; content a browser draws
///   only for readers of some languages is kept with a warning.
/// - A `path` that outlines an axis-aligned rectangle (as optimisers rewrite a `rect`) is read
///   as that rectangle, with or without `data-id`.
/// - `fill`, `fill-opacity`, `opacity` and `color` come from presentation attributes, from
///   `style` (which wins), and from ancestors; `opacity` multiplies down the tree.
/// - `translate`, `scale`, `matrix` and quarter-turn `rotate` transforms that keep the
///   rectangle axis-aligned are applied; lengths in px, pt, pc, mm, cm and in are converted
///   at 96 dpi; percentages refer to the viewport.
/// - The canvas is what a browser shows: the root's viewport in the units of its `viewBox`
///   (the `viewBox` itself, its corner the origin, when the two have the same shape), else its
///   `width` and `height`; a missing side is 1024 wide or 768 high, with a warning.
///   A `background-color` in the root's `style` becomes a rectangle under the drawing.
/// - The opacity of a rectangle is rounded to the nearest level, a tie upwards (0.75 → 8);
///   below 0.05 it is dropped as invisible. Rounding alone is not a warning.
/// - A missing, malformed or duplicate `data-id` (the later of two) gets a fresh id; only a
///   malformed or duplicate one is reported, since a missing one loses nothing of the file.
/// - Entities are never expanded: a document type declaration is accepted, and each attribute
///   or text that needs an entity is skipped with a warning. Nothing is loaded from the
///   network or from another file.
///
/// Parsing streams through libxml2's SAX2 interface; no document tree is built. A file the
/// strict reader accepts (a drawdoc file) is read by it, to the same drawing and faster.
public enum SVGImporter {
  /// Imports a drawing from the bytes of an SVG file.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - now: The creation and modification time of a drawing whose root has no valid
  ///     `data-created` or `data-modified`.
  ///   - seed: The seed of the fresh ids given to the drawing and to rectangles without a
  ///     usable `data-id`, to reproduce them in tests; `nil` draws them from the system's
  ///     random source.
  /// - Returns: The drawing and the warnings, in line order.
  /// - Throws: ``SVGDecodingError/malformedXML(message:line:column:)`` for a file that is not
  ///   well-formed XML, ``SVGDecodingError/unexpectedRoot(name:line:column:)`` or
  ///   ``SVGDecodingError/wrongNamespace(element:namespace:line:column:)`` for one that is
  ///   not SVG.
  public static func importDrawing(_ bytes: [UInt8], now: Timestamp, seed: UInt64? = nil)
    throws(SVGDecodingError) -> ImportResult
  {
    try SAXParser.withInput(bytes) { (input) throws(SVGDecodingError) in
      try importDrawing(input, now: now, seed: seed)
    }
  }

  /// Imports a drawing from an SVG file, as ``importDrawing(_:now:seed:)`` imports its bytes,
  /// reading it a piece at a time: memory grows with the drawing, not with the file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - now: The creation and modification time of a drawing whose root has no valid
  ///     `data-created` or `data-modified`.
  ///   - seed: The seed of the fresh ids, to reproduce them in tests; `nil` draws them from
  ///     the system's random source.
  /// - Returns: The drawing and the warnings, in line order.
  /// - Throws: ``SVGDecodingError/fileNotFound(path:)``,
  ///   ``SVGDecodingError/unreadableFile(path:reason:)``, or the errors of
  ///   ``importDrawing(_:now:seed:)``.
  public static func importDrawing(contentsOfFile path: String, now: Timestamp, seed: UInt64? = nil)
    throws(SVGDecodingError) -> ImportResult
  {
    try SAXParser.withInput(ofFile: path) { (input) throws(SVGDecodingError) in
      try importDrawing(input, now: now, seed: seed)
    }
  }

  private static func importDrawing(_ input: SAXInput, now: Timestamp, seed: UInt64?)
    throws(SVGDecodingError) -> ImportResult
  {
    // A drawdoc file reads as the same drawing in both modes, without warnings, and the strict
    // reader is many times faster: it goes first, and import mode takes over if it objects.
    if let drawing = try? SVGDecoder.decode(input) {
      return ImportResult(drawing: drawing, warnings: [])
    }
    let reader = ImportReader(now: now, seed: seed)
    try SAXParser.parse(input, handler: reader)
    guard let result = reader.result else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
    return result
  }
}
