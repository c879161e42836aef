import DrawdocModel
import DrawdocRaster
import DrawdocXML

/// Reads draw.io files in import mode (docs/format.md, "draw.io files"): an `mxfile` whose
/// `<diagram>` pages hold the model compressed (raw deflate, base64, of the URL-encoded
/// `mxGraphModel`) or as a plain `<mxGraphModel>` child, or a bare `<mxGraphModel>`, or such
/// a file URL-encoded, as draw.io's copy puts it on the clipboard. The rectangles of one page
/// become a drawing; every other cell is reported, one warning each.
package enum DrawIOReader {
  /// How many times its compressed size a page may inflate to (above 1 MiB): the rule of
  /// ``Deflate/inflateLimit(compressedCount:)``, which the Excalidraw reader shares.
  static let inflateRatio = Deflate.inflateRatio
  /// The most elements a file, or one page's model, may hold.
  static let maximumElements = Plane.maximumRectangleCount

  /// Whether bytes look like a draw.io file: after blanks, a byte-order mark and an XML
  /// declaration or comments, the root starts `<mxfile` or `<mxGraphModel`.
  package static func looksLikeDrawIO(_ bytes: some Collection<UInt8>) -> Bool {
    let text = String(decoding: bytes.prefix(4096), as: UTF8.self)
    var rest = Substring(text)
    while true {
      rest = rest.drop { $0 == "\u{FEFF}" || $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
      if rest.hasPrefix("<?") || rest.hasPrefix("<!--") {
        let close = rest.hasPrefix("<?") ? "?>" : "-->"
        guard let end = rest.firstRange(of: close) else { return false }
        rest = rest[end.upperBound...]
        continue
      }
      return rest.hasPrefix("<mxfile") || rest.hasPrefix("<mxGraphModel")
    }
  }

  /// Whether bytes look like what draw.io's copy puts on the clipboard as text: a draw.io file
  /// URL-encoded (`encodeURIComponent`), which after blanks starts `%3Cmxfile` or
  /// `%3CmxGraphModel` (the hex digits in either case).
  package static func looksLikeEncodedDrawIO(_ bytes: some Collection<UInt8>) -> Bool {
    let start = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }.prefix(17)
    let text = String(decoding: start, as: UTF8.self)
    guard text.uppercased().hasPrefix("%3C") else { return false }
    let name = text.dropFirst(3)
    return name.hasPrefix("mxGraphModel") || name.hasPrefix("mxfile")
  }

  /// Imports one page of a draw.io file, or of the draw.io file an SVG or PNG file exported
  /// by draw.io carries (``mxfile(inSVG:)``, ``mxfile(inPNG:)``): a PNG file, or an SVG file
  /// (one that ``carriesDrawIO(_:)`` or whose first 4 KiB hold `<svg`), without one is
  /// refused. Lines and columns in the warnings and errors of a carried file are those of
  /// the carried file; its errors say where it was. Text that ``looksLikeEncodedDrawIO(_:)``
  /// (draw.io's copy) is decoded first: its lines are those of the decoded text.
  ///
  /// - Parameters:
  ///   - bytes: The whole file.
  ///   - page: The page to read, from 1; `nil` reads the first and names the others in a
  ///     warning.
  ///   - now: The creation and modification time of a drawing the file gives none.
  /// - Returns: The drawing and the warnings, in line order.
  /// - Throws: ``DrawIOError``.
  package static func importDrawing(_ bytes: [UInt8], page: Int? = nil, now: Timestamp)
    throws(DrawIOError) -> DrawIOImport
  {
    if looksLikeEncodedDrawIO(bytes) { return try importEncoded(bytes, page: page, now: now) }
    let container: String
    let carried: [UInt8]?
    if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
      container = "PNG file"
      carried = try mxfile(inPNG: bytes)
    } else if !looksLikeDrawIO(bytes),
      carriesDrawIO(bytes) || String(decoding: bytes.prefix(4096), as: UTF8.self).contains("<svg")
    {
      container = "SVG file"
      carried = try mxfile(inSVG: bytes)
    } else {
      return try importFile(bytes, page: page, now: now)
    }
    guard let carried else {
      let what =
        container == "PNG file"
        ? "a PNG file without a text chunk with the keyword mxfile"
        : "an <svg> without a content attribute"
      throw DrawIOError(
        "the file is \(what): expected <mxfile> or <mxGraphModel>, or an SVG or PNG file "
          + "exported by draw.io with a copy of the diagram", line: 1)
    }
    do {
      return try importFile(carried, page: page, now: now)
    } catch {
      throw DrawIOError(
        "\(error.message) (in the draw.io file the \(container) carries)", line: error.line,
        column: error.column, isLimit: error.isLimit)
    }
  }

  /// Imports a draw.io file URL-encoded, as draw.io's copy puts it on the clipboard.
  private static func importEncoded(_ bytes: [UInt8], page: Int?, now: Timestamp)
    throws(DrawIOError) -> DrawIOImport
  {
    guard let decoded = DrawIOText.percentDecoded(bytes) else {
      let offset = DrawIOText.malformedEscape(in: bytes) ?? 0
      let lineStart = bytes[..<offset].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
      throw DrawIOError(
        "the URL-encoded draw.io text (draw.io's copy) has a malformed %-escape: expected % "
          + "and two hexadecimal digits, as encodeURIComponent writes",
        line: bytes[..<offset].count { $0 == 0x0A } + 1, column: offset - lineStart + 1)
    }
    do {
      return try importFile(decoded, page: page, now: now)
    } catch {
      throw DrawIOError(
        "\(error.message) (in the draw.io file the URL-encoded text holds)", line: error.line,
        column: error.column, isLimit: error.isLimit)
    }
  }

  /// The most bytes `compressedCount` bytes may inflate to.
  static func inflateLimit(compressedCount: Int) -> Int {
    Deflate.inflateLimit(compressedCount: compressedCount)
  }

  /// Imports one page of a draw.io file itself.
  private static func importFile(_ bytes: [UInt8], page: Int?, now: Timestamp)
    throws(DrawIOError) -> DrawIOImport
  {
    let stream = DrawIOCellStream(page: page ?? 1)
    let root = try parse(bytes, stream: stream)
    var warnings: [DrawIOWarning] = []
    let model: XMLTreeElement
    var cells = stream.takeCells()
    var diagram: XMLTreeElement?
    var fromPlainXML = true
    switch root.name {
    case "mxGraphModel":
      guard page == nil || page == 1 else {
        throw DrawIOError("there is no page \(page ?? 1): the file has 1 page", line: root.line)
      }
      model = root
    case "mxfile":
      let diagrams = root.children.filter { $0.name == "diagram" }
      guard !diagrams.isEmpty else {
        throw DrawIOError("the <mxfile> has no <diagram> page", line: root.line)
      }
      let index = (page ?? 1) - 1
      guard diagrams.indices.contains(index) else {
        throw DrawIOError(
          "there is no page \(page ?? 1): the file has \(diagrams.count) pages", line: root.line)
      }
      let chosen = diagrams[index]
      diagram = chosen
      if page == nil, diagrams.count > 1 {
        warnings.append(
          DrawIOWarning(
            kind: .otherPages(
              read: 1, names: diagrams.dropFirst().map { $0.attribute("name") ?? "" }),
            line: diagrams[1].line))
      }
      if let plain = chosen.children.first(where: { $0.name == "mxGraphModel" }) {
        model = plain
      } else {
        (model, cells) = try inflate(chosen)
        fromPlainXML = false
      }
    default:
      throw DrawIOError(
        "the root element is <\(root.name)>: expected <mxfile> or <mxGraphModel>",
        line: root.line)
    }
    var read = try DrawIOCells(
      model: model, cells: cells, lineOf: { fromPlainXML ? $0 : diagram?.line ?? 1 })
    // `read` holds the only copy, which it lets go of once it has found the rectangles.
    cells = []
    let drawing = try read.drawing(
      root: root, diagram: diagram, model: model, now: now, warnings: &warnings)
    warnings.sort { $0.line < $1.line }
    return DrawIOImport(drawing: drawing, warnings: warnings)
  }

  /// Reads a file, its cells streamed (only the page `stream` reads is kept).
  private static func parse(_ bytes: [UInt8], stream: DrawIOCellStream) throws(DrawIOError)
    -> XMLTreeElement
  {
    do {
      return try XMLTree.read(bytes, maximumElements: maximumElements, stream: stream)
    } catch {
      throw DrawIOError(
        error.message, line: error.line ?? 1, column: error.column ?? 1, isLimit: error.isLimit)
    }
  }

  /// The model a compressed `<diagram>` holds, and its cells.
  private static func inflate(_ diagram: XMLTreeElement) throws(DrawIOError)
    -> (XMLTreeElement, [DrawIOCell])
  {
    let line = diagram.line
    var decoded = try inflated(diagram)
    guard DrawIOText.percentDecode(&decoded) else {
      throw DrawIOError("the <diagram> page's model has a malformed %-escape", line: line)
    }
    let model: XMLTreeElement
    let stream = DrawIOCellStream(page: nil, line: line)
    do {
      model = try XMLTree.read(decoded, maximumElements: maximumElements, stream: stream)
    } catch {
      throw DrawIOError(
        "the <diagram> page's model is not readable: \(error.message) (line \(error.line ?? 1) "
          + "of the model)", line: line, isLimit: error.isLimit)
    }
    guard model.name == "mxGraphModel" else {
      throw DrawIOError(
        "the <diagram> page holds <\(model.name)>: expected <mxGraphModel>", line: line)
    }
    return (model, stream.takeCells())
  }

  /// The inflated text of a compressed `<diagram>`, still URL-encoded; the compressed bytes
  /// are let go on return.
  private static func inflated(_ diagram: XMLTreeElement) throws(DrawIOError) -> [UInt8] {
    let line = diagram.line
    guard let compressed = Base64.decode(diagram.text.utf8) else {
      throw DrawIOError("the <diagram> page is neither a <mxGraphModel> nor base64", line: line)
    }
    let limit = inflateLimit(compressedCount: compressed.count)
    do {
      return try Deflate.decompress(compressed[...], limit: limit, raw: true)
    } catch .decompressedTooLarge {
      throw DrawIOError(
        "the <diagram> page inflates to more than \(limit) bytes ("
          + "\(Deflate.inflateLimitReason(compressedCount: compressed.count))): refused as a "
          + "decompression bomb", line: line, isLimit: true)
    } catch {
      throw DrawIOError("the <diagram> page cannot be inflated: \(error)", line: line)
    }
  }
}
