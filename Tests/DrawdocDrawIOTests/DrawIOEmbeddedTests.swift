import DrawdocDrawIO
import DrawdocModel
import Foundation
import Testing

// The draw.io file an editable `.drawio.svg` (the root's `content` attribute) or `.drawio.png`
// (a `tEXt`/`zTXt`/`iTXt` chunk with the keyword `mxfile`) carries: read instead of the picture.

/// `text` as an XML attribute value in double quotes, as draw.io escapes it.
func attributeEscaped(_ text: [UInt8]) -> String {
  var out = ""
  for scalar in String(decoding: text, as: UTF8.self).unicodeScalars {
    switch scalar {
    case "&": out += "&amp;"
    case "<": out += "&lt;"
    case ">": out += "&gt;"
    case "\"": out += "&quot;"
    case "\n": out += "&#xa;"
    default: out.unicodeScalars.append(scalar)
    }
  }
  return out
}

/// An SVG file as draw.io exports it with a copy of the diagram.
func drawIOSVG(content: String) -> [UInt8] {
  Array(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" content="\(content)">\
    <rect x="0" y="0" width="10" height="10" fill="#ff0000"/></svg>

    """.utf8)
}

/// The CRC-32 of PNG chunks, written here again.
func pngCRC(_ bytes: [UInt8]) -> UInt32 {
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in bytes {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }
  return ~crc
}

/// A zlib stream of stored blocks, written by hand.
func storedZlib(_ bytes: [UInt8]) -> [UInt8] {
  var a: UInt32 = 1
  var b: UInt32 = 0
  for byte in bytes {
    a = (a + UInt32(byte)) % 65_521
    b = (b + a) % 65_521
  }
  let adler = b << 16 | a
  return [0x78, 0x01] + storedDeflate(bytes)
    + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
}

/// A 1×1 grey PNG file with `chunks` (type and data) after its header, built by hand.
func pngFile(with chunks: [(String, [UInt8])]) -> [UInt8] {
  func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    let length = UInt32(data.count)
    let crc = pngCRC(body)
    return (0..<4).map { UInt8(truncatingIfNeeded: length >> (24 - 8 * $0)) } + body
      + (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) }
  }
  var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  out += chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0])
  for (type, data) in chunks { out += chunk(type, data) }
  out += chunk("IDAT", storedZlib([0, 0x80]))
  out += chunk("IEND", [])
  return out
}

/// `text` as `encodeURIComponent` writes it.
func uriEncoded(_ text: [UInt8]) -> [UInt8] {
  let allowed = CharacterSet(
    charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()")
  let encoded = String(decoding: text, as: UTF8.self).addingPercentEncoding(
    withAllowedCharacters: allowed)
  return Array((encoded ?? "").utf8)
}

@Suite("draw.io files carried by SVG and PNG files")
struct DrawIOEmbeddedTests {
  static let now = Timestamp(secondsSince1970: 0)

  /// The drawing the tests carry, written by hand.
  static func expected() throws -> Drawing {
    Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: try Timestamp("2026-11-21T08:00:00Z"),
      modified: try Timestamp("2026-11-21T08:05:12Z"),
      plane: try Plane(
        size: try Size(width: 640, height: 480), title: "Plan & <b>",
        rectangles: [
          Rectangle(
            id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44.5),
            size: try Size(width: 150, height: 120), color: try Color(hex: "#ebc641"),
            alpha: try Alpha(level: 7)),
          Rectangle(
            id: try Identifier("bbb-ccc-ddd"), point: try Point(x: 0, y: 0),
            size: try Size(width: 1, height: 2), color: try Color(hex: "#000000"),
            alpha: try Alpha(level: 10)),
        ]))
  }

  /// The drawing as draw.io writes it, its page compressed: base64 of raw deflate of the
  /// URL-encoded model.
  static func compressed(_ plain: [UInt8]) -> [UInt8] {
    let text = String(decoding: plain, as: UTF8.self)
    let start = text.range(of: "<mxGraphModel")?.lowerBound ?? text.startIndex
    let end = text.range(of: "</mxGraphModel>")?.upperBound ?? text.endIndex
    let model = uriEncoded(Array(text[start..<end].utf8))
    return Array(
      text.replacingCharacters(
        in: start..<end, with: Data(storedDeflate(model)).base64EncodedString()
      ).utf8)
  }

  func refusal(_ bytes: [UInt8]) -> DrawIOError? {
    do {
      _ = try DrawIOReader.importDrawing(bytes, now: Self.now)
      return nil
    } catch {
      return error
    }
  }

  @Test func anSVGFileCarryingAPlainOrCompressedFileGivesItsDrawing() throws {
    let drawing = try Self.expected()
    let plain = DrawIOWriter.encode(drawing)
    for mxfile in [plain, Self.compressed(plain)] {
      let svg = drawIOSVG(content: attributeEscaped(mxfile))
      #expect(DrawIOReader.carriesDrawIO(svg))
      #expect(!DrawIOReader.looksLikeDrawIO(svg))
      #expect(try DrawIOReader.mxfile(inSVG: svg) == mxfile)
      let result = try DrawIOReader.importDrawing(svg, now: Self.now)
      #expect(result.drawing == drawing)
      #expect(result.warnings.isEmpty)
    }
  }

  @Test func aPNGFileCarryingTheFileInATextChunkGivesItsDrawing() throws {
    let drawing = try Self.expected()
    let text = uriEncoded(Self.compressed(DrawIOWriter.encode(drawing)))
    let keyword = Array("mxfile\0".utf8)
    for chunk in [
      ("tEXt", keyword + text), ("zTXt", keyword + [0] + storedZlib(text)),
      ("iTXt", keyword + [1, 0, 0, 0] + storedZlib(text)), ("iTXt", keyword + [0, 0, 0, 0] + text),
    ] {
      let png = pngFile(with: [("tEXt", Array("Software\0drawio".utf8)), chunk])
      #expect(DrawIOReader.carriesDrawIO(png), "\(chunk.0)")
      let result = try DrawIOReader.importDrawing(png, now: Self.now)
      #expect(result.drawing == drawing, "\(chunk.0)")
    }
  }

  @Test func aFileWithoutACarriedDrawIOFileIsNotSeenAsOne() throws {
    let svg = Array("<svg xmlns=\"http://www.w3.org/2000/svg\"><rect/></svg>".utf8)
    #expect(!DrawIOReader.carriesDrawIO(svg))
    #expect(try DrawIOReader.mxfile(inSVG: svg) == nil)
    #expect(refusal(svg)?.message.contains("an <svg> without a content attribute") == true)
    let png = pngFile(with: [("tEXt", Array("Comment\0mxfile".utf8))])
    #expect(!DrawIOReader.carriesDrawIO(png))
    #expect(try DrawIOReader.mxfile(inPNG: png) == nil)
    #expect(refusal(png)?.message.contains("without a text chunk") == true)
  }

  @Test func badEscapingIsRefusedWithAMessage() throws {
    // An entity XML does not define, in the attribute.
    let entity = refusal(drawIOSVG(content: "&lt;mxfile&gt;&nbsp;&lt;/mxfile&gt;"))
    #expect(entity?.message.contains("nbsp") == true, "\(String(describing: entity))")
    // A bare `<` in the attribute: not XML.
    #expect(refusal(drawIOSVG(content: "<mxfile></mxfile>")) != nil)
    // Content that is not a draw.io file.
    let other = refusal(drawIOSVG(content: "hello"))
    #expect(other?.message.contains("does not hold an <mxfile>") == true)
    // A carried file that is broken says where it was.
    let broken = refusal(drawIOSVG(content: "&lt;mxfile&gt;&lt;diagram&gt;"))
    #expect(broken?.message.hasSuffix("(in the draw.io file the SVG file carries)") == true)
    // A malformed %-escape in the PNG's text.
    let png = pngFile(with: [("tEXt", Array("mxfile\0%3Cmxfile%3".utf8))])
    #expect(refusal(png)?.message.contains("malformed %-escape") == true)
  }

  @Test func aPNGTextBombIsRefused() throws {
    // 4 MiB compressed to stored blocks is no bomb; a zTXt whose zlib stream inflates far
    // past 100 times its size is. Fixed-Huffman copies, as in the hostile tests.
    var writer = BitWriter()
    writer.write(1, count: 1)
    writer.write(1, count: 2)
    writer.writeReversed(0x30 + 0x41, count: 8)
    for _ in 0..<((8 << 20) / 258) {
      writer.writeReversed(0b1100_0101, count: 8)
      writer.writeReversed(0, count: 5)
    }
    writer.writeReversed(0, count: 7)
    let stream = [0x78, 0x01] + writer.bytes + [0, 0, 0, 0]
    let png = pngFile(with: [("zTXt", Array("mxfile\0".utf8) + [0] + stream)])
    let error = refusal(png)
    #expect(error?.message.contains("decompression bomb") == true, "\(String(describing: error))")
  }
}
