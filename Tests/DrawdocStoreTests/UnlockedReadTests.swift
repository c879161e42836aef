import DrawdocModel
import DrawdocStore
import Testing

/// `snapshotDecodedOutsideTheLock(of:)`: the drawing decoded without the store's lock, and the
/// version checked under it, gives what `snapshot(of:)` gives, also for a file another program
/// replaced.
@Suite struct UnlockedReadTests {
  private func add(_ number: Int, to id: Identifier, in store: DocumentStore, at time: Timestamp)
    throws
  {
    try store.update(id, at: time) { drawing in
      let rectangle = try makeRectangle(
        "000-000-00\(number)", x: Double(number), y: 2, width: 10, height: 20)
      try drawing.plane.add(rectangle)
      return .added([rectangle.id])
    }
  }

  private func same(_ store: DocumentStore, _ id: Identifier) throws {
    let locked = try store.snapshot(of: id)
    let unlocked = try store.snapshotDecodedOutsideTheLock(of: id)
    #expect(unlocked.revision == locked.revision)
    #expect(unlocked.history == locked.history)
  }

  @Test func itGivesWhatTheLockedReadGives() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Read"), at: t0).id
    try same(store, id)
    try add(1, to: id, in: store, at: t1)
    try add(2, to: id, in: store, at: t2)
    try store.undo(id, at: t3)
    try same(store, id)
    #expect(try store.snapshotDecodedOutsideTheLock(of: id).revision.version == 4)
  }

  @Test func aFileReplacedByAnotherProgramIsReadAsTheLockedReadReadsIt() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Shared"), at: t0).id
    try add(1, to: id, in: store, at: t1)
    let outside = try replaceOutsideDrawdoc(
      id, in: folder,
      rectangles: [try makeRectangle("000-000-009", x: 9, y: 2, width: 10, height: 20)])
    let read = try store.snapshotDecodedOutsideTheLock(of: id)
    #expect(read.revision.drawing == outside)
    #expect(read.revision.version == 3)
    try same(store, id)
  }

  @Test func aMissingDrawingIsTheLockedReadsError() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Gone"), at: t0).id
    try store.delete(id)
    #expect(throws: StoreError.inTrash(id)) { try store.snapshotDecodedOutsideTheLock(of: id) }
  }
}
