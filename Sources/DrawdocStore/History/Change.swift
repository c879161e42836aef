import DrawdocModel

/// What a change did to a drawing, in words a person reads in its history
/// (`set color of afy-kw5-t7o`, `added 3 rectangles`). The command line and every other view
/// describe the same change with the same case, so the history reads alike wherever the change
/// was made.
public enum Change: Hashable, Sendable {
  /// A new drawing, with this many rectangles from the factory.
  case created(randomRectangles: Int)
  /// A new drawing read from a file (`-` for standard input).
  case imported(file: String)
  /// A new drawing copied from another.
  case duplicated(from: Identifier)
  /// Rectangles added on top.
  case added([Identifier])
  /// Fields of one rectangle changed.
  case set([Rectangle.Field], of: Identifier)
  /// A rectangle moved up in z-order: one step, or to the top.
  case raised(Identifier, toTop: Bool)
  /// A rectangle moved down in z-order: one step, or to the bottom.
  case lowered(Identifier, toBottom: Bool)
  /// One rectangle removed.
  case removed(Identifier)
  /// Every rectangle removed; this many were there.
  case cleared(count: Int)
  /// The title changed.
  case renamed(to: String)
  /// A new version read from a file (`-` for standard input).
  case newVersion(file: String)
  /// An older version made current again.
  case restored(version: Int)
  /// The drawing file was replaced or edited by another program.
  case changedOutside
  /// Anything else, in the caller's words.
  case other(String)
  /// Nothing changed: ``DocumentStore/update(_:at:_:)`` then writes nothing.
  case unchanged

  /// The words of the history: `set color and alpha of afy-kw5-t7o`.
  public var words: String {
    switch self {
    case .created(let count):
      return count == 0 ? "created" : "created with \(Change.rectangles(count)) from the factory"
    case .imported(let file): return "saved from \(Change.fileName(file))"
    case .duplicated(let original): return "duplicated from \(original)"
    case .added(let ids):
      return ids.count == 1 ? "added \(ids[0])" : "added \(Change.rectangles(ids.count))"
    case .set(let fields, let id):
      return "set \(Change.list(fields.map(\.rawValue))) of \(id)"
    case .raised(let id, let toTop): return "raised \(id) \(toTop ? "to the top" : "one step")"
    case .lowered(let id, let toBottom):
      return "lowered \(id) \(toBottom ? "to the bottom" : "one step")"
    case .removed(let id): return "removed \(id)"
    case .cleared(let count): return "cleared \(Change.rectangles(count))"
    case .renamed(let title): return "renamed to \"\(Change.shortened(title))\""
    case .newVersion(let file): return "new version saved from \(Change.fileName(file))"
    case .restored(let version): return "restored version \(version)"
    case .changedOutside: return "changed outside drawdoc"
    case .other(let words): return words
    case .unchanged: return "unchanged"
    }
  }

  /// Whether the change is a new title and nothing else: watchers hear it as a rename.
  var isRename: Bool {
    if case .renamed = self { return true }
    return false
  }

  /// `1 rectangle`, `3 rectangles`.
  package static func rectangles(_ count: Int) -> String {
    count == 1 ? "1 rectangle" : "\(count) rectangles"
  }

  /// `x`, `x and y`, `x, y and color`.
  package static func list(_ items: [String]) -> String {
    guard let last = items.last else { return "nothing" }
    guard items.count > 1 else { return last }
    return items.dropLast().joined(separator: ", ") + " and " + last
  }

  /// The last part of a path; standard input for `-`.
  private static func fileName(_ path: String) -> String {
    path == "-" ? "standard input" : String(path.split(separator: "/").last ?? Substring(path))
  }

  /// A title cut to 40 characters for a line of history.
  private static func shortened(_ title: String) -> String {
    let scalars = title.unicodeScalars
    guard scalars.count > 40 else { return title }
    return String(String.UnicodeScalarView(scalars.prefix(39))) + "…"
  }
}
