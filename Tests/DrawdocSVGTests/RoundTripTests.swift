import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct RoundTripTests {
  @Test func randomDrawingsSurviveToTheBit() throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 2026))
    for _ in 0..<1500 {
      let drawing = try drawings.drawing()
      let bytes = SVGEncoder.encode(drawing)
      let decoded = try SVGDecoder.decode(bytes)
      #expect(bitwiseEqual(decoded, drawing), "\(String(decoding: bytes, as: UTF8.self))")
      #expect(SVGEncoder.encode(decoded) == bytes)
      #expect(try SVGDecoder.decodeCanonical(bytes) == drawing)
    }
  }

  @Test func equalDrawingsGiveIdenticalBytes() throws {
    var first = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 99))
    var second = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 99))
    for _ in 0..<50 {
      #expect(SVGEncoder.encode(try first.drawing()) == SVGEncoder.encode(try second.drawing()))
    }
  }

  @Test func decodingFromAFileGivesTheSameDrawing() throws {
    var drawings = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 5))
    let drawing = try drawings.drawing()
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "drawdoc-roundtrip-\(UUID().uuidString).svg")
    defer { try? FileManager.default.removeItem(at: url) }
    try Data(SVGEncoder.encode(drawing)).write(to: url)
    #expect(bitwiseEqual(try SVGDecoder.decode(contentsOfFile: url.path), drawing))
  }
}
