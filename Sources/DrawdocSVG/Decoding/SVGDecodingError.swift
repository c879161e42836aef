import DrawdocXML

/// Why a file could not be read as a drawdoc drawing. Every content error carries the line
/// and column where the problem is, and its message says what was expected there.
public enum SVGDecodingError: Error, Equatable, Sendable {
  /// The bytes are not well-formed XML, as libxml2 reported.
  case malformedXML(message: String, line: Int, column: Int)
  /// The document has a `<!DOCTYPE …>`, which drawdoc files never have.
  case documentTypeDeclaration(line: Int, column: Int)
  /// The document refers to an entity other than the five predefined ones.
  case entityReference(name: String, line: Int, column: Int)
  /// The root element is not `<svg>`.
  case unexpectedRoot(name: String, line: Int, column: Int)
  /// An element is not in the SVG namespace.
  case wrongNamespace(element: String, namespace: String?, line: Int, column: Int)
  /// An element appears where the format has none, or another one.
  case unexpectedElement(name: String, expected: String, line: Int, column: Int)
  /// The `<svg>` element has no `<title>`.
  case missingTitle(line: Int, column: Int)
  /// A required attribute is absent.
  case missingAttribute(name: String, element: String, line: Int, column: Int)
  /// An attribute the format does not have.
  case unexpectedAttribute(name: String, element: String, line: Int, column: Int)
  /// A coordinate is not a finite number.
  case invalidNumber(attribute: String, value: String, line: Int, column: Int)
  /// A width or height is not a finite number greater than zero.
  case invalidLength(attribute: String, value: String, line: Int, column: Int)
  /// A `data-id` is not of the form `abc-1x9-k0z`.
  case invalidIdentifier(value: String, line: Int, column: Int)
  /// Two rectangles share a `data-id`.
  case duplicateIdentifier(id: String, line: Int, column: Int)
  /// A `fill` is not `#rrggbb`.
  case invalidColor(value: String, line: Int, column: Int)
  /// A `fill-opacity` is not one of 0.1, 0.2, … 0.9, 1.
  case invalidOpacity(value: String, line: Int, column: Int)
  /// The `viewBox` is not `0 0 width height`.
  case invalidViewBox(value: String, expected: String, line: Int, column: Int)
  /// `data-drawdoc` names a format version this reader does not know.
  case unsupportedVersion(value: String, line: Int, column: Int)
  /// `data-created` or `data-modified` is not a UTC time like `2026-11-21T08:00:00Z`.
  case invalidTimestamp(attribute: String, value: String, line: Int, column: Int)
  /// The title cannot be a drawing's title.
  case invalidTitle(reason: String, line: Int, column: Int)
  /// Non-blank text where the format has none.
  case unexpectedText(line: Int, column: Int)
  /// The file is a valid drawing but not byte for byte what the writer produces.
  case notCanonical(expected: String, found: String, line: Int, column: Int)
  /// The file does not exist.
  case fileNotFound(path: String)
  /// The file exists but could not be read.
  case unreadableFile(path: String, reason: String)
  /// The document goes past one of the reader's limits (see ``SVGLimits``).
  case limitExceeded(what: String, limit: String, line: Int, column: Int)

  /// The line of the problem, 1-based, when it is in the content.
  public var line: Int? { location?.line }

  /// The column of the problem, 1-based, when it is in the content.
  public var column: Int? { location?.column }

  /// Where the problem is, when it is in the content; `nil` for a file that cannot be read.
  /// Each case is the typed issue, and carries its place.
  public var location: SourceLocation? {
    switch self {
    case .malformedXML(_, let line, let column), .documentTypeDeclaration(let line, let column),
      .entityReference(_, let line, let column), .unexpectedRoot(_, let line, let column),
      .wrongNamespace(_, _, let line, let column), .unexpectedElement(_, _, let line, let column),
      .missingTitle(let line, let column), .missingAttribute(_, _, let line, let column),
      .unexpectedAttribute(_, _, let line, let column), .invalidNumber(_, _, let line, let column),
      .invalidLength(_, _, let line, let column), .invalidIdentifier(_, let line, let column),
      .duplicateIdentifier(_, let line, let column), .invalidColor(_, let line, let column),
      .invalidOpacity(_, let line, let column), .invalidViewBox(_, _, let line, let column),
      .unsupportedVersion(_, let line, let column), .invalidTimestamp(_, _, let line, let column),
      .invalidTitle(_, let line, let column), .unexpectedText(let line, let column),
      .notCanonical(_, _, let line, let column), .limitExceeded(_, _, let line, let column):
      return SourceLocation(line: line, column: column)
    case .fileNotFound, .unreadableFile:
      return nil
    }
  }

  /// What is wrong and what would be right, without the location.
  public var message: String {
    switch self {
    case .malformedXML(let message, let line, let column):
      return XMLReadError.malformedXML(message: message, line: line, column: column).message
    case .documentTypeDeclaration:
      return "a document type declaration (<!DOCTYPE …>) is not allowed in a drawdoc file: "
        + "remove it"
    case .entityReference(let name, let line, let column):
      return XMLReadError.entityReference(name: name, line: line, column: column).message
    case .unexpectedRoot(let name, _, _):
      return "the root element is <\(name)>: expected <svg>"
    case .wrongNamespace(let element, let namespace, _, _):
      let found = namespace.map { "namespace '\($0)'" } ?? "no namespace"
      return "<\(element)> is in \(found): expected xmlns=\"http://www.w3.org/2000/svg\""
    case .unexpectedElement(let name, let expected, _, _):
      return "unexpected element <\(name)>: expected \(expected)"
    case .missingTitle:
      return "<svg> has no <title>: expected <title> as its first child"
    case .missingAttribute(let name, let element, _, _):
      return "<\(element)> lacks the attribute \(name)"
    case .unexpectedAttribute(let name, let element, _, _):
      return "<\(element)> has the attribute \(name), which the format does not have: expected "
        + (element == "rect"
          ? "only data-id, x, y, width, height, fill and fill-opacity"
          : element == "svg"
            ? "only width, height, viewBox, data-drawdoc, data-id, data-created and data-modified"
            : "no attributes")
    case .invalidNumber(let attribute, let value, _, _):
      return "\(attribute)=\"\(value)\" is not a finite number: expected one like 45 or 44.5"
    case .invalidLength(let attribute, let value, _, _):
      return "\(attribute)=\"\(value)\" is not a finite number greater than 0"
    case .invalidIdentifier(let value, _, _):
      return "data-id=\"\(value)\" is not an identifier: expected three groups of three "
        + "characters from a-z and 0-9 joined by '-', like afy-kw5-t7o"
    case .duplicateIdentifier(let id, _, _):
      return "data-id=\"\(id)\" is already used by an earlier rectangle: ids must be unique"
    case .invalidColor(let value, _, _):
      return "fill=\"\(value)\" is not a color of the format: expected '#' and six "
        + "hexadecimal digits, like #ebc641"
    case .invalidOpacity(let value, _, _):
      return "fill-opacity=\"\(value)\" is not an opacity of the format: expected one of "
        + "0.1, 0.2, … 0.9, 1"
    case .invalidViewBox(let value, let expected, _, _):
      return "viewBox=\"\(value)\" does not match the canvas: expected \"\(expected)\""
    case .unsupportedVersion(let value, _, _):
      return "data-drawdoc=\"\(value)\" is not a format version this drawdoc reads: expected 1"
    case .invalidTimestamp(let attribute, let value, _, _):
      return "\(attribute)=\"\(value)\" is not a time: expected UTC like 2026-11-21T08:00:00Z"
    case .invalidTitle(let reason, _, _):
      return "the title is not allowed: \(reason)"
    case .unexpectedText:
      return "text is not allowed here: only <title> holds text"
    case .notCanonical(let expected, let found, _, _):
      return "not in canonical form: the writer has \(expected) where the file has \(found)"
    case .limitExceeded(let what, let limit, let line, let column):
      return XMLReadError.limitExceeded(what: what, limit: limit, line: line, column: column)
        .message
    case .fileNotFound(let path):
      return XMLReadError.fileNotFound(path: path).message
    case .unreadableFile(let path, let reason):
      return XMLReadError.unreadableFile(path: path, reason: reason).message
    }
  }
}

extension SVGDecodingError: CustomStringConvertible {
  /// `LINE:COLUMN: message` for a content error, `PATH: message` for a file error.
  public var description: String {
    switch self {
    case .fileNotFound(let path), .unreadableFile(let path, _):
      return "\(path): \(message)"
    default:
      return "\(line ?? 1):\(column ?? 1): \(message)"
    }
  }
}

extension SVGDecodingError {
  /// Shows a value from a file in a message: cut to a readable length, with control
  /// characters escaped so that a hostile value cannot garble a terminal.
  static func excerpt(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
    let limit = 48
    let text = String(decoding: bytes.prefix(limit * 4), as: UTF8.self)
    var shown = ""
    for (offset, scalar) in text.unicodeScalars.enumerated() {
      if offset == limit {
        shown += "…"
        break
      }
      shown +=
        scalar.value < 0x20 || scalar.value == 0x7F ? scalar.escaped(asASCII: true) : String(scalar)
    }
    return shown
  }
}

extension SVGDecodingError: XMLReadFailure {
  /// The SVG readers' error for what the XML adapter found: the case of the same name, which
  /// says it in the same words.
  package init(reading error: XMLReadError) {
    switch error {
    case .malformedXML(let message, let line, let column):
      self = .malformedXML(message: message, line: line, column: column)
    case .entityReference(let name, let line, let column):
      self = .entityReference(name: name, line: line, column: column)
    case .limitExceeded(let what, let limit, let line, let column):
      self = .limitExceeded(what: what, limit: limit, line: line, column: column)
    case .fileNotFound(let path):
      self = .fileNotFound(path: path)
    case .unreadableFile(let path, let reason):
      self = .unreadableFile(path: path, reason: reason)
    }
  }
}

extension SVGDecodingError {
  /// Whether the document is past one of the readers' limits (``SVGLimits``) rather than wrong:
  /// the app answers such a file with 413 (Content Too Large) rather than 400.
  package var isLimit: Bool {
    if case .limitExceeded = self { return true }
    return false
  }
}
