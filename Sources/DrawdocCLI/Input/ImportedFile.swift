import DrawdocEditing
import DrawdocModel

/// One thing an import lost, as the command line prints it: `FILE:LINE: warning: MESSAGE`.
struct FileWarning: Equatable {
  /// The line it concerns.
  let line: Int
  /// What was lost.
  let message: String
}

/// A drawing read from a file in import mode, and the warnings.
struct ImportedFile {
  /// The drawing.
  let drawing: Drawing
  /// What was lost, in the file's order.
  let warnings: [FileWarning]

  init(drawing: Drawing, warnings: [FileWarning]) {
    self.drawing = drawing
    self.warnings = warnings
  }

  /// The drawing and warnings of any file's import (``ForeignDrawing``).
  init(_ result: ForeignDrawing.Import) {
    drawing = result.drawing
    warnings = result.warnings.map { FileWarning(line: $0.line, message: $0.message) }
  }
}
