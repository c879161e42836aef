import DrawdocModel
import DrawdocSVG
import DrawdocTestSupport
import Foundation
import Testing

@Suite struct SampleTests {
  @Test func thereAreAtLeastFiveSamples() throws {
    #expect(try sampleFiles().count >= 5)
  }

  @Test func everySampleReencodesByteForByte() throws {
    for url in try sampleFiles() {
      let bytes = [UInt8](try Data(contentsOf: url))
      let drawing = try SVGDecoder.decode(bytes)
      #expect(SVGEncoder.encode(drawing) == bytes, "\(url.lastPathComponent)")
      #expect(bitwiseEqual(try SVGDecoder.decode(SVGEncoder.encode(drawing)), drawing))
      #expect(bitwiseEqual(try SVGDecoder.decode(contentsOfFile: url.path), drawing))
    }
  }

  @Test func theSeedsExampleHoldsTheSeedsRectangle() throws {
    let path = repositoryRoot.appendingPathComponent("Samples/seeds-example.svg").path
    let drawing = try SVGDecoder.decode(contentsOfFile: path)
    let rectangle = try #require(drawing.plane[try Identifier("afy-kw5-t7o")])
    #expect(
      rectangle.description
        == "(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7")
  }

  @Test func theFactorySampleIsTheFactorysOutputForItsSeed() throws {
    let path = repositoryRoot.appendingPathComponent("Samples/factory-seed-42.svg").path
    let drawing = try SVGDecoder.decode(contentsOfFile: path)
    #expect(drawing.plane.count == 300)
    var plane = try Plane(title: drawing.plane.title)
    var factory = RectangleFactory(seed: 42)
    for _ in 0..<300 { try plane.add(factory.makeRectangle(for: plane)) }
    #expect(plane == drawing.plane)
  }

  @Test func theEscapedTitleSampleReadsBackItsTitle() throws {
    let path = repositoryRoot.appendingPathComponent("Samples/escaped-title.svg").path
    #expect(try SVGDecoder.decode(contentsOfFile: path).plane.title == "<Tom & \"Jerry\">")
  }
}
