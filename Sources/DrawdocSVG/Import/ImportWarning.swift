/// Something import mode skipped or simplified: the line it is on and what was lost.
///
/// The command line prints it as `FILE:LINE: warning: MESSAGE`.
public struct ImportWarning: Equatable, Sendable {
  /// The 1-based line of the element (its `<`), or of the entity reference, concerned.
  public let line: Int
  /// What was skipped or simplified, and why, like
  /// `<circle> skipped: drawdoc keeps only rectangles`.
  public let message: String

  /// Makes a warning.
  ///
  /// - Parameters:
  ///   - line: The 1-based line.
  ///   - message: What was lost.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }
}

extension ImportWarning: CustomStringConvertible {
  /// `LINE: warning: MESSAGE`; the command line puts the file's name in front.
  public var description: String { "\(line): warning: \(message)" }
}
