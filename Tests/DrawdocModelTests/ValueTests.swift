import DrawdocModel
import Testing

@Suite struct ValueTests {
  @Test func pointsMustBeFinite() throws {
    #expect(try Point(x: -3.5, y: 1e300).x == -3.5)
    #expect(throws: ModelError.nonFiniteCoordinate(name: "x", value: .infinity)) {
      try Point(x: .infinity, y: 0)
    }
    #expect(throws: ModelError.self) { try Point(x: 0, y: .nan) }
  }

  @Test(arguments: [0.0, -0.0, -1, .infinity, -.infinity, .nan])
  func sizesMustBePositiveAndFinite(_ length: Double) {
    #expect(throws: ModelError.self) { try Size(width: length, height: 1) }
    #expect(throws: ModelError.self) { try Size(width: 1, height: length) }
  }

  @Test func smallestPositiveSizeIsAllowed() throws {
    let size = try Size(width: 5e-324, height: 1.7976931348623157e308)
    #expect(size.width == 5e-324)
  }

  @Test func colorChannelsAreRefusedNotClamped() throws {
    #expect(try Color(red: 0, green: 128, blue: 255).green == 128)
    #expect(throws: ModelError.colorChannelOutOfRange(channel: "red", value: 256)) {
      try Color(red: 256, green: 0, blue: 0)
    }
    #expect(throws: ModelError.colorChannelOutOfRange(channel: "blue", value: -1)) {
      try Color(red: 0, green: 0, blue: -1)
    }
  }

  @Test func hexFormReadsEitherCaseAndWritesLowercase() throws {
    let color = try Color(hex: "#EBC641")
    #expect(color == (try Color(red: 235, green: 198, blue: 65)))
    #expect(color.hex == "#ebc641")
    for bad in ["ebc641", "#ebc64", "#ebc6411", "#ebc64g", "", "#"] {
      #expect(throws: ModelError.invalidHexColor(bad)) { try Color(hex: bad) }
    }
  }

  @Test func alphaLevelsRunFromOneToTen() throws {
    #expect(try Alpha(level: 1).opacity == 0.1)
    #expect(try Alpha(level: 7).opacity == 0.7)
    #expect(try Alpha(level: 10).opacity == 1)
    #expect(Alpha.allLevels.count == 10)
    #expect(throws: ModelError.alphaLevelOutOfRange(0)) { try Alpha(level: 0) }
    #expect(throws: ModelError.alphaLevelOutOfRange(11)) { try Alpha(level: 11) }
  }

  @Test func exactOpacityAcceptsOnlyTheTenLevels() throws {
    #expect(Alpha(exactOpacity: 0.7) == (try Alpha(level: 7)))
    #expect(Alpha(exactOpacity: 1) == (try Alpha(level: 10)))
    for other in [0, 0.05, 0.75, 0.70000001, 1.1, -0.1, Double.nan] {
      #expect(Alpha(exactOpacity: other) == nil)
    }
  }

  @Test func rectangleDescriptionMatchesTheSpecification() throws {
    let rectangle = Rectangle(
      id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44),
      size: try Size(width: 89, height: 92), color: try Color(red: 235, green: 198, blue: 65),
      alpha: try Alpha(level: 7))
    #expect(
      rectangle.description
        == "(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7")
  }
}
