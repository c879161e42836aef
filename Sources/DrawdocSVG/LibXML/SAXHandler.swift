/// Receives the events of one SAX parse as plain Swift values: names as ``NameToken``s and
/// bytes, attribute values and text without any trace of an entity reference, locations as
/// ``SourceLocation``s. A thrown error stops the parse and becomes its result.
protocol SAXHandler: AnyObject {
  /// An element starts; its attributes are in `element`.
  func startElement(_ element: SAXElement) throws(SVGDecodingError)
  /// The innermost open element ends; `locate` gives the location of its end tag, computed
  /// only when asked for (it costs a scan of the tag).
  func endElement(locate: () -> SourceLocation) throws(SVGDecodingError)
  /// The innermost open element ends at `location`: for handlers that always want it.
  func endElement(at location: SourceLocation) throws(SVGDecodingError)
  /// Character data (text or CDATA), possibly one of several pieces of the same text, never
  /// empty; `locate` gives the location of the byte at an offset in `text`.
  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(SVGDecodingError)
  /// A `<!DOCTYPE …>`; the parse stops after it unless ``readsPastDocumentType`` is `true`,
  /// so that by default no declaration in it is ever processed.
  func documentTypeDeclaration(at location: SourceLocation) throws(SVGDecodingError)
  /// A reference to an entity other than the five predefined ones, which is never expanded,
  /// where it is met; a parameter entity reference (only possible past a document type) is
  /// named `%name`. A handler that returns without throwing lets the parse go on, and the
  /// reference stands for nothing: an attribute value that held it arrives without it and
  /// says so (``SAXAttribute/entity``); one met anywhere else is told to
  /// ``skippedEntity(named:at:)`` just before the next event.
  func entityReference(named name: String, at location: SourceLocation) throws(SVGDecodingError)
  /// A reference the handler accepted that stood outside the attribute values of a start tag
  /// (in text, as a rule), told just before the start tag, text or end tag that follows it.
  func skippedEntity(named name: String, at location: SourceLocation)
  /// The document ended without an error.
  func endDocument() throws(SVGDecodingError)
  /// The parse is about to read `byteCount` bytes: a hint for reserving memory.
  func willParse(byteCount: Int)
  /// Whether the parse goes on after a `<!DOCTYPE …>` the handler accepted. Declarations in
  /// an internal subset are then read for well-formedness and dropped (no entity is recorded,
  /// so none is ever expanded); no external subset or entity is ever loaded.
  var readsPastDocumentType: Bool { get }
}

extension SAXHandler {
  /// Stops at a document type declaration: the strict default.
  var readsPastDocumentType: Bool { false }

  func endElement(locate: () -> SourceLocation) throws(SVGDecodingError) {
    try endElement(at: locate())
  }

  func endElement(at location: SourceLocation) throws(SVGDecodingError) {}

  func skippedEntity(named name: String, at location: SourceLocation) {}

  func willParse(byteCount: Int) {}
}
