import DrawdocModel
import Testing

func makeRectangle(
  _ id: String, x: Double, y: Double, width: Double, height: Double, level: Int = 10
) throws -> Rectangle {
  Rectangle(
    id: try Identifier(id), point: try Point(x: x, y: y),
    size: try Size(width: width, height: height), color: try Color(red: 1, green: 2, blue: 3),
    alpha: try Alpha(level: level))
}

@Suite struct PlaneTests {
  @Test func newPlaneHasTheDefaultCanvas() throws {
    let plane = try Plane()
    #expect(plane.size == (try Size(width: 1024, height: 768)))
    #expect(plane.title == "")
    #expect(plane.isEmpty)
  }

  @Test func addCountAndSubscripts() throws {
    var plane = try Plane()
    let a = try makeRectangle("aaa-aaa-aaa", x: 0, y: 0, width: 10, height: 10)
    let b = try makeRectangle("bbb-bbb-bbb", x: 5, y: 5, width: 10, height: 10)
    try plane.add(a)
    try plane.add(b)
    #expect(plane.count == 2)
    #expect(plane[0] == a)
    #expect(plane[1] == b)
    #expect(plane[b.id] == b)
    #expect(plane[try Identifier("ccc-ccc-ccc")] == nil)
  }

  @Test func duplicateIdentifiersAreRefusedAndChangeNothing() throws {
    var plane = try Plane()
    let a = try makeRectangle("aaa-aaa-aaa", x: 0, y: 0, width: 10, height: 10)
    try plane.add(a)
    let before = plane
    #expect(throws: ModelError.duplicateIdentifier(a.id)) {
      try plane.add(try makeRectangle("aaa-aaa-aaa", x: 1, y: 1, width: 1, height: 1))
    }
    #expect(plane == before)
    #expect(plane[a.id] == a)
  }

  @Test func updatesChangeOnlyTheNamedRectangle() throws {
    var plane = try Plane()
    let a = try makeRectangle("aaa-aaa-aaa", x: 0, y: 0, width: 10, height: 10)
    let b = try makeRectangle("bbb-bbb-bbb", x: 5, y: 5, width: 10, height: 10)
    try plane.add(a)
    try plane.add(b)
    try plane.updatePoint(of: a.id, to: Point(x: 7, y: 8))
    try plane.updateSize(of: a.id, to: Size(width: 1, height: 2))
    try plane.updateColor(of: a.id, to: try Color(red: 9, green: 9, blue: 9))
    try plane.updateAlpha(of: a.id, to: Alpha(level: 3))
    let changed = try #require(plane[a.id])
    #expect(changed.point == (try Point(x: 7, y: 8)))
    #expect(changed.size == (try Size(width: 1, height: 2)))
    #expect(changed.color == (try Color(red: 9, green: 9, blue: 9)))
    #expect(changed.alpha.level == 3)
    #expect(plane[b.id] == b)
    let missing = try Identifier("zzz-zzz-zzz")
    #expect(throws: ModelError.noSuchRectangle(missing)) {
      try plane.updateAlpha(of: missing, to: Alpha(level: 1))
    }
  }

  @Test func removeKeepsTheOthersFindable() throws {
    var plane = try Plane()
    let ids = ["aaa-aaa-aaa", "bbb-bbb-bbb", "ccc-ccc-ccc", "ddd-ddd-ddd"]
    for (offset, id) in ids.enumerated() {
      try plane.add(try makeRectangle(id, x: Double(offset), y: 0, width: 1, height: 1))
    }
    let removed = try plane.remove(try Identifier("bbb-bbb-bbb"))
    #expect(removed.point.x == 1)
    #expect(plane.count == 3)
    #expect(
      plane.rectangles.map(\.id.description) == ["aaa-aaa-aaa", "ccc-ccc-ccc", "ddd-ddd-ddd"])
    #expect(plane[try Identifier("ddd-ddd-ddd")]?.point.x == 3)
    #expect(throws: ModelError.self) { try plane.remove(try Identifier("bbb-bbb-bbb")) }
    plane.removeAll()
    #expect(plane.isEmpty)
    #expect(plane[try Identifier("ccc-ccc-ccc")] == nil)
  }

  @Test func hitTestIsHalfOpen() throws {
    let plane = try Plane(rectangles: [
      try makeRectangle("aaa-aaa-aaa", x: 10, y: 20, width: 30, height: 40)
    ])
    #expect(plane.rectangle(at: try Point(x: 10, y: 20))?.id.description == "aaa-aaa-aaa")
    #expect(plane.rectangle(at: try Point(x: 39.999, y: 59.999)) != nil)
    #expect(plane.rectangle(at: try Point(x: 40, y: 30)) == nil)
    #expect(plane.rectangle(at: try Point(x: 20, y: 60)) == nil)
    #expect(plane.rectangle(at: try Point(x: 9.999, y: 30)) == nil)
    #expect(plane.rectangle(at: try Point(x: 20, y: 19.999)) == nil)
  }

  @Test func topmostRectangleWins() throws {
    let plane = try Plane(rectangles: [
      try makeRectangle("bot-tom-000", x: 0, y: 0, width: 100, height: 100),
      try makeRectangle("mid-dle-000", x: 10, y: 10, width: 50, height: 50),
      try makeRectangle("top-000-000", x: 40, y: 40, width: 5, height: 5),
    ])
    #expect(plane.rectangle(at: try Point(x: 42, y: 42))?.id.description == "top-000-000")
    #expect(plane.rectangle(at: try Point(x: 20, y: 20))?.id.description == "mid-dle-000")
    #expect(plane.rectangle(at: try Point(x: 80, y: 80))?.id.description == "bot-tom-000")
    #expect(plane.rectangle(at: try Point(x: 100, y: 100)) == nil)
  }

  @Test func titlesRefuseWhatXMLCannotHold() throws {
    var plane = try Plane()
    try plane.rename(to: "<Tom & \"Jerry\">\ttab\nline\rreturn ✓")
    #expect(throws: ModelError.invalidTitleCharacter(0x01)) { try plane.rename(to: "a\u{01}b") }
    #expect(throws: ModelError.invalidTitleCharacter(0xFFFE)) { try plane.rename(to: "\u{FFFE}") }
    let long = String(repeating: "x", count: Plane.maximumTitleLength + 1)
    #expect(throws: ModelError.titleTooLong(Plane.maximumTitleLength + 1)) {
      try plane.rename(to: long)
    }
  }
}
