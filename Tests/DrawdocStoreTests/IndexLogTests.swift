import DrawdocModel
import Foundation
import Testing

@testable import DrawdocStore

/// The index as `index.json` and the log of the records written since: a change appends one
/// line and leaves `index.json` alone, and the listing is what the drawings say.
@Suite struct IndexLogTests {
  private func logPath(_ folder: StoreFolder) -> String { "\(folder.path)/index.log" }

  /// The listing a store gives when its index is made from its drawings alone.
  private func rebuiltListing(_ folder: StoreFolder) throws -> [ListedDrawing] {
    try? FileManager.default.removeItem(atPath: folder.indexPath)
    try? FileManager.default.removeItem(atPath: logPath(folder))
    return try folder.store().list().drawings
  }

  /// The title of the first drawing listed.
  private func firstTitle(_ listing: StoreListing) throws -> String {
    guard case .drawing(let entry)? = listing.drawings.first else {
      throw ListingError.noDrawingListed
    }
    return entry.title
  }

  private enum ListingError: Error { case noDrawingListed }

  private func rename(
    _ store: DocumentStore, _ id: Identifier, to title: String, at time: Timestamp
  ) throws {
    try store.update(id, at: time) { drawing in
      try drawing.plane.rename(to: title)
      return .renamed(to: title)
    }
  }

  @Test func aChangeAppendsItsRecordAndLeavesTheIndexFileAsItWas() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let one = try store.create(try makePlane(title: "One"), at: t0)
    let two = try store.create(try makePlane(title: "Two"), at: t1)
    _ = try store.list()
    let indexBefore = try folder.read(folder.indexPath)
    let logBefore = (try? folder.read(logPath(folder))) ?? []

    try rename(store, one.id, to: "One, renamed", at: t2)
    let three = try store.create(try makePlane(title: "Three"), at: t2)
    try store.delete(two.id, at: t2)

    #expect(try folder.read(folder.indexPath) == indexBefore)
    let log = try folder.read(logPath(folder))
    #expect(log.starts(with: logBefore))
    let lines = String(decoding: log.dropFirst(logBefore.count), as: UTF8.self)
      .split(separator: "\n")
    #expect(lines.count == 3)
    #expect(lines[0].contains("\"id\": \"\(one.id)\"") && lines[0].contains("One, renamed"))
    #expect(lines[1].contains("\"id\": \"\(three.id)\""))
    #expect(lines[2] == "{\"id\": \"\(two.id)\", \"removed\": true}")

    let listing = try store.list()
    #expect(listing.warnings.isEmpty)
    #expect(Set(listing.drawings.map(\.id)) == [three.id, one.id])
    #expect(listing.drawings == (try rebuiltListing(folder)))
  }

  @Test func theLogIsFoldedIntoTheIndexFileOnceItPassesAQuarterOfIt() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "Long"), at: t0)
    _ = try store.list()
    // Long titles make long lines: 64 KiB of log (the least that is folded) in a few changes.
    var previousSize = 0
    var folded: Int?
    for change in 1...100 {
      try rename(
        store, drawing.id, to: String(repeating: "\(change % 10)", count: 4000),
        at: Timestamp(secondsSince1970: t1.secondsSince1970 + Int64(change)))
      let size = (try? folder.read(logPath(folder)))?.count ?? 0
      if size < previousSize {
        folded = change
        break
      }
      previousSize = size
    }
    // Folded by the change that took the log past 64 KiB, not before: about 16 lines of 4 KB.
    let change = try #require(folded)
    #expect((14...18).contains(change))
    #expect(!FileManager.default.fileExists(atPath: logPath(folder)))
    let lastTitle = String(repeating: "\(change % 10)", count: 4000)
    #expect(String(decoding: try folder.read(folder.indexPath), as: UTF8.self).contains(lastTitle))
    let listing = try store.list()
    #expect(listing.warnings.isEmpty)
    #expect(try firstTitle(listing) == lastTitle)
  }

  @Test func aLineCutShortByACrashSwallowsNoLaterRecord() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "Before"), at: t0)
    _ = try store.list()
    // What a process killed in the middle of an append leaves.
    try folder.write(Array(#"{"id": "abc-def-ghi", "fileSize": 12"#.utf8), to: logPath(folder))
    try rename(store, drawing.id, to: "After", at: t1)
    let listing = try store.list()
    #expect(listing.warnings.isEmpty)
    #expect(listing.drawings == (try rebuiltListing(folder)))
  }

  @Test func aLogWithoutItsIndexFileIsDroppedAndTheIndexRebuilt() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "One"), at: t0)
    _ = try store.list()
    try rename(store, drawing.id, to: "Two", at: t1)
    try FileManager.default.removeItem(atPath: folder.indexPath)
    let listing = try store.list()
    #expect(listing.warnings.contains { $0.contains("is missing") })
    #expect(!FileManager.default.fileExists(atPath: logPath(folder)))
    #expect(listing.drawings == (try rebuiltListing(folder)))
  }

  @Test func aRecordOfTheLogThatNoLongerMatchesItsFileIsReadAgain() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "One"), at: t0)
    _ = try store.list()
    try rename(store, drawing.id, to: "Two", at: t1)
    // Another program writes the drawing behind drawdoc's back.
    let file = folder.drawingPath(drawing.id)
    let text = String(decoding: try folder.read(file), as: UTF8.self)
    try folder.write(
      Array(text.replacingOccurrences(of: "<title>Two</title>", with: "<title>Three</title>").utf8),
      to: file)
    let listing = try store.list()
    #expect(listing.warnings.contains { $0.contains("out of date") })
    #expect(try firstTitle(listing) == "Three")
  }
}
