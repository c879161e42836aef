/// Why a draw.io file cannot be imported at all: not XML, not a draw.io file, a page that
/// cannot be read, a limit passed, or parent references that loop. The command line exits
/// with status 65.
package struct DrawIOError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, in words.
  package let message: String
  /// The line in the file, from 1.
  package let line: Int
  /// The column on the line, from 1 (1 when only the line is known).
  package let column: Int
  /// Whether the file is past one of the reader's limits (the SVG reader's nesting, text and
  /// element limits, a decompression bomb) rather than wrong: the app answers 413.
  package let isLimit: Bool

  /// Makes an error.
  package init(_ message: String, line: Int, column: Int = 1, isLimit: Bool = false) {
    self.message = message
    self.line = line
    self.column = column
    self.isLimit = isLimit
  }

  /// `LINE:COL: MESSAGE`.
  package var description: String { "\(line):\(column): \(message)" }
}
