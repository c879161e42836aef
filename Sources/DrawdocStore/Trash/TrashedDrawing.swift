import DrawdocModel

/// A drawing in the store's trash: deleted, but kept with its history until the trash is
/// emptied.
public struct TrashedDrawing: Hashable, Sendable {
  /// The drawing's id.
  public let id: Identifier
  /// Its title.
  public let title: String
  /// How many rectangles it has.
  public let rectangleCount: Int
  /// Its current version.
  public let version: Int
  /// When it was moved to the trash.
  public let trashed: Timestamp

  /// Makes a row of the trash.
  ///
  /// - Parameters:
  ///   - id: The drawing's id.
  ///   - title: Its title.
  ///   - rectangleCount: How many rectangles it has.
  ///   - version: Its current version.
  ///   - trashed: When it went to the trash.
  public init(id: Identifier, title: String, rectangleCount: Int, version: Int, trashed: Timestamp)
  {
    self.id = id
    self.title = title
    self.rectangleCount = rectangleCount
    self.version = version
    self.trashed = trashed
  }
}
