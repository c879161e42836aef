/// A three-way merge of planes: OURS and THEIRS, two planes that each changed BASE, made into
/// one, rectangle by rectangle (matched by id) and field by field.
///
/// - A change on one side only is taken; the same change on both sides is taken once.
/// - A field, the title or a side of the canvas changed two ways is a conflict; the result
///   keeps OURS' value.
/// - A rectangle changed on one side and removed on the other is a conflict; the result keeps
///   OURS' version (changed, or removed).
/// - A rectangle added on both sides with different values: each differing field is a
///   conflict, OURS' value kept.
/// - Z-order: for every two rectangles both sides kept, the result keeps which one is above
///   the other as the side that changed that has it, else as BASE has it. When no order can
///   keep all of those, the z-order conflicts and the rectangles both sides kept are in OURS'
///   order. Rectangles only one side has (added there, or kept against the other's removal)
///   stay with their neighbours on that side: a run of them on top there goes on top, one at
///   the bottom there goes to the bottom, any other right above the rectangle below it.
///
/// The result is always a valid plane.
public struct PlaneMerge: Sendable {
  /// The merged plane.
  public let plane: Plane
  /// The conflicts, each resolved by keeping OURS: the title, the canvas, then the
  /// rectangles in BASE's order, then those OURS added, then z-order.
  public let conflicts: [MergeConflict]

  /// Whether the sides merged without conflict.
  public var isClean: Bool { conflicts.isEmpty }

  /// Merges two planes that came from a third.
  ///
  /// - Parameters:
  ///   - base: The plane both sides started from.
  ///   - ours: One side; it wins every conflict.
  ///   - theirs: The other side.
  /// - Throws: ``ModelError/tooManyRectangles(_:)`` when the merged plane would hold more
  ///   rectangles than a plane can.
  public init(base: Plane, ours: Plane, theirs: Plane) throws(ModelError) {
    var conflicts: [MergeConflict] = []

    var title = ours.title
    if let merged = Self.merge(base.title, ours.title, theirs.title, same: ==) {
      title = merged
    } else {
      conflicts.append(.title(base: base.title, ours: ours.title, theirs: theirs.title))
    }
    var width = ours.size.width
    var height = ours.size.height
    let sameNumber = { (a: Double, b: Double) in a.bitPattern == b.bitPattern }
    for dimension in [MergeConflict.Dimension.width, .height] {
      let side = { (plane: Plane) in dimension == .width ? plane.size.width : plane.size.height }
      if let merged = Self.merge(side(base), side(ours), side(theirs), same: sameNumber) {
        if dimension == .width { width = merged } else { height = merged }
      } else {
        conflicts.append(
          .canvas(dimension, base: side(base), ours: side(ours), theirs: side(theirs)))
      }
    }

    // MARK: Rectangles

    var merged: [Identifier: Rectangle] = [:]
    for original in base.rectangles {
      switch (ours[original.id], theirs[original.id]) {
      case (let mine?, let other?):
        merged[original.id] = Self.merge(original, mine, other, conflicts: &conflicts)
      case (let mine?, nil):
        let fields = mine.changedFields(from: original)
        guard !fields.isEmpty else { continue }
        conflicts.append(.changedAndRemoved(changed: mine, changedIn: .ours, fields: fields))
        merged[original.id] = mine
      case (nil, let other?):
        let fields = other.changedFields(from: original)
        guard !fields.isEmpty else { continue }
        conflicts.append(.changedAndRemoved(changed: other, changedIn: .theirs, fields: fields))
      case (nil, nil):
        continue
      }
    }
    for mine in ours.rectangles where !base.contains(mine.id) {
      merged[mine.id] =
        theirs[mine.id].map { Self.merge(nil, mine, $0, conflicts: &conflicts) } ?? mine
    }
    for other in theirs.rectangles where !base.contains(other.id) && !ours.contains(other.id) {
      merged[other.id] = other
    }

    // MARK: Z-order

    let kept = { (id: Identifier) in base.contains(id) && ours.contains(id) && theirs.contains(id) }
    let order = ZOrder.merge(
      base: base.rectangles.map(\.id).filter(kept), ours: ours.rectangles.map(\.id).filter(kept),
      theirs: theirs.rectangles.map(\.id).filter(kept))
    if let contradicted = order.contradicted {
      for id in contradicted {
        conflicts.append(
          .zOrder(id, ours: ours.zIndex(of: id) ?? 0, theirs: theirs.zIndex(of: id) ?? 0))
      }
    } else {
      let moves = { (plane: Plane) in
        ZOrder.moved(
          from: base.rectangles.map(\.id).filter(kept),
          to: plane.rectangles.map(\.id).filter(kept)
        ).count
      }
      conflicts.append(.zOrderTooManyMoves(ours: moves(ours), theirs: moves(theirs)))
    }

    // Rectangles only one side has stay with their neighbours on that side: a run of them
    // goes on top if it is on top there, at the bottom if it is at the bottom there, and
    // otherwise right above the rectangle below it.
    var bottom: [Identifier] = []
    var top: [Identifier] = []
    var above: [Identifier: [Identifier]] = [:]
    for (side, isTheirs) in [(ours, false), (theirs, true)] {
      var anchor: Identifier?
      var run: [Identifier] = []
      for rectangle in side.rectangles where merged[rectangle.id] != nil {
        let id = rectangle.id
        // Those both sides added are placed as OURS has them.
        guard kept(id) || (isTheirs && ours.contains(id)) else {
          run.append(id)
          continue
        }
        if let anchor { above[anchor, default: []] += run } else { bottom += run }
        run = []
        anchor = id
      }
      top += run
    }
    var rectangles: [Rectangle] = []
    rectangles.reserveCapacity(merged.count)
    /// Appends each rectangle, each followed by those placed right above it.
    func place(_ ids: [Identifier]) {
      var stack = Array(ids.reversed())
      while let id = stack.popLast() {
        if let rectangle = merged[id] { rectangles.append(rectangle) }
        stack += (above[id] ?? []).reversed()
      }
    }
    place(bottom)
    for id in order.order { place([id]) }
    place(top)

    self.plane = try Plane(
      size: Size(trustedWidth: width, height: height), title: title, rectangles: rectangles)
    self.conflicts = conflicts
  }

  /// The merged value, or `nil` when both sides changed it differently.
  private static func merge<Value>(
    _ base: Value, _ ours: Value, _ theirs: Value, same: (Value, Value) -> Bool
  ) -> Value? {
    if same(ours, theirs) || same(theirs, base) { return ours }
    if same(ours, base) { return theirs }
    return nil
  }

  /// Merges the fields of a rectangle both sides have; `base` is `nil` when both added it.
  private static func merge(
    _ base: Rectangle?, _ ours: Rectangle, _ theirs: Rectangle,
    conflicts: inout [MergeConflict]
  ) -> Rectangle {
    var result = ours
    for field in Rectangle.Field.allCases {
      let same = { (a: Rectangle, b: Rectangle) in a.hasSameValue(in: field, as: b) }
      if same(ours, theirs) { continue }
      if let base, same(theirs, base) { continue }
      if let base, same(ours, base) {
        result = result.taking(field, from: theirs)
      } else {
        conflicts.append(.field(field, base: base, ours: ours, theirs: theirs))
      }
    }
    return result
  }
}
