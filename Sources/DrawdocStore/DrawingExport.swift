import DrawdocModel
import DrawdocRaster
import DrawdocSVG

/// The files `export` writes, made the same way for the command line and the app: SVG (the
/// format itself), the JSON form, or a PNG that carries the drawing.
public enum DrawingExport {
  /// A format a drawing is exported to.
  public enum Format: String, CaseIterable, Sendable {
    /// The drawdoc SVG file.
    case svg
    /// A picture (with the drawing in it, see ``DrawingPNG``).
    case png
    /// The JSON form.
    case json

    /// The file's media type.
    public var mediaType: String {
      switch self {
      case .svg: return "image/svg+xml"
      case .png: return "image/png"
      case .json: return "application/json"
      }
    }
  }

  /// The bytes of a drawing in a format.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - format: The format.
  ///   - scale: PNG only: pixels per canvas unit.
  ///   - background: PNG only: a color under the drawing, or `nil` for transparency.
  ///   - embed: PNG only: whether it carries the drawing.
  /// - Returns: The file's bytes.
  /// - Throws: ``RasterError`` if a picture cannot be made at that scale.
  public static func bytes(
    _ drawing: Drawing, as format: Format, scale: Double = 1, background: Color? = nil,
    embed: Bool = true
  ) throws(RasterError) -> [UInt8] {
    switch format {
    case .svg: return SVGEncoder.encode(drawing)
    case .json: return DrawingJSON.encode(drawing)
    case .png:
      return try DrawingPNG.encode(drawing, scale: scale, background: background, embed: embed)
    }
  }
}
