import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A rectangle with an id made from a number, for drawings that grow one change at a time.
private func numbered(_ number: Int) throws -> Rectangle {
  let digits = String(number)
  let padded = String(repeating: "0", count: max(0, 9 - digits.count)) + digits
  let id = "\(padded.prefix(3))-\(padded.dropFirst(3).prefix(3))-\(padded.suffix(3))"
  return try makeRectangle(id, x: Double(number), y: 2, width: 10, height: 20)
}

/// Adds rectangle `number` as one change.
@discardableResult
private func add(_ number: Int, to id: Identifier, in store: DocumentStore, at time: Timestamp)
  throws -> Drawing
{
  try store.update(id, at: time) { drawing in
    let rectangle = try numbered(number)
    try drawing.plane.add(rectangle)
    return .added([rectangle.id])
  }
}

/// The ids of a drawing's rectangles, bottom first.
private func ids(_ drawing: Drawing) -> [String] {
  drawing.plane.rectangles.map(\.id.description)
}

private func numberedIds(_ numbers: [Int]) throws -> [String] {
  try numbers.map { try numbered($0).id.description }
}

/// The inode of a file.
private func inode(_ path: String) -> UInt64? {
  var status = stat()
  guard stat(path, &status) == 0 else { return nil }
  return UInt64(status.st_ino)
}

@Suite struct HistoryTests {
  @Test func everyChangeKeepsTheVersionItReplacedWithItsWords() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let created = try store.create(try makePlane(title: "Sketch"), at: t0)
    let id = created.id
    try add(1, to: id, in: store, at: t1)
    try store.update(id, at: t2) { drawing in
      try drawing.plane.updateAlpha(of: try numbered(1).id, to: try Alpha(level: 3))
      try drawing.plane.updateColor(
        of: try numbered(1).id, to: try Color(red: 1, green: 2, blue: 3))
      return .set([.color, .alpha], of: try numbered(1).id)
    }
    let incoming = Drawing(
      id: id, created: t0, modified: t0,
      plane: try makePlane(title: "Sketch", rectangles: [try numbered(7), try numbered(8)]))
    _ = try store.save(incoming, as: .automatic, title: nil, at: t3, file: "/tmp/sketch.svg")
    try store.update(id, at: t3) { drawing in
      try drawing.plane.rename(to: "Final")
      return .renamed(to: "Final")
    }

    let history = try store.history(of: id)
    #expect(history.versions.map(\.number) == [5, 4, 3, 2, 1])
    #expect(
      history.versions.map(\.change) == [
        "renamed to \"Final\"", "new version saved from sketch.svg",
        "set color and alpha of 000-000-001", "added 000-000-001", "created",
      ])
    #expect(history.versions.map(\.rectangleCount) == [2, 2, 1, 1, 0])
    #expect(history.versions.map(\.title) == ["Final", "Sketch", "Sketch", "Sketch", "Sketch"])
    #expect(history.versions.map(\.time) == [t3, t3, t2, t1, t0])
    #expect(history.undo == DrawingHistory.Step(change: "renamed to \"Final\"", version: 4))
    #expect(history.redo == nil)
    #expect(history.trashed == nil)

    // Each old version reads back as it was.
    #expect(try store.drawing(id, version: 1) == created)
    let second = try store.drawing(id, version: 2)
    #expect(ids(second) == (try numberedIds([1])))
    #expect(second.modified == t1)
    let third = try store.drawing(id, version: 3)
    #expect(third.plane.rectangles.first?.alpha == (try Alpha(level: 3)))
    #expect(third.plane.rectangles.first?.color == (try Color(red: 1, green: 2, blue: 3)))
    #expect(ids(try store.drawing(id, version: 4)) == (try numberedIds([7, 8])))
    #expect(try store.drawing(id, version: 5) == (try store.drawing(id)))
    #expect(throws: StoreError.noSuchVersion(id: id, version: 6, kept: 1...5)) {
      try store.drawing(id, version: 6)
    }
  }

  @Test func keepingAVersionLinksItsFileInsteadOfCopyingIt() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Linked"), at: t0).id
    try add(1, to: id, in: store, at: t1)
    let versionFile = "\(folder.path)/history/\(id)/2.svg"
    // The current version's file is the drawing file itself, under a second name.
    #expect(inode(versionFile) != nil)
    #expect(inode(versionFile) == inode(folder.drawingPath(id)))
    try add(2, to: id, in: store, at: t2)
    #expect(inode(versionFile) != inode(folder.drawingPath(id)))
    #expect(try folder.read(versionFile) == SVGEncoder.encode(try store.drawing(id, version: 2)))
  }

  @Test func aVersionWhoseNameInTheHistoryWasNeverFlushedIsLinkedAgainByTheNextChange() throws {
    for memory in [nil, DrawingMemory()] {
      let folder = try StoreFolder()
      let store =
        try memory.map { try DocumentStore(root: folder.path, keepingInMemory: $0) }
        ?? folder.store()
      let first = try store.create(try makePlane(title: "Unflushed"), at: t0)
      let id = first.id
      let second = try add(1, to: id, in: store, at: t1)
      // The change that made version 2 did not flush the history folder: its line says so.
      #expect(try versionLines(folder, id).map { $0["linkFlushed"] } == [nil, .bool(false)])
      // A power failure while version 2 was current took its name in the history.
      let versionFile = "\(folder.path)/history/\(id)/2.svg"
      try FileManager.default.removeItem(atPath: versionFile)

      let (third, flushes) = try StoreFiles.countingFlushes(in: folder.path) {
        try add(2, to: id, in: store, at: t2)
      }
      // Its file, the version log, the history folder, the drawings folder, the journal.
      #expect(flushes == 5, "memory: \(memory != nil)")
      #expect(inode(versionFile) != nil)
      #expect(inode(versionFile) != inode(folder.drawingPath(id)))
      #expect(try folder.read(versionFile) == SVGEncoder.encode(second))
      #expect(
        try versionLines(folder, id).map { $0["linkFlushed"] } == [nil, .bool(false), nil])

      let history = try store.history(of: id)
      #expect(history.versions.map(\.number) == [3, 2, 1])
      #expect(history.undo?.version == 2)
      #expect(try store.drawing(id, version: 1) == first)
      #expect(try store.drawing(id, version: 2) == second)
      #expect(try store.drawing(id, version: 3) == third)
      #expect(try store.undo(id, at: t3).number == 4)
      #expect(try store.drawing(id).plane == second.plane)
    }
  }

  @Test func undoAndRedoStepBackAndForthAsInAnEditor() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Steps"), at: t0).id
    try add(1, to: id, in: store, at: t0)
    try add(2, to: id, in: store, at: t0)

    let first = try store.undo(id, at: t1)
    #expect(first.number == 4)
    #expect(first.change == "undid added 000-000-002")
    #expect(ids(try store.drawing(id)) == (try numberedIds([1])))
    #expect(try store.drawing(id).modified == t1)
    let second = try store.undo(id, at: t1)
    #expect(second.change == "undid added 000-000-001")
    #expect(ids(try store.drawing(id)).isEmpty)
    #expect(
      throws: StoreError.nothingToStep(id: id, undo: true, reason: "its history begins here")
    ) { try store.undo(id, at: t1) }

    #expect(try store.redo(id, at: t2).change == "redid added 000-000-001")
    #expect(ids(try store.drawing(id)) == (try numberedIds([1])))
    #expect(try store.redo(id, at: t2).change == "redid added 000-000-002")
    #expect(ids(try store.drawing(id)) == (try numberedIds([1, 2])))
    #expect(throws: StoreError.self) { try store.redo(id, at: t2) }

    // A change after an undo drops what could have been redone.
    try store.undo(id, at: t3)
    try add(3, to: id, in: store, at: t3)
    #expect(ids(try store.drawing(id)) == (try numberedIds([1, 3])))
    #expect(
      throws: StoreError.nothingToStep(
        id: id, undo: false, reason: "no change was undone since the last edit")
    ) { try store.redo(id, at: t3) }
    // And undo goes back through it, then through the steps before it.
    try store.undo(id, at: t3)
    #expect(ids(try store.drawing(id)) == (try numberedIds([1])))
    try store.undo(id, at: t3)
    #expect(ids(try store.drawing(id)).isEmpty)

    let history = try store.history(of: id)
    #expect(history.versions.map(\.number) == Array((1...11).reversed()))
    #expect(history.redo == DrawingHistory.Step(change: "added 000-000-001", version: 10))
  }

  @Test func restoreMakesAnOldVersionCurrentAsAChangeUndoCanTakeBack() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Restore"), at: t0).id
    for number in 1...3 { try add(number, to: id, in: store, at: t1) }
    let restored = try store.restore(id, version: 2, at: t2)
    #expect(restored.number == 5)
    #expect(restored.change == "restored version 2")
    #expect(ids(try store.drawing(id)) == (try numberedIds([1])))
    #expect(try store.restore(id, version: 5, at: t2).number == 5)
    #expect(try store.history(of: id).versions.count == 5)
    try store.undo(id, at: t3)
    #expect(ids(try store.drawing(id)) == (try numberedIds([1, 2, 3])))
    #expect(throws: StoreError.noSuchVersion(id: id, version: 9, kept: 1...6)) {
      try store.restore(id, version: 9, at: t3)
    }
  }

  @Test func theHistoryKeepsTheStoresNumberOfVersionsOldestDroppedFirst() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    try store.change(to: StoreSettings(historyLimit: 5))
    #expect(store.settings.historyLimit == 5)
    let id = try store.create(try makePlane(title: "Bounded"), at: t0).id
    for number in 1...19 { try add(number, to: id, in: store, at: t1) }
    let history = try store.history(of: id)
    #expect(history.versions.map(\.number) == [20, 19, 18, 17, 16])
    #expect(throws: StoreError.noSuchVersion(id: id, version: 3, kept: 16...20)) {
      try store.drawing(id, version: 3)
    }
    // The files of dropped versions go (some are kept until the log is next compacted).
    let files = try FileManager.default.contentsOfDirectory(atPath: "\(folder.path)/history/\(id)")
      .filter { $0.hasSuffix(".svg") }
    #expect((5...6).contains(files.count), "\(files.sorted())")
    #expect(!files.contains("1.svg"))
    // Undo reaches back as far as the kept versions go; each undo is a version too, so the
    // window moves on by one as the version undo brings back moves back by one.
    for _ in 1...2 { try store.undo(id, at: t2) }
    #expect(ids(try store.drawing(id)) == (try numberedIds(Array(1...17))))
    #expect(
      throws: StoreError.nothingToStep(
        id: id, undo: true,
        reason: "version 17, which it would bring back, is no longer kept "
          + "(the store keeps 5 versions of each drawing)")
    ) { try store.undo(id, at: t2) }
    #expect(
      throws: StoreError.invalidSetting(
        name: "historyLimit", value: "0", expected: "a whole number from 1 to 100000")
    ) {
      try store.change(to: StoreSettings(historyLimit: 0))
    }
  }

  @Test func aDrawingReplacedByAnotherProgramBecomesAVersionOfItsOwn() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Shared"), at: t0).id
    try add(1, to: id, in: store, at: t1)
    // Another program writes a new file and renames it over the drawing.
    let outside = try replaceOutsideDrawdoc(id, in: folder, rectangles: [try numbered(9)])

    let seen = try store.history(of: id)
    #expect(seen.versions.map(\.number) == [3, 2, 1])
    #expect(seen.versions.first?.change == "changed outside drawdoc")
    #expect(seen.versions.first?.title == "Edited elsewhere")
    #expect(seen.undo?.version == 2)

    try add(2, to: id, in: store, at: t3)
    let history = try store.history(of: id)
    #expect(
      history.versions.map(\.change).prefix(2) == ["added 000-000-002", "changed outside drawdoc"])
    #expect(try store.drawing(id, version: 3) == outside)
    try store.undo(id, at: t3)
    try store.undo(id, at: t3)
    #expect(ids(try store.drawing(id)) == (try numberedIds([1])))
  }

  @Test func aDrawingEditedInPlaceKeepsTheEditButLosesTheVersionItOverwrote() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "In place"), at: t0).id
    try add(1, to: id, in: store, at: t1)
    // An editor that writes over the file: the history's link to it changes too.
    let edited = Drawing(
      id: id, created: t0, modified: t2, plane: try makePlane(title: "Overwritten"))
    let handle = try #require(FileHandle(forWritingAtPath: folder.drawingPath(id)))
    try handle.truncate(atOffset: 0)
    try handle.write(contentsOf: Data(SVGEncoder.encode(edited)))
    try handle.close()

    let history = try store.history(of: id)
    #expect(history.versions.map(\.number) == [3, 1])
    #expect(history.undo == nil)
    try add(2, to: id, in: store, at: t3)
    #expect(try store.history(of: id).versions.map(\.number) == [4, 3, 1])
    #expect(try store.drawing(id, version: 3) == edited)
  }

  @Test func aDrawingFromBeforeHistoryStartsItsHistoryAtItsFirstChange() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let old = Drawing(
      id: try Identifier("old-000-001"), created: t0, modified: t0,
      plane: try makePlane(title: "Old"))
    try FileManager.default.createDirectory(
      atPath: folder.drawingsPath, withIntermediateDirectories: true)
    try folder.write(SVGEncoder.encode(old), to: folder.drawingPath(old.id))
    #expect(
      try store.history(of: old.id).versions.map(\.change) == ["as found when its history began"])
    try add(1, to: old.id, in: store, at: t1)
    let history = try store.history(of: old.id)
    #expect(history.versions.map(\.number) == [2, 1])
    #expect(try store.drawing(old.id, version: 1) == old)
    try store.undo(old.id, at: t2)
    #expect(try store.drawing(old.id).plane.isEmpty)
  }

  @Test func aChangeCutShortBeforeItsRenameIsNeitherShownNorKept() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Cut"), at: t0).id
    try add(1, to: id, in: store, at: t1)
    // What a process killed between its log line and its rename leaves: a version file and
    // a log line for version 3, while the drawing is still version 2.
    let historyFolder = "\(folder.path)/history/\(id)"
    let log = "\(historyFolder)/versions.log"
    let lastLine = try #require(
      String(decoding: try folder.read(log), as: UTF8.self).split(separator: "\n").last)
    let unfinished = lastLine.replacingOccurrences(of: #"{"version": 2,"#, with: #"{"version": 3,"#)
      .replacingOccurrences(of: #""inode": ""#, with: #""inode": "9"#)
    let handle = try #require(FileHandle(forWritingAtPath: log))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((unfinished + "\n").utf8))
    try handle.close()
    try folder.write(try folder.read("\(historyFolder)/1.svg"), to: "\(historyFolder)/3.svg")

    #expect(try store.history(of: id).versions.map(\.number) == [2, 1])
    #expect(throws: StoreError.self) { try store.drawing(id, version: 3) }
    try add(2, to: id, in: store, at: t2)
    let history = try store.history(of: id)
    #expect(history.versions.map(\.number) == [3, 2, 1])
    #expect(history.versions.first?.change == "added 000-000-002")
    #expect(ids(try store.drawing(id, version: 3)) == (try numberedIds([1, 2])))
  }
}
