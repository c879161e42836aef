import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// How a conflict of a three-way merge (``DrawdocModel/PlaneMerge``) is shown: as one line of
/// text for people and as a JSON object, the same for `drawdoc merge`, `drawdoc sync` and the
/// app's Sync button.
package enum ConflictView {
  /// One line about a conflict, after `conflict: `, as `drawdoc merge` writes it.
  ///
  /// - Parameters:
  ///   - conflict: The conflict.
  ///   - ours: The OURS drawing, whose layers the z-order conflicts name.
  ///   - theirs: The THEIRS drawing.
  /// - Returns: The line, without `conflict: ` and without its end.
  package static func text(_ conflict: MergeConflict, ours: Plane, theirs: Plane) -> String {
    let kept = "kept OURS"
    switch conflict {
    case .title(let base, let mine, let other):
      return "title: OURS \(ComparedValue.title(mine)), THEIRS \(ComparedValue.title(other)) "
        + "(BASE \(ComparedValue.title(base))); \(kept)"
    case .canvas(let dimension, let base, let mine, let other):
      return "canvas \(dimension): OURS \(ShortestDecimal.string(mine)), "
        + "THEIRS \(ShortestDecimal.string(other)) (BASE \(ShortestDecimal.string(base))); \(kept)"
    case .field(let field, let base, let mine, let other):
      let origin = base.map { "BASE \(ComparedValue.text(field, of: $0))" } ?? "added on both sides"
      return "\(mine.id) \(field): OURS \(ComparedValue.text(field, of: mine)), "
        + "THEIRS \(ComparedValue.text(field, of: other)) (\(origin)); \(kept)"
    case .changedAndRemoved(let changed, let side, let fields):
      let list = fields.map(\.rawValue).joined(separator: ", ")
      return side == .ours
        ? "\(changed.id): OURS changed \(list), THEIRS removed it; \(kept) (changed)"
        : "\(changed.id): THEIRS changed \(list), OURS removed it; \(kept) (removed)"
    case .zOrder(let id, let mine, let other):
      return "\(id) z-order: OURS has it at layer \(ComparedValue.layer(mine, in: ours)), "
        + "THEIRS at layer \(ComparedValue.layer(other, in: theirs)), and the moves on the two "
        + "sides contradict each other; kept OURS' order"
    case .zOrderTooManyMoves(let mine, let other):
      return "z-order: OURS moved \(mine) rectangles and THEIRS \(other), too many to merge; "
        + "kept OURS' order"
    }
  }

  /// A conflict's object in Schema/drawdoc-merge.schema.json.
  ///
  /// - Parameters:
  ///   - conflict: The conflict.
  ///   - ours: The OURS drawing, whose layers the z-order conflicts name.
  ///   - theirs: The THEIRS drawing.
  /// - Returns: The object.
  package static func json(_ conflict: MergeConflict, ours: Plane, theirs: Plane) -> JSONValue {
    switch conflict {
    case .title(let base, let mine, let other):
      return .object([
        ("kind", .string("title")), ("base", .string(base)), ("ours", .string(mine)),
        ("theirs", .string(other)),
      ])
    case .canvas(let dimension, let base, let mine, let other):
      return .object([
        ("kind", .string("canvas")), ("field", .string(dimension.rawValue)),
        ("base", .number(base)), ("ours", .number(mine)), ("theirs", .number(other)),
      ])
    case .field(let field, let base, let mine, let other):
      return .object([
        ("kind", .string("field")), ("id", .string(mine.id.description)),
        ("field", .string(field.rawValue)),
        ("base", base.map { ComparedValue.json(field, of: $0) } ?? .null),
        ("ours", ComparedValue.json(field, of: mine)),
        ("theirs", ComparedValue.json(field, of: other)),
      ])
    case .changedAndRemoved(let changed, let side, let fields):
      return .object([
        ("kind", .string("changed-removed")), ("id", .string(changed.id.description)),
        ("changedIn", .string(side.rawValue)),
        ("fields", .array(fields.map { .string($0.rawValue) })),
      ])
    case .zOrder(let id, let mine, let other):
      return .object([
        ("kind", .string("z-order")), ("id", .string(id.description)),
        ("ours", .number(Double(ComparedValue.layer(mine, in: ours)))),
        ("theirs", .number(Double(ComparedValue.layer(other, in: theirs)))),
      ])
    case .zOrderTooManyMoves(let mine, let other):
      return .object([
        ("kind", .string("z-order-unmerged")), ("oursMoves", .number(Double(mine))),
        ("theirsMoves", .number(Double(other))),
      ])
    }
  }
}
