import DrawdocXML

/// Something import mode skipped or simplified: what it was, as a typed ``ImportIssue``, and
/// where (the `<` of the element concerned, or the `&` of an entity reference).
///
/// The command line prints it as `FILE:LINE: warning: MESSAGE`.
public struct ImportWarning: Hashable, Sendable {
  /// What was skipped or simplified.
  public let issue: ImportIssue
  /// Where in the file.
  public let location: SourceLocation

  /// Makes a warning.
  ///
  /// - Parameters:
  ///   - issue: What was lost.
  ///   - location: Where.
  public init(issue: ImportIssue, location: SourceLocation) {
    self.issue = issue
    self.location = location
  }

  /// What was skipped or simplified, and why, in words, like
  /// `<circle> skipped: drawdoc keeps only rectangles`.
  public var message: String { issue.message }

  /// The line of ``location``.
  public var line: Int { location.line }
}

extension ImportWarning: CustomStringConvertible {
  /// `LINE: warning: MESSAGE`; the command line puts the file's name in front.
  public var description: String { "\(line): warning: \(message)" }
}
