internal import CLibXML2

/// What libxml2's errors become, told apart by their codes.
enum SAXErrors {
  /// `XML_ERR_RESOURCE_LIMIT`, by which libxml2 2.11 and later report every size and depth
  /// limit; older headers do not have the name, and no older error has the number.
  static let resourceLimitCode: Int32 = 114

  /// The error a libxml2 error of level error or fatal becomes; `nil` for a warning.
  static func readError(for error: UnsafePointer<xmlError>, in parser: xmlParserCtxtPtr?)
    -> XMLReadError?
  {
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return nil }
    let line = Int(max(1, error.pointee.line))
    let column = Int(max(1, error.pointee.int2))
    // libxml2's size limits speak of its internals; say which limit the file went past.
    if isResourceLimit(error.pointee, in: parser) {
      return .limitExceeded(
        what: "an attribute value, a name or a piece of text",
        limit: "\(XMLLimits.maximumValueLength) bytes", line: line, column: column)
    }
    var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
    while message.last?.isWhitespace == true { message.removeLast() }
    return .malformedXML(message: message, line: line, column: column)
  }

  /// Whether libxml2 stopped at one of its limits (`XML_PARSE_HUGE` is never set):
  ///
  /// - `XML_ERR_NAME_TOO_LONG`: a name or a literal past 50,000 bytes;
  /// - `XML_ERR_RESOURCE_LIMIT` (libxml2 2.11 and later): any limit;
  /// - `XML_ERR_INTERNAL_ERROR` while more than 10,000,000 bytes wait unparsed in the input
  ///   or have been read without being let go: how libxml2 2.9 and 2.10 report a token
  ///   (attribute value, name, comment, …) past that size ("Huge input lookup"), just before
  ///   they halt the parser;
  /// - `XML_ERR_ELEMCONTENT_NOT_FINISHED` with a number: how they report a content model in
  ///   a document type nested past 128 levels (the other errors of that code carry none).
  static func isResourceLimit(_ error: xmlError, in parser: xmlParserCtxtPtr?) -> Bool {
    switch error.code {
    case Int32(XML_ERR_NAME_TOO_LONG.rawValue), resourceLimitCode:
      return true
    case Int32(XML_ERR_INTERNAL_ERROR.rawValue):
      guard let input = parser?.pointee.input, let base = input.pointee.base,
        let current = input.pointee.cur, let end = input.pointee.end
      else { return false }
      // libxml2's XML_MAX_LOOKUP_LIMIT, the value limit drawdoc states.
      let lookupLimit = XMLLimits.maximumValueLength
      return end - current > lookupLimit || current - base > lookupLimit
    case Int32(XML_ERR_ELEMCONTENT_NOT_FINISHED.rawValue):
      return error.int1 > 0
    default:
      return false
    }
  }
}
