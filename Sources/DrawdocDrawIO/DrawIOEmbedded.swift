import DrawdocRaster
import DrawdocXML

/// The draw.io file that draw.io's editable exports carry (docs/format.md, "draw.io files"):
/// a `.drawio.svg` holds it, XML-escaped, in its root `<svg>`'s `content` attribute; a
/// `.drawio.png` in a `tEXt` (or `zTXt`, `iTXt`) chunk with the keyword `mxfile`, its text
/// URL-encoded (`encodeURIComponent`).
extension DrawIOReader {
  /// Whether the first bytes of a file show an SVG file or PNG file carrying a draw.io file:
  /// a `content="<mxfile` (escaped or not, either quote) attribute, or a PNG text chunk with
  /// the keyword `mxfile` before the PNG's 4 KiB.
  package static func carriesDrawIO(_ bytes: some Collection<UInt8>) -> Bool {
    let start = Array(bytes.prefix(4096))
    if start.starts(with: PNGEncoder.signature) {
      return ["tEXt", "zTXt", "iTXt"].contains { start.contains(utf8: "\($0)mxfile\0") }
    }
    return ["content=\"&lt;mxfile", "content=\"<mxfile", "content='&lt;mxfile", "content='<mxfile"]
      .contains { start.contains(utf8: $0) }
  }

  /// The draw.io file an SVG file's root `<svg>` carries in its `content` attribute.
  ///
  /// Only the root's start tag is read (through libxml2, with the SVG readers' limits).
  ///
  /// - Parameter svg: The whole SVG file.
  /// - Returns: The draw.io file's bytes, or `nil` when the root has no `content` attribute.
  /// - Throws: ``DrawIOError`` when the root's start tag is not readable XML (a bad escape),
  ///   is not `<svg>`, or its `content` is not an `<mxfile>`.
  package static func mxfile(inSVG svg: [UInt8]) throws(DrawIOError) -> [UInt8]? {
    let root: XMLTreeElement
    do {
      root = try XMLTree.readRoot(svg)
    } catch {
      throw DrawIOError(
        error.message, line: error.line ?? 1, column: error.column ?? 1, isLimit: error.isLimit)
    }
    guard root.name == "svg" else {
      throw DrawIOError(
        "the root element is <\(root.name)>: expected <svg>, <mxfile> or <mxGraphModel>",
        line: root.line)
    }
    guard let content = root.attribute("content") else { return nil }
    guard looksLikeDrawIO(content.utf8) else {
      throw DrawIOError(
        "the <svg>'s content attribute does not hold an <mxfile> (a draw.io file)",
        line: root.line)
    }
    return Array(content.utf8)
  }

  /// The draw.io file a PNG file carries in a text chunk with the keyword `mxfile`.
  ///
  /// The chunks are walked up to `IEND` (their CRCs are not checked, the pixels not decoded);
  /// a compressed text may inflate to no more than a compressed page may.
  ///
  /// - Parameter png: The whole PNG file.
  /// - Returns: The draw.io file's bytes, or `nil` when no chunk has the keyword.
  /// - Throws: ``DrawIOError`` for chunks that run past the end of the file, a text that does
  ///   not inflate or inflates too far (a decompression bomb), or a malformed `%`-escape.
  package static func mxfile(inPNG png: [UInt8]) throws(DrawIOError) -> [UInt8]? {
    guard png.starts(with: PNGEncoder.signature) else { return nil }
    let keyword = Array("mxfile\0".utf8)
    var found: [UInt8]?
    let end = try PNGChunks.walk(png) { (chunk) throws(DrawIOError) in
      guard ["tEXt", "zTXt", "iTXt"].contains(where: chunk.isType),
        chunk.data.starts(with: keyword)
      else { return true }
      let type = String(decoding: chunk.type, as: UTF8.self)
      let text = try chunkText(type, chunk.data.dropFirst(keyword.count), at: chunk.offset)
      guard let decoded = DrawIOText.percentDecoded(text) else {
        throw DrawIOError(
          "the PNG's mxfile text (chunk at byte \(chunk.offset)) has a malformed %-escape",
          line: 1)
      }
      found = decoded
      return false
    }
    if case .overrun(let offset, _) = end {
      throw DrawIOError("the PNG's chunk at byte \(offset) runs past the end of the file", line: 1)
    }
    return found
  }

  /// The text of a `tEXt`, `zTXt` or `iTXt` chunk, after its keyword and NUL.
  private static func chunkText(_ type: String, _ rest: ArraySlice<UInt8>, at offset: Int)
    throws(DrawIOError) -> [UInt8]
  {
    let malformed = DrawIOError(
      "the PNG's \(type) chunk at byte \(offset) is not laid out as PNG says", line: 1)
    switch type {
    case "tEXt":
      return Array(rest)
    case "zTXt":
      guard rest.first == 0 else { throw malformed }
      return try inflate(rest.dropFirst(), at: offset)
    default:
      guard rest.count >= 2, rest.first == 0 || rest.first == 1,
        rest[rest.startIndex + 1] == 0,
        let languageEnd = rest.dropFirst(2).firstIndex(of: 0),
        let translatedEnd = rest[(languageEnd + 1)...].firstIndex(of: 0)
      else { throw malformed }
      let text = rest[(translatedEnd + 1)...]
      return rest.first == 1 ? try inflate(text, at: offset) : Array(text)
    }
  }

  /// A zlib stream, inflated within the limit of a compressed page.
  private static func inflate(_ compressed: ArraySlice<UInt8>, at offset: Int)
    throws(DrawIOError) -> [UInt8]
  {
    let limit = inflateLimit(compressedCount: compressed.count)
    do {
      return try Deflate.decompress(compressed, limit: limit, raw: false)
    } catch .decompressedTooLarge {
      throw DrawIOError(
        "the PNG's mxfile text (chunk at byte \(offset)) inflates to more than \(limit) bytes "
          + "(\(Deflate.inflateLimitReason(compressedCount: compressed.count))): refused as a "
          + "decompression bomb",
        line: 1, isLimit: true)
    } catch {
      throw DrawIOError(
        "the PNG's mxfile text (chunk at byte \(offset)) cannot be inflated: \(error)", line: 1)
    }
  }
}
