import DrawdocModel
import DrawdocStore
import Foundation
import Testing

@Suite struct TrashTests {
  @Test func deleteMovesADrawingToTheTrashWithItsHistory() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let doomed = try store.create(try makePlane(title: "Doomed"), at: t0)
    try store.update(doomed.id, at: t1) { drawing in
      try drawing.plane.add(try seedsRectangle())
      return .added([try seedsRectangle().id])
    }
    let kept = try store.create(try makePlane(title: "Kept"), at: t1)
    let historyBefore = try store.history(of: doomed.id)
    try store.delete(doomed.id, at: t2)

    #expect(try store.list().drawings.map(\.id) == [kept.id])
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/thumbnails/\(doomed.id).png"))
    #expect(throws: StoreError.noSuchDrawing("Doomed")) { try store.resolve("Doomed") }
    #expect(throws: StoreError.inTrash(doomed.id)) { try store.resolve(doomed.id.description) }
    #expect(throws: StoreError.inTrash(doomed.id)) { try store.drawing(doomed.id) }
    #expect(
      try store.trashedDrawings() == [
        TrashedDrawing(id: doomed.id, title: "Doomed", rectangleCount: 1, version: 2, trashed: t2)
      ])
    let inTrash = try store.history(of: doomed.id)
    #expect(inTrash.versions == historyBefore.versions)
    #expect(inTrash.trashed == t2)
    #expect(try store.resolveTrashed("Doomed") == doomed.id)
  }

  @Test func restoreBringsItBackWithEveryVersion() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Back"), at: t0).id
    try store.update(id, at: t1) { drawing in
      try drawing.plane.add(try seedsRectangle())
      return .added([try seedsRectangle().id])
    }
    let before = try store.drawing(id)
    try store.delete(id, at: t2)
    try store.restoreFromTrash(id, at: t3)
    #expect(try store.drawing(id) == before)
    #expect(try store.trashedDrawings().isEmpty)
    #expect(try store.resolve("Back") == id)
    #expect(try store.history(of: id).versions.map(\.number) == [2, 1])
    #expect(try store.history(of: id).trashed == nil)
    #expect(store.thumbnailState(of: id) == .current)
    try store.undo(id, at: t3)
    #expect(try store.drawing(id).plane.isEmpty)
    #expect(throws: StoreError.notInTrash(id.description)) { try store.restoreFromTrash(id) }
  }

  @Test func emptyingRemovesTheDrawingsAndTheirHistoriesForGood() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let first = try store.create(try makePlane(title: "One"), at: t0).id
    let second = try store.create(try makePlane(title: "Two"), at: t0).id
    let third = try store.create(try makePlane(title: "Three"), at: t0).id
    for id in [first, second, third] { try store.delete(id, at: t1) }

    #expect(try store.emptyTrash(second) == [second])
    #expect(Set(try store.trashedDrawings().map(\.id)) == [first, third])
    #expect(!FileManager.default.fileExists(atPath: "\(folder.path)/history/\(second)"))
    #expect(throws: StoreError.noSuchDrawing(second.description)) { try store.history(of: second) }
    #expect(Set(try store.emptyTrash()) == [first, third])
    #expect(try store.trashedDrawings().isEmpty)
    let histories = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/history")
    #expect(histories.isEmpty)
    #expect(throws: StoreError.notInTrash(first.description)) { try store.emptyTrash(first) }
  }

  @Test func theTrashListsTheMostRecentlyDeletedFirst() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let early = try store.create(try makePlane(title: "Early"), at: t0).id
    let late = try store.create(try makePlane(title: "Late"), at: t0).id
    try store.delete(early, at: t1)
    try store.delete(late, at: t2)
    #expect(try store.trashedDrawings().map(\.id) == [late, early])
    #expect(try store.trashedDrawings().map(\.trashed) == [t2, t1])
  }
}
