import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

@testable import DrawdocWeb

/// `POST /api/drawings/ID/edits`: many steps as one version, fields checked one by one against
/// what the page showed, relative steps, and the page's own undo.
@Suite struct EditStepTests {
  /// Sends steps (a JSON array) and returns the answer's object.
  func edit(_ fixture: AppFixture, _ steps: String) throws -> [String: Any] {
    let response = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits", json: #"{"edits": \#(steps)}"#)
    #expect(response.status == .ok, "\(String(decoding: response.bodyBytes, as: UTF8.self))")
    return try fixture.object(response)
  }

  /// Sends the steps an answer gave to take its edit back.
  func undo(_ fixture: AppFixture, _ answer: [String: Any]) throws -> [String: Any] {
    let steps = try JSONSerialization.data(withJSONObject: try #require(answer["undo"]))
    return try edit(fixture, String(decoding: steps, as: UTF8.self))
  }

  func rectangles(_ fixture: AppFixture) throws -> [Rectangle] {
    try fixture.store.drawing(fixture.id).plane.rectangles
  }

  func lastChange(_ fixture: AppFixture) throws -> String? {
    try fixture.store.history(of: fixture.id).versions.first?.change
  }

  @Test func movingTwoRectanglesIsOneVersionAndItsUndoPutsThemBack() throws {
    let fixture = try AppFixture()
    let before = try rectangles(fixture)
    let (a, b) = (before[0], before[1])
    let answer = try edit(
      fixture,
      """
      [{"set": "\(a.id)", "to": {"x": 5, "y": 6}, "was": {"x": \(a.point.x), "y": \(a.point.y)}},
       {"set": "\(b.id)", "to": {"x": 7, "y": 8}, "was": {"x": \(b.point.x), "y": \(b.point.y)}}]
      """)
    #expect(answer["version"] as? Int == 2)
    #expect(answer["changed"] as? Bool == true)
    #expect((answer["notices"] as? [Any])?.isEmpty == true)
    #expect(try lastChange(fixture) == "set x and y of 2 rectangles")
    let moved = try rectangles(fixture)
    #expect(moved[0].point == (try Point(x: 5, y: 6)))
    #expect(moved[1].point == (try Point(x: 7, y: 8)))

    let undone = try undo(fixture, answer)
    #expect(undone["version"] as? Int == 3)
    #expect(try rectangles(fixture) == before)
    // The undo's own undo is the redo.
    _ = try undo(fixture, undone)
    #expect(try rectangles(fixture) == moved)
  }

  @Test func editsOfDifferentFieldsOfOneRectangleBothApply() throws {
    let fixture = try AppFixture()
    let r = try rectangles(fixture)[0]
    let color = "#112233"
    // Another page recolors the rectangle.
    _ = try edit(fixture, #"[{"set": "\#(r.id)", "to": {"color": "\#(color)"}}]"#)
    // This page, which still shows the old color, moves it: the move applies.
    _ = try edit(fixture, #"[{"set": "\#(r.id)", "to": {"x": 9}, "was": {"x": \#(r.point.x)}}]"#)
    let now = try #require(try fixture.store.drawing(fixture.id).plane[r.id])
    #expect(now.point.x == 9)
    #expect(now.color.hex == color)
    // Its recolor, made on the old color, leaves theirs and says so in plain words.
    let refused = try edit(
      fixture,
      ##"[{"set": "\##(r.id)", "to": {"color": "#ffffff"}, "was": {"color": "\##(r.color.hex)"}}]"##
    )
    #expect(refused["changed"] as? Bool == false)
    #expect(refused["version"] as? Int == 3)
    let notices = try #require(refused["notices"] as? [[String: Any]])
    #expect(
      notices.first?["message"] as? String
        == "Someone else changed this rectangle's color; it now shows their color.")
    #expect(notices.first?["rectangle"] as? String == r.id.description)
    #expect(try fixture.store.drawing(fixture.id).plane[r.id]?.color.hex == color)
  }

  @Test func relativeStepsApplyToTheValueCurrentWhenTheyArrive() throws {
    let fixture = try AppFixture()
    let r = try rectangles(fixture)[0]
    _ = try edit(fixture, #"[{"set": "\#(r.id)", "to": {"alpha": 3}}]"#)
    _ = try edit(fixture, #"[{"shift": "\#(r.id)", "by": {"alpha": 1}}]"#)
    _ = try edit(fixture, #"[{"shift": "\#(r.id)", "by": {"alpha": 1, "x": -2}}]"#)
    let now = try #require(try fixture.store.drawing(fixture.id).plane[r.id])
    #expect(now.alpha.level == 5)
    #expect(now.point.x == r.point.x - 2)
    // The alpha stays within 1…10; a step that changes nothing makes no version.
    let version = fixture.version
    _ = try edit(fixture, #"[{"set": "\#(r.id)", "to": {"alpha": 10}}]"#)
    let still = try edit(fixture, #"[{"shift": "\#(r.id)", "by": {"alpha": 1}}]"#)
    #expect(still["changed"] as? Bool == false)
    #expect(fixture.version == version + 1)
  }

  @Test func removingTwoIsOneVersionAndUndoBringsBothBackInTheirPlaces() throws {
    let fixture = try AppFixture(rectangles: 4)
    let before = try rectangles(fixture)
    let answer = try edit(
      fixture, #"[{"remove": "\#(before[1].id)"}, {"remove": "\#(before[2].id)"}]"#)
    #expect(try rectangles(fixture).map(\.id) == [before[0].id, before[3].id])
    #expect(try lastChange(fixture) == "removed 2 rectangles")
    _ = try undo(fixture, answer)
    #expect(try rectangles(fixture) == before)
  }

  @Test func undoLeavesWhatSomeoneElseChangedSinceAndSaysSo() throws {
    let fixture = try AppFixture()
    let r = try rectangles(fixture)[0]
    let mine = try edit(
      fixture, #"[{"set": "\#(r.id)", "to": {"x": 50}, "was": {"x": \#(r.point.x)}}]"#)
    // A terminal moves it again.
    try fixture.store.update(fixture.id, at: .now) { drawing in
      try drawing.plane.updatePoint(of: r.id, to: try Point(x: 70, y: r.point.y))
      return .set([.x], of: r.id)
    }
    let undone = try undo(fixture, mine)
    #expect(undone["changed"] as? Bool == false)
    let notices = try #require(undone["notices"] as? [[String: Any]])
    #expect(
      notices.first?["message"] as? String
        == "Someone else changed this rectangle's x; it now shows their x.")
    #expect(try fixture.store.drawing(fixture.id).plane[r.id]?.point.x == 70)
  }

  @Test func aSelectionMovesInZOrderKeepingItsOwnOrder() throws {
    let fixture = try AppFixture(rectangles: 5)
    let ids = try rectangles(fixture).map(\.id)
    func order() throws -> [Identifier] { try rectangles(fixture).map(\.id) }
    let front = try edit(fixture, #"[{"order": ["\#(ids[0])", "\#(ids[2])"], "to": "front"}]"#)
    #expect(try order() == [ids[1], ids[3], ids[4], ids[0], ids[2]])
    #expect(try lastChange(fixture) == "reordered 2 rectangles")
    _ = try undo(fixture, front)
    #expect(try order() == ids)
    _ = try edit(fixture, #"[{"order": ["\#(ids[3])", "\#(ids[4])"], "to": "back"}]"#)
    #expect(try order() == [ids[3], ids[4], ids[0], ids[1], ids[2]])
    _ = try edit(fixture, #"[{"order": ["\#(ids[3])", "\#(ids[0])"], "to": "forward"}]"#)
    #expect(try order() == [ids[4], ids[3], ids[1], ids[0], ids[2]])
    _ = try edit(fixture, #"[{"order": ["\#(ids[4])", "\#(ids[0])"], "to": "backward"}]"#)
    #expect(try order() == [ids[4], ids[3], ids[0], ids[1], ids[2]])
    _ = try edit(fixture, #"[{"place": "\#(ids[2])", "at": 0}]"#)
    #expect(try order() == [ids[2], ids[4], ids[3], ids[0], ids[1]])
    #expect(try lastChange(fixture) == "moved \(ids[2]) in z-order")
  }

  @Test func arrangePutsEachAtItsZIndexAndItsUndoPutsThemBack() throws {
    let fixture = try AppFixture(rectangles: 6)
    let ids = try rectangles(fixture).map(\.id)
    func order() throws -> [Identifier] { try rectangles(fixture).map(\.id) }
    // The layers panel's drag of two rows: they end together at z-indexes 1 and 2.
    let answer = try edit(fixture, #"[{"arrange": [["\#(ids[5])", 1], ["\#(ids[3])", 2]]}]"#)
    #expect(try order() == [ids[0], ids[5], ids[3], ids[1], ids[2], ids[4]])
    #expect(try lastChange(fixture) == "reordered 2 rectangles")
    // Repeated and out-of-range z-indexes stack up, each above the one before.
    _ = try edit(fixture, #"[{"arrange": [["\#(ids[0])", 99], ["\#(ids[1])", 99]]}]"#)
    #expect(try order().suffix(2) == [ids[0], ids[1]])
    // Taken back in turn: the last arrangement, then the first.
    let undone = try undo(fixture, try edit(fixture, #"[{"arrange": [["\#(ids[2])", 0]]}]"#))
    #expect(undone["changed"] as? Bool == true)
    #expect(try order().first == ids[5])
    _ = answer
  }

  @Test func addedRectanglesKeepTheIdAndPlaceGivenAndTheFactoryFillsTheRest() throws {
    let fixture = try AppFixture(rectangles: 2)
    let answer = try edit(
      fixture,
      """
      [{"add": {"id": "aaa-bbb-ccc", "x": 1, "y": 2, "width": 3, "height": 4, "color": "#010203",
                "alpha": 7}, "at": 0},
       {"add": {"x": 10, "y": 20, "width": 30, "height": 40}}]
      """)
    let added = try #require(answer["added"] as? [String])
    #expect(added.count == 2 && added[0] == "aaa-bbb-ccc")
    let now = try rectangles(fixture)
    #expect(now.first?.id.description == "aaa-bbb-ccc")
    #expect(now.first?.color.hex == "#010203")
    #expect(now.last?.id.description == added[1])
    #expect(now.last?.size == (try Size(width: 30, height: 40)))
    #expect(try lastChange(fixture) == "added 2 rectangles")
    // Taken back: removed, each only if it still is as added.
    _ = try undo(fixture, answer)
    #expect(try rectangles(fixture).count == 2)
  }

  @Test func aRenameChecksTheTitleThePageShowed() throws {
    let fixture = try AppFixture()
    _ = try edit(fixture, #"[{"rename": "Mine", "was": "Web"}]"#)
    #expect(try fixture.store.drawing(fixture.id).plane.title == "Mine")
    #expect(try lastChange(fixture) == #"renamed to "Mine""#)
    let late = try edit(fixture, #"[{"rename": "Late", "was": "Web"}]"#)
    #expect(late["changed"] as? Bool == false)
    #expect(try fixture.store.drawing(fixture.id).plane.title == "Mine")
  }

  @Test func aBadStepIsRefusedWithItsNumberAndChangesNothing() throws {
    let fixture = try AppFixture()
    let r = try rectangles(fixture)[0]
    let before = try fixture.store.drawing(fixture.id)
    // The other refusals, each naming its step, are cases of the corpus (EditStepCorpusTests);
    // a number past the largest double cannot be written there.
    let response = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits",
      json: #"{"edits": [{"set": "\#(r.id)", "to": {"x": 1e400}}]}"#)
    #expect(response.status == .badRequest)
    let error = try fixture.object(response)["error"] as? String
    #expect(error == "step 1: to.x is too large a number: the largest is about 1.8e308")
    // A number past the largest double (read as infinity) is refused on the other routes too.
    let huge = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/undo", json: #"{"version": 1e400}"#)
    #expect(huge.status == .badRequest)
    #expect(try fixture.store.drawing(fixture.id) == before)
  }
}
