import DrawdocModel

/// A drawing with the number of the version it is.
public struct Revision: Hashable, Sendable {
  /// The drawing.
  public let drawing: Drawing
  /// Its version.
  public let version: Int

  /// Makes a revision.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - version: Its version number.
  public init(drawing: Drawing, version: Int) {
    self.drawing = drawing
    self.version = version
  }
}
