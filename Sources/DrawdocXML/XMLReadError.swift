/// Why the adapter could not read a document, as it says it: the input, libxml2 or a limit.
///
/// A reader built on the adapter has errors of its own (``SAXHandler/Failure``), and makes
/// one of them from each of these (``XMLReadFailure``), so that one parse throws one type.
package enum XMLReadError: Error, Equatable, Sendable {
  /// libxml2 reports the document is not well-formed, or could not be read as XML.
  case malformedXML(message: String, line: Int, column: Int)
  /// A reference to an entity other than the five predefined ones, which is never expanded.
  case entityReference(name: String, line: Int, column: Int)
  /// The document goes past one of the adapter's limits (see ``XMLLimits``).
  case limitExceeded(what: String, limit: String, line: Int, column: Int)
  /// There is no file at the path.
  case fileNotFound(path: String)
  /// The file exists but cannot be read.
  case unreadableFile(path: String, reason: String)

  /// The line of the problem, 1-based, when it is in the content.
  package var line: Int? { location?.line }

  /// The column of the problem, 1-based, when it is in the content.
  package var column: Int? { location?.column }

  /// Where the problem is, when it is in the content; `nil` for a file that cannot be read.
  package var location: SourceLocation? {
    switch self {
    case .malformedXML(_, let line, let column), .entityReference(_, let line, let column),
      .limitExceeded(_, _, let line, let column):
      return SourceLocation(line: line, column: column)
    case .fileNotFound, .unreadableFile:
      return nil
    }
  }

  /// What is wrong and what would be right, without the location.
  package var message: String {
    switch self {
    case .malformedXML(let message, _, _):
      return "not well-formed XML: \(message)"
    case .entityReference(let name, _, _):
      return "the entity reference &\(name); is not allowed: only &amp; &lt; &gt; &quot; "
        + "&apos; and character references are"
    case .limitExceeded(let what, let limit, _, _):
      return "\(what) goes past drawdoc's limit of \(limit): split the drawing or simplify "
        + "the file"
    case .fileNotFound:
      return "no such file"
    case .unreadableFile(_, let reason):
      return "cannot be read: \(reason)"
    }
  }

  /// Whether the document is past one of the limits (``XMLLimits``) rather than wrong.
  package var isLimit: Bool {
    if case .limitExceeded = self { return true }
    return false
  }
}

/// The error type of a reader built on the adapter: one that can say each ``XMLReadError``,
/// so that a parse throws the reader's own type, whether the reader or the adapter stopped it.
package protocol XMLReadFailure: Error {
  /// The reader's error for what the adapter found.
  init(reading error: XMLReadError)
}

extension XMLReadError: XMLReadFailure {
  /// The error itself: for readers that have no error type of their own.
  package init(reading error: XMLReadError) {
    self = error
  }
}
