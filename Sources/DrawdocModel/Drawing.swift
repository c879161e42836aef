/// A plane together with what identifies it as a document: its id and its times.
public struct Drawing: Hashable, Sendable {
  /// The drawing's identity in a store.
  public var id: Identifier
  /// When the drawing was first made.
  public var created: Timestamp
  /// When the drawing last changed.
  public var modified: Timestamp
  /// The canvas, title and rectangles.
  public var plane: Plane

  /// Makes a drawing.
  ///
  /// - Parameters:
  ///   - id: The drawing's identity.
  ///   - created: When it was first made.
  ///   - modified: When it last changed.
  ///   - plane: Its content.
  public init(id: Identifier, created: Timestamp, modified: Timestamp, plane: Plane) {
    self.id = id
    self.created = created
    self.modified = modified
    self.plane = plane
  }
}
