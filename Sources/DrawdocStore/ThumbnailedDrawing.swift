import DrawdocModel

/// A drawing as a page of every drawing shows it: its index entry, its thumbnail and where its
/// file is.
public struct ThumbnailedDrawing: Hashable, Sendable {
  /// What the index knows of the drawing.
  public let entry: IndexEntry
  /// The thumbnail, a PNG at most 256 px on its long side; `nil` when none could be made.
  public let thumbnail: [UInt8]?
  /// The drawing's SVG file, as a `file://` URL.
  public let fileURL: String

  /// Makes a row of known values.
  public init(entry: IndexEntry, thumbnail: [UInt8]?, fileURL: String) {
    self.entry = entry
    self.thumbnail = thumbnail
    self.fileURL = fileURL
  }
}
