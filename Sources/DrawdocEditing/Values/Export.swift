import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel
import DrawdocPDF
import DrawdocRaster
import DrawdocSVG
import DrawdocStore

/// A drawing written as a file, the one export of `drawdoc export`, `drawdoc convert` and the
/// app's `GET /api/drawings/ID/export`: every format drawdoc writes, behind one format and one
/// file, so that no front end picks the module that writes it.
///
/// SVG, PNG and the JSON form are the store's ``DrawdocStore/DrawingExport`` (the library's
/// public export, kept as it was released); PDF, draw.io and Excalidraw are written by their
/// own modules. The editable pictures (`drawio.svg`, `drawio.png`, `excalidraw.svg`,
/// `excalidraw.png`) are the drawing's picture, in SVG as drawdoc draws it or in PNG as
/// DrawdocRaster does, carrying the draw.io file or the Excalidraw scene where that program
/// puts it: draw.io and Excalidraw open them as the diagram, browsers as the picture, and
/// drawdoc reads them back as the same drawing.
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
    /// draw.io's editable SVG: the picture, the draw.io file in the root's `content`.
    case drawioSVG = "drawio.svg"
    /// draw.io's editable PNG: the picture, the draw.io file in a `tEXt` chunk `mxfile`.
    case drawioPNG = "drawio.png"
    /// Excalidraw's SVG with the scene embedded, in `<metadata>`.
    case excalidrawSVG = "excalidraw.svg"
    /// Excalidraw's PNG with the scene embedded, in a `tEXt` chunk.
    case excalidrawPNG = "excalidraw.png"

    /// The format a file name's extension names (in any case), if any: its two last ones for
    /// an editable picture (`plan.drawio.svg`), else its last one.
    package init?(path: String) {
      let name = (path.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
        .lowercased()
      for format in Self.allCases
      where format.rawValue.contains(".") && name.hasSuffix(".\(format.rawValue)") {
        self = format
        return
      }
      guard let dot = name.lastIndex(of: ".") else { return nil }
      self.init(rawValue: String(name[name.index(after: dot)...]))
    }

    /// The file's media type, an answer's `Content-Type`.
    package var mediaType: String {
      switch self {
      case .svg, .drawioSVG, .excalidrawSVG: return "image/svg+xml"
      case .png, .drawioPNG, .excalidrawPNG: return "image/png"
      case .json: return "application/json"
      case .pdf: return "application/pdf"
      case .drawio: return "application/vnd.jgraph.mxfile"
      case .excalidraw: return "application/json"
      }
    }

    /// Whether the file is a PNG picture, which `scale` and `background` apply to.
    package var isPNG: Bool { mediaType == "image/png" }

    /// Whether the file is binary, which the command line does not write to a terminal.
    package var isBinary: Bool { isPNG || self == .pdf }

    /// The formats' names, for a message: `svg, png, … or excalidraw.png`.
    package static var names: String { listed("") }

    /// The file name endings that name them, for a message: `.svg, .png, … or .excalidraw.png`.
    package static var endings: String { listed(".") }

    private static func listed(_ prefix: String) -> String {
      let names = allCases.map { prefix + $0.rawValue }
      return names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
    }
  }

  /// How a picture or a PDF is made; every other format ignores these.
  package struct Options: Sendable {
    /// PNG only: pixels per canvas unit.
    package var scale: Double
    /// PNG only: a color under the drawing, or `nil` for transparency.
    package var background: Color?
    /// Plain PNG only: whether it carries the drawing, so that it can be read again (the
    /// editable pictures always carry it, as their program does).
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
    case .pdf, .drawio, .excalidraw, .drawioSVG:
      return File(format: format, content: .whole(drawing, dated: options.dated))
    case .excalidrawSVG:
      return File(
        format: format,
        content: .picture(drawing, firstChildren: try ExcalidrawPayload.svgMetadata(of: drawing)))
    case .drawioPNG:
      let picture = try plainPNG(drawing, options).adding(
        text: DrawIOWriter.pngText(of: drawing), keyword: DrawIOWriter.pngKeyword,
        place: .beforePixels)
      return File(format: format, content: .png(picture))
    case .excalidrawPNG:
      let picture = try plainPNG(drawing, options).adding(
        text: try ExcalidrawPayload.payload(of: drawing), keyword: ExcalidrawPayload.mediaType,
        place: .beforeEnd)
      return File(format: format, content: .png(picture))
    }
  }

  /// The drawing's picture as a PNG file that carries nothing else.
  private static func plainPNG(_ drawing: Drawing, _ options: Options)
    throws(RasterError) -> PNGEncoder.File
  {
    try DrawingPNG.file(drawing, scale: options.scale, background: options.background, embed: false)
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
      /// An editable PNG picture, its program's chunk added.
      case png(PNGEncoder.File)
      /// Excalidraw's SVG picture, with what comes right after its root's start tag.
      case picture(Drawing, firstChildren: [UInt8])
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
      case .png(let picture): try picture.write(to: emit)
      case .picture(let drawing, let firstChildren):
        try SVGEncoder.writePicture(
          drawing, pieceSize: PieceWriter.defaultPieceSize,
          rootAttributes: { (_, _) throws(Failure) in },
          firstChildren: { $0 += firstChildren }, to: emit)
      case .whole(let drawing, _) where format == .drawioSVG:
        try SVGEncoder.writePicture(
          drawing, pieceSize: PieceWriter.defaultPieceSize,
          rootAttributes: { (output, handOn) throws(Failure) in
            try DrawIOWriter.appendContentAttribute(of: drawing, to: &output, handOn: handOn)
          }, firstChildren: { _ in }, to: emit)
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

    /// The whole file, as ``write(to:)`` writes it.
    private var written: [UInt8] {
      var output: [UInt8] = []
      write { (piece) throws(Never) in output += piece }
      return output
    }

    /// The whole file.
    package var bytes: [UInt8] {
      switch content {
      case .prepared(let file): return file.bytes
      case .png(let picture): return picture.bytes
      case .picture: return written
      case .whole where format == .drawioSVG: return written
      case .whole(let drawing, let dated) where format == .pdf:
        return dated ? drawing.datedPDF() : drawing.pdf()
      case .whole(let drawing, _) where format == .drawio: return DrawIOWriter.encode(drawing)
      case .whole(let drawing, _): return ExcalidrawWriter.encode(drawing)
      }
    }
  }
}
