import DrawdocEditing
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

/// Undo, redo, restore, the trash, a saved file and the settings, through the use cases (the
/// front ends' one way to change the store), on a real store in a temporary folder.
@Suite struct EditingVersionsTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-versions-\(UUID().uuidString)").path

  @Test func undoAndRedoAreNewVersionsAndAnOlderBaseIsRefused() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let drawing = try editing.create(title: "Steps")
    try editing.rename(drawing.id, to: "Renamed")
    let undone = try editing.undo(drawing.id)
    #expect(undone.number == 3)
    #expect(try editing.store.drawing(drawing.id).plane.title == "Steps")
    // The page saw version 2: the undo it asks for is of a version no longer current.
    #expect(throws: StoreError.conflict(id: drawing.id, version: 2, current: 3)) {
      try editing.redo(drawing.id, basedOn: 2)
    }
    let redone = try editing.redo(drawing.id, basedOn: 3)
    #expect(redone.number == 4)
    #expect(try editing.store.drawing(drawing.id).plane.title == "Renamed")
    #expect(throws: StoreError.self) { try editing.redo(drawing.id) }
    #expect(try editing.store.revision(of: drawing.id).version == 4)
  }

  @Test func anOldVersionComesBackAsANewOneAndTheCurrentOneMakesNone() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let drawing = try editing.create(title: "First")
    try editing.rename(drawing.id, to: "Second")
    #expect(try editing.restore(drawing.id, version: 2).number == 2)
    let restored = try editing.restore(drawing.id, version: 1)
    #expect(restored.number == 3)
    #expect(try editing.store.drawing(drawing.id).plane.title == "First")
    #expect(throws: StoreError.self) { try editing.restore(drawing.id, version: 9) }
  }

  @Test func aDeletedDrawingIsInTheTrashUntilRestoredOrEmptied() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    let kept = try editing.create(title: "Kept")
    let gone = try editing.create(title: "Gone")
    try editing.delete(kept.id)
    try editing.delete(gone.id)
    #expect(Set(try editing.store.trashedDrawings().map(\.id)) == [kept.id, gone.id])
    #expect(throws: StoreError.inTrash(kept.id)) { try editing.store.drawing(kept.id) }
    try editing.restoreFromTrash(kept.id)
    #expect(try editing.store.drawing(kept.id).plane.title == "Kept")
    #expect(throws: StoreError.notInTrash(kept.id.description)) {
      try editing.restoreFromTrash(kept.id)
    }
    #expect(try editing.emptyTrash() == [gone.id])
    #expect(try editing.store.trashedDrawings().isEmpty)
  }

  @Test func aSavedFileIsANewVersionOfTheDrawingItsIdNames() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    var drawing = try editing.create(title: "Round trip")
    var factory = RectangleFactory(seed: 3)
    try drawing.plane.add(factory.makeRectangle(for: drawing.plane))
    let saved = try editing.save(drawing, as: .automatic, title: nil, file: "trip.svg")
    #expect(saved.id == drawing.id)
    #expect(try editing.store.drawing(drawing.id).plane.count == 1)
    let copy = try editing.save(drawing, as: .newDrawing, title: "Copy")
    #expect(copy.id != drawing.id)
    #expect(copy.plane.title == "Copy")
  }

  @Test func theHistoryLimitChangesOnlyToAnAllowedValue() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let editing = Editing(store: try DocumentStore(root: folder))
    try editing.changeHistoryLimit(to: 7)
    #expect(try DocumentStore(root: folder).settings.historyLimit == 7)
    #expect(throws: StoreError.self) { try editing.changeHistoryLimit(to: 0) }
    #expect(try DocumentStore(root: folder).settings.historyLimit == 7)
  }
}
