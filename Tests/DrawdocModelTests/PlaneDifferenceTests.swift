import DrawdocModel
import Testing

/// An id made of one repeated character: `aaa-aaa-aaa`.
func letterId(_ letter: Character) -> Identifier {
  let group = String(repeating: letter, count: 3)
  return (try? Identifier("\(group)-\(group)-\(group)")) ?? Identifier(rawValue: 0)
}

/// A 10 × 10 rectangle at x = 0 whose id is made of `letter`.
func letterRectangle(_ letter: Character, x: Double = 0) throws -> Rectangle {
  try makeRectangle(letterId(letter).description, x: x, y: 0, width: 10, height: 10)
}

/// A plane of one letter-named rectangle per character of `letters`, bottom first.
func letterPlane(_ letters: String, title: String = "") throws -> Plane {
  try Plane(title: title, rectangles: letters.map { try letterRectangle($0) })
}

/// The first character of each rectangle's id, bottom first.
func letters(_ plane: Plane) -> String {
  String(plane.rectangles.map { $0.id.description.first ?? "?" })
}

@Suite struct PlaneDifferenceTests {
  @Test func equalPlanesHaveNoDifference() throws {
    let plane = try letterPlane("abc", title: "T")
    let difference = PlaneDifference(from: plane, to: plane)
    #expect(difference.isEmpty)
    #expect(difference.added.isEmpty && difference.moved.isEmpty && difference.title == nil)
  }

  @Test func titleAndCanvas() throws {
    let old = try Plane(size: Size(width: 100, height: 50), title: "Old")
    let new = try Plane(size: Size(width: 100, height: 60), title: "New")
    let difference = PlaneDifference(from: old, to: new)
    #expect(difference.title?.old == "Old" && difference.title?.new == "New")
    #expect(difference.width == nil)
    #expect(difference.height?.old == 50 && difference.height?.new == 60)
    #expect(!difference.isEmpty)
  }

  @Test func addedRemovedAndChangedRectangles() throws {
    var old = try letterPlane("abcd")
    var new = old
    try new.remove(letterId("b"))
    try new.add(try letterRectangle("e", x: 5))
    try new.updateColor(of: letterId("c"), to: Color(red: 9, green: 8, blue: 7))
    try new.updatePoint(of: letterId("c"), to: Point(x: 0, y: 3))
    // 0 and -0 are different numbers in a file.
    try old.updatePoint(of: letterId("d"), to: Point(x: 0, y: 0))
    try new.updatePoint(of: letterId("d"), to: Point(x: -0.0, y: 0))
    let difference = PlaneDifference(from: old, to: new)
    #expect(difference.removed == [try letterRectangle("b")])
    #expect(difference.added == [try letterRectangle("e", x: 5)])
    #expect(difference.changed.map(\.new.id) == [letterId("c"), letterId("d")])
    #expect(difference.changed[0].fields == [.y, .color])
    #expect(difference.changed[0].old == old[letterId("c")])
    #expect(difference.changed[1].fields == [.x])
    // Removing one and adding one moves nothing else.
    #expect(difference.moved.isEmpty)
  }

  @Test(arguments: [
    ("abcde", "bcdea", [("a", 0, 4)]),  // a raised to the top
    ("abcde", "eabcd", [("e", 4, 0)]),  // e lowered to the bottom
    ("abcde", "abdce", [("d", 3, 2)]),  // c raised one step, or d lowered: one of them moved
    ("abcde", "abcde", []),
    ("abcde", "edcba", [("e", 4, 0), ("d", 3, 1), ("c", 2, 2), ("b", 1, 3)]),
  ])
  func movesAreTheFewestRectanglesThatChangedPlace(
    old: String, new: String, expected: [(String, Int, Int)]
  ) throws {
    let difference = PlaneDifference(from: try letterPlane(old), to: try letterPlane(new))
    #expect(difference.moved.map(\.id) == expected.map { letterId(Character($0.0)) })
    #expect(difference.moved.map(\.oldIndex) == expected.map(\.1))
    #expect(difference.moved.map(\.newIndex) == expected.map(\.2))
    #expect(difference.isEmpty == expected.isEmpty)
  }

  @Test func additionsAndRemovalsAloneMoveNothing() throws {
    // x removed from the bottom, y added in the middle, z on top: the rest keep their order.
    let difference = PlaneDifference(
      from: try letterPlane("xabcd"), to: try letterPlane("abycdz"))
    #expect(difference.moved.isEmpty)
    #expect(difference.added.map(\.id) == [letterId("y"), letterId("z")])
    #expect(difference.removed.map(\.id) == [letterId("x")])
  }
}
