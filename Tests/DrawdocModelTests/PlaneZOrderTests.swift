import DrawdocModel
import Testing

/// `raise` and `lower`: the z-order moves of ``Plane``.
@Suite struct PlaneZOrderTests {
  /// A plane of rectangles named `aaa-aaa-aaa`, `bbb-bbb-bbb`, … bottom first.
  private func plane(_ letters: String) throws -> Plane {
    try Plane(
      rectangles: letters.enumerated().map { offset, letter in
        try makeRectangle(
          String(repeating: letter, count: 3) + "-" + String(repeating: letter, count: 3) + "-"
            + String(repeating: letter, count: 3),
          x: Double(offset), y: 0, width: 10, height: 1)
      })
  }

  /// The first letter of each id, bottom first.
  private func order(_ plane: Plane) -> String {
    String(plane.rectangles.map { $0.id.description.first ?? "?" })
  }

  private func id(_ letter: Character) throws -> Identifier {
    let group = String(repeating: letter, count: 3)
    return try Identifier("\(group)-\(group)-\(group)")
  }

  @Test(arguments: [
    ("a", false, "bacd", true), ("a", true, "bcda", true), ("c", false, "abdc", true),
    ("c", true, "abdc", true), ("d", false, "abcd", false), ("d", true, "abcd", false),
  ])
  func raiseMovesUpOnePlaceOrToTheTop(
    letter: Character, toTop: Bool, expected: String, moved: Bool
  ) throws {
    var plane = try plane("abcd")
    #expect(try plane.raise(try id(letter), toTop: toTop) == moved)
    #expect(order(plane) == expected)
    #expect(plane.zIndex(of: try id(letter)) == Array(expected).firstIndex(of: letter))
  }

  @Test(arguments: [
    ("d", false, "abdc", true), ("d", true, "dabc", true), ("b", false, "bacd", true),
    ("b", true, "bacd", true), ("a", false, "abcd", false), ("a", true, "abcd", false),
  ])
  func lowerMovesDownOnePlaceOrToTheBottom(
    letter: Character, toBottom: Bool, expected: String, moved: Bool
  ) throws {
    var plane = try plane("abcd")
    #expect(try plane.lower(try id(letter), toBottom: toBottom) == moved)
    #expect(order(plane) == expected)
  }

  @Test func movesKeepEveryRectangleFindableAndUnchanged() throws {
    var plane = try plane("abcdef")
    let before = Dictionary(uniqueKeysWithValues: plane.rectangles.map { ($0.id, $0) })
    try plane.raise(try id("b"), toTop: true)
    try plane.lower(try id("e"), toBottom: true)
    try plane.raise(try id("a"))
    #expect(order(plane) == "ecadfb")
    for (position, rectangle) in plane.rectangles.enumerated() {
      #expect(plane.zIndex(of: rectangle.id) == position)
      #expect(plane[rectangle.id] == before[rectangle.id])
    }
    // The hit test sees the new order: all six hold this point, and b is now on top.
    let point = try Point(x: 5.5, y: 0.5)
    #expect(plane.rectangle(at: point)?.id == (try id("b")))
  }

  @Test func aMissingRectangleIsAnErrorAndChangesNothing() throws {
    var plane = try plane("abc")
    let before = plane
    let missing = try id("z")
    #expect(throws: ModelError.noSuchRectangle(missing)) { try plane.raise(missing) }
    #expect(throws: ModelError.noSuchRectangle(missing)) {
      try plane.lower(missing, toBottom: true)
    }
    #expect(plane == before)
    #expect(plane.zIndex(of: missing) == nil)
  }

  @Test func aSingleRectangleStaysWhereItIs() throws {
    var plane = try plane("a")
    #expect(try plane.raise(try id("a"), toTop: true) == false)
    #expect(try plane.lower(try id("a")) == false)
    #expect(order(plane) == "a")
  }
}
