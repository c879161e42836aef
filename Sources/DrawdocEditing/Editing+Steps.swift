import DrawdocModel
import DrawdocStore

extension Editing {
  /// Applies the steps of one edit together, as one change and one new version: how the
  /// drawing app moves, recolors, deletes or reorders many rectangles at once, and how it takes
  /// back its own edits.
  ///
  /// What a step finds changed by someone else since the page showed it (see ``EditStep``) is
  /// left as it is and reported in ``AppliedEdit/notices``; the rest applies. When nothing
  /// applies, no version is made.
  ///
  /// - Parameters:
  ///   - steps: The steps, applied in order.
  ///   - id: The drawing.
  ///   - now: The new modification time.
  /// - Returns: The version, the new rectangles' ids, the notices and the steps that take the
  ///   edit back.
  /// - Throws: A ``RefusedStep`` for a value the model refuses (a shift to a width of 0, say),
  ///   naming the step (for a run of additions or removals, made in one pass, the run's first
  ///   step), or a `StoreError`; the drawing is then unchanged.
  package func apply(_ steps: [EditStep], to id: Identifier, at now: Timestamp = .now) throws
    -> AppliedEdit
  {
    var run = StepRun()
    let revision = try store.update(id, at: now, basedOn: nil) { drawing in
      // A group commit may run the change again: each run starts afresh.
      run = StepRun()
      var index = 0
      while index < steps.count {
        let first = index
        do throws(ModelError) {
          try applyNext(steps, from: &index, to: &drawing.plane, run: &run)
        } catch {
          throw RefusedStep(step: first + 1, error: error)
        }
      }
      return run.change
    }
    return AppliedEdit(
      revision: revision, changed: run.change != .unchanged, added: run.added,
      notices: run.notices, undo: run.undo.reversed())
  }

  /// Applies the step at `index`, or the run of additions or removals that starts there, and
  /// moves `index` past what it applied.
  private func applyNext(
    _ steps: [EditStep], from index: inout Int, to plane: inout Plane, run: inout StepRun
  ) throws(ModelError) {
    // A run of additions or removals is made in one pass: a selection of thousands, or
    // its undo, costs one.
    var removals: [(Identifier, was: Rectangle?)] = []
    while index < steps.count, case .remove(let id, let was) = steps[index] {
      removals.append((id, was))
      index += 1
    }
    var additions: [(RectangleEdit, id: Identifier?, at: Int?)] = []
    while removals.isEmpty, index < steps.count,
      case .add(let fields, let id, let at) = steps[index]
    {
      additions.append((fields, id, at))
      index += 1
    }
    if !removals.isEmpty {
      run.remove(removals, from: &plane)
    } else if !additions.isEmpty {
      try run.add(additions, to: &plane)
    } else {
      try run.apply(steps[index], to: &plane)
      index += 1
    }
  }
}

/// The steps of one edit as they are applied: what they did, for the history and for undo.
private struct StepRun {
  var added: [Identifier] = []
  var notices: [Notice] = []
  /// The steps that take back each step applied, in the order applied.
  var undo: [EditStep] = []
  /// The rectangles changed, each once, and what was done to them.
  var touched: [Identifier] = []
  var touchedSet: Set<Identifier> = []
  var fields: Set<Rectangle.Field> = []
  var kinds: Set<Kind> = []
  var title: String?
  var factory = RectangleFactory(seed: nil)

  enum Kind { case set, add, remove, order }

  mutating func apply(_ step: EditStep, to plane: inout Plane) throws(ModelError) {
    switch step {
    case .set(let id, let to, let was): try set(id, to: to, was: was, in: &plane)
    case .shift(let id, let by): try shift(id, by: by, in: &plane)
    case .add(let fields, let id, let index): try add([(fields, id, index)], to: &plane)
    case .remove(let id, let was): remove([(id, was)], from: &plane)
    case .place(let id, let index):
      guard let from = plane.zIndex(of: id) else { return removedMeanwhile(id) }
      if try plane.place(id, atZIndex: index) { moved(id, from: from) }
    case .order(let ids, let target): order(ids, target, in: &plane)
    case .arrange(let placements): try arrange(placements, in: &plane)
    case .rename(let new, let was):
      let old = plane.title
      guard new != old else { return }
      if let was, was != old {
        return notice(nil, "Someone else renamed this drawing; it keeps their title.")
      }
      try plane.rename(to: new)
      title = new
      undo.append(.rename(to: old, was: new))
    }
  }

  // MARK: - Values

  private mutating func set(
    _ id: Identifier, to: RectangleEdit, was: RectangleEdit, in plane: inout Plane
  ) throws(ModelError) {
    guard let current = plane[id] else { return removedMeanwhile(id) }
    let wanted = try to.applied(to: current)
    let expected = try was.applied(to: current)
    var changing: [Rectangle.Field] = []
    var taken: [Rectangle.Field] = []
    for field in to.fields where !current.hasSameValue(in: field, as: wanted) {
      if was.fields.contains(field) && !current.hasSameValue(in: field, as: expected) {
        taken.append(field)
      } else {
        changing.append(field)
      }
    }
    if !taken.isEmpty {
      let names = Change.list(taken.map(\.rawValue))
      let theirs = taken.count == 1 ? "their \(names)" : "theirs"
      notice(id, "Someone else changed this rectangle's \(names); it now shows \(theirs).")
    }
    try change(id, from: current, to: wanted, fields: changing, in: &plane)
  }

  private mutating func shift(_ id: Identifier, by: RectangleShift, in plane: inout Plane)
    throws(ModelError)
  {
    guard let current = plane[id] else { return removedMeanwhile(id) }
    let level = min(max(Int(current.alpha.level) + by.alpha, 1), 10)
    let wanted = try RectangleEdit(
      x: current.point.x + by.x, y: current.point.y + by.y,
      width: current.size.width + by.width, height: current.size.height + by.height,
      alpha: try Alpha(level: level)
    ).applied(to: current)
    try change(
      id, from: current, to: wanted, fields: current.changedFields(from: wanted), in: &plane)
  }

  /// Gives `fields` of a rectangle the values they have in `wanted`, recording the way back.
  private mutating func change(
    _ id: Identifier, from current: Rectangle, to wanted: Rectangle, fields: [Rectangle.Field],
    in plane: inout Plane
  ) throws(ModelError) {
    guard !fields.isEmpty else { return }
    let new = RectangleEdit(wanted, fields: fields)
    try new.apply(to: &plane, rectangle: id)
    undo.append(.set(id, to: RectangleEdit(current, fields: fields), was: new))
    self.fields.formUnion(fields)
    touch(id, .set)
  }

  // MARK: - Adding and removing

  /// Adds rectangles: in one pass when each has a z-index and they rise strictly (the undo of
  /// a removal), else one by one.
  mutating func add(
    _ additions: [(RectangleEdit, id: Identifier?, at: Int?)], to plane: inout Plane
  )
    throws(ModelError)
  {
    var made: [(rectangle: Rectangle, zIndex: Int?)] = []
    var ids: Set<Identifier> = []
    for (fields, id, index) in additions {
      if let id, plane.contains(id) || ids.contains(id) {
        notice(id, "A rectangle with the id \(id) is already there; it was left as it is.")
        continue
      }
      var rectangle: Rectangle
      repeat {
        rectangle = try factory.makeRectangle(
          for: plane, x: fields.x, y: fields.y, width: fields.width, height: fields.height,
          color: fields.color, alpha: fields.alpha)
      } while id == nil && ids.contains(rectangle.id)
      if let id {
        rectangle = Rectangle(
          id: id, point: rectangle.point, size: rectangle.size, color: rectangle.color,
          alpha: rectangle.alpha)
      }
      ids.insert(rectangle.id)
      made.append((rectangle, index))
    }
    let indexes = made.compactMap(\.zIndex)
    if made.count > 1, indexes.count == made.count, zip(indexes, indexes.dropFirst()).allSatisfy(<)
    {
      try plane.insert(made.map { ($0.rectangle, $0.zIndex ?? 0) })
    } else {
      for (rectangle, index) in made {
        try plane.add(rectangle)
        if let index { try plane.place(rectangle.id, atZIndex: index) }
      }
    }
    for (rectangle, _) in made {
      added.append(rectangle.id)
      undo.append(.remove(rectangle.id, was: rectangle))
      touch(rectangle.id, .add)
    }
  }

  /// Removes rectangles in one pass; one that changed since the page showed it (`was`) is kept.
  mutating func remove(_ removals: [(Identifier, was: Rectangle?)], from plane: inout Plane) {
    var ids: Set<Identifier> = []
    for (id, was) in removals {
      // Removed already: what was asked is done.
      guard let current = plane[id] else { continue }
      if let was, !current.changedFields(from: was).isEmpty {
        notice(id, "Someone else changed this rectangle since; it was kept.")
      } else {
        ids.insert(id)
      }
    }
    guard !ids.isEmpty else { return }
    // From the top down, so that taken back (in the opposite order) each goes back in its place.
    for (rectangle, index) in plane.remove(ids).reversed() {
      undo.append(
        .add(
          RectangleEdit(rectangle, fields: Rectangle.Field.allCases), id: rectangle.id, at: index))
      touch(rectangle.id, .remove)
    }
  }

  // MARK: - Z-order

  private mutating func order(_ ids: [Identifier], _ target: OrderTarget, in plane: inout Plane) {
    var chosen: Set<Identifier> = []
    for id in ids {
      if plane.contains(id) { chosen.insert(id) } else { removedMeanwhile(id) }
    }
    let before = placements(of: chosen, in: plane)
    let moves: [Plane.ZMove]
    switch target {
    case .front: moves = plane.raise(chosen, toTop: true)
    case .forward: moves = plane.raise(chosen, toTop: false)
    case .backward: moves = plane.lower(chosen, toBottom: false)
    case .back: moves = plane.lower(chosen, toBottom: true)
    }
    reordered(before, moved: moves.map(\.id))
  }

  private mutating func arrange(_ wanted: [Placement], in plane: inout Plane) throws(ModelError) {
    var chosen: Set<Identifier> = []
    var kept: [Placement] = []
    for placement in wanted {
      guard plane.contains(placement.id) else {
        removedMeanwhile(placement.id)
        continue
      }
      if chosen.insert(placement.id).inserted { kept.append(placement) }
    }
    // The lowest first; of two at one z-index, the one listed first.
    kept = kept.enumerated().sorted {
      ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset)
    }
    .map(\.element)
    let before = placements(of: chosen, in: plane)
    let taken = Dictionary(
      uniqueKeysWithValues: plane.remove(chosen).map { ($0.rectangle.id, $0.rectangle) })
    var target = -1
    var new: [(rectangle: Rectangle, zIndex: Int)] = []
    for placement in kept {
      // Each above the one before: z-indexes that repeat or go past the top stack up.
      target = min(max(placement.zIndex, target + 1), plane.count + new.count)
      if let rectangle = taken[placement.id] { new.append((rectangle, target)) }
    }
    try plane.insert(new)
    let moved = before.filter { plane.zIndex(of: $0.id) != $0.zIndex }.map(\.id)
    reordered(before, moved: moved)
  }

  /// Where rectangles are, the lowest first.
  private func placements(of ids: Set<Identifier>, in plane: Plane) -> [Placement] {
    ids.compactMap { id in plane.zIndex(of: id).map { Placement(id, at: $0) } }
      .sorted { $0.zIndex < $1.zIndex }
  }

  /// Records a reordering: one step takes it back, putting each where it was.
  private mutating func reordered(_ before: [Placement], moved: [Identifier]) {
    guard !moved.isEmpty else { return }
    undo.append(.arrange(before))
    for id in moved { touch(id, .order) }
  }

  private mutating func moved(_ id: Identifier, from index: Int) {
    undo.append(.place(id, at: index))
    touch(id, .order)
  }

  // MARK: - What was done

  private mutating func touch(_ id: Identifier, _ kind: Kind) {
    kinds.insert(kind)
    if touchedSet.insert(id).inserted { touched.append(id) }
  }

  private mutating func removedMeanwhile(_ id: Identifier) {
    notice(id, "Someone else removed a rectangle this edit changes; it stays removed.")
  }

  private mutating func notice(_ id: Identifier?, _ message: String) {
    notices.append(Notice(rectangle: id, message: message))
  }

  /// The change in the history's words.
  var change: Change {
    guard !kinds.isEmpty else { return title.map { .renamed(to: $0) } ?? .unchanged }
    let count = touched.count
    let words: Change
    if kinds == [.add] {
      words = .added(added)
    } else if kinds == [.remove] {
      words = count == 1 ? .removed(touched[0]) : .other("removed \(Change.rectangles(count))")
    } else if kinds == [.set] {
      let names = Rectangle.Field.allCases.filter(fields.contains)
      words =
        count == 1
        ? .set(names, of: touched[0])
        : .other("set \(Change.list(names.map(\.rawValue))) of \(Change.rectangles(count))")
    } else if kinds == [.order] {
      words = .other(
        count == 1 ? "moved \(touched[0]) in z-order" : "reordered \(Change.rectangles(count))")
    } else {
      words = .other("changed \(Change.rectangles(count))")
    }
    guard let title else { return words }
    return .other("renamed to \"\(title)\"; \(words.words)")
  }
}

extension RectangleEdit {
  /// An edit giving `fields` the values they have in `rectangle`.
  init(_ rectangle: Rectangle, fields: [Rectangle.Field]) {
    self.init()
    for field in fields {
      switch field {
      case .x: x = rectangle.point.x
      case .y: y = rectangle.point.y
      case .width: width = rectangle.size.width
      case .height: height = rectangle.size.height
      case .color: color = rectangle.color
      case .alpha: alpha = rectangle.alpha
      }
    }
  }

  /// `rectangle` with the fields this edit gives.
  ///
  /// - Throws: A `ModelError` for a point or size the model refuses.
  func applied(to rectangle: Rectangle) throws(ModelError) -> Rectangle {
    Rectangle(
      id: rectangle.id,
      point: try Point(x: x ?? rectangle.point.x, y: y ?? rectangle.point.y),
      size: try Size(width: width ?? rectangle.size.width, height: height ?? rectangle.size.height),
      color: color ?? rectangle.color, alpha: alpha ?? rectangle.alpha)
  }
}
