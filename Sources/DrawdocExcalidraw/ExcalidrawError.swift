import DrawdocModel

/// A file that is not an Excalidraw scene drawdoc can read: bad JSON, a member of the wrong
/// type, a number out of range, a damaged payload, or a limit passed. The command line exits
/// with 65.
package struct ExcalidrawError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong.
  package let message: String
  /// The 1-based line and column of the problem, when the JSON reader knows them.
  package let line: Int?
  /// The 1-based column.
  package let column: Int?
  /// Whether the file is past one of the reader's limits (a decompression bomb, JSON nested too
  /// deeply, more rectangles than a drawing holds) rather than wrong: the app answers 413.
  package let isLimit: Bool

  /// Makes an error.
  package init(_ message: String, line: Int? = nil, column: Int? = nil, isLimit: Bool = false) {
    self.message = message
    self.line = line
    self.column = column
    self.isLimit = isLimit
  }

  /// `LINE:COL: MESSAGE` with a location, else ` MESSAGE` (the command line puts the file's
  /// name and a colon in front).
  package var description: String {
    if let line, let column { return "\(line):\(column): \(message)" }
    return " \(message)"
  }
}

/// Something the reader skipped or simplified, with the line it concerns.
package struct ExcalidrawWarning: Hashable, Sendable, CustomStringConvertible {
  /// The line of the element's `{` in a `.excalidraw` file; the line of the payload in an
  /// `.excalidraw.svg`; 1 in a PNG and for what concerns the whole scene.
  package let line: Int
  /// What was lost, naming the element's id.
  package let message: String

  /// Makes a warning.
  package init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  /// `LINE: warning: MESSAGE`.
  package var description: String { "\(line): warning: \(message)" }
}

/// A drawing read from an Excalidraw file, and what was lost on the way.
package struct ExcalidrawImport: Sendable {
  /// The drawing.
  package let drawing: DrawdocModel.Drawing
  /// The warnings, in the order of the elements.
  package let warnings: [ExcalidrawWarning]
}
