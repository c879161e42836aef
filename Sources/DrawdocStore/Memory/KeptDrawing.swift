import DrawdocModel

/// A drawing a ``DrawingMemory`` keeps: the drawing as its file holds it, which file and
/// version that is, and what the versions before it changed.
struct KeptDrawing: Sendable {
  /// The drawing, as its file holds it.
  var drawing: Drawing
  /// The identity of the file when it held `drawing`: a file with another identity is
  /// another version, and the drawing is read again.
  var identity: StoreFiles.Identity
  /// Its version, and what the versions before it changed.
  var versions: KeptVersions
  /// When it was last used, in the memory's count of uses.
  var lastUse: UInt64 = 0

  /// What it counts for in the memory's bound.
  var weight: Int { drawing.plane.count }

  init(drawing: Drawing, identity: StoreFiles.Identity, versions: KeptVersions) {
    self.drawing = drawing
    self.identity = identity
    self.versions = versions
  }

  /// Copies of the drawing's content now and at version `base`, or `nil` when the memory does
  /// not know every step in between. The copies share nothing with the kept drawing, so that
  /// they can be used while it changes.
  func copies(since base: Int) -> (now: PlaneParts, then: PlaneParts)? {
    guard let steps = versions.steps(after: base) else { return nil }
    let plane = drawing.plane
    let now = PlaneParts(
      size: plane.size, title: plane.title,
      rectangles: plane.rectangles.withUnsafeBufferPointer { Array($0) })
    var then = now
    for version in steps {
      PlaneEdit.undo(version.edits ?? [], on: &then.rectangles)
      then.size = version.size
      then.title = version.title
    }
    return (now, then)
  }
}

/// A kept drawing's version, and what the versions made through the memory changed.
struct KeptVersions: Sendable {
  /// The version the drawing is.
  var current: Int
  /// What the latest versions changed, oldest first, in consecutive versions, the last one
  /// `current` (or none).
  var steps: [VersionSteps]

  /// The steps of the versions after `base`, up to the current one, newest first; `nil` when
  /// the memory does not know them all step by step.
  func steps(after base: Int) -> [VersionSteps]? {
    guard base <= current else { return nil }
    let count = current - base
    guard count <= steps.count else { return nil }
    let needed = steps.suffix(count)
    guard needed.first.map({ $0.version == base + 1 }) ?? true,
      needed.allSatisfy({ $0.edits != nil })
    else { return nil }
    return needed.reversed()
  }

  /// The value a rectangle had at version `base`, or `nil` when the memory cannot tell.
  ///
  /// - Parameters:
  ///   - id: The rectangle.
  ///   - base: An older version (or the current one).
  ///   - value: Its value now: in the current version, then through `pending`.
  ///   - pending: Steps made after the current version (a change under way), oldest first.
  /// - Returns: The value (`.some(nil)`: the rectangle was not there), or `nil`.
  func value(of id: Identifier, at base: Int, now value: Rectangle?, pending: [PlaneEdit])
    -> Rectangle??
  {
    guard let versions = steps(after: base) else { return nil }
    var value = Self.value(of: id, before: pending, now: value)
    for version in versions {
      // `steps(after:)` returns only versions known step by step.
      value = Self.value(of: id, before: version.edits ?? [], now: value)
    }
    return .some(value)
  }

  /// The value a rectangle had before some steps, given its value after them.
  static func value(of id: Identifier, before edits: [PlaneEdit], now value: Rectangle?)
    -> Rectangle?
  {
    var value = value
    for edit in edits.reversed() {
      if case .cleared(let old) = edit {
        value = old.first { $0.id == id }
      } else if let (changed, before) = edit.valueBefore, changed == id {
        value = before
      }
    }
    return value
  }
}

/// A plane's content, without the index a ``DrawdocModel/Plane`` builds: what is copied out of
/// the memory under its lock, to become a plane outside it.
struct PlaneParts: Sendable {
  var size: Size
  var title: String
  var rectangles: [Rectangle]

  /// The plane, or `nil` if the parts do not make one (they always do when they were copied
  /// from one).
  var plane: Plane? { try? Plane(size: size, title: title, rectangles: rectangles) }
}

/// What one version changed, step by step, with the title and canvas of the version before.
struct VersionSteps: Sendable {
  /// The version.
  let version: Int
  /// Its steps, oldest first; `nil` when they are not known one by one (a clear, an undo, a
  /// whole new drawing).
  let edits: [PlaneEdit]?
  /// The canvas of the version before.
  let size: Size
  /// The title of the version before.
  let title: String

  init(version: Int, edits: [PlaneEdit]?, size: Size, title: String) {
    self.version = version
    // A clear would keep every rectangle it took out; the memory keeps only small steps.
    self.edits =
      edits?.contains(where: {
        if case .cleared = $0 { return true }
        return false
      }) == true ? nil : edits
    self.size = size
    self.title = title
  }
}
