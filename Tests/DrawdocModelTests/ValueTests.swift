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

  @Test func rectangleDescriptionHasItsDocumentedForm() throws {
    let rectangle = Rectangle(
      id: try Identifier("afy-kw5-t7o"), point: try Point(x: 45, y: 44),
      size: try Size(width: 89, height: 92), color: try Color(red: 235, green: 198, blue: 65),
      alpha: try Alpha(level: 7))
    #expect(
      rectangle.description
        == "(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, R: 235, G: 198, B: 65, Alpha: 7")
  }

  /// The description is written byte by byte (`appendDescription`), with a fast path for
  /// hundredths: it must be the text the standard library's `Double.description` gives.
  @Test func rectangleDescriptionIsTheStandardLibrarysNumbers() throws {
    let tricky: [Double] = [
      0, -0.0, 0.01, 0.1, 0.07, 0.1 + 0.2, 1e-4, 1e-5, 5e-5, 44.5, 45, 100.01, -1.5, -0.01,
      123456.789, 99_999_999_999.99, 9_999_999_999_999.99, 1e13, 1e15, 1e16, 1.5e16,
      9_007_199_254_740_992, 1e21, 1e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
      4.35, 0.29, 1.005,
    ]
    var generator = SeededRandomNumberGenerator(seed: 15)
    var values = tricky
    for _ in 0..<3000 {
      values.append(Double(Int.random(in: -10_000_000...10_000_000, using: &generator)) / 100)
      values.append(Double(Int.random(in: -1000...1000, using: &generator)) / 1000)
      let any = Double(bitPattern: generator.next())
      if any.isFinite { values.append(any) }
    }
    for (index, x) in values.enumerated() {
      let y = values[(index * 7 + 3) % values.count]
      let side = max(values[(index * 13 + 5) % values.count].magnitude, 0.5)
      let rectangle = Rectangle(
        id: Identifier(rawValue: UInt64(index)), point: try Point(x: x, y: y),
        size: try Size(width: side, height: side), color: try Color(red: 0, green: 9, blue: 255),
        alpha: try Alpha(level: index % 10 + 1))
      // What the description was before it was written byte by byte.
      let expected =
        "(\(rectangle.id)), X: \(x), Y: \(y), W: \(side), H: \(side), R: 0, G: 9, B: 255, "
        + "Alpha: \(index % 10 + 1)"
      #expect(rectangle.description == expected)
    }
  }
}
