import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel
import DrawdocPDF

/// The exports made whole by their own module rather than by `DrawingExport`, said once for
/// `drawdoc export` and the app's export, which answer the same bytes.
package enum WholeExport: String, Sendable {
  /// A vector PDF file (`DrawdocPDF`).
  case pdf
  /// A draw.io file of one uncompressed page (`DrawdocDrawIO`).
  case drawio
  /// An Excalidraw scene (`DrawdocExcalidraw`).
  case excalidraw

  /// The answer's `Content-Type`.
  package var mediaType: String {
    switch self {
    case .pdf: return "application/pdf"
    case .drawio: return "application/vnd.jgraph.mxfile"
    case .excalidraw: return "application/json"
    }
  }

  /// The file of a drawing; `dated` puts the drawing's creation and modification times in a
  /// PDF's document information, and is ignored by the other formats.
  package func bytes(_ drawing: Drawing, dated: Bool = false) -> [UInt8] {
    switch self {
    case .pdf: return dated ? drawing.datedPDF() : drawing.pdf()
    case .drawio: return DrawIOWriter.encode(drawing)
    case .excalidraw: return ExcalidrawWriter.encode(drawing)
    }
  }

  /// Writes the bytes of ``bytes(_:dated:)`` a piece at a time, so that the file never sits in
  /// memory whole.
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - dated: Whether a PDF carries the drawing's times.
  ///   - emit: Receives the file's bytes, in order; each piece is valid only during its call.
  /// - Throws: Whatever `emit` throws; writing stops there.
  package func write<Failure: Error>(
    _ drawing: Drawing, dated: Bool = false,
    to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    switch self {
    case .pdf where dated:
      try PDFEncoder.encode(
        drawing.plane, created: drawing.created, modified: drawing.modified, emit: emit)
    case .pdf:
      try PDFEncoder.encode(drawing.plane, emit: emit)
    case .drawio:
      try DrawIOWriter.write(drawing, pieceSize: PieceWriter.defaultPieceSize, to: emit)
    case .excalidraw:
      try ExcalidrawWriter.write(drawing, pieceSize: PieceWriter.defaultPieceSize, to: emit)
    }
  }
}
