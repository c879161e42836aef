import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel
import DrawdocPDF
import DrawdocRaster
import DrawdocStore

/// A drawing written as a file, the one export of `drawdoc export`, `drawdoc convert` and the
/// app's `GET /api/drawings/ID/export`: every format drawdoc writes, behind one format and one
/// file, so that no front end picks the module that writes it.
///
/// SVG, PNG and the JSON form are the store's ``DrawdocStore/DrawingExport`` (the library's
/// public export, kept as it was released); PDF, draw.io and Excalidraw are written by their
/// own modules.
package enum Export {
  /// A format drawdoc writes, named by `--format`, a file's extension or the app's `format`.
  package enum Format: String, CaseIterable, Sendable {
    /// The drawdoc SVG file.
    case svg
    /// A picture, which carries the drawing unless told not to.
    case png
    /// The JSON form.
    case json
    /// A vector PDF file of one page.
    case pdf
    /// A draw.io file of one uncompressed page.
    case drawio
    /// An Excalidraw scene.
    case excalidraw

    /// The format a file name's extension names (in any case), if any.
    package init?(path: String) {
      guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
      self.init(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// The file's media type, an answer's `Content-Type`.
    package var mediaType: String {
      switch self {
      case .svg: return "image/svg+xml"
      case .png: return "image/png"
      case .json: return "application/json"
      case .pdf: return "application/pdf"
      case .drawio: return "application/vnd.jgraph.mxfile"
      case .excalidraw: return "application/json"
      }
    }

    /// Whether the file is binary, which the command line does not write to a terminal.
    package var isBinary: Bool { self == .png || self == .pdf }
  }

  /// How a picture or a PDF is made; every other format ignores these.
  package struct Options: Sendable {
    /// PNG only: pixels per canvas unit.
    package var scale: Double
    /// PNG only: a color under the drawing, or `nil` for transparency.
    package var background: Color?
    /// PNG only: whether it carries the drawing, so that it can be read again.
    package var embed: Bool
    /// PDF only: whether the document carries the drawing's creation and modification times.
    package var dated: Bool

    /// Options; the defaults are those of a plain `drawdoc export`.
    package init(
      scale: Double = 1, background: Color? = nil, embed: Bool = true, dated: Bool = false
    ) {
      self.scale = scale
      self.background = background
      self.embed = embed
      self.dated = dated
    }
  }

  /// Makes ready to write a drawing in a format: a picture is drawn and encoded now, so that
  /// whatever could go wrong with it goes wrong before anything is written; the other formats
  /// are made as they are written.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - format: The format.
  ///   - options: How a picture or a PDF is made.
  /// - Returns: The file, ready to be written.
  /// - Throws: A `RasterError` if a picture cannot be made at that scale.
  package static func prepare(
    _ drawing: Drawing, as format: Format, options: Options = Options()
  ) throws(RasterError) -> File {
    switch format {
    case .svg: return File(format: format, content: .prepared(try store(drawing, .svg, options)))
    case .png: return File(format: format, content: .prepared(try store(drawing, .png, options)))
    case .json: return File(format: format, content: .prepared(try store(drawing, .json, options)))
    case .pdf, .drawio, .excalidraw:
      return File(format: format, content: .whole(drawing, dated: options.dated))
    }
  }

  /// The whole file of a drawing in a format.
  ///
  /// - Throws: A `RasterError` if a picture cannot be made at that scale.
  package static func bytes(_ drawing: Drawing, as format: Format, options: Options = Options())
    throws(RasterError) -> [UInt8]
  {
    try prepare(drawing, as: format, options: options).bytes
  }

  /// Replaces or creates a file with content made a piece at a time, each piece written as it
  /// comes, the way the store writes its own files: to a temporary file beside `path`, renamed
  /// over it once complete, so that a failure leaves `path` as it was. Not flushed to disk, as
  /// `cp` does not: an output can be made again, while a flush of a big file waits for the disk.
  ///
  /// - Parameters:
  ///   - path: The file to replace or create.
  ///   - produce: Makes the content, passing each piece, in order, to the function it receives.
  /// - Throws: A `StoreError`; `path` is then unchanged.
  package static func writeFile(
    at path: String,
    _ produce: (_ write: (UnsafeRawBufferPointer) throws(StoreError) -> Void) throws(StoreError)
      -> Void
  ) throws(StoreError) {
    try StoreFiles.writeAtomically(to: path, flush: false, produce)
  }

  private static func store(_ drawing: Drawing, _ format: DrawingExport.Format, _ options: Options)
    throws(RasterError) -> DrawingExport.File
  {
    try DrawingExport.prepare(
      drawing, as: format, scale: options.scale, background: options.background,
      embed: options.embed)
  }

  /// A drawing ready to be written in a format, from ``Export/prepare(_:as:options:)``.
  package struct File: Sendable {
    /// The format.
    package let format: Format

    fileprivate enum Content: Sendable {
      case prepared(DrawingExport.File)
      case whole(Drawing, dated: Bool)
    }

    fileprivate let content: Content

    /// Writes the file a piece at a time, so that a big drawing never sits in memory whole.
    ///
    /// - Parameter emit: Receives the file's bytes, in order; each piece is valid only during
    ///   its call.
    /// - Throws: Whatever `emit` throws; writing stops there.
    package func write<Failure: Error>(
      to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
      switch content {
      case .prepared(let file): try file.write(to: emit)
      case .whole(let drawing, let dated) where format == .pdf && dated:
        try PDFEncoder.encode(
          drawing.plane, created: drawing.created, modified: drawing.modified, emit: emit)
      case .whole(let drawing, _) where format == .pdf:
        try PDFEncoder.encode(drawing.plane, emit: emit)
      case .whole(let drawing, _) where format == .drawio:
        try DrawIOWriter.write(drawing, pieceSize: PieceWriter.defaultPieceSize, to: emit)
      case .whole(let drawing, _):
        try ExcalidrawWriter.write(drawing, pieceSize: PieceWriter.defaultPieceSize, to: emit)
      }
    }

    /// The whole file.
    package var bytes: [UInt8] {
      switch content {
      case .prepared(let file): return file.bytes
      case .whole(let drawing, let dated) where format == .pdf:
        return dated ? drawing.datedPDF() : drawing.pdf()
      case .whole(let drawing, _) where format == .drawio: return DrawIOWriter.encode(drawing)
      case .whole(let drawing, _): return ExcalidrawWriter.encode(drawing)
      }
    }
  }
}
