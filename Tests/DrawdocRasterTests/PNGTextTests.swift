import DrawdocRaster
import Foundation
import Testing

/// Builds and takes apart PNG files with python3's `zlib`, `struct` and `json`: an
/// independent reader and writer of the `iTXt` layout, to check drawdoc's against.
private let pythonPNG = #"""
  import json, struct, sys, zlib

  def chunk(kind, data, crc=None):
      body = kind.encode("ascii") + data
      return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) if crc is None else crc)

  def make(spec):
      # A 1 × 1 RGBA picture, then the chunks the spec lists, before the pixels.
      out = b"\x89PNG\r\n\x1a\n" + chunk("IHDR", struct.pack(">IIBBBBB", 1, 1, 8, 6, 0, 0, 0))
      for item in spec["chunks"]:
          if "raw" in item:
              data = bytes.fromhex(item["raw"])
          else:
              text = bytes.fromhex(item["text"])
              if item.get("bomb"):
                  text = b" " * item["bomb"] + text
              stored = zlib.compress(text) if item["flag"] == 1 else text
              stored += bytes.fromhex(item.get("after", ""))
              data = item["keyword"].encode("latin-1") + b"\0" + bytes([item["flag"], 0])
              data += b"en\0" + "Zeichnung".encode("utf-8") + b"\0" + stored
          out += chunk(item.get("type", "iTXt"), data, item.get("crc"))
      out += chunk("IDAT", zlib.compress(b"\0\1\2\3\4")) + chunk("IEND", b"")
      return out[: spec["cut"]] if "cut" in spec else out

  def inspect(png):
      assert png[:8] == b"\x89PNG\r\n\x1a\n", "signature"
      chunks, offset = [], 8
      while offset < len(png):
          (length,) = struct.unpack(">I", png[offset : offset + 4])
          kind = png[offset + 4 : offset + 8]
          data = png[offset + 8 : offset + 8 + length]
          (crc,) = struct.unpack(">I", png[offset + 8 + length : offset + 12 + length])
          entry = {"type": kind.decode("ascii"), "crcOK": crc == zlib.crc32(kind + data)}
          if kind == b"iTXt":
              keyword, rest = data.split(b"\0", 1)
              flag, method, rest = rest[0], rest[1], rest[2:]
              language, translated, text = rest.split(b"\0", 2)
              entry.update(keyword=keyword.decode("latin-1"), flag=flag, method=method,
                           language=language.decode(), translated=translated.decode(),
                           text=(zlib.decompress(text) if flag else text).hex())
          chunks.append(entry)
          offset += 12 + length
      return chunks

  request = json.load(open(sys.argv[1]))
  if request["do"] == "make":
      sys.stdout.buffer.write(make(request))
  else:
      png = open(request["png"], "rb").read()
      sys.stdout.write(json.dumps(inspect(png)))
  """#

/// Runs the script above with a JSON request; returns its standard output.
private func python(_ request: String) throws -> Data {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-png-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let requestFile = folder.appendingPathComponent("request.json")
  try Data(request.utf8).write(to: requestFile)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", pythonPNG, requestFile.path]
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0 else { throw TestFailure("python3 failed: \(problem)") }
  return data
}

/// A PNG file made by python3 holding `chunks` (JSON objects, see ``textChunk(_:keyword:compressed:extra:)``)
/// before the pixels, cut after `cut` bytes if given.
private func makePNG(_ chunks: [String], cut: Int? = nil) throws -> [UInt8] {
  let request =
    #"{"do": "make", "chunks": ["# + chunks.joined(separator: ", ") + "]"
    + (cut.map { #", "cut": \#($0)"# } ?? "") + "}"
  return Array(try python(request))
}

/// An `iTXt` chunk for ``makePNG(_:cut:)``, as a JSON object; `extra` holds more members,
/// written as JSON (`"crc": 12345`).
private func textChunk(
  _ text: String, keyword: String = "drawdoc", compressed: Bool = true, extra: String = ""
) -> String {
  let hex = Array(text.utf8).map { String(format: "%02x", $0) }.joined()
  return #"{"keyword": "\#(keyword)", "flag": \#(compressed ? 1 : 0), "text": "\#(hex)""#
    + (extra.isEmpty ? "" : ", \(extra)") + "}"
}

/// A chunk whose data is given in hexadecimal, for ``makePNG(_:cut:)``.
private func rawChunk(_ hex: String) -> String { #"{"raw": "\#(hex)"}"# }

private struct InspectedChunk: Decodable {
  var type: String
  var crcOK: Bool
  var keyword: String?
  var flag: Int?
  var method: Int?
  var language: String?
  var translated: String?
  var text: String?
}

@Suite struct PNGTextTests {
  private let image = { () throws -> RasterImage in
    try RasterImage(width: 2, height: 1, pixels: [1, 2, 3, 4, 5, 6, 7, 8])
  }

  @Test func theEncoderWritesACompressedITXtChunkThatPythonReads() throws {
    let text = "<svg>✓ \"Zeichnung\" & more</svg>\n" + String(repeating: "<rect/>\n", count: 500)
    let png = try PNGEncoder.encode(
      try image(), texts: [try PNGText(keyword: "drawdoc", text: Array(text.utf8))])
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let file = "\(folder)/text.png"
    try Data(png).write(to: URL(fileURLWithPath: file))
    let chunks = try JSONDecoder().decode(
      [InspectedChunk].self, from: try python(#"{"do": "inspect", "png": "\#(file)"}"#))
    #expect(chunks.map(\.type) == ["IHDR", "iTXt", "IDAT", "IEND"])
    #expect(chunks.allSatisfy { $0.crcOK })
    let chunk = chunks[1]
    #expect(chunk.keyword == "drawdoc")
    #expect(chunk.flag == 1 && chunk.method == 0)
    #expect(chunk.language == "" && chunk.translated == "")
    #expect(chunk.text == Array(text.utf8).map { String(format: "%02x", $0) }.joined())
    // Compressed: the repeated lines take far less room than they would as they are.
    #expect(png.count < text.utf8.count / 4)
    // And drawdoc reads it back.
    #expect(
      try PNGText.text(keyword: "drawdoc", in: png, limit: 1 << 20) == Array(text.utf8))
  }

  @Test func withoutTextsThePNGIsAsBefore() throws {
    #expect(try PNGEncoder.encode(try image(), texts: []) == (try PNGEncoder.encode(try image())))
  }

  @Test func aTextWrittenByAnotherProgramIsRead() throws {
    let png = try makePNG([
      textChunk("other", keyword: "Comment"), textChunk("ünïcode ✓", compressed: true),
      textChunk("plain", keyword: "Title", compressed: false),
    ])
    #expect(
      try PNGText.text(keyword: "drawdoc", in: png, limit: 100) == Array("ünïcode ✓".utf8))
    #expect(try PNGText.text(keyword: "Title", in: png, limit: 100) == Array("plain".utf8))
  }

  @Test func theLimitBoundsTheDecompressedText() throws {
    let text = String(repeating: "x", count: 1000)
    for compressed in [true, false] {
      let png = try makePNG([textChunk(text, compressed: compressed)])
      #expect(try PNGText.text(keyword: "drawdoc", in: png, limit: 1000).count == 1000)
      #expect(throws: RasterError.decompressedTooLarge(limit: 999)) {
        try PNGText.text(keyword: "drawdoc", in: png, limit: 999)
      }
    }
  }

  @Test func aDecompressionBombStopsAtTheLimit() throws {
    // 64 MB of blanks in about 64 KB: refused after 1 MB, without inflating the rest.
    let png = try makePNG([textChunk("", extra: #""bomb": \#(64 << 20)"#)])
    #expect(png.count < 100_000)
    #expect(throws: RasterError.decompressedTooLarge(limit: 1 << 20)) {
      try PNGText.text(keyword: "drawdoc", in: png, limit: 1 << 20)
    }
  }

  /// The rule against bombs, as the drawing a PNG carries has it: 100 times the compressed
  /// text, at least 1 MiB.
  private static func ratioLimit(_ stored: Int) -> Int {
    Deflate.inflateLimit(compressedCount: stored)
  }

  @Test func aBombPastOneHundredTimesItsSizeIsRefused() throws {
    // 64 MiB of blanks in about 64 KB.
    let png = try makePNG([textChunk("", extra: #""bomb": \#(64 << 20)"#)])
    #expect {
      try PNGText.text(keyword: "drawdoc", in: png, limit: Self.ratioLimit)
    } throws: { error in
      guard case .decompressedTooLarge(let limit) = error as? RasterError else { return false }
      return limit > 100 * 60_000 && limit < 100 * 70_000
    }
  }

  /// A text whose start inflates more than 100 times (so that it is no longer kept as it
  /// comes) but whose whole stays within the rule is read whole all the same.
  @Test func aTextThatStartsLikeABombButEndsWithinTheRuleIsReadWhole() throws {
    var random = SystemRandomNumberGenerator()
    let tail = (0..<300_000).map { _ in UInt8.random(in: 0x21...0x7E, using: &random) }
    let hex = tail.map { String(format: "%02x", $0) }.joined()
    let png = try makePNG([
      #"{"keyword": "drawdoc", "flag": 1, "text": "\#(hex)", "bomb": \#(4 << 20)}"#
    ])
    let text = try PNGText.text(keyword: "drawdoc", in: png, limit: Self.ratioLimit)
    #expect(text.count == (4 << 20) + tail.count)
    #expect(text.prefix(4 << 20).allSatisfy { $0 == 0x20 })
    #expect(Array(text.suffix(tail.count)) == tail)
  }

  @Test(
    arguments: [
      (
        "no chunk", [textChunk("x", keyword: "Comment")], nil,
        RasterError.missingText(keyword: "drawdoc")
      ),
      (
        "keyword prefix only", [textChunk("x", keyword: "drawdocs")], nil,
        .missingText(keyword: "drawdoc")
      ),
      (
        "two chunks", [textChunk("a"), textChunk("b")], nil,
        .malformedPNG(reason: "it has two iTXt chunks with the keyword 'drawdoc'")
      ),
      (
        "bad CRC", [textChunk("a", extra: #""crc": 12345"#)], nil,
        .malformedPNG(reason: "the CRC of the iTXt chunk at byte 33 does not match")
      ),
      (
        "no NUL after the language", [rawChunk("64726177646f6300010065")], nil,
        .malformedPNG(reason: "the iTXt chunk at byte 33 is not laid out as PNG says")
      ),
      (
        "compression flag 2", [rawChunk("64726177646f6300020000007878")], nil,
        .malformedPNG(reason: "the iTXt chunk at byte 33 is not laid out as PNG says")
      ),
      (
        "a damaged stream", [rawChunk("64726177646f63000100000078daff")], nil,
        .decompressionFailed(message: "invalid block type")
      ),
      (
        "a truncated stream", [rawChunk("64726177646f63000100000078da")], nil,
        .decompressionFailed(message: "the stream ends too early")
      ),
      (
        "bytes after the stream", [textChunk("a", extra: #""after": "00""#)], nil,
        .decompressionFailed(message: "there are bytes after the end of the stream")
      ),
      (
        "cut inside the chunk", [textChunk("a")], 70,
        .malformedPNG(reason: "the chunk at byte 33 is 32 bytes long, past the end of the file")
      ),
    ] as [(String, [String], Int?, RasterError)])
  func damagedOrMissingTextIsRefused(
    _ name: String, chunks: [String], cut: Int?, expected: RasterError
  ) throws {
    let png = try makePNG(chunks, cut: cut)
    #expect(throws: expected, "\(name)") {
      try PNGText.text(keyword: "drawdoc", in: png, limit: 1000)
    }
  }

  @Test func aFileCutBeforeItsEndIsRefused() throws {
    let whole = try makePNG([textChunk("a")])
    #expect(try PNGText.text(keyword: "drawdoc", in: whole, limit: 1000) == Array("a".utf8))
    // Without its 12-byte IEND chunk.
    let cut = whole.count - 12
    #expect(
      throws: RasterError.malformedPNG(reason: "it ends at byte \(cut), before its IEND chunk")
    ) {
      try PNGText.text(keyword: "drawdoc", in: try makePNG([textChunk("a")], cut: cut), limit: 1000)
    }
  }

  @Test func otherFilesAreNotPNG() {
    for bytes: [UInt8] in [[], Array("<svg/>".utf8), [0x89, 0x50, 0x4E, 0x47]] {
      #expect(throws: RasterError.notPNG) {
        try PNGText.text(keyword: "drawdoc", in: bytes, limit: 1000)
      }
    }
  }

  @Test func aChunkLongerThanTheFileIsRefused() throws {
    var png = try makePNG([textChunk("a")])
    // The iTXt chunk's length field, right after the 8-byte signature and the 25-byte IHDR.
    png.replaceSubrange(33..<37, with: [0x00, 0xFF, 0xFF, 0xFF])
    #expect(
      throws: RasterError.malformedPNG(
        reason: "the chunk at byte 33 is 16777215 bytes long, past the end of the file")
    ) {
      try PNGText.text(keyword: "drawdoc", in: png, limit: 1000)
    }
  }

  private func makeFolder() throws -> String {
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-png-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }
}
