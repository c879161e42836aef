/// What changed from one plane to another, rectangles matched by id: the title, the canvas,
/// and the rectangles added, removed, changed (which fields) and moved in z-order.
///
/// A rectangle *moved* when it is not among the largest set of rectangles both planes have
/// whose relative order stayed the same: after raising one rectangle to the top, that one
/// moved, not all those it passed. Numbers are compared to the bit, as files keep them.
public struct PlaneDifference: Equatable, Sendable {
  /// A value before and after.
  public struct Change<Value: Equatable & Sendable>: Equatable, Sendable {
    /// The value in the old plane.
    public let old: Value
    /// The value in the new plane.
    public let new: Value
  }

  /// A rectangle both planes have, with other values.
  public struct ChangedRectangle: Equatable, Sendable {
    /// The rectangle in the old plane.
    public let old: Rectangle
    /// The rectangle in the new plane.
    public let new: Rectangle
    /// The fields that differ, in the order of ``Rectangle/Field``.
    public let fields: [Rectangle.Field]
  }

  /// A rectangle both planes have, in another place in z-order.
  public struct MovedRectangle: Equatable, Sendable {
    /// The rectangle's id.
    public let id: Identifier
    /// Its z-index in the old plane (0 is the bottom).
    public let oldIndex: Int
    /// Its z-index in the new plane.
    public let newIndex: Int
  }

  /// The title, if it changed.
  public let title: Change<String>?
  /// The canvas width, if it changed.
  public let width: Change<Double>?
  /// The canvas height, if it changed.
  public let height: Change<Double>?
  /// The rectangles only the old plane has, in its z-order.
  public let removed: [Rectangle]
  /// The rectangles only the new plane has, in its z-order.
  public let added: [Rectangle]
  /// The rectangles whose values changed, in the new plane's z-order.
  public let changed: [ChangedRectangle]
  /// The rectangles that moved in z-order, in the new plane's z-order.
  public let moved: [MovedRectangle]

  /// Compares two planes.
  ///
  /// - Parameters:
  ///   - old: The plane before.
  ///   - new: The plane after.
  public init(from old: Plane, to new: Plane) {
    title = old.title == new.title ? nil : Change(old: old.title, new: new.title)
    width =
      old.size.width.bitPattern == new.size.width.bitPattern
      ? nil : Change(old: old.size.width, new: new.size.width)
    height =
      old.size.height.bitPattern == new.size.height.bitPattern
      ? nil : Change(old: old.size.height, new: new.size.height)
    removed = old.rectangles.filter { !new.contains($0.id) }
    added = new.rectangles.filter { !old.contains($0.id) }
    changed = new.rectangles.compactMap { rectangle in
      guard let before = old[rectangle.id] else { return nil }
      let fields = rectangle.changedFields(from: before)
      return fields.isEmpty ? nil : ChangedRectangle(old: before, new: rectangle, fields: fields)
    }
    let shared = new.rectangles.map(\.id).filter(old.contains)
    let moves = ZOrder.moved(from: old.rectangles.map(\.id).filter(new.contains), to: shared)
    moved = shared.compactMap { id in
      guard moves.contains(id), let from = old.zIndex(of: id), let to = new.zIndex(of: id)
      else { return nil }
      return MovedRectangle(id: id, oldIndex: from, newIndex: to)
    }
  }

  /// Whether the planes are the same: same title, canvas, and rectangles in the same order.
  public var isEmpty: Bool {
    title == nil && width == nil && height == nil && removed.isEmpty && added.isEmpty
      && changed.isEmpty && moved.isEmpty
  }
}
