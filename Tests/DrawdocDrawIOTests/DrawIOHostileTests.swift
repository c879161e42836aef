import DrawdocDrawIO
import DrawdocModel
import Foundation
import Testing

// Inputs that must be refused with an error (exit status 65 on the command line), quickly
// and without memory growing: never a crash, a hang or a partial drawing.

/// `bytes` as raw deflate in stored (uncompressed) blocks: a valid stream, written by hand so
/// that the tests do not use the code under test to make their inputs.
func storedDeflate(_ bytes: [UInt8]) -> [UInt8] {
  var out: [UInt8] = []
  var offset = 0
  repeat {
    let count = min(65_535, bytes.count - offset)
    let last: UInt8 = offset + count == bytes.count ? 1 : 0
    out += [
      last, UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF),
      UInt8((~count >> 8) & 0xFF),
    ]
    out += bytes[offset..<(offset + count)]
    offset += count
  } while offset < bytes.count
  return out
}

func page(_ model: String) -> [UInt8] {
  let deflated = storedDeflate(Array(model.utf8))
  return Array(
    "<mxfile><diagram name=\"P\" id=\"x\">\(Data(deflated).base64EncodedString())</diagram></mxfile>"
      .utf8)
}

func model(_ cells: String, page: String = "") -> String {
  "<mxGraphModel \(page)><root><mxCell id=\"0\"/><mxCell id=\"1\" parent=\"0\"/>\(cells)</root></mxGraphModel>"
}

@Suite("draw.io hostile inputs")
struct DrawIOHostileTests {
  func refusal(_ bytes: [UInt8]) -> DrawIOError? {
    do {
      _ = try DrawIOReader.importDrawing(bytes, now: Timestamp(secondsSince1970: 0))
      return nil
    } catch {
      return error
    }
  }

  @Test func aCompressedPageReadsLikeAPlainOne() throws {
    let cells =
      #"<mxCell id="abc-def-ghi" style="fillColor=#ff0000;strokeColor=none;" vertex="1" parent="1"><mxGeometry x="1" y="2" width="3" height="4" as="geometry"/></mxCell>"#
    let result = try DrawIOReader.importDrawing(
      page(model(cells)), now: Timestamp(secondsSince1970: 0))
    #expect(result.warnings.isEmpty)
    #expect(result.drawing.plane.rectangles.map(\.id.description) == ["abc-def-ghi"])
  }

  @Test func badBase64IsRefused() {
    let error = refusal(Array(#"<mxfile><diagram id="x">not*base64!</diagram></mxfile>"#.utf8))
    #expect(error?.message.contains("neither a <mxGraphModel> nor base64") == true)
  }

  @Test func aDeflateBombIsRefusedBeforeItGrows() throws {
    // 8 MiB of one letter compress to a few hundred kilobytes: more than 100 times smaller.
    let zeros = [UInt8](repeating: 0x41, count: 8 << 20)
    var deflated: [UInt8] = []
    // A fixed-Huffman stream of one literal and many 258-byte copies, written by hand:
    // BFINAL=1, BTYPE=01, literal 'A' (0x41 → code 0x71 in 8 bits), then length 258 (code 285,
    // 11000101) at distance 1 (code 0, 00000) repeated, then end of block (0000000).
    var writer = BitWriter()
    writer.write(1, count: 1)
    writer.write(1, count: 2)
    writer.writeReversed(0x30 + 0x41, count: 8)
    for _ in 0..<(zeros.count / 258) {
      writer.writeReversed(0b1100_0101, count: 8)
      writer.writeReversed(0, count: 5)
    }
    writer.writeReversed(0, count: 7)
    deflated = writer.bytes
    let bomb = Array(
      "<mxfile><diagram id=\"x\">\(Data(deflated).base64EncodedString())</diagram></mxfile>".utf8)
    #expect(bomb.count < 1 << 20)
    let error = refusal(bomb)
    #expect(error?.message.contains("decompression bomb") == true, "\(String(describing: error))")
  }

  @Test func noCompressedPageInflatesPast256MiB() throws {
    // A fixed-Huffman stream written by hand: a space, then blocks of 13 bytes of 258-byte
    // copies at distance 1, each 2,064 bytes: 2.7 MB that would inflate to 433 MB, within 100
    // times their size, past the 256 MiB that any compressed text may take.
    let copies: [UInt8] = [
      0xA3, 0x60, 0x14, 0x8C, 0x82, 0x51, 0x30, 0x0A, 0x46, 0xC1, 0x28, 0x18, 0x05,
    ]
    let deflated =
      [0x53, 0x18, 0x05] + Array(repeating: copies, count: 210_000).joined() + [0x00]
    let bomb = Array(
      "<mxfile><diagram id=\"x\">\(Data(deflated).base64EncodedString())</diagram></mxfile>".utf8)
    let error = try #require(refusal(bomb))
    #expect(error.isLimit)
    #expect(
      error.message.hasPrefix(
        "the <diagram> page inflates to more than 268435456 bytes (the most drawdoc inflates "
          + "any compressed text to): refused as a decompression bomb"), "\(error.message)")
  }

  @Test func deepNestingIsRefused() {
    let deep = String(repeating: "<a>", count: 300) + String(repeating: "</a>", count: 300)
    let error = refusal(Array("<mxGraphModel><root>\(deep)</root></mxGraphModel>".utf8))
    #expect(error != nil)
    #expect(
      error?.message.contains("nesting of elements goes past") == true,
      "\(String(describing: error))")
  }

  @Test func aCycleOfParentsIsRefused() {
    let cells =
      #"<mxCell id="a" parent="b" vertex="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell><mxCell id="b" parent="a" vertex="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell>"#
    let error = refusal(Array(model(cells).utf8))
    #expect(error?.message.contains("cycle") == true, "\(String(describing: error))")
  }

  /// Vertices each inside the previous one: `depth` of them under the layer, each at x = 1.
  func chain(_ depth: Int) -> String {
    var cells = ""
    for level in 0..<depth {
      let parent = level == 0 ? "1" : "v\(level - 1)"
      cells +=
        #"<mxCell id="v\#(level)" parent="\#(parent)" vertex="1" style="fillColor=#00ff00">"#
        + #"<mxGeometry x="1" width="1" height="1" as="geometry"/></mxCell>"#
    }
    // A page the content fits, so that it is the canvas and nothing is moved.
    return model(cells, page: #"pageWidth="1000" pageHeight="10""#)
  }

  /// A cell as deep as the limit is placed by every cell above it; one deeper refuses the
  /// file, so that a chain of many thousands of cells is not walked cell by cell. A cycle
  /// beyond the limit is still named as one.
  @Test func parentChainsAreBoundedByTheLimit() throws {
    let limit = 256
    // Above v0: the layer 1 and the root 0; above v254, 256 cells: v253 … v0, 1 and 0.
    let deepest = try DrawIOReader.importDrawing(
      Array(chain(limit - 1).utf8), now: Timestamp(secondsSince1970: 0))
    #expect(deepest.drawing.plane.rectangles.count == limit - 1)
    let lastX = deepest.drawing.plane.rectangles.map(\.point.x).max()
    #expect(lastX == Double(limit - 1))
    let error = refusal(Array(chain(limit).utf8))
    #expect(
      error?.message
        == "cell \"v255\" lies more than 256 cells deep (parent of parent…), past drawdoc's "
        + "limit: ungroup some of its containers in draw.io")
    let long = refusal(Array(chain(40_000).utf8))
    #expect(long?.message.hasPrefix("cell \"v255\" lies more than 256 cells deep") == true)
    // A cycle of 300 cells, reached from a cell outside it.
    var cycle =
      #"<mxCell id="start" parent="c0" vertex="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell>"#
    for index in 0..<300 {
      cycle += #"<mxCell id="c\#(index)" parent="c\#((index + 1) % 300)" vertex="1"/>"#
    }
    #expect(
      refusal(Array(model(cycle).utf8))?.message
        == "cell \"start\": its parent references form a cycle")
  }

  @Test func aCellThatIsItsOwnParentIsRefused() {
    let cells =
      #"<mxCell id="a" parent="a" vertex="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell>"#
    let error = refusal(page(model(cells)))
    #expect(error?.message == "cell \"a\" is its own parent")
  }

  @Test func aHugeGeometryNumberIsRefused() {
    let cells =
      #"<mxCell id="a" parent="1" vertex="1"><mxGeometry x="1e999" width="1" height="1" as="geometry"/></mxCell>"#
    let error = refusal(Array(model(cells).utf8))
    #expect(error?.message.contains("is not a finite number") == true)
  }

  @Test func aMalformedGeometryNumberRefusesOnlyWhenItsCellIsUsed() throws {
    // An edge's geometry is never read; a parent vertex's position is, for its child.
    let unused =
      #"<mxCell id="e" parent="1" edge="1"><mxGeometry x="oops" as="geometry"/></mxCell>"#
    let result = try DrawIOReader.importDrawing(
      Array(model(unused).utf8), now: Timestamp(secondsSince1970: 0))
    #expect(result.warnings.map(\.message) == [#"cell "e" skipped: a connector"#])
    let parent =
      #"<mxCell id="p" parent="1" vertex="1" style="ellipse"><mxGeometry y="1e999" as="geometry"/></mxCell>"#
      + #"<mxCell id="c" parent="p" vertex="1"><mxGeometry width="1" height="1" as="geometry"/></mxCell>"#
    let error = refusal(Array(model(parent).utf8))
    #expect(error?.message == #"cell "p": mxGeometry y="1e999" is not a finite number"#)
    #expect(error?.line == 1)
  }

  @Test func aCellsTextPastTheLimitIsRefused() {
    // The cells are read as they come, not kept as elements: their text is still counted.
    let text = String(repeating: "x", count: 10_000_001)
    let cells = #"<mxCell id="a" parent="1">"# + text + "</mxCell>"
    let error = refusal(Array(model(cells).utf8))
    #expect(
      error?.message.hasPrefix("text length goes past drawdoc's limit of 10000000 bytes") == true,
      "\(String(describing: error))")
  }

  @Test func anOtherRootIsRefused() {
    #expect(refusal(Array("<svg/>".utf8))?.message.contains("expected <mxfile>") == true)
  }
}

/// Writes bits least significant first, as deflate packs them.
struct BitWriter {
  var bytes: [UInt8] = []
  var bitCount = 0

  mutating func write(_ value: UInt32, count: Int) {
    for bit in 0..<count { append((value >> UInt32(bit)) & 1) }
  }

  /// Huffman codes go most significant bit first.
  mutating func writeReversed(_ value: UInt32, count: Int) {
    for bit in (0..<count).reversed() { append((value >> UInt32(bit)) & 1) }
  }

  private mutating func append(_ bit: UInt32) {
    if bitCount % 8 == 0 { bytes.append(0) }
    bytes[bytes.count - 1] |= UInt8(bit) << UInt8(bitCount % 8)
    bitCount += 1
  }
}
