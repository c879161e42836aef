import DrawdocModel
import DrawdocRaster
import Testing

// MARK: - A back-to-front reference

/// The straight-alpha RGBA value (0…255, not rounded) of one pixel, composited the plain way:
/// bottom rectangle first, source-over in `Double`, coverage = the area of the pixel square
/// inside the scaled rectangle clipped to the scaled canvas.
func referencePixel(
  _ plane: Plane, scale: Double, background: Color?, x: Int, y: Int
) -> [Double] {
  let canvasWidth = plane.size.width * scale
  let canvasHeight = plane.size.height * scale
  func overlap(_ low: Double, _ high: Double, _ limit: Double, _ pixel: Int) -> Double {
    let start = max(low, 0, Double(pixel))
    let end = min(high, limit, Double(pixel + 1))
    return max(0, end - start)
  }
  var red = 0.0
  var green = 0.0
  var blue = 0.0
  var alpha = 0.0
  for rectangle in plane.rectangles {
    let coverage =
      overlap(
        rectangle.point.x * scale, (rectangle.point.x + rectangle.size.width) * scale,
        canvasWidth, x)
      * overlap(
        rectangle.point.y * scale, (rectangle.point.y + rectangle.size.height) * scale,
        canvasHeight, y)
    let a = rectangle.alpha.opacity * coverage
    red = a * Double(rectangle.color.red) + (1 - a) * red
    green = a * Double(rectangle.color.green) + (1 - a) * green
    blue = a * Double(rectangle.color.blue) + (1 - a) * blue
    alpha = a + (1 - a) * alpha
  }
  if let background {
    red += (1 - alpha) * Double(background.red)
    green += (1 - alpha) * Double(background.green)
    blue += (1 - alpha) * Double(background.blue)
    alpha = 1
  }
  guard alpha > 0 else { return [0, 0, 0, 0] }
  return [red / alpha, green / alpha, blue / alpha, alpha * 255]
}

/// The nearest 8-bit level, halves rounded up.
func level(_ value: Double) -> UInt8 { UInt8((value + 0.5).rounded(.down)) }

/// The largest channel difference between a rendered pixel and the reference; colors count
/// only where both alphas are above 0, and a transparent rendered pixel must be all zeros.
func referenceDifference(_ image: RasterImage, _ expected: [Double], x: Int, y: Int) -> Int {
  let actual = image.rgba(x, y).map(Int.init)
  let wanted = expected.map { Int(level($0)) }
  var difference = abs(actual[3] - wanted[3])
  if actual[3] == 0 {
    if actual != [0, 0, 0, 0] { return 255 }
  } else if wanted[3] > 0 {
    for channel in 0..<3 { difference = max(difference, abs(actual[channel] - wanted[channel])) }
  }
  return difference
}

@Suite struct RasterizerTests {
  static let clear: [UInt8] = [0, 0, 0, 0]

  // MARK: - Hand-computed pictures

  @Test func opaqueRectangleOnIntegerEdges() throws {
    let color = rgb(10, 20, 30)
    let plane = try makePlane(
      width: 4, height: 4, [try makeRectangle(1, x: 1, y: 1, width: 2, height: 2, color: color)])
    let image = try Rasterizer.render(plane)
    #expect(image.width == 4 && image.height == 4 && image.pixels.count == 64)
    for y in 0..<4 {
      for x in 0..<4 {
        let inside = (1...2).contains(x) && (1...2).contains(y)
        #expect(image.rgba(x, y) == (inside ? [10, 20, 30, 255] : Self.clear), "pixel \(x), \(y)")
      }
    }
  }

  @Test func rectangleAtHalfAPixelCoversHalfTheFirstColumn() throws {
    // x = 0.5, width 1.5: column 0 is covered over [0.5, 1), half its area; column 1 fully.
    let color = rgb(200, 100, 50)
    let plane = try makePlane(
      width: 4, height: 4,
      [try makeRectangle(1, x: 0.5, y: 0, width: 1.5, height: 4, color: color, level: 8)])
    let image = try Rasterizer.render(plane)
    let halfAlpha = level(0.8 * 0.5 * 255)  // 102
    let fullAlpha = level(0.8 * 1.0 * 255)  // 204
    for y in 0..<4 {
      #expect(image.rgba(0, y) == [200, 100, 50, halfAlpha])
      #expect(image.rgba(1, y) == [200, 100, 50, fullAlpha])
      #expect(image.rgba(2, y) == Self.clear)
      #expect(image.rgba(3, y) == Self.clear)
    }
  }

  @Test func quarterCoverageInACorner() throws {
    // [0.5, 1.5) × [0.5, 1.5): each of the four pixels it touches is a quarter covered.
    let plane = try makePlane(
      width: 2, height: 2,
      [try makeRectangle(1, x: 0.5, y: 0.5, width: 1, height: 1, color: rgb(0, 0, 255))])
    let image = try Rasterizer.render(plane)
    for (x, y) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
      #expect(image.rgba(x, y) == [0, 0, 255, level(0.25 * 255)])
    }
  }

  @Test func twoHalfTransparentRectanglesCompositeSourceOver() throws {
    // Red at 0.5 under both columns, blue at 0.5 over column 1 only.
    let red = rgb(255, 0, 0)
    let blue = rgb(0, 0, 255)
    let plane = try makePlane(
      width: 2, height: 1,
      [
        try makeRectangle(1, x: 0, y: 0, width: 2, height: 1, color: red, level: 5),
        try makeRectangle(2, x: 1, y: 0, width: 1, height: 1, color: blue, level: 5),
      ])
    let image = try Rasterizer.render(plane)
    #expect(image.rgba(0, 0) == [255, 0, 0, level(0.5 * 255)])
    // Column 1: alpha = 0.5 + 0.5 · 0.5 = 0.75; premultiplied red = 0.5 · 0.5 · 255 = 63.75,
    // blue = 0.5 · 255 = 127.5; straight = premultiplied / 0.75 = (85, 0, 170).
    let alpha = 0.5 + 0.5 * 0.5
    #expect(
      image.rgba(1, 0) == [
        level(0.5 * 0.5 * 255 / alpha), 0, level(0.5 * 255 / alpha), level(alpha * 255),
      ])
    #expect(image.rgba(1, 0) == [85, 0, 170, 191])
  }

  @Test func backgroundGoesUnderEverything() throws {
    let color = rgb(200, 100, 50)
    let background = rgb(250, 250, 250)
    let plane = try makePlane(
      width: 2, height: 1,
      [try makeRectangle(1, x: 0, y: 0, width: 1, height: 1, color: color, level: 5)])
    let image = try Rasterizer.render(plane, background: background)
    // 0.5 · (200, 100, 50) + 0.5 · 250 = (225, 175, 150), opaque.
    #expect(image.rgba(0, 0) == [225, 175, 150, 255])
    #expect(image.rgba(1, 0) == [250, 250, 250, 255])
  }

  @Test func emptyPlaneIsTransparentOrTheBackground() throws {
    let plane = try makePlane(width: 3, height: 2, [])
    #expect(try Rasterizer.render(plane).pixels == [UInt8](repeating: 0, count: 24))
    let filled = try Rasterizer.render(plane, background: rgb(1, 2, 3))
    #expect(filled.pixels == Array([[UInt8]](repeating: [1, 2, 3, 255], count: 6).joined()))
  }

  // MARK: - Scale

  @Test(arguments: [
    (2.0, 10, 6), (0.5, 3, 2), (0.3, 2, 1), (0.25, 2, 1), (1.0, 5, 3),
    (Double.leastNonzeroMagnitude, 1, 1),
  ])
  func outputSizeIsTheCeilingOfTheScaledCanvas(scale: Double, width: Int, height: Int) throws {
    let image = try Rasterizer.render(try makePlane(width: 5, height: 3, []), scale: scale)
    #expect(image.width == width)
    #expect(image.height == height)
    #expect(image.pixels.count == width * height * 4)
  }

  @Test func scaleTwoDoublesEveryEdge() throws {
    let plane = try makePlane(
      width: 3, height: 3, [try makeRectangle(1, x: 1, y: 1, width: 1, height: 1)])
    let image = try Rasterizer.render(plane, scale: 2)
    for y in 0..<6 {
      for x in 0..<6 {
        let inside = (2...3).contains(x) && (2...3).contains(y)
        #expect(image.rgba(x, y) == (inside ? [255, 0, 0, 255] : Self.clear))
      }
    }
  }

  @Test func scaleOneHalfMakesOddEdgesFractional() throws {
    // [1, 3) × [0, 2) at scale 0.5 is [0.5, 1.5) × [0, 1): half of pixels (0, 0) and (1, 0).
    let plane = try makePlane(
      width: 5, height: 3, [try makeRectangle(1, x: 1, y: 0, width: 2, height: 2)])
    let image = try Rasterizer.render(plane, scale: 0.5)
    #expect(image.rgba(0, 0) == [255, 0, 0, level(0.5 * 255)])
    #expect(image.rgba(1, 0) == [255, 0, 0, level(0.5 * 255)])
    #expect(image.rgba(2, 0) == Self.clear)
    #expect(image.rgba(0, 1) == Self.clear)
  }

  @Test func fractionalCanvasClipsTheLastColumn() throws {
    // A canvas 2.5 wide is 3 pixels; the rectangle is cut at 2.5, half of column 2.
    let plane = try makePlane(
      width: 2.5, height: 1, [try makeRectangle(1, x: 0, y: 0, width: 10, height: 1)])
    let image = try Rasterizer.render(plane)
    #expect(image.width == 3)
    #expect(image.rgba(1, 0) == [255, 0, 0, 255])
    #expect(image.rgba(2, 0) == [255, 0, 0, level(0.5 * 255)])
  }

  // MARK: - Clipping and extreme values

  @Test func rectanglesOffTheCanvasAreClipped() throws {
    let plane = try makePlane(
      width: 4, height: 4,
      [
        try makeRectangle(1, x: -10, y: -10, width: 12, height: 12),  // [0, 2) × [0, 2) shows
        try makeRectangle(2, x: 100, y: 100, width: 5, height: 5),  // wholly outside
        try makeRectangle(3, x: -5, y: 1, width: 3, height: 1),  // ends at -2
        try makeRectangle(4, x: 3, y: -3, width: 1, height: 3),  // ends at y = 0
      ])
    let image = try Rasterizer.render(plane)
    for y in 0..<4 {
      for x in 0..<4 {
        #expect(image.rgba(x, y) == (x < 2 && y < 2 ? [255, 0, 0, 255] : Self.clear))
      }
    }
  }

  @Test func hugeAndTinyValuesNeitherCrashNorOverflow() throws {
    let huge = Double.greatestFiniteMagnitude
    let green = rgb(0, 255, 0)
    let everything = try makeRectangle(1, x: -1e300, y: -1e300, width: huge, height: huge)
    let pastInfinity = try makeRectangle(2, x: 1e308, y: 0, width: huge, height: huge)
    let farAway = try makeRectangle(3, x: 1e300, y: 1e300, width: 1, height: 1)
    let toTheEdge = try makeRectangle(4, x: 2, y: 2, width: huge, height: huge, color: green)
    let sliver = try makeRectangle(
      5, x: 1, y: 1, width: .leastNonzeroMagnitude, height: .leastNonzeroMagnitude, color: green)
    let farLeft = try makeRectangle(6, x: -huge, y: -huge, width: 1e300, height: 1e300)

    let all = try Rasterizer.render(try makePlane(width: 4, height: 4, [everything]))
    #expect(all.pixels == Array([[UInt8]](repeating: [255, 0, 0, 255], count: 16).joined()))

    let image = try Rasterizer.render(
      try makePlane(width: 4, height: 4, [pastInfinity, farAway, toTheEdge, sliver, farLeft]))
    for y in 0..<4 {
      for x in 0..<4 {
        #expect(image.rgba(x, y) == (x >= 2 && y >= 2 ? [0, 255, 0, 255] : Self.clear))
      }
    }

    let tinyScale = try Rasterizer.render(
      try makePlane(width: 4, height: 4, [everything]), scale: 1e-300)
    #expect(tinyScale.width == 1 && tinyScale.height == 1)
    #expect(tinyScale.rgba(0, 0) == Self.clear)  // the canvas covers 4e-300 of the pixel
    let hugeCanvas = try makePlane(width: huge, height: huge, [everything, farAway])
    let squeezed = try Rasterizer.render(hugeCanvas, scale: 1e-307)
    // 1.797…e308 · 1e-307 = 17.97…: 18 pixels, the last one 97 % inside the canvas.
    #expect(squeezed.width == 18 && squeezed.height == 18)
    #expect(squeezed.rgba(0, 0) == [255, 0, 0, 255])
    let edge = (huge * 1e-307 - 17) * 255
    #expect(squeezed.rgba(17, 0) == [255, 0, 0, level(edge)])
  }

  // MARK: - Errors

  @Test func picturesOverTheLimitAreRefused() throws {
    #expect(throws: RasterError.imageTooLarge(width: 100_000, height: 100_000)) {
      try Rasterizer.render(try makePlane(width: 100_000, height: 100_000, []))
    }
    #expect(throws: RasterError.imageTooLarge(width: 10_001, height: 10_000)) {
      try Rasterizer.render(try makePlane(width: 10_001, height: 10_000, []))
    }
    // The bound is 2²⁵ pixels: 8,192 × 4,096 is the last size of that width, and a scale
    // that would pass it (a 1024 × 768 canvas at 8 is 8,192 × 6,144) is refused.
    #expect(Rasterizer.maximumPixelCount == 8_192 * 4_096)
    #expect(throws: RasterError.imageTooLarge(width: 8_192, height: 4_097)) {
      try Rasterizer.render(try makePlane(width: 8_192, height: 4_097, []))
    }
    #expect(throws: RasterError.imageTooLarge(width: 8_192, height: 6_144)) {
      try Rasterizer.render(try makePlane(width: 1024, height: 768, []), scale: 8)
    }
    #expect(throws: RasterError.imageTooLarge(width: 20_480, height: 15_360)) {
      try Rasterizer.render(try makePlane(width: 1024, height: 768, []), scale: 20)
    }
    #expect(throws: RasterError.imageTooLarge(width: Int.max, height: Int.max)) {
      try Rasterizer.render(try makePlane(width: 1024, height: 768, []), scale: 1e300)
    }
    #expect(throws: RasterError.imageTooLarge(width: Int.max, height: 1)) {
      try Rasterizer.render(try makePlane(width: 1e300, height: 1, []))
    }
    let message = RasterError.imageTooLarge(width: 20_480, height: 15_360).description
    #expect(message.contains("20480 × 15360"))
    #expect(message.contains("\(Rasterizer.maximumPixelCount)"))
    #expect(message.contains("smaller scale"))
  }

  @Test(arguments: [0, -1, -0.0, Double.infinity, -Double.infinity, -Double.leastNonzeroMagnitude])
  func scalesThatAreNotFiniteAndPositiveAreRefused(scale: Double) throws {
    let plane = try makePlane(width: 4, height: 4, [])
    #expect(throws: RasterError.invalidScale(scale)) {
      try Rasterizer.render(plane, scale: scale)
    }
  }

  @Test func notANumberIsNotAScale() throws {
    let plane = try makePlane(width: 4, height: 4, [])
    do {
      _ = try Rasterizer.render(plane, scale: .nan)
      Issue.record("a NaN scale was accepted")
    } catch {
      guard case .invalidScale(let scale) = error else {
        Issue.record("expected invalidScale, got \(error)")
        return
      }
      #expect(scale.isNaN)
      #expect(error.description.contains("finite number greater than 0"))
    }
  }

  // MARK: - Front to back equals back to front

  @Test func frontToBackMatchesABackToFrontReference() throws {
    var generator = SeededRandomNumberGenerator(seed: 2024)
    func random(_ range: ClosedRange<Double>) -> Double {
      Double.random(in: range, using: &generator)
    }
    func quarterOrAny(_ range: ClosedRange<Double>) -> Double {
      let value = random(range)
      return Bool.random(using: &generator) ? (value * 4).rounded() / 4 : value
    }
    var largest = 0
    for planeNumber in 0..<200 {
      let width = quarterOrAny(1...16)
      let height = quarterOrAny(1...16)
      let count = Int.random(in: 0...60, using: &generator)
      var rectangles: [Rectangle] = []
      for number in 0..<count {
        let color = Color(
          red: UInt8.random(in: 0...255, using: &generator),
          green: UInt8.random(in: 0...255, using: &generator),
          blue: UInt8.random(in: 0...255, using: &generator))
        rectangles.append(
          try makeRectangle(
            number, x: quarterOrAny(-4...width), y: quarterOrAny(-4...height),
            width: max(0.01, quarterOrAny(0...(width + 4))),
            height: max(0.01, quarterOrAny(0...(height + 4))), color: color,
            level: Int.random(in: 1...10, using: &generator)))
      }
      let plane = try makePlane(width: width, height: height, rectangles)
      let scales = [0.25, 0.5, 1, 1.5, 2, 3, random(0.1...4)]
      let scale = scales[Int.random(in: 0..<scales.count, using: &generator)]
      let background =
        Bool.random(using: &generator)
        ? nil
        : Color(
          red: UInt8.random(in: 0...255, using: &generator),
          green: UInt8.random(in: 0...255, using: &generator),
          blue: UInt8.random(in: 0...255, using: &generator))
      let image = try Rasterizer.render(plane, scale: scale, background: background)
      #expect(image.width == Int((width * scale).rounded(.up)))
      #expect(image.height == Int((height * scale).rounded(.up)))
      var worst = 0
      for y in 0..<image.height {
        for x in 0..<image.width {
          let expected = referencePixel(plane, scale: scale, background: background, x: x, y: y)
          worst = max(worst, referenceDifference(image, expected, x: x, y: y))
        }
      }
      #expect(worst <= 1, "plane \(planeNumber): \(count) rectangles, scale \(scale)")
      largest = max(largest, worst)
    }
    print("front-to-back vs back-to-front reference: largest difference \(largest) level(s)")
  }

  /// Checks sampled pixels, including every row in `rows`, against the reference.
  func expectMatchesReference(
    _ plane: Plane, _ image: RasterImage, rows: [Range<Int>], seed: UInt64
  ) {
    var generator = SeededRandomNumberGenerator(seed: seed)
    var points: [(Int, Int)] = []
    for y in rows.joined() {
      points.append((Int.random(in: 0..<image.width, using: &generator), y))
    }
    for _ in 0..<400 {
      points.append(
        (
          Int.random(in: 0..<image.width, using: &generator),
          Int.random(in: 0..<image.height, using: &generator)
        ))
    }
    for (x, y) in points {
      let expected = referencePixel(plane, scale: 1, background: nil, x: x, y: y)
      #expect(referenceDifference(image, expected, x: x, y: y) <= 1, "pixel \(x), \(y)")
    }
  }

  @Test func bandsJoinWithoutASeam() throws {
    // 3000 × 700 pixels is drawn in bands of 320 rows (a million pixels, whole tile rows).
    var factory = RectangleFactory(seed: 5)
    var plane = try makePlane(width: 3000, height: 700, [])
    for _ in 0..<40 {
      try plane.add(try factory.makeRectangle(for: plane, width: 700.5, height: 333.25))
    }
    let image = try Rasterizer.render(plane)
    expectMatchesReference(plane, image, rows: [310..<330, 630..<650], seed: 9)
  }

  @Test func blocksSplitVeryWidePictures() throws {
    // 2 500 000 pixels across is cut into blocks of 1 048 576 columns.
    let plane = try makePlane(
      width: 2_500_000, height: 2,
      [
        try makeRectangle(1, x: 1_048_570.5, y: 0.25, width: 20, height: 1.5, level: 6),
        try makeRectangle(
          2, x: 1_000_000, y: 0, width: 1_200_000.25, height: 1, color: rgb(0, 90, 200),
          level: 3),
        try makeRectangle(3, x: 2_097_150, y: 1, width: 5.5, height: 1, level: 10),
      ])
    let image = try Rasterizer.render(plane)
    #expect(image.width == 2_500_000 && image.height == 2)
    var columns = Array(1_048_560..<1_048_600) + Array(2_097_140..<2_097_160)
    columns += [0, 999_999, 1_000_000, 2_200_000, 2_200_001, 2_499_999]
    for x in columns {
      for y in 0..<2 {
        let expected = referencePixel(plane, scale: 1, background: nil, x: x, y: y)
        #expect(referenceDifference(image, expected, x: x, y: y) <= 1, "pixel \(x), \(y)")
      }
    }
  }

  @Test func bandsShorterThanATileWork() throws {
    // 50 000 pixels wide leaves room for 20 rows per band, so tiles are 32 × 20.
    var factory = RectangleFactory(seed: 6)
    var plane = try makePlane(width: 50_000, height: 45, [])
    for _ in 0..<60 {
      try plane.add(try factory.makeRectangle(for: plane, width: 9000.5, height: 17.75))
    }
    let image = try Rasterizer.render(plane)
    expectMatchesReference(plane, image, rows: [15..<25, 38..<45], seed: 10)
  }

  @Test func anOpaqueCoverHidesEverythingBelow() throws {
    var factory = RectangleFactory(seed: 3)
    var plane = try makePlane(width: 64, height: 48, [])
    for _ in 0..<2000 {
      try plane.add(try factory.makeRectangle(for: plane, width: 10, height: 10))
    }
    let cover = rgb(12, 34, 56)
    try plane.add(
      try factory.makeRectangle(
        for: plane, x: 0, y: 0, width: 64, height: 48, color: cover,
        alpha: try Alpha(level: 10)))
    let image = try Rasterizer.render(plane)
    #expect(
      image.pixels == Array([[UInt8]](repeating: [12, 34, 56, 255], count: 64 * 48).joined()))
  }

  @Test func nearlyInvisiblePixelsAreAllZero() throws {
    // Alpha 0.1 over 1 % of a pixel is 0.26 of a level: it rounds to 0, and so does the color.
    let plane = try makePlane(
      width: 2, height: 1,
      [try makeRectangle(1, x: 0.99, y: 0, width: 1.01, height: 1, level: 1)])
    let image = try Rasterizer.render(plane)
    #expect(image.rgba(0, 0) == Self.clear)
    #expect(image.rgba(1, 0) == [255, 0, 0, level(0.1 * 255)])
  }
}
