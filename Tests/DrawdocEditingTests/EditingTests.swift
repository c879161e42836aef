import DrawdocEditing
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

/// The use cases, through a real store in a temporary folder.
@Suite struct EditingTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-editing-\(UUID().uuidString)").path

  @Test func aNewDrawingHasTheFactorysRectanglesAndTheSeedMakesItAgain() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let first = try editing.create(
      title: "Sketch", size: Size(width: 400, height: 300), randomRectangles: 3, seed: 7)
    let second = try editing.create(
      title: "Sketch", size: Size(width: 400, height: 300), randomRectangles: 3, seed: 7)
    #expect(first.plane.count == 3)
    #expect(first.plane == second.plane)
    #expect(first.id != second.id)
    #expect(
      try editing.store.history(of: first.id).versions.first?.change
        == "created with 3 rectangles from the factory")
  }

  @Test func aCopyIsTitledAfterItsOriginalWithinTheTitleLimit() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let original = try editing.create(title: "Plan", randomRectangles: 2, seed: 1)
    let copy = try editing.duplicate(original.id)
    #expect(copy.plane.title == "Plan (copy)")
    #expect(copy.plane.rectangles == original.plane.rectangles)
    #expect(try editing.duplicate(original.id, title: "Other").plane.title == "Other")
    let long = String(repeating: "x", count: Plane.maximumTitleLength)
    #expect(Editing.copyTitle(of: long) == long)
    #expect(Editing.copyTitle(of: "") == " (copy)")
  }

  @Test func rectanglesAreAddedSetMovedAndRemovedAsVersions() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let drawing = try editing.create(title: "Edits")
    let (added, ids) = try editing.add(
      RectangleEdit(x: 1, y: 2, width: 3, height: 4), count: 2, seed: 5, to: drawing.id)
    #expect(ids.count == 2)
    #expect(added.drawing.plane.rectangles.map(\.id) == ids)
    let bottom = ids[0]
    let set = try editing.set(
      RectangleEdit(color: try Color(hex: "#336699")), of: bottom, in: drawing.id)
    #expect(set.drawing.plane[bottom]?.color == (try Color(hex: "#336699")))
    let raised = try editing.move(bottom, in: drawing.id, .up, allTheWay: true)
    #expect(raised.drawing.plane.rectangles.last?.id == bottom)
    // Already on top: no new version.
    let again = try editing.move(bottom, in: drawing.id, .up, allTheWay: false)
    #expect(again.version == raised.version)
    let removed = try editing.remove(bottom, from: drawing.id)
    #expect(removed.drawing.plane.rectangles.map(\.id) == [ids[1]])
    #expect(removed.version == 5)
  }

  @Test func anEditOnAnOlderVersionOfTheSameRectangleIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let drawing = try editing.create(title: "Conflict", randomRectangles: 1, seed: 3)
    let rectangle = try #require(drawing.plane.rectangles.first?.id)
    let moved = try editing.set(RectangleEdit(x: 10), of: rectangle, in: drawing.id)
    #expect(throws: StoreError.conflict(id: drawing.id, version: 1, current: 2)) {
      try editing.set(
        RectangleEdit(y: 10), of: rectangle, in: drawing.id,
        basedOn: (moved.version - 1, [rectangle]))
    }
    #expect(moved.version == 2)
  }

  @Test func typedValuesAreReadOrRefusedWithTheirField() throws {
    let edit = try RectangleEdit(reading: ["x": "4.5e1", "color": "teal", "alpha": "7"].get)
    #expect(
      edit == RectangleEdit(x: 45, color: try Color(hex: "#008080"), alpha: try Alpha(level: 7)))
    #expect(edit.fields == [.x, .color, .alpha])
    #expect(
      throws: InvalidValue(field: "alpha", value: "11", expected: "a whole number from 1 to 10")
    ) {
      try RectangleEdit(reading: ["alpha": "11"].get)
    }
    #expect(throws: InvalidValue(field: "width", value: "0", expected: "a number greater than 0")) {
      try RectangleEdit(reading: ["width": "0"].get)
    }
  }
}

extension Dictionary where Key == String, Value == String {
  /// The value for a key, as a function.
  fileprivate func get(_ key: String) -> String? { self[key] }
}
