import DrawdocModel
import DrawdocStore

/// What a person asks of the drawings in a store, said once for every front end: the command
/// line's commands and the drawing app's routes parse what was typed or sent, then call these,
/// and only these, to change the store.
///
/// Each change goes through ``DrawdocStore/DocumentStore/update(_:at:basedOn:_:)``: locked,
/// atomic, kept in the history, told to the change journal. A `base` is the version an edit
/// was made on and the rectangles it touches (the drawing app sends them, so that an edit made
/// on an older version is refused if what it touches changed since); `nil` changes whatever is
/// current, as a command does.
package struct Editing: Sendable {
  /// The version an edit was made on, and the rectangles it touches (`nil`: the whole drawing).
  package typealias Base = (version: Int, rectangles: [Identifier]?)

  /// The store the edits change.
  package let store: DocumentStore

  /// Edits the drawings of a store.
  package init(store: DocumentStore) {
    self.store = store
  }

  // MARK: - Drawings

  /// Makes a drawing, with `randomRectangles` rectangles from the factory.
  ///
  /// - Parameters:
  ///   - title: Its title.
  ///   - size: Its canvas.
  ///   - randomRectangles: How many rectangles the factory adds.
  ///   - seed: The factory's seed, to make the same drawing again; `nil` for a random one.
  ///   - now: Its created and modified time.
  /// - Returns: The stored drawing.
  /// - Throws: A `ModelError` for a title or size the model refuses, or a `StoreError`.
  package func create(
    title: String, size: Size = Plane.defaultSize, randomRectangles: Int = 0,
    seed: UInt64? = nil, at now: Timestamp = .now
  ) throws -> Drawing {
    var plane = try Plane(size: size, title: title)
    var factory = RectangleFactory(seed: seed)
    for _ in 0..<randomRectangles { try plane.add(factory.makeRectangle(for: plane)) }
    return try store.create(plane, at: now, as: .created(randomRectangles: randomRectangles))
  }

  /// Copies a drawing under a new id; its rectangles keep their ids.
  ///
  /// - Parameters:
  ///   - id: The drawing to copy.
  ///   - title: The copy's title; by default the original's with ` (copy)`, cut to the
  ///     longest title a drawing may have.
  ///   - now: The copy's created and modified time.
  /// - Returns: The copy.
  /// - Throws: A `StoreError` (no such drawing, among others), or a `ModelError` for a title
  ///   the model refuses.
  package func duplicate(_ id: Identifier, title: String? = nil, at now: Timestamp = .now) throws
    -> Drawing
  {
    try copy(store.drawing(id).plane, title: title, at: now, as: .duplicated(from: id))
  }

  /// Copies the drawing of a file into the store under a new id, as
  /// ``duplicate(_:title:at:)-(Identifier,_,_)`` copies a stored one; its history starts with
  /// the file's name (`saved from plan.svg`). The file is only read.
  ///
  /// - Throws: A `FileDrawingError` for a file that is not a drawdoc drawing, a `StoreError`,
  ///   or a `ModelError` for a title the model refuses.
  package func duplicate(_ file: FileDrawing, title: String? = nil, at now: Timestamp = .now)
    throws -> Drawing
  {
    try copy(file.read().plane, title: title, at: now, as: .imported(file: file.path))
  }

  /// Stores `plane` as a new drawing titled `title`, else its title with ` (copy)`.
  private func copy(_ plane: Plane, title: String?, at now: Timestamp, as change: Change) throws
    -> Drawing
  {
    var plane = plane
    try plane.rename(to: title ?? Self.copyTitle(of: plane.title))
    return try store.create(plane, at: now, as: change)
  }

  /// The title of a copy: the original's with ` (copy)`, cut to the longest title allowed.
  package static func copyTitle(of title: String) -> String {
    String((title + " (copy)").unicodeScalars.prefix(Plane.maximumTitleLength))
  }

  /// Renames a drawing.
  @discardableResult
  package func rename(_ id: Identifier, to title: String, basedOn base: Base? = nil) throws
    -> Revision
  {
    try update(id, basedOn: base, Self.renaming(to: title))
  }

  /// Removes every rectangle of a drawing, keeping its canvas and title.
  @discardableResult
  package func clear(_ id: Identifier, basedOn base: Base? = nil) throws -> Revision {
    try update(id, basedOn: base, Self.clearing())
  }

  // MARK: - Rectangles

  /// Adds rectangles: the fields `edit` gives, the others from the factory.
  ///
  /// - Parameters:
  ///   - edit: The fields every new rectangle has.
  ///   - count: How many to add.
  ///   - seed: The factory's seed; `nil` for random ones.
  ///   - id: The drawing.
  ///   - base: What the edit was made on, if it is checked.
  /// - Returns: The new version and the new rectangles' ids, bottom first.
  /// - Throws: A `ModelError` for a field the model refuses, or a `StoreError` (a conflict
  ///   with `base`, among others); the drawing is then unchanged.
  @discardableResult
  package func add(
    _ edit: RectangleEdit, count: Int = 1, seed: UInt64? = nil, to id: Identifier,
    basedOn base: Base? = nil
  ) throws -> (revision: Revision, added: [Identifier]) {
    let (change, added) = Self.adding(edit, count: count, seed: seed)
    let revision = try update(id, basedOn: base, change)
    return (revision, added.ids)
  }

  /// Changes the fields `edit` gives of one rectangle.
  @discardableResult
  package func set(
    _ edit: RectangleEdit, of rectangle: Identifier, in id: Identifier, basedOn base: Base? = nil
  ) throws -> Revision {
    try update(id, basedOn: base, Self.setting(edit, of: rectangle))
  }

  /// Removes one rectangle.
  @discardableResult
  package func remove(_ rectangle: Identifier, from id: Identifier, basedOn base: Base? = nil)
    throws -> Revision
  {
    try update(id, basedOn: base, Self.removing(rectangle))
  }

  /// Which way a rectangle moves in z-order.
  package enum Direction: Sendable {
    /// Towards the top (drawn later).
    case up
    /// Towards the bottom (drawn earlier).
    case down
  }

  /// Moves a rectangle one step up or down in z-order, or all the way. A rectangle already on
  /// top (or at the bottom) stays where it is, and no version is made.
  @discardableResult
  package func move(
    _ rectangle: Identifier, in id: Identifier, _ direction: Direction, allTheWay: Bool,
    basedOn base: Base? = nil
  ) throws -> Revision {
    try update(id, basedOn: base, Self.moving(rectangle, direction, allTheWay: allTheWay))
  }

  /// Makes one change, built by one of the builders below, to a drawing of the store: what
  /// every changing method above does, for a front end that builds the change itself (the
  /// command line builds it once for the store and for a file).
  ///
  /// - Parameters:
  ///   - id: The drawing.
  ///   - base: What the edit was made on, if it is checked.
  ///   - change: The edit, from a builder.
  /// - Returns: The new version (the current one when nothing changed).
  /// - Throws: What `change` throws, or a `StoreError`; the drawing is then unchanged.
  @discardableResult
  package func update(
    _ id: Identifier, basedOn base: Base? = nil, _ change: (inout Drawing) throws -> Change
  ) throws -> Revision {
    try store.update(id, at: .now, basedOn: base, change)
  }

  // MARK: - Changes, for the store or a file

  /// An edit of a drawing, applied by ``DrawdocStore/DocumentStore/update(_:at:basedOn:_:)``
  /// or ``DrawdocStore/FileDrawing/update(at:_:)``: it changes the drawing and says what it
  /// did, or throws and changes nothing that is kept.
  package typealias Edit = (inout Drawing) throws -> Change

  /// The ids of the rectangles an edit from ``adding(_:count:seed:)`` added, once it ran.
  package final class AddedRectangles {
    /// Bottom first; empty until the edit has run.
    package fileprivate(set) var ids: [Identifier] = []
  }

  /// The edit that renames a drawing.
  package static func renaming(to title: String) -> Edit {
    { drawing in
      try drawing.plane.rename(to: title)
      return .renamed(to: title)
    }
  }

  /// The edit that removes every rectangle, keeping the canvas and title.
  package static func clearing() -> Edit {
    { drawing in
      let count = drawing.plane.count
      drawing.plane.removeAll()
      return .cleared(count: count)
    }
  }

  /// The edit that adds `count` rectangles: the fields `edit` gives, the others from the
  /// factory seeded with `seed` (`nil`: random).
  ///
  /// - Returns: The edit, and where it leaves the new rectangles' ids once it has run.
  package static func adding(_ edit: RectangleEdit, count: Int = 1, seed: UInt64? = nil)
    -> (edit: Edit, added: AddedRectangles)
  {
    let added = AddedRectangles()
    let change: Edit = { drawing in
      var factory = RectangleFactory(seed: seed)
      var ids: [Identifier] = []
      for _ in 0..<count {
        ids.append(try edit.add(to: &drawing.plane, factory: &factory).id)
      }
      added.ids = ids
      return .added(ids)
    }
    return (change, added)
  }

  /// The edit that changes the fields `edit` gives of one rectangle.
  package static func setting(_ edit: RectangleEdit, of rectangle: Identifier) -> Edit {
    { drawing in try edit.apply(to: &drawing.plane, rectangle: rectangle) }
  }

  /// The edit that removes one rectangle.
  package static func removing(_ rectangle: Identifier) -> Edit {
    { drawing in
      try drawing.plane.remove(rectangle)
      return .removed(rectangle)
    }
  }

  /// The edit that moves a rectangle one step up or down in z-order, or all the way; it says
  /// ``DrawdocStore/Change/unchanged`` when the rectangle is already there.
  package static func moving(_ rectangle: Identifier, _ direction: Direction, allTheWay: Bool)
    -> Edit
  {
    { drawing in
      switch direction {
      case .up:
        return try drawing.plane.raise(rectangle, toTop: allTheWay)
          ? .raised(rectangle, toTop: allTheWay) : .unchanged
      case .down:
        return try drawing.plane.lower(rectangle, toBottom: allTheWay)
          ? .lowered(rectangle, toBottom: allTheWay) : .unchanged
      }
    }
  }
}
