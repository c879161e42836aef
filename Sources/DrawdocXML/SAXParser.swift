internal import CLibXML2

// The libxml2 adapter: the SAX files of this module and the schema validator are the only
// code of drawdoc that touches libxml2. They stream bytes through libxml2's SAX2 push parser and hand the events
// to a `SAXHandler` as plain Swift values (tokens, bytes, locations) that are valid for the
// length of one callback.

/// Streams XML through libxml2's SAX2 push parser.
///
/// Options: `XML_PARSE_NONET` and nothing else, so no network, no DTD loading, no entity
/// substitution, libxml2's own size and depth limits in force, and every error reported.
/// Errors are captured per parser through the handler's structured error callback, and every
/// parse throws its handler's own error type (``SAXHandler/Failure``).
package enum SAXParser {
  /// The size of each piece fed to the parser.
  static let chunkSize = 256 * 1024

  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Parses bytes held in an array.
  ///
  /// - Parameters:
  ///   - bytes: The whole document.
  ///   - handler: Receives the events.
  /// - Throws: The handler's error, or ``XMLReadError/malformedXML(message:line:column:)``
  ///   as one.
  package static func parse<Handler: SAXHandler>(_ bytes: [UInt8], handler: Handler)
    throws(Handler.Failure)
  {
    try withInput(bytes) { (input) throws(Handler.Failure) in
      try parse(input, handler: handler)
    }
  }

  /// Parses a whole input.
  ///
  /// - Parameters:
  ///   - input: The document.
  ///   - handler: Receives the events.
  /// - Throws: The handler's error, ``XMLReadError/unreadableFile(path:reason:)``, or
  ///   ``XMLReadError/malformedXML(message:line:column:)``, as one.
  package static func parse<Handler: SAXHandler>(_ input: SAXInput, handler: Handler)
    throws(Handler.Failure)
  {
    handler.willParse(byteCount: input.byteCount)
    // A file is read to its end, wherever that now is.
    try parse(
      0..<Int.max, of: input, after: [], before: { [] }, handler: handler, stopIf: { false })
  }

  /// Parses the bytes `range` of an input as if `startTag` came before them and `endTag()`
  /// after: a run of an element's content, parsed on its own (see ``SAXElement/bareTags``).
  ///
  /// - Parameters:
  ///   - range: The bytes to read; a range past the end of the input ends there.
  ///   - input: The document.
  ///   - startTag: Bytes to parse before the range.
  ///   - endTag: Bytes to parse after the range, asked for once the range is parsed.
  ///   - handler: Receives the events.
  ///   - shouldStop: Asked before each piece: `true` stops the parse with an error.
  /// - Throws: The handler's error, ``XMLReadError/unreadableFile(path:reason:)``, or
  ///   ``XMLReadError/malformedXML(message:line:column:)``, as one.
  package static func parse<Handler: SAXHandler>(
    _ range: Range<Int>, of input: SAXInput, after startTag: [UInt8],
    before endTag: () -> [UInt8], handler: Handler, stopIf shouldStop: () -> Bool
  ) throws(Handler.Failure) {
    var buffer: UnsafeMutableRawPointer?
    defer { buffer?.deallocate() }
    if case .file = input.storage {
      buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
    }
    var offset = range.lowerBound
    var startFed = startTag.isEmpty
    var endFed = false
    try parse(handler: handler) { (parser) throws(XMLReadError) in
      guard !shouldStop() else {
        throw .malformedXML(message: "the parse was stopped", line: 1, column: 1)
      }
      if !startFed {
        startFed = true
        feed(startTag, to: parser, terminate: false)
        return true
      }
      if !endFed {
        let piece = try input.piece(
          at: offset, count: min(chunkSize, range.upperBound - offset), into: buffer)
        offset += piece.count
        if piece.count > 0 {
          xmlParseChunk(
            parser, piece.baseAddress?.assumingMemoryBound(to: CChar.self), Int32(piece.count), 0)
          return true
        }
        endFed = true
      }
      feed(endTag(), to: parser, terminate: true)
      return false
    }
  }

  private static func feed(_ bytes: [UInt8], to parser: xmlParserCtxtPtr, terminate: Bool) {
    bytes.withUnsafeBufferPointer {
      _ = $0.withMemoryRebound(to: CChar.self) {
        xmlParseChunk(parser, $0.baseAddress, Int32($0.count), terminate ? 1 : 0)
      }
    }
  }

  /// Runs one parse, calling `feed` until it returns `false` or the parse stops.
  private static func parse<Handler: SAXHandler>(
    handler: Handler, feed: (xmlParserCtxtPtr) throws(XMLReadError) -> Bool
  ) throws(Handler.Failure) {
    _ = initialized
    // The callbacks reach the context through a pointer the parse owns, without reference
    // counting; the handler and its delivery are held by this call for the whole parse.
    let delivery = HandlerDelivery(handler)
    let context = UnsafeMutablePointer<SAXParseContext>.allocate(capacity: 1)
    context.initialize(to: SAXParseContext(delivery: delivery))
    defer {
      context.pointee.release()
      context.deinitialize(count: 1)
      context.deallocate()
    }
    var sax = SAXCallbacks.table()
    guard let parser = xmlCreatePushParserCtxt(&sax, context, nil, 0, nil) else {
      throw Handler.Failure(
        reading: .malformedXML(message: "libxml2 could not create a parser", line: 1, column: 1))
    }
    defer {
      // An entity declaration in an internal subset makes libxml2 create a document to hold
      // it even without a tree builder, and freeing the context leaves it to the caller.
      if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
      xmlFreeParserCtxt(parser)
    }
    context.pointee.parser = parser
    xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))

    do throws(XMLReadError) {
      while !delivery.hasFailed, parser.pointee.disableSAX == 0, try feed(parser) {}
    } catch {
      throw Handler.Failure(reading: error)
    }
    if !delivery.hasFailed, parser.pointee.disableSAX == 0 {
      context.pointee.flushPendingEntities()
      delivery.endDocument()
    }
    if let failure = delivery.failure { throw failure }
    if parser.pointee.wellFormed == 0 {
      throw Handler.Failure(
        reading: .malformedXML(message: "the document is not well-formed", line: 1, column: 1))
    }
  }
}
