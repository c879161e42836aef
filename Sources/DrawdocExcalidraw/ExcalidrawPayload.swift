import DrawdocJSON
import DrawdocModel
import DrawdocRaster

/// The scene Excalidraw embeds in the SVG and PNG files it exports.
///
/// SVG: base64 between `<!-- payload-start -->` and `<!-- payload-end -->`; version 1 (no
/// `payload-version:2`) is the scene's UTF-8 JSON, version 2 a JSON wrapper
/// `{"version":"1","encoding":"bstring","compressed":true,"encoded":…}` whose `encoded` string
/// holds one byte per character: the zlib-deflated scene (or the scene itself when
/// `compressed` is false). PNG: a `tEXt` chunk with the keyword
/// `application/vnd.excalidraw+json`, holding the wrapper or the scene itself.
package enum ExcalidrawPayload {
  /// The media type that marks the payload.
  package static let mediaType = "application/vnd.excalidraw+json"

  private static let start = Array("<!-- payload-start -->".utf8)
  private static let end = Array("<!-- payload-end -->".utf8)

  /// Reads the scene an SVG file carries, or returns `nil` if it carries none.
  ///
  /// - Parameters:
  ///   - svg: The whole file.
  ///   - title: The drawing's title, as for ``ExcalidrawReader/read(_:title:now:warningLine:)``.
  ///   - now: The time of the drawing.
  /// - Returns: The drawing and the warnings, or `nil` without a payload.
  /// - Throws: ``ExcalidrawError`` for a damaged payload or scene.
  package static func read(svg: [UInt8], title: String, now: Timestamp)
    throws(ExcalidrawError) -> ExcalidrawImport?
  {
    guard let marker = svg[...].firstIndex(ofBytes: Array("payload-type:\(mediaType)".utf8)),
      let open = svg[marker...].firstIndex(ofBytes: start)
    else { return nil }
    let from = open + start.count
    guard let close = svg[from...].firstIndex(ofBytes: end) else {
      throw ExcalidrawError("the Excalidraw payload has no end (<!-- payload-end -->)")
    }
    let line = svg[..<open].reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
    guard let decoded = Base64.decode(svg[from..<close]) else {
      throw ExcalidrawError("the Excalidraw payload is not base64")
    }
    return try readEmbedded(decoded, title: title, now: now, line: line)
  }

  /// Reads the scene a PNG file carries, or returns `nil` if it has no Excalidraw chunk.
  ///
  /// - Parameters:
  ///   - png: The whole file.
  ///   - title: The drawing's title.
  ///   - now: The time of the drawing.
  /// - Returns: The drawing and the warnings, or `nil` without the chunk.
  /// - Throws: ``ExcalidrawError`` for a damaged PNG, payload or scene.
  package static func read(png: [UInt8], title: String, now: Timestamp)
    throws(ExcalidrawError) -> ExcalidrawImport?
  {
    let keyword = Array(mediaType.utf8) + [0]
    var scene: [UInt8]?
    let end = PNGChunks.walk(png) { chunk in
      guard chunk.isType("tEXt"), chunk.data.starts(with: keyword) else { return true }
      scene = Array(chunk.data.dropFirst(keyword.count))
      return false
    }
    if case .overrun(let offset, _) = end {
      throw ExcalidrawError("the PNG's chunk at byte \(offset) runs past the end of the file")
    }
    guard let scene else { return nil }
    return try readEmbedded(scene, title: title, now: now, line: 1)
  }

  /// Reads a payload: the wrapper of version 2, or the scene's own JSON. A compressed scene
  /// may inflate to ``Deflate/inflateLimit(compressedCount:)`` bytes, the rule of a
  /// compressed draw.io page: past that it is refused as a decompression bomb.
  static func readEmbedded(_ bytes: [UInt8], title: String, now: Timestamp, line: Int)
    throws(ExcalidrawError) -> ExcalidrawImport
  {
    // The wrapper's text is one byte per character (Latin-1); the scene's is UTF-8.
    var widened: [UInt8] = []
    widened.reserveCapacity(bytes.count)
    for byte in bytes {
      if byte < 0x80 {
        widened.append(byte)
      } else {
        widened.append(0xC0 | byte >> 6)
        widened.append(0x80 | byte & 0x3F)
      }
    }
    let wrapper: JSONValue
    do {
      wrapper = try JSONValue.parse(widened)
    } catch {
      throw ExcalidrawError(
        "the embedded scene is not JSON: \(error.message)", isLimit: error.isLimit)
    }
    guard case .string(let encoded)? = wrapper[last: "encoded"] else {
      return try ExcalidrawReader.read(bytes, title: title, now: now, warningLine: line)
    }
    guard wrapper[last: "encoding"] == .string("bstring") else {
      throw ExcalidrawError("the embedded scene's encoding is not \"bstring\"")
    }
    var binary: [UInt8] = []
    for scalar in encoded.unicodeScalars {
      guard scalar.value <= 0xFF else {
        throw ExcalidrawError("the embedded scene's \"encoded\" holds a character past U+00FF")
      }
      binary.append(UInt8(scalar.value))
    }
    var scene = binary
    switch wrapper[last: "compressed"] {
    case .bool(true)?:
      let limit = Deflate.inflateLimit(compressedCount: binary.count)
      do {
        scene = try Deflate.decompress(binary[...], limit: limit)
      } catch .decompressedTooLarge {
        throw ExcalidrawError(
          "the embedded scene inflates to more than \(limit) bytes ("
            + "\(Deflate.inflateLimitReason(compressedCount: binary.count))): refused as a "
            + "decompression bomb",
          isLimit: true)
      } catch .decompressionFailed(let message) {
        // zlib's own words, without the PNG the raster module's description speaks of.
        throw ExcalidrawError("the embedded scene does not inflate: \(message)")
      } catch {
        throw ExcalidrawError("the embedded scene does not inflate: \(error)")
      }
    case .bool(false)?, nil:
      break
    default:
      throw ExcalidrawError("the embedded scene's \"compressed\" is not true or false")
    }
    return try ExcalidrawReader.read(scene, title: title, now: now, warningLine: line)
  }
}
