import DrawdocModel

/// Makes random drawings whose numbers cover the whole finite range of `Double`.
package struct RandomDrawings {
  package var generator: SeededRandomNumberGenerator

  /// Makes drawings from a seeded generator.
  package init(generator: SeededRandomNumberGenerator) { self.generator = generator }

  package static let trickyValues: [Double] = [
    0.1 + 0.2, 1e-7, .leastNonzeroMagnitude, 1.7976931348623157e308, -0.0, 123456.789, 0, 45, 44.5,
    0.1,
    1e21, 1e-6, 9.999999999999999e20, 2.2250738585072014e-308, -1.5, 1e16, 123456789012345680,
    0.000001, 4.35, 100.01,
  ]

  package mutating func double() -> Double {
    switch UInt8.random(in: 0..<4, using: &generator) {
    case 0:
      return Self.trickyValues.randomElement(using: &generator) ?? 0
    case 1:
      // Hundredths, as people draw.
      return Double(Int.random(in: -100_000...100_000, using: &generator)) / 100
    default:
      while true {
        let value = Double(bitPattern: generator.next())
        if value.isFinite { return value }
      }
    }
  }

  package mutating func length() -> Double {
    while true {
      let value = double().magnitude
      if value > 0 { return value }
    }
  }

  package mutating func title() -> String {
    let pieces = ["<", ">", "&", "\"", "'", "\r", "\n", "\t", " ", "é", "✓", "😀", "a", "Sketch"]
    let count = Int.random(in: 0..<12, using: &generator)
    return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
  }

  package mutating func drawing() throws -> Drawing {
    var plane = try Plane(size: Size(width: length(), height: length()), title: title())
    for _ in 0..<Int.random(in: 0..<12, using: &generator) {
      var id = Identifier.random(using: &generator)
      while plane.contains(id) { id = Identifier.random(using: &generator) }
      try plane.add(
        Rectangle(
          id: id, point: Point(x: double(), y: double()),
          size: Size(width: length(), height: length()),
          color: Color(
            red: .random(in: 0...255, using: &generator),
            green: .random(in: 0...255, using: &generator),
            blue: .random(in: 0...255, using: &generator)),
          alpha: Alpha.allLevels.randomElement(using: &generator) ?? Alpha.allLevels[9]))
    }
    let times = (0..<2).map { _ in
      Timestamp(
        secondsSince1970: Int64.random(in: -62_135_596_800...253_402_300_799, using: &generator))
    }
    return Drawing(
      id: Identifier.random(using: &generator), created: times[0], modified: times[1],
      plane: plane)
  }
}
