import DrawdocModel

/// What import mode made of an SVG file: the drawing, and every loss on the way.
public struct ImportResult: Sendable {
  /// The drawing: the rectangles that could be kept, in document order (z-order).
  public let drawing: Drawing
  /// What was skipped or simplified, in the order of the lines; empty when the file was a
  /// drawdoc drawing or said nothing drawdoc could not keep.
  public let warnings: [ImportWarning]

  /// Makes a result.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - warnings: The warnings, in line order.
  public init(drawing: Drawing, warnings: [ImportWarning]) {
    self.drawing = drawing
    self.warnings = warnings
  }
}
