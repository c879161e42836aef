import DrawdocModel

/// The error a random edit throws after changing part of the drawing.
package struct RandomEditFailure: Error, Equatable {
  package init() {}
}

/// An edit planned from a drawing as it is: what it touches, and a change to apply to it. The
/// change captures only values, so it does the same to two drawings that are the same.
package struct PlannedEdit {
  /// The rectangles the edit touches: those its base is checked against (`nil`: the whole
  /// drawing; empty: none).
  package var rectangles: [Identifier]?
  /// Applies the edit; returns its words, or `nil` when it changed nothing. It may throw
  /// ``RandomEditFailure`` after changing part of the drawing.
  package var apply: @Sendable (inout Drawing) throws -> String?
}

/// Plans random edits of every kind a drawing can have: setting fields, adding, removing,
/// moving in z-order, renaming, clearing, a new canvas, the whole plane replaced, and edits
/// that fail halfway; with the tricky numbers and titles of ``RandomDrawings``.
package struct RandomEdits {
  package var values: RandomDrawings

  package init(seed: UInt64) {
    values = RandomDrawings(generator: SeededRandomNumberGenerator(seed: seed))
  }

  /// A number in `0..<bound`.
  package mutating func number(_ bound: Int) -> Int {
    Int.random(in: 0..<max(1, bound), using: &values.generator)
  }

  /// A random rectangle with an id the plane does not have.
  package mutating func rectangle(for plane: Plane) throws -> Rectangle {
    var id = Identifier.random(using: &values.generator)
    while plane.contains(id) { id = Identifier.random(using: &values.generator) }
    return try Rectangle(
      id: id, point: try Point(x: values.double(), y: values.double()),
      size: try Size(width: values.length(), height: values.length()),
      color: Color(
        red: .random(in: 0...255, using: &values.generator),
        green: .random(in: 0...255, using: &values.generator),
        blue: .random(in: 0...255, using: &values.generator)),
      alpha: Alpha.allLevels.randomElement(using: &values.generator) ?? Alpha.allLevels[9])
  }

  /// Plans an edit of `drawing`.
  package mutating func plan(for drawing: Drawing) throws -> PlannedEdit {
    let plane = drawing.plane
    let ids = plane.rectangles.map(\.id)
    let pick = ids.isEmpty ? nil : ids[number(ids.count)]
    let roll = number(100)
    switch roll {
    case 0..<35:
      guard let pick else { return try plan(for: drawing) }
      let x = values.double()
      let width = values.length()
      let alpha = Alpha.allLevels[number(10)]
      let fields = number(4)
      return PlannedEdit(rectangles: [pick]) { drawing in
        if fields != 1 { try drawing.plane.updatePoint(of: pick, to: Point(x: x, y: x / 2)) }
        if fields != 2 {
          try drawing.plane.updateSize(of: pick, to: Size(width: width, height: width))
        }
        if fields != 0 { try drawing.plane.updateAlpha(of: pick, to: alpha) }
        return "set \(fields) of \(pick)"
      }
    case 35..<55:
      var added: [Rectangle] = []
      var growing = plane
      for _ in 0...number(3) {
        let rectangle = try rectangle(for: growing)
        try growing.add(rectangle)
        added.append(rectangle)
      }
      let all = added
      return PlannedEdit(rectangles: []) { drawing in
        for rectangle in all { try drawing.plane.add(rectangle) }
        return "added \(all.count)"
      }
    case 55..<67:
      guard let pick else { return try plan(for: drawing) }
      return PlannedEdit(rectangles: [pick]) { drawing in
        try drawing.plane.remove(pick)
        return "removed \(pick)"
      }
    case 67..<79:
      guard let pick else { return try plan(for: drawing) }
      let way = number(4)
      return PlannedEdit(rectangles: [pick]) { drawing in
        let moved =
          way < 2
          ? try drawing.plane.raise(pick, toTop: way == 1)
          : try drawing.plane.lower(pick, toBottom: way == 3)
        return moved ? "moved \(pick) \(way)" : nil
      }
    case 79..<85:
      let title = values.title()
      return PlannedEdit(rectangles: nil) { drawing in
        try drawing.plane.rename(to: title)
        return "renamed"
      }
    case 85..<88:
      return PlannedEdit(rectangles: nil) { drawing in
        drawing.plane.removeAll()
        return "cleared"
      }
    case 88..<90:
      let size = try Size(width: values.length(), height: values.length())
      return PlannedEdit(rectangles: nil) { drawing in
        drawing.plane.size = size
        return "resized"
      }
    case 90..<95:
      let extra = try rectangle(for: plane)
      let x = values.double()
      return PlannedEdit(rectangles: pick.map { [$0] }) { drawing in
        try drawing.plane.add(extra)
        if let pick { try drawing.plane.updatePoint(of: pick, to: Point(x: x, y: x)) }
        try drawing.plane.rename(to: "half")
        throw RandomEditFailure()
      }
    default:
      let kept = ids.filter { _ in number(2) == 0 }.compactMap { plane[$0] }.reversed()
      let replaced = try Plane(size: plane.size, title: "replaced", rectangles: Array(kept))
      let fails = roll >= 98
      return PlannedEdit(rectangles: nil) { drawing in
        drawing.plane = replaced
        if fails { throw RandomEditFailure() }
        return "replaced"
      }
    }
  }
}
