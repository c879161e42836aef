import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// Makes a store of many small drawings quickly: each drawing file is written directly with
/// `SVGEncoder` into `drawings/<id>.svg` (no lock, no index, no thumbnail per drawing); the
/// first `drawdoc list` then builds the index from the files, as it does for any store whose
/// index is missing.
enum StoreMaker {
  /// 2026-01-01T00:00:00Z; drawing *i* is created and modified *i* minutes later.
  static let firstTime: Int64 = 1_767_225_600

  /// Writes the drawings.
  ///
  /// - Parameters:
  ///   - root: The store folder (created if needed).
  ///   - drawings: How many drawings.
  ///   - rectangles: Rectangles per drawing, made by `RectangleFactory`.
  ///   - seed: Fixes the ids, titles, times and rectangles.
  ///   - writing: Which drawings (by their place in the order) to write; the others are made
  ///     and dropped, so that a second call with the other drawings writes the same files.
  /// - Returns: The ids of all the drawings, in order.
  /// - Throws: A `StoreError` if the folders cannot be made, a `ModelError` (not expected
  ///   from the factory), or ``Files/Failure`` if a file cannot be written.
  static func make(
    root: String, drawings: Int, rectangles: Int, seed: UInt64,
    writing: (Int) -> Bool = { _ in true }
  ) throws -> [Identifier] {
    let store = try DocumentStore(root: root)
    var generator = SeededRandomNumberGenerator(seed: seed)
    var factory = RectangleFactory(seed: seed &+ 1)
    var seen = Set<Identifier>()
    var ids: [Identifier] = []
    ids.reserveCapacity(drawings)
    for index in 0..<drawings {
      var id = Identifier.random(using: &generator)
      while !seen.insert(id).inserted { id = Identifier.random(using: &generator) }
      var plane = try Plane(title: "Drawing \(index + 1)")
      for _ in 0..<rectangles { try plane.add(try factory.makeRectangle(for: plane)) }
      let time = Timestamp(secondsSince1970: firstTime + Int64(index) * 60)
      let drawing = Drawing(id: id, created: time, modified: time, plane: plane)
      if writing(index) { try Files.write(SVGEncoder.encode(drawing), to: store.path(of: id)) }
      ids.append(id)
    }
    return ids
  }

  /// What ``addHistoriesAndTrash(root:ids:)`` made.
  struct Extras: Equatable {
    /// Drawings given a history of ``versionsEach`` versions.
    var withHistory = 0
    /// Drawings moved to the trash (listed no more).
    var trashed = 0
    /// Versions each of those histories holds.
    static let versionsEach = 6
  }

  /// Whether drawing `index` goes to the trash: one in 21, so that of 10,500 drawings 500 go
  /// and 10,000 are listed.
  static func isTrashed(_ index: Int) -> Bool { index % 21 == 20 }

  /// Whether drawing `index` gets a history: one in 35 of those not trashed (286 of 10,500).
  static func hasHistory(_ index: Int) -> Bool { index % 35 == 17 && !isTrashed(index) }

  /// How many drawings to make so that `listed` remain after the trash took its share.
  static func drawingsToMake(listed: Int) -> Int {
    var made = 0
    var kept = 0
    while kept < listed {
      if !isTrashed(made) { kept += 1 }
      made += 1
    }
    // And the trashed ones that follow the last one listed.
    while isTrashed(made) { made += 1 }
    return made
  }

  /// Whether drawing `index` is one that ``addHistoriesAndTrash(root:ids:)`` changes.
  static func isChanged(_ index: Int) -> Bool { isTrashed(index) || hasHistory(index) }

  /// Gives some drawings of a store made by ``make(root:drawings:rectangles:seed:writing:)``
  /// a history, through the library as any program would, and moves others to the trash: a
  /// store as it looks after some use.
  ///
  /// Each change rewrites the store's index, which costs in proportion to the drawings in
  /// it (about 100 ms a change with 10,000, against 15 ms with a few hundred): the caller
  /// writes only the drawings changed here first (``isChanged(_:)``), and the others after.
  ///
  /// A drawing with a history gets three changes of its first rectangle's alpha, an undo
  /// and one more change: six versions (the first is the file as found), the last of which
  /// dropped what could have been redone.
  ///
  /// - Parameters:
  ///   - root: The store.
  ///   - ids: The drawings, in the order made.
  /// - Returns: How many drawings got a history, and how many went to the trash.
  /// - Throws: A `StoreError` or `ModelError` from the library.
  static func addHistoriesAndTrash(root: String, ids: [Identifier]) throws -> Extras {
    let store = try DocumentStore(root: root)
    var extras = Extras()
    // After every drawing's own time, one minute per step.
    var minute = Int64(ids.count)
    func next() -> Timestamp {
      minute += 1
      return Timestamp(secondsSince1970: firstTime + minute * 60)
    }
    for (index, id) in ids.enumerated() where hasHistory(index) {
      for level in [3, 5, 7, 9] {
        if level == 9 { try store.undo(id, at: next()) }
        try store.update(id, at: next()) { drawing in
          let rectangle = drawing.plane[0].id
          try drawing.plane.updateAlpha(of: rectangle, to: try Alpha(level: level))
          return .set([.alpha], of: rectangle)
        }
      }
      extras.withHistory += 1
    }
    for (index, id) in ids.enumerated() where isTrashed(index) {
      try store.delete(id, at: next())
      extras.trashed += 1
    }
    return extras
  }
}
