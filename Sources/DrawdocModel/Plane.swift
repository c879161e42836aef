/// A canvas of rectangles in z-order: the last rectangle is drawn on top.
public struct Plane: Sendable {
  /// The canvas size a new drawing gets unless told otherwise: 1024 × 768.
  public static let defaultSize = Size(trustedWidth: 1024, height: 768)

  /// The most rectangles a plane holds.
  public static let maximumRectangleCount = IdentifierIndex.maximumCount

  /// The longest title, in Unicode scalars.
  public static let maximumTitleLength = 4096

  /// The canvas width and height.
  public var size: Size
  /// The drawing's title; may be empty.
  public private(set) var title: String
  /// The rectangles, bottom first.
  public internal(set) var rectangles: [Rectangle]
  /// Where each rectangle sits in `rectangles`, kept in step with it.
  private var indexByIdentifier: IdentifierIndex
  /// The edits to the rectangles since ``startRecordingEdits()``, while they are recorded.
  var recording = EditRecording.off

  /// Makes a plane.
  ///
  /// - Parameters:
  ///   - size: The canvas size.
  ///   - title: The title; see ``rename(to:)`` for what it may hold.
  ///   - rectangles: The rectangles, bottom first, with unique ids.
  /// - Throws: ``ModelError/duplicateIdentifier(_:)`` for the first rectangle whose id an
  ///   earlier one has, ``ModelError/tooManyRectangles(_:)``, or a title error.
  public init(
    size: Size = Plane.defaultSize, title: String = "", rectangles: [Rectangle] = []
  ) throws(ModelError) {
    try Plane.validate(title: title)
    guard rectangles.count <= IdentifierIndex.maximumCount else {
      throw .tooManyRectangles(IdentifierIndex.maximumCount)
    }
    self.size = size
    self.title = title
    self.rectangles = rectangles
    self.indexByIdentifier = try IdentifierIndex.build(rectangles).get()
  }

  // MARK: - Reading

  /// The number of rectangles.
  public var count: Int { rectangles.count }

  /// Whether the plane has no rectangles.
  public var isEmpty: Bool { rectangles.isEmpty }

  /// The rectangle at a z-order position, 0 being the bottom one.
  ///
  /// - Precondition: `index` is in `0 ..< count`; anything else is a programming error.
  public subscript(index: Int) -> Rectangle { rectangles[index] }

  /// The rectangle with this id, or `nil`.
  public subscript(id: Identifier) -> Rectangle? {
    indexByIdentifier.position(of: id, in: rectangles).map { rectangles[$0] }
  }

  /// Whether a rectangle with this id is in the plane.
  ///
  /// - Parameter id: The id to look for.
  /// - Returns: `true` when a rectangle has this id.
  public func contains(_ id: Identifier) -> Bool {
    indexByIdentifier.position(of: id, in: rectangles) != nil
  }

  /// Where a rectangle sits in z-order: 0 is the bottom, `count - 1` the top.
  ///
  /// - Parameter id: The rectangle to look for.
  /// - Returns: Its index in ``rectangles``, or `nil` when no rectangle has this id.
  public func zIndex(of id: Identifier) -> Int? {
    indexByIdentifier.position(of: id, in: rectangles)
  }

  /// The topmost rectangle whose half-open box holds `point`, or `nil`.
  ///
  /// - Parameter point: The point to test.
  /// - Returns: The last rectangle in z-order that ``Rectangle/contains(_:)`` the point.
  public func rectangle(at point: Point) -> Rectangle? {
    rectangles.last { $0.contains(point) }
  }

  // MARK: - Changing

  /// Adds a rectangle on top of the others.
  ///
  /// - Parameter rectangle: The rectangle; its id must be new to this plane.
  /// - Throws: ``ModelError/duplicateIdentifier(_:)``.
  public mutating func add(_ rectangle: Rectangle) throws(ModelError) {
    guard rectangles.count < IdentifierIndex.maximumCount else {
      throw .tooManyRectangles(IdentifierIndex.maximumCount)
    }
    // The index reads ids from `rectangles`, so the rectangle goes in first.
    rectangles.append(rectangle)
    guard indexByIdentifier.insert(rectangle.id, at: rectangles.count - 1, in: rectangles) else {
      rectangles.removeLast()
      throw .duplicateIdentifier(rectangle.id)
    }
    record(.added(rectangle))
  }

  /// Moves a rectangle.
  ///
  /// - Parameters:
  ///   - id: The rectangle to change.
  ///   - point: Its new top left corner.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  public mutating func updatePoint(of id: Identifier, to point: Point) throws(ModelError) {
    try change(id) { $0.point = point }
  }

  /// Resizes a rectangle.
  ///
  /// - Parameters:
  ///   - id: The rectangle to change.
  ///   - size: Its new size.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  public mutating func updateSize(of id: Identifier, to size: Size) throws(ModelError) {
    try change(id) { $0.size = size }
  }

  /// Recolors a rectangle.
  ///
  /// - Parameters:
  ///   - id: The rectangle to change.
  ///   - color: Its new color.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  public mutating func updateColor(of id: Identifier, to color: Color) throws(ModelError) {
    try change(id) { $0.color = color }
  }

  /// Changes a rectangle's opacity level.
  ///
  /// - Parameters:
  ///   - id: The rectangle to change.
  ///   - alpha: Its new level.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  public mutating func updateAlpha(of id: Identifier, to alpha: Alpha) throws(ModelError) {
    try change(id) { $0.alpha = alpha }
  }

  /// Changes one rectangle in place, recording the step if the plane records its edits.
  private mutating func change(_ id: Identifier, _ body: (inout Rectangle) -> Void)
    throws(ModelError)
  {
    let index = try index(of: id)
    guard isRecording else { return body(&rectangles[index]) }
    let old = rectangles[index]
    body(&rectangles[index])
    record(.changed(from: old, to: rectangles[index], at: index))
  }

  /// Removes a rectangle; the ones above it move down one place.
  ///
  /// - Parameter id: The rectangle to remove.
  /// - Returns: The removed rectangle.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  @discardableResult
  public mutating func remove(_ id: Identifier) throws(ModelError) -> Rectangle {
    let index = try index(of: id)
    let removed = rectangles.remove(at: index)
    // Open addressing cannot simply forget one key, and the positions above it shift anyway.
    reindex()
    record(.removed(removed, at: index))
    return removed
  }

  // MARK: - Z-order

  /// Moves a rectangle up in z-order: one place (above the rectangle that was just above it),
  /// or to the top.
  ///
  /// - Parameters:
  ///   - id: The rectangle to move.
  ///   - toTop: `true` to make it the topmost rectangle.
  /// - Returns: Whether it moved: `false` when it already was the topmost.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  @discardableResult
  public mutating func raise(_ id: Identifier, toTop: Bool = false) throws(ModelError) -> Bool {
    let index = try index(of: id)
    return move(from: index, to: toTop ? rectangles.count - 1 : min(index + 1, count - 1))
  }

  /// Moves a rectangle down in z-order: one place (below the rectangle that was just below
  /// it), or to the bottom.
  ///
  /// - Parameters:
  ///   - id: The rectangle to move.
  ///   - toBottom: `true` to make it the bottom rectangle.
  /// - Returns: Whether it moved: `false` when it already was at the bottom.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  @discardableResult
  public mutating func lower(_ id: Identifier, toBottom: Bool = false) throws(ModelError) -> Bool {
    let index = try index(of: id)
    return move(from: index, to: toBottom ? 0 : max(index - 1, 0))
  }

  /// Moves a rectangle to a z-index: 0 is the bottom, and an index past the top means the top.
  ///
  /// - Parameters:
  ///   - id: The rectangle to move.
  ///   - index: Its new z-index; the others keep their order around it.
  /// - Returns: Whether it moved: `false` when it already was there.
  /// - Throws: ``ModelError/noSuchRectangle(_:)``.
  @discardableResult
  public mutating func place(_ id: Identifier, atZIndex index: Int) throws(ModelError) -> Bool {
    let source = try self.index(of: id)
    return move(from: source, to: min(max(index, 0), rectangles.count - 1))
  }

  /// Moves the rectangle at `source` to `target`; those in between shift by one place.
  private mutating func move(from source: Int, to target: Int) -> Bool {
    guard source != target else { return false }
    let rectangle = rectangles.remove(at: source)
    rectangles.insert(rectangle, at: target)
    reindex()
    record(.moved(from: source, to: target))
    return true
  }

  /// Indexes every rectangle again, after positions shifted.
  mutating func reindex() {
    indexByIdentifier = IdentifierIndex(minimumCapacity: rectangles.count)
    for (position, rectangle) in rectangles.enumerated() {
      _ = indexByIdentifier.insert(rectangle.id, at: position, in: rectangles)
    }
  }

  /// Removes every rectangle, keeping the canvas and the title.
  public mutating func removeAll() {
    if isRecording {
      // The old rectangles move into the record: nothing is copied.
      let old = rectangles
      rectangles = []
      record(.cleared(old))
    } else {
      rectangles.removeAll()
    }
    indexByIdentifier = IdentifierIndex()
  }

  /// Changes the title.
  ///
  /// - Parameter title: The new title: at most ``maximumTitleLength`` scalars and no control
  ///   characters other than tab, line feed and carriage return, because XML cannot hold them.
  /// - Throws: ``ModelError/invalidTitleCharacter(_:)`` or ``ModelError/titleTooLong(_:)``.
  public mutating func rename(to title: String) throws(ModelError) {
    try Plane.validate(title: title)
    self.title = title
  }

  private func index(of id: Identifier) throws(ModelError) -> Int {
    guard let index = indexByIdentifier.position(of: id, in: rectangles) else {
      throw .noSuchRectangle(id)
    }
    return index
  }

  private static func validate(title: String) throws(ModelError) {
    var length = 0
    for scalar in title.unicodeScalars {
      length += 1
      let value = scalar.value
      let allowedControl = value == 0x9 || value == 0xA || value == 0xD
      if (value < 0x20 && !allowedControl) || value == 0xFFFE || value == 0xFFFF {
        throw .invalidTitleCharacter(value)
      }
    }
    guard length <= maximumTitleLength else { throw .titleTooLong(length) }
  }
}

extension Plane: Hashable {
  public static func == (lhs: Plane, rhs: Plane) -> Bool {
    lhs.size == rhs.size && lhs.title == rhs.title && lhs.rectangles == rhs.rectangles
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(size)
    hasher.combine(title)
    hasher.combine(rectangles)
  }
}
