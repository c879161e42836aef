/// Receives the events of one SAX parse as plain Swift values: names as ``NameToken``s and
/// bytes, attribute values and text without any trace of an entity reference, locations as
/// ``SourceLocation``s. A thrown error stops the parse and becomes its result.
package protocol SAXHandler: AnyObject {
  /// The reader's errors: what its events throw, and what the parse throws, the adapter's own
  /// errors (``XMLReadError``) made into one of them.
  associatedtype Failure: XMLReadFailure

  /// An element starts; its attributes are in `element`.
  func startElement(_ element: SAXElement) throws(Failure)
  /// The innermost open element ends; `locate` gives the location of its end tag, computed
  /// only when asked for (it costs a scan of the tag).
  func endElement(locate: () -> SourceLocation) throws(Failure)
  /// The innermost open element ends at `location`: for handlers that always want it.
  func endElement(at location: SourceLocation) throws(Failure)
  /// Character data (text or CDATA), possibly one of several pieces of the same text, never
  /// empty; `locate` gives the location of the byte at an offset in `text`.
  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(Failure)
  /// A `<!DOCTYPE …>`; the parse stops after it unless ``readsPastDocumentType`` is `true`,
  /// so that by default no declaration in it is ever processed.
  func documentTypeDeclaration(at location: SourceLocation) throws(Failure)
  /// A reference to an entity other than the five predefined ones, which is never expanded,
  /// where it is met; a parameter entity reference (only possible past a document type) is
  /// named `%name`. A handler that returns without throwing lets the parse go on, and the
  /// reference stands for nothing: an attribute value that held it arrives without it and
  /// says so (``SAXElement/entity(ofAttributeAt:)``); one met anywhere else is told to
  /// ``skippedEntity(named:at:)`` just before the next event.
  func entityReference(named name: String, at location: SourceLocation) throws(Failure)
  /// A reference the handler accepted that stood outside the attribute values of a start tag
  /// (in text, as a rule), told just before the start tag, text or end tag that follows it.
  func skippedEntity(named name: String, at location: SourceLocation)
  /// The document ended without an error.
  func endDocument() throws(Failure)
  /// The parse is about to read `byteCount` bytes: a hint for reserving memory.
  func willParse(byteCount: Int)
  /// Whether the parse goes on after a `<!DOCTYPE …>` the handler accepted. Declarations in
  /// an internal subset are then read for well-formedness and dropped (no entity is recorded,
  /// so none is ever expanded); no external subset or entity is ever loaded.
  var readsPastDocumentType: Bool { get }
}

extension SAXHandler {
  /// Stops at a document type declaration: the strict default.
  package var readsPastDocumentType: Bool { false }

  package func endElement(locate: () -> SourceLocation) throws(Failure) {
    try endElement(at: locate())
  }

  package func endElement(at location: SourceLocation) throws(Failure) {}

  package func skippedEntity(named name: String, at location: SourceLocation) {}

  package func willParse(byteCount: Int) {}
}

/// A parse's handler as the C callbacks reach it: they cannot be generic, so they call it
/// through this, which keeps the first error in the handler's own type.
protocol SAXDelivery: AnyObject {
  /// Whether the handler or the adapter has stopped the parse with an error.
  var hasFailed: Bool { get }
  var readsPastDocumentType: Bool { get }
  func startElement(_ element: SAXElement)
  func endElement(locate: () -> SourceLocation)
  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
  func documentTypeDeclaration(at location: SourceLocation)
  func entityReference(named name: String, at location: SourceLocation)
  func skippedEntity(named name: String, at location: SourceLocation)
  func endDocument()
  /// Keeps the adapter's error as the parse's result, unless there is one already.
  func fail(_ error: XMLReadError)
}

/// Delivers the events to one handler and keeps its first error; after an error, nothing
/// more is delivered. Each event is a plain call and `do`/`catch`, with no closure, and
/// ``hasFailed`` is a stored flag: this code runs unspecialized for every element, attribute
/// and piece of text, where a closure or an optional of the handler's error type would ask
/// the runtime for generic metadata each time.
final class HandlerDelivery<Handler: SAXHandler>: SAXDelivery {
  /// The parse holds the handler for its whole length, as it holds this delivery.
  unowned(unsafe) let handler: Handler
  /// The first error, the handler's or the adapter's.
  private(set) var failure: Handler.Failure?
  private(set) var hasFailed = false

  init(_ handler: Handler) {
    self.handler = handler
  }

  var readsPastDocumentType: Bool { handler.readsPastDocumentType }

  private func keep(_ error: Handler.Failure) {
    failure = error
    hasFailed = true
  }

  func startElement(_ element: SAXElement) {
    guard !hasFailed else { return }
    do throws(Handler.Failure) { try handler.startElement(element) } catch { keep(error) }
  }

  func endElement(locate: () -> SourceLocation) {
    guard !hasFailed else { return }
    do throws(Handler.Failure) { try handler.endElement(locate: locate) } catch { keep(error) }
  }

  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation) {
    guard !hasFailed else { return }
    do throws(Handler.Failure) {
      try handler.characters(text, locate: locate)
    } catch {
      keep(error)
    }
  }

  func documentTypeDeclaration(at location: SourceLocation) {
    guard !hasFailed else { return }
    do throws(Handler.Failure) {
      try handler.documentTypeDeclaration(at: location)
    } catch {
      keep(error)
    }
  }

  func entityReference(named name: String, at location: SourceLocation) {
    guard !hasFailed else { return }
    do throws(Handler.Failure) {
      try handler.entityReference(named: name, at: location)
    } catch {
      keep(error)
    }
  }

  func skippedEntity(named name: String, at location: SourceLocation) {
    handler.skippedEntity(named: name, at: location)
  }

  func endDocument() {
    guard !hasFailed else { return }
    do throws(Handler.Failure) { try handler.endDocument() } catch { keep(error) }
  }

  func fail(_ error: XMLReadError) {
    if !hasFailed { keep(Handler.Failure(reading: error)) }
  }
}
