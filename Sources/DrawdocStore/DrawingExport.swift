import DrawdocJSON
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
  /// - Throws: ``DrawdocRaster/RasterError`` if a picture cannot be made at that scale.
  public static func bytes(
    _ drawing: Drawing, as format: Format, scale: Double = 1, background: Color? = nil,
    embed: Bool = true
  ) throws(RasterError) -> [UInt8] {
    try prepare(drawing, as: format, scale: scale, background: background, embed: embed).bytes
  }

  /// Makes ready to write a drawing in a format, for ``File/write(pieceSize:to:)`` to write it
  /// a piece at a time: a picture is drawn and encoded now, so that whatever could go wrong
  /// with it goes wrong before anything is written; SVG and JSON are made as they are written.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - format: The format.
  ///   - scale: PNG only: pixels per canvas unit.
  ///   - background: PNG only: a color under the drawing, or `nil` for transparency.
  ///   - embed: PNG only: whether it carries the drawing.
  /// - Returns: The file, ready to be written.
  /// - Throws: ``DrawdocRaster/RasterError`` if a picture cannot be made at that scale.
  public static func prepare(
    _ drawing: Drawing, as format: Format, scale: Double = 1, background: Color? = nil,
    embed: Bool = true
  ) throws(RasterError) -> File {
    switch format {
    case .svg: return File(format: format, content: .svg(drawing))
    case .json: return File(format: format, content: .json(drawing))
    case .png:
      let picture = try DrawingPNG.file(
        drawing, scale: scale, background: background, embed: embed)
      return File(format: format, content: .png(picture))
    }
  }

  /// A drawing ready to be written in a format, from ``prepare(_:as:scale:background:embed:)``.
  public struct File: Sendable {
    /// The format.
    public let format: Format

    fileprivate enum Content: Sendable {
      case svg(Drawing)
      case json(Drawing)
      case png(PNGEncoder.File)
    }

    fileprivate let content: Content

    /// Writes the file a piece at a time: SVG and JSON are made as they are written, so a big
    /// drawing never sits in memory as text, only one piece of about `pieceSize` bytes does.
    ///
    /// - Parameters:
    ///   - pieceSize: About how many bytes each piece holds.
    ///   - emit: Receives the file's bytes, in order, one piece per call; each piece is valid
    ///     only during its call.
    /// - Throws: Whatever `emit` throws; writing stops there.
    public func write<Failure: Error>(
      pieceSize: Int = 1 << 20, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
      switch content {
      case .svg(let drawing): try SVGEncoder.encode(drawing, pieceSize: pieceSize, emit: emit)
      case .json(let drawing): try DrawingJSON.encode(drawing, pieceSize: pieceSize, emit: emit)
      case .png(let picture): try picture.write(to: emit)
      }
    }

    /// The whole file.
    public var bytes: [UInt8] {
      switch content {
      case .svg(let drawing): return SVGEncoder.encode(drawing)
      case .json(let drawing): return DrawingJSON.encode(drawing)
      case .png(let picture): return picture.bytes
      }
    }
  }
}
