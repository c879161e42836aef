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

// MARK: - Tests

@Suite struct DocumentStoreTests {
  // MARK: Creating and reading

  @Test func aCreatedDrawingReadsBackAndIsStoredAsItsSVGFile() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let plane = try makePlane(title: "Sketch", rectangles: [try seedsRectangle()])
    let drawing = try store.create(plane, at: t0)
    #expect(drawing.plane == plane)
    #expect(drawing.created == t0)
    #expect(drawing.modified == t0)
    #expect(try store.drawing(drawing.id) == drawing)
    #expect(try folder.read(folder.drawingPath(drawing.id)) == SVGEncoder.encode(drawing))
    #expect(store.path(of: drawing.id) == folder.drawingPath(drawing.id))
  }

  @Test func theStoreFolderIsCreatedOnFirstUse() throws {
    let folder = try StoreFolder()
    let root = "\(folder.sandbox)/deep/er/store"
    #expect(!FileManager.default.fileExists(atPath: root))
    let store = try DocumentStore(root: root)
    let drawing = try store.create(try makePlane(title: "First"), at: t0)
    #expect(FileManager.default.fileExists(atPath: "\(root)/drawings/\(drawing.id).svg"))
    #expect(try store.drawing(drawing.id) == drawing)
  }

  @Test func everyDrawingGetsAFreshId() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    var ids: Set<Identifier> = []
    for number in 0..<20 {
      ids.insert(try store.create(try makePlane(title: "Same \(number % 2)"), at: t0).id)
    }
    #expect(ids.count == 20)
    #expect(Set(try store.list().drawings.map(\.id)) == ids)
    #expect(try folder.drawingFileNames() == Set(ids.map { "\($0).svg" }))
  }

  @Test func anEmptyStoreListsNothingWithoutWarnings() throws {
    let folder = try StoreFolder()
    let listing = try folder.store().list()
    #expect(listing.drawings.isEmpty)
    #expect(listing.warnings.isEmpty)
  }

  @Test func listIsNewestFirstWithEachDrawingsSummary() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let middle = try store.create(
      try makePlane(title: "Middle", width: 640, height: 480, rectangles: [try seedsRectangle()]),
      at: t1)
    let oldest = try store.create(try makePlane(title: "Oldest"), at: t0)
    let newest = try store.create(try makePlane(title: "Newest", width: 10.5, height: 20), at: t2)
    let listing = try store.list()
    #expect(listing.warnings.isEmpty)
    #expect(listing.drawings.map(\.id) == [newest.id, middle.id, oldest.id])
    let expected = [newest, middle, oldest].map { ListedDrawing.drawing(IndexEntry($0)) }
    #expect(listing.drawings == expected)
    let summary = try #require(entries(listing).first { $0.id == middle.id })
    #expect(summary.title == "Middle")
    #expect(summary.rectangleCount == 1)
    #expect(summary.size == (try Size(width: 640, height: 480)))
    #expect(summary.created == t1)
    #expect(summary.modified == t1)
  }

  @Test func resolveFindsAnIdOrAnExactTitle() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let sketch = try store.create(try makePlane(title: "Sketch"), at: t0)
    let other = try store.create(try makePlane(title: "Sketch 2"), at: t1)
    #expect(try store.resolve(sketch.id.description) == sketch.id)
    #expect(try store.resolve("Sketch") == sketch.id)
    #expect(try store.resolve("Sketch 2") == other.id)
    #expect(throws: StoreError.noSuchDrawing("sketch")) { try store.resolve("sketch") }
    #expect(throws: StoreError.noSuchDrawing("Sketch ")) { try store.resolve("Sketch ") }
    #expect(throws: StoreError.noSuchDrawing("zzz-zzz-zzz")) { try store.resolve("zzz-zzz-zzz") }
  }

  @Test func aTitleShapedLikeAnIdResolvesAsATitleWhenNoDrawingHasThatId() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "abc-def-ghi"), at: t0)
    #expect(drawing.id.description != "abc-def-ghi")
    #expect(try store.resolve("abc-def-ghi") == drawing.id)
  }

  @Test func anAmbiguousTitleNamesBothCandidates() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let first = try store.create(try makePlane(title: "Twin"), at: t0)
    let second = try store.create(try makePlane(title: "Twin"), at: t1)
    _ = try store.create(try makePlane(title: "Other"), at: t2)
    let error = #expect(throws: StoreError.self) { try store.resolve("Twin") }
    guard case .ambiguousTitle(let title, let candidates)? = error else {
      Issue.record("expected .ambiguousTitle, got \(String(describing: error))")
      return
    }
    #expect(title == "Twin")
    #expect(Set(candidates.map(\.id)) == [first.id, second.id])
    #expect(candidates.count == 2)
    let text = "\(StoreError.ambiguousTitle(title, candidates: candidates))"
    #expect(text.contains(first.id.description))
    #expect(text.contains(second.id.description))
  }

  @Test func aMissingDrawingCannotBeRead() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try Identifier("zzz-zzz-zzz")
    let error = #expect(throws: StoreError.self) { try store.drawing(id) }
    guard case .noSuchDrawing? = error else {
      Issue.record("expected .noSuchDrawing, got \(String(describing: error))")
      return
    }
  }

  @Test(arguments: ["../../escape", "a/b", "/etc/passwd", "..", "x/../../y.svg", "~"])
  func titlesNeverMakeAPathOutsideTheStore(title: String) throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: title), at: t0)
    #expect(try store.resolve(title) == drawing.id)
    try store.update(drawing.id, at: t1) { drawing in
      try drawing.plane.rename(to: title + "!")
      return .renamed(to: title + "!")
    }
    let names = try folder.drawingFileNames()
    #expect(names == ["\(drawing.id).svg"])
    let outside = try FileManager.default.contentsOfDirectory(atPath: folder.sandbox)
    #expect(outside == ["store"])
    #expect(throws: StoreError.self) { try store.resolve("../\(drawing.id)") }
    #expect(throws: StoreError.self) { try store.resolve("drawings/\(drawing.id).svg") }
  }

  // MARK: Changing

  @Test func updateChangesTheDrawingAndSetsModified() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let original = try store.create(
      try makePlane(title: "Before", rectangles: [try seedsRectangle()]), at: t0)
    let added = try makeRectangle("bbb-bbb-bbb", x: 1.5, y: 2, width: 3, height: 4, alpha: 10)
    let updated = try store.update(original.id, at: t1) { drawing in
      try drawing.plane.add(added)
      try drawing.plane.rename(to: "After")
      return .other("added and renamed")
    }
    let expectedPlane = try makePlane(title: "After", rectangles: [try seedsRectangle(), added])
    #expect(updated == Drawing(id: original.id, created: t0, modified: t1, plane: expectedPlane))
    #expect(try store.drawing(original.id) == updated)
    #expect(try folder.read(folder.drawingPath(original.id)) == SVGEncoder.encode(updated))
    let listing = try store.list()
    #expect(listing.drawings == [.drawing(IndexEntry(updated))])
    #expect(listing.warnings.isEmpty)
  }

  @Test func anUpdateWhoseChangeThrowsLeavesEveryFileByteIdentical() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let original = try store.create(
      try makePlane(title: "Keep", rectangles: [try seedsRectangle()]), at: t0)
    _ = try store.create(try makePlane(title: "Other"), at: t1)
    let before = try folder.snapshot()
    #expect(throws: Refusal()) {
      try store.update(original.id, at: t2) { drawing in
        drawing.plane.removeAll()
        try drawing.plane.rename(to: "Changed")
        throw Refusal()
      }
    }
    #expect(try folder.snapshot() == before)
    #expect(try store.drawing(original.id) == original)
  }

  @Test func updatingAMissingDrawingChangesNothing() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    _ = try store.create(try makePlane(title: "Only"), at: t0)
    let before = try folder.snapshot()
    let error = #expect(throws: StoreError.self) {
      try store.update(try Identifier("zzz-zzz-zzz"), at: t1) { drawing in
        try drawing.plane.rename(to: "Ghost")
        return .renamed(to: "Ghost")
      }
    }
    guard case .noSuchDrawing? = error else {
      Issue.record("expected .noSuchDrawing, got \(String(describing: error))")
      return
    }
    #expect(try folder.snapshot() == before)
  }

  @Test func saveAutomaticMakesANewVersionOfTheDrawingWithTheFilesId() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let stored = try store.create(try makePlane(title: "Stored"), at: t0)
    let edited = try makePlane(title: "Edited", width: 800, rectangles: [try seedsRectangle()])
    // The file says other times: the store keeps its own created and sets modified.
    let incoming = Drawing(id: stored.id, created: t1, modified: t1, plane: edited)
    let saved = try store.save(incoming, as: .automatic, title: nil, at: t2)
    #expect(saved == Drawing(id: stored.id, created: t0, modified: t2, plane: edited))
    #expect(try store.drawing(stored.id) == saved)
    #expect(try store.list().drawings == [.drawing(IndexEntry(saved))])
  }

  @Test func saveAutomaticOfAnUnknownIdMakesANewDrawingWithAFreshId() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let existing = try store.create(try makePlane(title: "Existing"), at: t0)
    let plane = try makePlane(title: "Imported", rectangles: [try seedsRectangle()])
    let incoming = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: t0, modified: t1, plane: plane)
    let saved = try store.save(incoming, as: .automatic, title: nil, at: t2)
    #expect(saved.id != incoming.id)
    #expect(saved.id != existing.id)
    #expect(saved.plane == plane)
    #expect(saved.created == t2)
    #expect(saved.modified == t2)
    #expect(try store.drawing(saved.id) == saved)
    #expect(try store.drawing(existing.id) == existing)
    #expect(try folder.drawingFileNames() == ["\(existing.id).svg", "\(saved.id).svg"])
  }

  @Test func saveNewDrawingAlwaysMakesAFreshId() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let stored = try store.create(try makePlane(title: "Stored"), at: t0)
    let plane = try makePlane(title: "Copy", rectangles: [try seedsRectangle()])
    let incoming = Drawing(id: stored.id, created: t0, modified: t0, plane: plane)
    let saved = try store.save(incoming, as: .newDrawing, title: nil, at: t1)
    #expect(saved.id != stored.id)
    #expect(saved.plane == plane)
    #expect(saved.modified == t1)
    #expect(try store.drawing(stored.id) == stored)
    #expect(try store.drawing(saved.id) == saved)
    #expect(Set(try store.list().drawings.map(\.id)) == [stored.id, saved.id])
  }

  @Test func saveReplaceMakesANewVersionOfTheNamedDrawing() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let target = try store.create(try makePlane(title: "Target"), at: t0)
    let bystander = try store.create(try makePlane(title: "Bystander"), at: t1)
    let plane = try makePlane(title: "Replacement", rectangles: [try seedsRectangle()])
    // The file carries the bystander's id, but --replace names the target.
    let incoming = Drawing(id: bystander.id, created: t2, modified: t2, plane: plane)
    let saved = try store.save(incoming, as: .replace(target.id), title: nil, at: t3)
    #expect(saved == Drawing(id: target.id, created: t0, modified: t3, plane: plane))
    #expect(try store.drawing(target.id) == saved)
    #expect(try store.drawing(bystander.id) == bystander)
  }

  @Test func saveWithATitleUsesItInsteadOfTheFiles() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let incoming = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: t0, modified: t0,
      plane: try makePlane(title: "From the file", rectangles: [try seedsRectangle()]))
    let saved = try store.save(incoming, as: .newDrawing, title: "Given", at: t1)
    #expect(saved.plane.title == "Given")
    #expect(saved.plane.rectangles == [try seedsRectangle()])
    #expect(try store.resolve("Given") == saved.id)
  }

  @Test func saveReplaceOfAMissingDrawingChangesNothing() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let stored = try store.create(try makePlane(title: "Stored"), at: t0)
    let before = try folder.snapshot()
    let incoming = Drawing(
      id: stored.id, created: t0, modified: t0, plane: try makePlane(title: "Replacement"))
    let error = #expect(throws: StoreError.self) {
      try store.save(incoming, as: .replace(try Identifier("zzz-zzz-zzz")), title: nil, at: t1)
    }
    guard case .noSuchDrawing? = error else {
      Issue.record("expected .noSuchDrawing, got \(String(describing: error))")
      return
    }
    #expect(try folder.snapshot() == before)
  }

  @Test func deleteMovesTheDrawingToTheTrashAndOnlyIt() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let doomed = try store.create(try makePlane(title: "Doomed"), at: t0)
    let kept = try store.create(try makePlane(title: "Kept"), at: t1)
    try store.delete(doomed.id)
    #expect(try folder.drawingFileNames() == ["\(kept.id).svg"])
    let listing = try store.list()
    #expect(listing.drawings == [.drawing(IndexEntry(kept))])
    #expect(listing.warnings.isEmpty)
    #expect(throws: StoreError.noSuchDrawing("Doomed")) { try store.resolve("Doomed") }
    #expect(throws: StoreError.self) { try store.drawing(doomed.id) }
    #expect(try store.trashedDrawings().map(\.id) == [doomed.id])
    let before = try folder.snapshot()
    #expect(throws: StoreError.inTrash(doomed.id)) { try store.delete(doomed.id) }
    #expect(try folder.snapshot() == before)
    #expect(try store.drawing(kept.id) == kept)
  }

  @Test func noTemporaryFileIsLeftBehind() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let first = try store.create(try makePlane(title: "One"), at: t0)
    let second = try store.create(try makePlane(title: "Two"), at: t0)
    try store.update(first.id, at: t1) { drawing in
      try drawing.plane.add(try seedsRectangle())
      return .added([try seedsRectangle().id])
    }
    let incoming = Drawing(
      id: second.id, created: t0, modified: t0, plane: try makePlane(title: "Two again"))
    _ = try store.save(incoming, as: .automatic, title: nil, at: t2)
    let third = try store.save(incoming, as: .newDrawing, title: nil, at: t2)
    try store.delete(second.id)
    #expect(try folder.drawingFileNames() == ["\(first.id).svg", "\(third.id).svg"])
    // `.changes.pending` stays, emptied: no event is pending.
    let leftovers = try FileManager.default.subpathsOfDirectory(atPath: folder.path)
      .filter { path in
        let pending = path.hasSuffix(".pending")
        return path.hasSuffix(".tmp")
          || (pending && (try? folder.read("\(folder.path)/\(path)"))?.isEmpty != true)
      }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }

  // MARK: Location

  struct LocationCase: Sendable, CustomTestStringConvertible {
    var option: String?
    var environment: [String: String]
    var expected: String
    var testDescription: String { expected }
  }

  static let locationCases: [LocationCase] = [
    LocationCase(
      option: "/opt/store",
      environment: ["DRAWDOC_STORE": "/env/store", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
      expected: "/opt/store"),
    LocationCase(
      option: nil,
      environment: ["DRAWDOC_STORE": "/env/store", "XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
      expected: "/env/store"),
    LocationCase(
      option: nil, environment: ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
      expected: "/xdg/drawdoc"),
    LocationCase(
      option: nil, environment: ["HOME": "/home/u"], expected: "/home/u/.local/share/drawdoc"),
    // The XDG base directory rules treat an empty XDG_DATA_HOME as unset.
    LocationCase(
      option: nil, environment: ["XDG_DATA_HOME": "", "HOME": "/home/u"],
      expected: "/home/u/.local/share/drawdoc"),
    // A relative path names the same folder wherever git or another program runs.
    LocationCase(
      option: "relative/store", environment: ["HOME": "/home/u"],
      expected: "\(FileManager.default.currentDirectoryPath)/relative/store"),
    LocationCase(
      option: nil, environment: ["DRAWDOC_STORE": "./here"],
      expected: "\(FileManager.default.currentDirectoryPath)/here"),
  ]

  /// `--store`, else `DRAWDOC_STORE`, else `$XDG_DATA_HOME/drawdoc` (when set and not empty),
  /// else `~/.local/share/drawdoc`.
  @Test(arguments: DocumentStoreTests.locationCases)
  func locationFollowsItsDocumentedPrecedence(_ testCase: LocationCase) {
    #expect(
      DocumentStore.location(option: testCase.option, environment: testCase.environment)
        == testCase.expected)
  }

  // MARK: The index is a cache

  /// A store with three drawings, and their rows as a fresh store lists them.
  private func threeDrawings(_ folder: StoreFolder) throws -> (DocumentStore, [ListedDrawing]) {
    let store = try folder.store()
    _ = try store.create(try makePlane(title: "One", rectangles: [try seedsRectangle()]), at: t0)
    _ = try store.create(try makePlane(title: "Two", width: 300, height: 200), at: t1)
    _ = try store.create(try makePlane(title: "Three"), at: t2)
    let listing = try store.list()
    #expect(listing.warnings.isEmpty)
    #expect(listing.drawings.count == 3)
    return (store, listing.drawings)
  }

  @Test func aDeletedIndexIsRebuiltWithAWarning() throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    try FileManager.default.removeItem(atPath: folder.indexPath)
    let listing = try store.list()
    #expect(listing.drawings == rows)
    #expect(!listing.warnings.isEmpty)
    #expect(FileManager.default.fileExists(atPath: folder.indexPath))
    let again = try store.list()
    #expect(again.drawings == rows)
    #expect(again.warnings.isEmpty)
  }

  enum Corruption: String, CaseIterable, Sendable {
    case garbage, truncated, empty, array, wrongFormat, drawingsNotAnArray, entryMissingFields
  }

  @Test(arguments: Corruption.allCases)
  func aCorruptIndexIsRebuiltWithAWarning(_ corruption: Corruption) throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    let original = try folder.read(folder.indexPath)
    let bytes: [UInt8]
    switch corruption {
    case .garbage: bytes = [0x00, 0xFF, 0xFE, 0x7B, 0x22, 0x80, 0x0A, 0x13, 0x37]
    case .truncated: bytes = Array(original.prefix(original.count / 2))
    case .empty: bytes = []
    case .array: bytes = Array("[1, 2, 3]\n".utf8)
    case .wrongFormat: bytes = Array(#"{"format": "something-else", "drawings": []}"#.utf8)
    case .drawingsNotAnArray:
      bytes = Array(#"{"format": "drawdoc-index", "version": 1, "drawings": "all"}"#.utf8)
    case .entryMissingFields:
      bytes = Array(
        #"{"format": "drawdoc-index", "version": 1, "drawings": [{"title": 3}]}"#.utf8)
    }
    try folder.write(bytes, to: folder.indexPath)
    let listing = try store.list()
    #expect(listing.drawings == rows)
    #expect(!listing.warnings.isEmpty)
    #expect(try store.resolve("Two") == rows[1].id)
  }

  @Test func aDrawingRemovedBehindTheStoresBackIsNoLongerListed() throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    try FileManager.default.removeItem(atPath: folder.drawingPath(rows[0].id))
    let listing = try store.list()
    #expect(listing.drawings == Array(rows.dropFirst()))
    #expect(!listing.warnings.isEmpty)
  }

  @Test func aDrawingAddedBehindTheStoresBackIsListed() throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    let planted = Drawing(
      id: try Identifier("k3j-9xa-0pq"), created: t0, modified: t3,
      plane: try makePlane(title: "Planted", rectangles: [try seedsRectangle()]))
    try folder.write(SVGEncoder.encode(planted), to: folder.drawingPath(planted.id))
    let listing = try store.list()
    #expect(listing.drawings == [.drawing(IndexEntry(planted))] + rows)
    #expect(!listing.warnings.isEmpty)
    #expect(try store.resolve("Planted") == planted.id)
    #expect(try store.drawing(planted.id) == planted)
  }

  @Test func aDrawingChangedBehindTheStoresBackIsListedWithItsNewTitle() throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    let id = rows[1].id
    var changed = try store.drawing(id)
    try changed.plane.rename(to: "Renamed elsewhere, with a longer title")
    try changed.plane.add(try seedsRectangle())
    try folder.write(SVGEncoder.encode(changed), to: folder.drawingPath(id))
    let listing = try store.list()
    #expect(!listing.warnings.isEmpty)
    #expect(listing.drawings.map(\.id) == rows.map(\.id))
    #expect(entries(listing).contains(IndexEntry(changed)))
    #expect(!entries(listing).contains { $0.title == "Two" })
    #expect(try store.resolve("Renamed elsewhere, with a longer title") == id)
    #expect(throws: StoreError.noSuchDrawing("Two")) { try store.resolve("Two") }
  }

  // MARK: Damaged and foreign files

  enum Damage: String, CaseIterable, Sendable {
    case garbage, empty, truncated, foreignSVG, notXML
  }

  @Test(arguments: Damage.allCases)
  func aDamagedDrawingIsListedAsDamagedAndTheOthersAreUnaffected(_ damage: Damage) throws {
    let folder = try StoreFolder()
    let (store, rows) = try threeDrawings(folder)
    let damagedId = rows[1].id
    let original = try folder.read(folder.drawingPath(damagedId))
    let bytes: [UInt8]
    switch damage {
    case .garbage: bytes = [0x89, 0x50, 0x4E, 0x47, 0x00, 0xFF, 0x10, 0x3C]
    case .empty: bytes = []
    case .truncated: bytes = Array(original.prefix(original.count / 2))
    case .foreignSVG:
      bytes = Array(
        """
        <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">
          <circle cx="5" cy="5" r="4"/>
        </svg>

        """.utf8)
    case .notXML: bytes = Array("just some notes\n".utf8)
    }
    try folder.write(bytes, to: folder.drawingPath(damagedId))
    let listing = try store.list()
    #expect(listing.drawings.count == 3)
    #expect(
      entries(listing)
        == [rows[0], rows[2]].compactMap { row in
          if case .drawing(let entry) = row { return entry }
          return nil
        })
    let damagedRows = listing.drawings.filter { row in
      if case .damaged(let id, let reason) = row { return id == damagedId && !reason.isEmpty }
      return false
    }
    #expect(damagedRows.count == 1)
    let error = #expect(throws: StoreError.self) { try store.drawing(damagedId) }
    guard case .damagedDrawing(let id, _)? = error else {
      Issue.record("expected .damagedDrawing, got \(String(describing: error))")
      return
    }
    #expect(id == damagedId)
    // Left in place, untouched; the others still read.
    #expect(try folder.read(folder.drawingPath(damagedId)) == bytes)
    #expect(try store.drawing(rows[0].id).plane.title == "Three")
    #expect(try store.resolve("One") == rows[2].id)
    // Listing again reports it again.
    #expect(try store.list().drawings.contains { $0.id == damagedId && $0 != rows[1] })
  }

  @Test func filesThatAreNotDrawingsAreIgnored() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "Real"), at: t0)
    let sample = SVGEncoder.encode(
      Drawing(
        id: try Identifier("k3j-9xa-0pq"), created: t0, modified: t0,
        plane: try makePlane(title: "Impostor")))
    let names = [
      "notes.txt", "AAA-bbb-ccc.svg", "abc-def-ghi.svg.tmp", "..svg", "..x.svg", ".x.svg",
      "abc-def-gh.svg", "abcd-ef-ghi.svg", "abc_def_ghi.svg", "abc-def-ghi.SVG",
      ".abc-def-ghi.svg", "abc-def-ghi", "abc-def-ghi.svg~", " abc-def-ghi.svg",
    ]
    for name in names {
      try folder.write(sample, to: "\(folder.drawingsPath)/\(name)")
    }
    let before = try folder.snapshot().filter { $0.key.hasPrefix("drawings/") }
    let listing = try store.list()
    #expect(listing.drawings == [.drawing(IndexEntry(drawing))])
    #expect(throws: StoreError.noSuchDrawing("Impostor")) { try store.resolve("Impostor") }
    #expect(try folder.snapshot().filter { $0.key.hasPrefix("drawings/") } == before)
  }

  // MARK: The lock

  @Test func aMutationWaitsForTheLockAndThenFailsWithLockedChangingNothing() throws {
    let folder = try StoreFolder()
    let setup = try folder.store()
    let drawing = try setup.create(
      try makePlane(title: "Locked", rectangles: [try seedsRectangle()]), at: t0)
    let before = try folder.snapshot()
    let held = try HeldLock(path: folder.lockPath)
    let store = try folder.store(lockTimeout: 0.2)
    let started = Date()
    let createError = #expect(throws: StoreError.self) {
      try store.create(try makePlane(title: "New"), at: t1)
    }
    let waited = Date().timeIntervalSince(started)
    #expect(isLocked(createError))
    #expect(waited >= 0.15 && waited < 5, "waited \(waited) s")
    let updateError = #expect(throws: StoreError.self) {
      try store.update(drawing.id, at: t1) { drawing in
        drawing.plane.removeAll()
        return .cleared(count: 0)
      }
    }
    #expect(isLocked(updateError))
    let incoming = Drawing(
      id: drawing.id, created: t0, modified: t0, plane: try makePlane(title: "Saved"))
    for target in [DocumentStore.SaveTarget.automatic, .newDrawing, .replace(drawing.id)] {
      let saveError = #expect(throws: StoreError.self) {
        try store.save(incoming, as: target, title: nil, at: t1)
      }
      #expect(isLocked(saveError), "save \(target)")
    }
    let deleteError = #expect(throws: StoreError.self) { try store.delete(drawing.id) }
    #expect(isLocked(deleteError))
    #expect(try folder.snapshot() == before)
    // Reading does not need the lock.
    #expect(try store.drawing(drawing.id) == drawing)
    withExtendedLifetime(held) {}
  }

  @Test func aMutationSucceedsOnceTheLockIsReleased() throws {
    let folder = try StoreFolder()
    let store = try folder.store(lockTimeout: 5)
    let drawing = try store.create(try makePlane(title: "Wait"), at: t0)
    var held: HeldLock? = try HeldLock(path: folder.lockPath)
    let descriptor = try #require(held?.descriptor)
    DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { _ = flock(descriptor, LOCK_UN) }
    let started = Date()
    let updated = try store.update(drawing.id, at: t1) { drawing in
      try drawing.plane.add(try seedsRectangle())
      return .added([try seedsRectangle().id])
    }
    #expect(Date().timeIntervalSince(started) >= 0.2)
    #expect(updated.plane.count == 1)
    #expect(try store.drawing(drawing.id) == updated)
    held = nil
  }

  @Test func aLockWaitThatRunsOutClosesOnlyItsOwnDescriptor() throws {
    let folder = try StoreFolder()
    let store = try folder.store(lockTimeout: 0)
    let drawing = try store.create(try makePlane(title: "Held"), at: t0)
    let held = try HeldLock(path: folder.lockPath)
    let victim = folder.drawingPath(drawing.id)
    let failures = Failures()
    // Each worker keeps a file of its own open across a refused mutation; the store must not
    // close or unlock any descriptor but its own, even when the number is reused at once.
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      for _ in 0..<1500 {
        let own = open(victim, O_RDONLY | O_CLOEXEC)
        guard own >= 0 else {
          failures.append("open failed: \(errno)")
          return
        }
        do {
          try store.update(drawing.id, at: t1) { drawing in
            drawing.plane.removeAll()
            return .cleared(count: 0)
          }
          failures.append("the update succeeded while the store was locked")
        } catch {}
        var byte: UInt8 = 0
        if read(own, &byte, 1) != 1 {
          failures.append("a descriptor of the caller was closed: errno \(errno)")
        }
        close(own)
      }
    }
    #expect(
      failures.all.isEmpty, "\(failures.all.count) failures, first: \(failures.all.first ?? "")")
    // The test's own lock is still held.
    let probe = open(folder.lockPath, O_RDWR | O_CLOEXEC)
    defer { close(probe) }
    #expect(flock(probe, LOCK_EX | LOCK_NB) != 0)
    withExtendedLifetime(held) {}
  }

  @Test func concurrentUpdatesLoseNothing() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let drawing = try store.create(try makePlane(title: "Busy"), at: t0)
    let id = drawing.id
    let root = folder.path
    let failures = Failures()
    DispatchQueue.concurrentPerform(iterations: 10) { worker in
      do {
        // Each worker opens the store on its own, as separate processes would.
        let own = try DocumentStore(root: root, lockTimeout: 30)
        guard worker < 8 else {
          // Readers: atomic writes never show them a half-written drawing.
          for _ in 0..<50 { _ = try own.drawing(id) }
          return
        }
        for step in 0..<25 {
          try own.update(id, at: t1) { drawing in
            var factory = RectangleFactory(seed: UInt64(worker * 100 + step))
            let rectangle = try factory.makeRectangle(for: drawing.plane)
            try drawing.plane.add(rectangle)
            return .added([rectangle.id])
          }
        }
      } catch {
        failures.append("\(error)")
      }
    }
    #expect(failures.all.isEmpty)
    let final = try store.drawing(id)
    #expect(final.plane.count == 200)
    #expect(Set(final.plane.rectangles.map(\.id)).count == 200)
    #expect(entries(try store.list()).first?.rectangleCount == 200)
  }
}

/// Errors collected from concurrent workers.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
