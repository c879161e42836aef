import DrawdocModel
import DrawdocSVG
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// A plane of `count` rectangles from the factory.
func factoryPlane(_ count: Int, seed: UInt64 = 1) throws -> Plane {
  var plane = try makePlane(title: "Kept")
  var factory = RectangleFactory(seed: seed)
  for _ in 0..<count { try plane.add(factory.makeRectangle(for: plane)) }
  return plane
}

/// Moves a rectangle to `x`, as one change.
@discardableResult
func move(
  _ rectangle: Identifier, to x: Double, in id: Identifier, of store: DocumentStore,
  at time: Timestamp = t1, basedOn base: (version: Int, rectangles: [Identifier]?)? = nil
) throws -> Revision {
  try store.update(id, at: time, basedOn: base) { drawing in
    try drawing.plane.updatePoint(of: rectangle, to: Point(x: x, y: 1))
    return .set([.x, .y], of: rectangle)
  }
}

/// Drawings kept in memory: seen changing elsewhere, bounded, and changed without reading
/// their files.
@Suite struct MemoryTests {
  @Test func aChangeThroughTheMemoryDoesNotReadTheFileAgain() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(20), at: t0)
    let rectangle = drawing.plane[3].id
    for step in 1...5 { try move(rectangle, to: Double(step), in: drawing.id, of: store) }
    #expect(memory.statistics.hits == 5)
    #expect(memory.statistics.fileReads == 0)
    #expect(try store.drawing(drawing.id).plane[rectangle]?.point.x == 5)
    #expect(try store.history(of: drawing.id).versions.count == 6)
  }

  @Test func theMemorySeesAChangeMadeByAnotherStoreValue() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let kept = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let plain = try folder.store()
    let drawing = try kept.create(try factoryPlane(10), at: t0)
    let (first, second) = (drawing.plane[0].id, drawing.plane[1].id)
    try move(first, to: 11, in: drawing.id, of: kept)
    try move(second, to: 22, in: drawing.id, of: plain)
    // Made on version 2, which the other store's change replaced: its rectangle is another.
    let made = try move(
      first, to: 33, in: drawing.id, of: kept, basedOn: (2, [first]))
    #expect(made.version == 4)
    #expect(made.drawing.plane[second]?.point.x == 22)
    #expect(memory.statistics.fileReads == 1)
    #expect(try plain.drawing(drawing.id) == made.drawing)
    #expect(throws: StoreError.conflict(id: drawing.id, version: 2, current: 4)) {
      try move(second, to: 44, in: drawing.id, of: kept, basedOn: (2, [second]))
    }
  }

  @Test func theMemorySeesAFileReplacedByAnotherProgram() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(5), at: t0)
    try move(drawing.plane[0].id, to: 7, in: drawing.id, of: store)
    var other = try store.drawing(drawing.id)
    try other.plane.rename(to: "Replaced")
    try other.plane.remove(other.plane[4].id)
    let temporary = "\(folder.sandbox)/replacement.svg"
    try folder.write(SVGEncoder.encode(other), to: temporary)
    #expect(rename(temporary, folder.drawingPath(drawing.id)) == 0)

    let made = try move(drawing.plane[1].id, to: 9, in: drawing.id, of: store)
    #expect(made.drawing.plane.title == "Replaced")
    #expect(made.drawing.plane.count == 4)
    #expect(made.version == 4)
    #expect(memory.statistics.fileReads == 1)
    #expect(
      try store.history(of: drawing.id).versions.map(\.change).prefix(2) == [
        "set x and y of \(drawing.plane[1].id)", "changed outside drawdoc",
      ])
  }

  @Test func theMemoryDropsTheLeastRecentlyUsedDrawingFirst() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory(drawings: 2, rectangles: 25)
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawings = try (0..<3).map { _ in try store.create(try factoryPlane(10), at: t0) }
    #expect(memory.drawingCount == 2)
    #expect(memory.keptFiles == drawings[1...].map { store.path(of: $0.id) })
    // Used again, the second becomes the most recent; the first comes back in the third's place.
    try move(drawings[1].plane[0].id, to: 1, in: drawings[1].id, of: store)
    try move(drawings[0].plane[0].id, to: 1, in: drawings[0].id, of: store)
    #expect(memory.keptFiles == [drawings[1], drawings[0]].map { store.path(of: $0.id) })
    #expect(memory.rectangleCount == 20)
    // Past the rectangles' bound, one drawing goes though the count would allow two.
    let big = try store.create(try factoryPlane(20), at: t0)
    #expect(memory.keptFiles == [store.path(of: big.id)])
    #expect(memory.rectangleCount == 20)
    // A drawing bigger than the bound is not kept at all.
    let bigger = try store.create(try factoryPlane(30), at: t0)
    #expect(!memory.keptFiles.contains(store.path(of: bigger.id)))
    #expect(memory.rectangleCount <= 25)
    try move(bigger.plane[0].id, to: 1, in: bigger.id, of: store)
    #expect(try store.drawing(bigger.id).plane[0].point.x == 1)
  }

  @Test func theIndexFollowsChangesMadeThroughTheMemory() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(4), at: t0)
    for title in ["One", "Two", "Three"] {
      try store.update(drawing.id, at: t1, basedOn: nil) { drawing in
        try drawing.plane.rename(to: title)
        return .renamed(to: title)
      }
      // In this process, at once: the record not written yet is taken as it is.
      let listing = try store.list()
      #expect(listing.warnings.isEmpty)
      #expect(entries(listing).map(\.title) == [title])
    }
    try store.update(drawing.id, at: t2, basedOn: nil) { drawing in
      try drawing.plane.remove(drawing.plane[0].id)
      return .removed(drawing.plane[0].id)
    }
    // Another process, once the memory's thread has written the records.
    #expect(memory.waitForThumbnails())
    let listing = try folder.store().list()
    #expect(listing.warnings.isEmpty)
    #expect(entries(listing).map(\.rectangleCount) == [3])
    #expect(entries(listing).first?.modified == t2)
  }

  @Test func anEditThatFailsHalfwayLeavesTheKeptDrawingAsItWas() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(6), at: t0)
    let ids = drawing.plane.rectangles.map(\.id)
    #expect(throws: Refusal()) {
      try store.update(drawing.id, at: t1) { drawing in
        try drawing.plane.remove(ids[2])
        try drawing.plane.raise(ids[0], toTop: true)
        try drawing.plane.updateAlpha(of: ids[1], to: try Alpha(level: 1))
        drawing.plane.removeAll()
        try drawing.plane.rename(to: "Gone")
        throw Refusal()
      }
    }
    #expect(throws: Refusal()) {
      try store.update(drawing.id, at: t1) { drawing in
        drawing.plane = try makePlane(title: "Other")
        throw Refusal()
      }
    }
    let made = try move(ids[5], to: 2, in: drawing.id, of: store)
    var expected = drawing
    try expected.plane.updatePoint(of: ids[5], to: Point(x: 2, y: 1))
    #expect(made.drawing.plane == expected.plane)
    #expect(made.version == 2)
    #expect(try store.drawing(drawing.id).plane == expected.plane)
  }
}
