/// A change that OURS and THEIRS made to the same thing in two ways. A merge keeps OURS for
/// each conflict.
public enum MergeConflict: Equatable, Sendable {
  /// One side of a three-way merge.
  public enum Side: String, Sendable {
    /// OURS, the drawing merged into (in `git merge`, the checked-out branch's): a conflict
    /// keeps its value.
    case ours
    /// THEIRS, the drawing merged in (in `git merge`, the other branch's).
    case theirs
  }

  /// A side of the canvas.
  public enum Dimension: String, Sendable {
    /// The canvas's extent along the x axis, the root's `width`.
    case width
    /// The canvas's extent along the y axis, the root's `height`.
    case height
  }

  /// Both sides changed the title, differently.
  case title(base: String, ours: String, theirs: String)

  /// Both sides changed a side of the canvas, differently.
  case canvas(Dimension, base: Double, ours: Double, theirs: Double)

  /// Both sides changed a field of a rectangle, differently; or both added a rectangle with
  /// this id and different values (`base` is then `nil`).
  case field(Rectangle.Field, base: Rectangle?, ours: Rectangle, theirs: Rectangle)

  /// One side changed a rectangle (these fields) and the other removed it.
  case changedAndRemoved(changed: Rectangle, changedIn: Side, fields: [Rectangle.Field])

  /// The two sides moved rectangles in z-order so that no order keeps every move: this
  /// rectangle's move could not be kept. Its z-indexes in OURS and THEIRS (0 is the bottom).
  case zOrder(Identifier, ours: Int, theirs: Int)

  /// Both sides moved so many rectangles in z-order (these counts) that comparing them would
  /// take too long.
  case zOrderTooManyMoves(ours: Int, theirs: Int)

  /// The rectangle the conflict is about, if any.
  public var rectangle: Identifier? {
    switch self {
    case .title, .canvas, .zOrderTooManyMoves: return nil
    case .field(_, _, let ours, _): return ours.id
    case .changedAndRemoved(let changed, _, _): return changed.id
    case .zOrder(let id, _, _): return id
    }
  }
}
