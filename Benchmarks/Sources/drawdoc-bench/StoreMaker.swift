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
  /// - Returns: The ids, in the order written.
  /// - Throws: A `StoreError` if the folders cannot be made, a `ModelError` (not expected
  ///   from the factory), or ``Files/Failure`` if a file cannot be written.
  static func make(root: String, drawings: Int, rectangles: Int, seed: UInt64) throws
    -> [Identifier]
  {
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
      try Files.write(SVGEncoder.encode(drawing), to: store.path(of: id))
      ids.append(id)
    }
    return ids
  }
}
