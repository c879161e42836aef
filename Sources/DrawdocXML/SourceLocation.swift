/// A place in a file: a line and a column, both counted from 1, the column in characters
/// (Unicode scalars), not bytes. Where a decoding error or an import warning is.
public struct SourceLocation: Hashable, Sendable, CustomStringConvertible {
  /// The line, from 1.
  public var line: Int
  /// The column on the line, in characters, from 1.
  public var column: Int

  /// Makes a location.
  ///
  /// - Parameters:
  ///   - line: The line, from 1.
  ///   - column: The column, from 1.
  public init(line: Int, column: Int) {
    self.line = line
    self.column = column
  }

  /// `LINE:COLUMN`, as compilers and drawdoc's messages write it.
  public var description: String { "\(line):\(column)" }
}
