import DrawdocModel

/// What the store's index knows of one drawing: enough to list it without reading its file.
public struct IndexEntry: Hashable, Sendable {
  /// The drawing's id, which is also its file name.
  public let id: Identifier
  /// The title.
  public let title: String
  /// When the drawing was made.
  public let created: Timestamp
  /// When it last changed.
  public let modified: Timestamp
  /// How many rectangles it has.
  public let rectangleCount: Int
  /// The canvas size.
  public let size: Size

  /// Summarizes a drawing.
  ///
  /// - Parameter drawing: The drawing.
  public init(_ drawing: Drawing) {
    id = drawing.id
    title = drawing.plane.title
    created = drawing.created
    modified = drawing.modified
    rectangleCount = drawing.plane.count
    size = drawing.plane.size
  }

  init(
    id: Identifier, title: String, created: Timestamp, modified: Timestamp, rectangleCount: Int,
    size: Size
  ) {
    self.id = id
    self.title = title
    self.created = created
    self.modified = modified
    self.rectangleCount = rectangleCount
    self.size = size
  }
}

/// One row of a store listing: a drawing, or a file that is not a valid drawing.
public enum ListedDrawing: Hashable, Sendable {
  /// A readable drawing.
  case drawing(IndexEntry)
  /// A drawing file that could not be read; it is left in place.
  case damaged(id: Identifier, reason: String)

  /// The id of the row's drawing.
  public var id: Identifier {
    switch self {
    case .drawing(let entry): return entry.id
    case .damaged(let id, _): return id
    }
  }
}

/// The drawings of a store, newest first, with any warning about its index.
public struct StoreListing: Sendable {
  /// Every drawing, most recently modified first; damaged ones last.
  public let drawings: [ListedDrawing]
  /// Messages about the index: rebuilt because it was missing, damaged or stale.
  public let warnings: [String]
}
