extension Plane {
  /// Removes many rectangles at once, in one pass: the others keep their order. Ids the plane
  /// does not have are passed over.
  ///
  /// - Parameter ids: The rectangles to remove.
  /// - Returns: The rectangles removed, each with the z-index it had, bottom first.
  @discardableResult
  public mutating func remove(_ ids: Set<Identifier>) -> [(rectangle: Rectangle, zIndex: Int)] {
    var removed: [(rectangle: Rectangle, zIndex: Int)] = []
    var kept: [Rectangle] = []
    kept.reserveCapacity(rectangles.count)
    for (index, rectangle) in rectangles.enumerated() {
      if ids.contains(rectangle.id) {
        removed.append((rectangle, index))
      } else {
        kept.append(rectangle)
      }
    }
    guard !removed.isEmpty else { return [] }
    rectangles = kept
    reindex()
    // Recorded from the top down: each step's z-index is then the one it had before them all.
    for (rectangle, index) in removed.reversed() { record(.removed(rectangle, at: index)) }
    return removed
  }

  /// Puts many rectangles in at once, in one pass, each at its z-index in the new order: as if
  /// inserted one after another in the order given when the z-indexes ascend. A z-index not
  /// above the one before puts the rectangle right above that one; one past the top, on top.
  ///
  /// - Parameter new: The rectangles with their z-indexes; their ids must be new to this plane
  ///   and to each other.
  /// - Throws: ``ModelError/duplicateIdentifier(_:)`` or ``ModelError/tooManyRectangles(_:)``;
  ///   the plane is then unchanged.
  public mutating func insert(_ new: [(rectangle: Rectangle, zIndex: Int)]) throws(ModelError) {
    guard rectangles.count + new.count <= IdentifierIndex.maximumCount else {
      throw .tooManyRectangles(IdentifierIndex.maximumCount)
    }
    var seen: Set<Identifier> = []
    for (rectangle, _) in new where contains(rectangle.id) || !seen.insert(rectangle.id).inserted {
      throw .duplicateIdentifier(rectangle.id)
    }
    var result: [Rectangle] = []
    result.reserveCapacity(rectangles.count + new.count)
    var old = 0
    var targets: [Int] = []
    for (rectangle, index) in new {
      let target = min(index, result.count + rectangles.count - old)
      while result.count < target {
        result.append(rectangles[old])
        old += 1
      }
      targets.append(result.count)
      result.append(rectangle)
    }
    result.append(contentsOf: rectangles[old...])
    let count = rectangles.count
    rectangles = result
    reindex()
    // As one-by-one steps: each put on top, then moved down to its place.
    for (offset, (rectangle, _)) in new.enumerated() {
      record(.added(rectangle))
      record(.moved(from: count + offset, to: targets[offset]))
    }
  }

  /// One move of a rectangle in z-order, as ``raise(_:toTop:)->[Plane.ZMove]`` and
  /// ``lower(_:toBottom:)->[Plane.ZMove]`` make them: taken in turn, they lead from the old
  /// order to the new.
  public typealias ZMove = (id: Identifier, from: Int, to: Int)

  /// Moves many rectangles up in z-order at once, keeping their order among themselves: to the
  /// top, or each one place up, above the rectangle just above it that is not moving (a
  /// rectangle right under another that cannot move stays).
  ///
  /// - Parameters:
  ///   - ids: The rectangles to move; ids the plane does not have are passed over.
  ///   - toTop: `true` to move them to the top.
  /// - Returns: The moves, in the order they apply.
  @discardableResult
  public mutating func raise(_ ids: Set<Identifier>, toTop: Bool) -> [ZMove] {
    stack(ids, upwards: true, allTheWay: toTop)
  }

  /// Moves many rectangles down in z-order at once, keeping their order among themselves: to
  /// the bottom, or each one place down, below the rectangle just below it that is not moving.
  ///
  /// - Parameters:
  ///   - ids: The rectangles to move; ids the plane does not have are passed over.
  ///   - toBottom: `true` to move them to the bottom.
  /// - Returns: The moves, in the order they apply.
  @discardableResult
  public mutating func lower(_ ids: Set<Identifier>, toBottom: Bool) -> [ZMove] {
    stack(ids, upwards: false, allTheWay: toBottom)
  }

  private mutating func stack(_ ids: Set<Identifier>, upwards: Bool, allTheWay: Bool) -> [ZMove] {
    let count = rectangles.count
    var moves: [ZMove] = []
    var order = rectangles
    if allTheWay {
      // The ones moving, nearest their end first: each one's place is unchanged by the moves
      // before it, which took rectangles from its other side.
      let chosen = rectangles.indices.filter { ids.contains(rectangles[$0].id) }
      let sequence = upwards ? Array(chosen.reversed()) : chosen
      for (offset, index) in sequence.enumerated() {
        let target = upwards ? count - 1 - offset : offset
        if index != target { moves.append((rectangles[index].id, index, target)) }
      }
      let others = rectangles.filter { !ids.contains($0.id) }
      let moving = rectangles.filter { ids.contains($0.id) }
      order = upwards ? others + moving : moving + others
    } else {
      // One place each, from the end they move towards: a run of them moves together.
      let indices = upwards ? Array((0..<max(count - 1, 0)).reversed()) : Array(1..<max(count, 1))
      for index in indices {
        let neighbour = upwards ? index + 1 : index - 1
        guard ids.contains(order[index].id), !ids.contains(order[neighbour].id) else { continue }
        order.swapAt(index, neighbour)
        moves.append((order[neighbour].id, index, neighbour))
      }
    }
    guard !moves.isEmpty else { return [] }
    rectangles = order
    reindex()
    for move in moves { record(.moved(from: move.from, to: move.to)) }
    return moves
  }
}
