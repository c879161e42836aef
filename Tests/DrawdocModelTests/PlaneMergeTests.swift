import DrawdocModel
import Testing

@Suite struct PlaneMergeTests {
  private let red = Color(red: 255 as UInt8, green: 0, blue: 0)
  private let blue = Color(red: 0 as UInt8, green: 0, blue: 255)

  private func changing(_ plane: Plane, _ edit: (inout Plane) throws -> Void) rethrows -> Plane {
    var copy = plane
    try edit(&copy)
    return copy
  }

  @Test func changesToDifferentRectanglesAndFieldsMerge() throws {
    let base = try letterPlane("abc", title: "Base")
    let ours = try changing(base) {
      try $0.updateColor(of: letterId("a"), to: red)
      try $0.updatePoint(of: letterId("c"), to: Point(x: 0, y: 7))
    }
    let theirs = try changing(base) {
      try $0.updateAlpha(of: letterId("b"), to: Alpha(level: 3))
      try $0.updateSize(of: letterId("c"), to: Size(width: 10, height: 20))
      try $0.rename(to: "Theirs")
    }
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    let expected = try changing(base) {
      try $0.updateColor(of: letterId("a"), to: red)
      try $0.updatePoint(of: letterId("c"), to: Point(x: 0, y: 7))
      try $0.updateAlpha(of: letterId("b"), to: Alpha(level: 3))
      try $0.updateSize(of: letterId("c"), to: Size(width: 10, height: 20))
      try $0.rename(to: "Theirs")
    }
    #expect(merge.plane == expected)
  }

  @Test func theSameFieldChangedTwoWaysKeepsOurs() throws {
    let base = try letterPlane("ab")
    let ours = try changing(base) { try $0.updateColor(of: letterId("a"), to: red) }
    let theirs = try changing(base) {
      try $0.updateColor(of: letterId("a"), to: blue)
      try $0.updateAlpha(of: letterId("a"), to: Alpha(level: 2))
    }
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(
      merge.conflicts == [
        .field(
          .color, base: base[letterId("a")], ours: try #require(ours[letterId("a")]),
          theirs: try #require(theirs[letterId("a")]))
      ])
    #expect(merge.plane[letterId("a")]?.color == red)
    #expect(merge.plane[letterId("a")]?.alpha.level == 2)
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() throws {
    let base = try letterPlane("ab")
    let both = try changing(base) {
      try $0.updateColor(of: letterId("a"), to: red)
      try $0.remove(letterId("b"))
      try $0.raise(letterId("a"))
      try $0.add(letterRectangle("n"))
    }
    let merge = try PlaneMerge(base: base, ours: both, theirs: both)
    #expect(merge.isClean)
    #expect(merge.plane == both)
  }

  @Test func changedOnOneSideAndRemovedOnTheOtherKeepsOurs() throws {
    let base = try letterPlane("abc")
    let ours = try changing(base) {
      try $0.updateColor(of: letterId("a"), to: red)
      try $0.remove(letterId("b"))
    }
    let theirs = try changing(base) {
      try $0.remove(letterId("a"))
      try $0.updatePoint(of: letterId("b"), to: Point(x: 3, y: 4))
      try $0.remove(letterId("c"))  // unchanged on our side: simply removed
    }
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(
      merge.conflicts == [
        .changedAndRemoved(
          changed: try #require(ours[letterId("a")]), changedIn: .ours, fields: [.color]),
        .changedAndRemoved(
          changed: try #require(theirs[letterId("b")]), changedIn: .theirs, fields: [.x, .y]),
      ])
    #expect(letters(merge.plane) == "a")
    #expect(merge.plane[letterId("a")]?.color == red)
  }

  @Test func rectanglesAddedOnBothSidesWithOneIdConflictByField() throws {
    let base = try letterPlane("a")
    let ours = try changing(base) { try $0.add(letterRectangle("n", x: 1)) }
    let theirs = try changing(base) { try $0.add(letterRectangle("n", x: 2)) }
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(
      merge.conflicts == [
        .field(
          .x, base: nil, ours: try letterRectangle("n", x: 1),
          theirs: try letterRectangle("n", x: 2))
      ])
    #expect(merge.plane.rectangles == [try letterRectangle("a"), try letterRectangle("n", x: 1)])
  }

  @Test func titleAndEachSideOfTheCanvasMergeOnTheirOwn() throws {
    let base = try Plane(size: Size(width: 100, height: 100), title: "Base")
    let ours = try Plane(size: Size(width: 200, height: 100), title: "Ours")
    let theirs = try Plane(size: Size(width: 300, height: 50), title: "Theirs")
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(
      merge.conflicts == [
        .title(base: "Base", ours: "Ours", theirs: "Theirs"),
        .canvas(.width, base: 100, ours: 200, theirs: 300),
      ])
    #expect(merge.plane.title == "Ours")
    #expect(merge.plane.size == (try Size(width: 200, height: 50)))
  }

  @Test func additionsInTheMiddleGoAboveTheRectangleBelowThem() throws {
    let base = try letterPlane("abc")
    // Ours adds x on top and y above a; theirs adds z at the bottom and w above b.
    let ours = try letterPlane("aybcx")
    let theirs = try letterPlane("zabwc")
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(letters(merge.plane) == "zaybwcx")
    // Both add on top of c: ours first, then theirs above it.
    let both = try PlaneMerge(
      base: base, ours: try letterPlane("abcxy"), theirs: try letterPlane("abcz"))
    #expect(letters(both.plane) == "abcxyz")
  }

  @Test func additionsOnTopOrAtTheBottomStayThere() throws {
    // Ours adds x on top and y at the bottom; theirs raises a to the top and lowers c to the
    // bottom.
    let merge = try PlaneMerge(
      base: try letterPlane("abc"), ours: try letterPlane("yabcx"), theirs: try letterPlane("cba"))
    #expect(merge.isClean)
    #expect(letters(merge.plane) == "ycbax")
  }

  @Test func anAdditionFollowsTheRectangleBelowItWhenThatOneMoves() throws {
    // Theirs adds n right above a; ours raises a to the top: n goes with it.
    let merge = try PlaneMerge(
      base: try letterPlane("abc"), ours: try letterPlane("bca"), theirs: try letterPlane("anbc"))
    #expect(merge.isClean)
    #expect(letters(merge.plane) == "bcan")
  }

  @Test(arguments: [
    ("abcd", "bcda", "dabc", "dbca"),  // a to the top, d to the bottom
    ("abcd", "bcda", "abdc", "bdca"),  // a to the top; c above d
    ("abcde", "bacde", "abcde", "bacde"),  // only ours moved
    ("abcde", "abcde", "abced", "abced"),  // only theirs moved
    ("abcde", "edcba", "edcba", "edcba"),  // the same moves on both sides
  ])
  func movesOfDifferentRectanglesMerge(
    base: String, ours: String, theirs: String, expected: String
  ) throws {
    let merge = try PlaneMerge(
      base: try letterPlane(base), ours: try letterPlane(ours), theirs: try letterPlane(theirs))
    #expect(merge.isClean, "\(merge.conflicts)")
    #expect(letters(merge.plane) == expected)
  }

  @Test func contradictingMovesConflictAndKeepOursOrder() throws {
    // Ours raises a to the top, theirs lowers it to the bottom.
    let twoWays = try PlaneMerge(
      base: try letterPlane("bac"), ours: try letterPlane("bca"), theirs: try letterPlane("abc"))
    #expect(twoWays.conflicts == [.zOrder(letterId("a"), ours: 2, theirs: 0)])
    #expect(letters(twoWays.plane) == "bca")
    // Ours puts a above b, theirs b above c, and c stays above a: a cycle.
    let cycle = try PlaneMerge(
      base: try letterPlane("abc"), ours: try letterPlane("bac"), theirs: try letterPlane("acb"))
    #expect(!cycle.isClean)
    #expect(cycle.conflicts.allSatisfy { if case .zOrder = $0 { true } else { false } })
    #expect(letters(cycle.plane) == "bac")
  }

  @Test func aMoveAndAChangeOfTheSameRectangleMerge() throws {
    let base = try letterPlane("abc")
    let ours = try changing(base) { try $0.raise(letterId("a"), toTop: true) }
    let theirs = try changing(base) { try $0.updateColor(of: letterId("a"), to: blue) }
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    #expect(merge.isClean)
    #expect(letters(merge.plane) == "bca")
    #expect(merge.plane[letterId("a")]?.color == blue)
  }

  /// Every permutation of `items`.
  private func permutations(_ items: [Int]) -> [[Int]] {
    guard let first = items.first else { return [[]] }
    return permutations(Array(items.dropFirst())).flatMap { rest in
      (0...rest.count).map { index in
        var copy = rest
        copy.insert(first, at: index)
        return copy
      }
    }
  }

  /// The z-order merge against brute force: every order of a few rectangles is tried, and the
  /// merge must find the one order that keeps each pair as the side that changed it has it, or
  /// report a conflict when there is none.
  @Test func theZOrderMergeAgreesWithBruteForce() throws {
    var generator = SeededRandomNumberGenerator(seed: 14)
    let alphabet = Array("abcdef")
    for _ in 0..<400 {
      let count = Int.random(in: 2...6, using: &generator)
      let base = Array(0..<count)
      let ours = base.shuffled(using: &generator)
      let theirs = Bool.random(using: &generator) ? base.shuffled(using: &generator) : ours
      let position = { (order: [Int]) in
        Dictionary(uniqueKeysWithValues: order.enumerated().map { ($1, $0) })
      }
      let (inOurs, inTheirs) = (position(ours), position(theirs))
      func above(_ a: Int, _ b: Int) -> Bool {
        let oursAbove = (inOurs[a] ?? 0) > (inOurs[b] ?? 0)
        return oursAbove != (a > b) ? oursAbove : (inTheirs[a] ?? 0) > (inTheirs[b] ?? 0)
      }
      let consistent = permutations(base).filter { order in
        order.indices.allSatisfy { i in order[(i + 1)...].allSatisfy { above($0, order[i]) } }
      }
      let word = { (order: [Int]) in String(order.map { alphabet[$0] }) }
      let merge = try PlaneMerge(
        base: try letterPlane(word(base)), ours: try letterPlane(word(ours)),
        theirs: try letterPlane(word(theirs)))
      let context = "base \(word(base)), ours \(word(ours)), theirs \(word(theirs))"
      if let only = consistent.first {
        #expect(consistent.count == 1, "\(context)")
        #expect(merge.isClean, "\(context): \(merge.conflicts)")
        #expect(letters(merge.plane) == word(only), "\(context)")
      } else {
        #expect(!merge.isClean, "\(context)")
        #expect(letters(merge.plane) == word(ours), "\(context)")
      }
    }
  }

  @Test func tooManyMovesOnBothSidesKeepOursOrder() throws {
    var generator = SeededRandomNumberGenerator(seed: 3)
    let rectangles = try (0..<15_000).map { number in
      try makeRectangle(
        Identifier(rawValue: UInt64(number) * 7919).description, x: 0, y: 0, width: 1, height: 1)
    }
    let base = try Plane(rectangles: rectangles)
    let ours = try Plane(rectangles: rectangles.reversed())
    let theirs = try Plane(rectangles: rectangles.shuffled(using: &generator))
    let merge = try PlaneMerge(base: base, ours: ours, theirs: theirs)
    guard case .zOrderTooManyMoves(let oursMoves, let theirsMoves)? = merge.conflicts.first else {
      Issue.record("expected too many moves, got \(merge.conflicts.prefix(3))")
      return
    }
    #expect(merge.conflicts.count == 1)
    #expect(oursMoves == 14_999)
    #expect(theirsMoves > 14_000)
    #expect(merge.plane == ours)
  }
}
