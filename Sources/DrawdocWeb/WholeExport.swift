import DrawdocDrawIO
import DrawdocExcalidraw
import DrawdocModel
import DrawdocPDF

/// The app's exports that are made whole by their own module rather than by `DrawingExport`:
/// each is byte for byte what `drawdoc export --format NAME` writes.
enum WholeExport: String {
  /// A vector PDF file (`DrawdocPDF`).
  case pdf
  /// A draw.io file of one uncompressed page (`DrawdocDrawIO`).
  case drawio
  /// An Excalidraw scene (`DrawdocExcalidraw`).
  case excalidraw

  /// The answer's `Content-Type`.
  var mediaType: String {
    switch self {
    case .pdf: return "application/pdf"
    case .drawio: return "application/vnd.jgraph.mxfile"
    case .excalidraw: return "application/json"
    }
  }

  /// The file of a drawing.
  func bytes(_ drawing: Drawing) -> [UInt8] {
    switch self {
    case .pdf: return drawing.pdf()
    case .drawio: return DrawIOWriter.encode(drawing)
    case .excalidraw: return ExcalidrawWriter.encode(drawing)
    }
  }
}
