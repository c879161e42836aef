import DrawdocModel
import Testing

/// Removing, inserting and moving many rectangles at once gives what one-by-one steps give,
/// and records steps that take it back and make it again.
@Suite struct PlaneManyTests {
  /// A plane of rectangles `a` to `j`, bottom first.
  func letters() throws -> Plane {
    var plane = try Plane(title: "Many")
    for letter in "abcdefghij" { try plane.add(letterRectangle(letter)) }
    return plane
  }

  func order(_ plane: Plane) -> String {
    String(plane.rectangles.map { $0.id.description.first ?? "?" })
  }

  /// Runs `change` while recording, then checks that the steps take it back and redo it.
  func checkSteps(_ plane: Plane, _ change: (inout Plane) throws -> Void) throws -> Plane {
    var changed = plane
    changed.startRecordingEdits()
    try change(&changed)
    let recorded = changed.finishRecordingEdits()
    let steps = try #require(recorded)
    var undone = changed
    undone.undo(steps)
    #expect(undone.rectangles == plane.rectangles)
    for (index, rectangle) in undone.rectangles.enumerated() {
      #expect(undone.zIndex(of: rectangle.id) == index)
    }
    var redone = plane
    redone.redo(steps)
    #expect(redone.rectangles == changed.rectangles)
    return changed
  }

  @Test func removingManyKeepsTheOthersInOrder() throws {
    let plane = try letters()
    let ids: Set = [letterId("b"), letterId("e"), letterId("j"), letterId("z")]
    let changed = try checkSteps(plane) { plane in
      let removed = plane.remove(ids)
      #expect(removed.map(\.zIndex) == [1, 4, 9])
    }
    #expect(order(changed) == "acdfghi")
    #expect(changed.zIndex(of: letterId("i")) == 6)
  }

  @Test func manyMoveToTheTopOrBottomKeepingTheirOrder() throws {
    let plane = try letters()
    let ids: Set = [letterId("a"), letterId("d"), letterId("j")]
    #expect(order(try checkSteps(plane) { _ = $0.raise(ids, toTop: true) }) == "bcefghiadj")
    #expect(order(try checkSteps(plane) { _ = $0.lower(ids, toBottom: true) }) == "adjbcefghi")
  }

  @Test func manyMoveOnePlaceAndARunMovesTogether() throws {
    let plane = try letters()
    let ids: Set = [letterId("b"), letterId("c"), letterId("f"), letterId("j")]
    // j is on top already; b and c move up together past d; f past g.
    #expect(order(try checkSteps(plane) { _ = $0.raise(ids, toTop: false) }) == "adbcegfhij")
    let down: Set = [letterId("a"), letterId("c"), letterId("d"), letterId("h")]
    #expect(order(try checkSteps(plane) { _ = $0.lower(down, toBottom: false) }) == "acdbefhgij")
  }

  @Test func manyGoInAtTheirZIndexesAsIfOneAfterAnother() throws {
    var plane = try Plane(title: "Gaps")
    for letter in "bdf" { try plane.add(letterRectangle(letter)) }
    let new = try [("a", 0), ("c", 2), ("e", 4), ("g", 99)].map {
      (try letterRectangle(Character($0.0)), $0.1)
    }
    let changed = try checkSteps(plane) { try $0.insert(new) }
    #expect(order(changed) == "abcdefg")
    #expect(changed.zIndex(of: letterId("g")) == 6)
    // A z-index not above the one before puts the rectangle right above that one.
    var four = try Plane(title: "Four")
    for letter in "wxyz" { try four.add(letterRectangle(letter)) }
    let equal = try checkSteps(four) {
      try $0.insert([(try letterRectangle("a"), 2), (try letterRectangle("b"), 2)])
    }
    #expect(order(equal) == "wxabyz")
    // An id already there changes nothing.
    var same = plane
    #expect(throws: ModelError.duplicateIdentifier(letterId("b"))) {
      try same.insert([(try letterRectangle("b"), 0)])
    }
    #expect(same == plane)
  }
}
