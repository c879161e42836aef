import DrawdocModel
import Testing

@Suite struct RectangleFactoryTests {
  private func fill(_ plane: inout Plane, count: Int, seed: UInt64) throws {
    var factory = RectangleFactory(seed: seed)
    for _ in 0..<count { try plane.add(factory.makeRectangle(for: plane)) }
  }

  @Test func defaultsLieInsideTheCanvas() throws {
    var plane = try Plane(size: Size(width: 400, height: 300))
    try fill(&plane, count: 2000, seed: 1)
    for rectangle in plane.rectangles {
      #expect(rectangle.size == (try Size(width: 150, height: 120)))
      #expect(rectangle.point.x >= 0 && rectangle.point.x + 150 <= 400)
      #expect(rectangle.point.y >= 0 && rectangle.point.y + 120 <= 300)
      #expect(rectangle.point.x == rectangle.point.x.rounded())
    }
    // Every corner position and every alpha level is reachable.
    #expect(plane.rectangles.contains { $0.point.x == 0 })
    #expect(plane.rectangles.contains { $0.point.x == 250 })
    #expect(Set(plane.rectangles.map(\.alpha.level)) == Set(1...10))
    #expect(Set(plane.rectangles.map(\.id)).count == 2000)
  }

  @Test func aSmallCanvasShrinksTheDefaultSize() throws {
    let plane = try Plane(size: Size(width: 100.5, height: 50))
    var factory = RectangleFactory(seed: 3)
    let rectangle = try factory.makeRectangle(for: plane)
    #expect(rectangle.size == (try Size(width: 100.5, height: 50)))
    #expect(rectangle.point == (try Point(x: 0, y: 0)))
  }

  @Test func givenFieldsAreKept() throws {
    let plane = try Plane()
    var factory = RectangleFactory(seed: 5)
    let point = try Point(x: -10.5, y: 2000)
    let size = try Size(width: 3, height: 4)
    let color = try Color(red: 1, green: 2, blue: 3)
    let alpha = try Alpha(level: 4)
    let rectangle = try factory.makeRectangle(
      for: plane, x: point.x, y: point.y, width: size.width, height: size.height, color: color,
      alpha: alpha)
    #expect(rectangle.point == point)
    #expect(rectangle.size == size)
    #expect(rectangle.color == color)
    #expect(rectangle.alpha == alpha)
  }

  @Test func oneGivenFieldKeepsTheOthersRandomAndInside() throws {
    let plane = try Plane(size: Size(width: 300, height: 200))
    var factory = RectangleFactory(seed: 8)
    for _ in 0..<200 {
      let rectangle = try factory.makeRectangle(for: plane, width: 50)
      #expect(rectangle.size == (try Size(width: 50, height: 120)))
      #expect(rectangle.point.x >= 0 && rectangle.point.x + 50 <= 300)
      #expect(rectangle.point.y >= 0 && rectangle.point.y + 120 <= 200)
    }
    #expect(throws: ModelError.invalidLength(name: "width", value: 0)) {
      try factory.makeRectangle(for: plane, width: 0)
    }
    #expect(throws: ModelError.nonFiniteCoordinate(name: "x", value: .infinity)) {
      try factory.makeRectangle(for: plane, x: .infinity)
    }
  }

  @Test func sameSeedGivesTheSamePlane() throws {
    var first = try Plane()
    var second = try Plane()
    var third = try Plane()
    try fill(&first, count: 300, seed: 42)
    try fill(&second, count: 300, seed: 42)
    try fill(&third, count: 300, seed: 43)
    #expect(first == second)
    #expect(first != third)
  }

  @Test func idsNeverClashWithThePlane() throws {
    // A factory with the same seed draws the same ids, so a second pass over the plane must
    // retry every one of them.
    var plane = try Plane()
    try fill(&plane, count: 50, seed: 9)
    try fill(&plane, count: 50, seed: 9)
    #expect(Set(plane.rectangles.map(\.id)).count == 100)
  }
}
