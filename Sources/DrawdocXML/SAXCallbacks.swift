internal import CLibXML2
import DrawdocSystem

/// The C callbacks of libxml2's SAX2 interface: each turns its event into plain Swift values
/// for the parse's ``SAXHandler``, through the ``SAXParseContext`` behind the user data.
enum SAXCallbacks {
  /// A handler table with every callback the adapter uses. libxml2 copies it into the
  /// parser it creates, so it may live on the stack.
  static func table() -> xmlSAXHandler {
    var sax = xmlSAXHandler()
    sax.initialized = UInt32(XML_SAX2_MAGIC)
    sax.startElementNs = startElement
    sax.endElementNs = endElement
    sax.characters = characters
    sax.cdataBlock = characters
    sax.ignorableWhitespace = characters
    sax.internalSubset = internalSubset
    sax.getEntity = getEntity
    sax.getParameterEntity = getParameterEntity
    sax.serror = structuredError
    return sax
  }

  /// The context behind libxml2's user-data pointer.
  @inline(__always)
  private static func parseContext(_ userData: UnsafeMutableRawPointer?)
    -> UnsafeMutablePointer<SAXParseContext>?
  {
    userData?.assumingMemoryBound(to: SAXParseContext.self)
  }

  /// Runs a handler call unless the parse has failed; an error, the handler's or the
  /// adapter's (thrown here), becomes the parse's result and stops the parser. The context's
  /// fields are read in place: a method of the context, called through the pointer, would
  /// copy the whole context (and retain what it holds) on every event.
  @inline(__always)
  private static func deliver(
    _ context: UnsafeMutablePointer<SAXParseContext>,
    _ body: (any SAXDelivery, xmlParserCtxtPtr) throws(XMLReadError) -> Void
  ) {
    guard let parser = context.pointee.parser else { return }
    let delivery = context.pointee.delivery
    guard !delivery.hasFailed else { return }
    do throws(XMLReadError) {
      try body(delivery, parser)
    } catch {
      delivery.fail(error)
    }
    if delivery.hasFailed { xmlStopParser(parser) }
  }

  private static let startElement: startElementNsSAX2Func = {
    userData, localName, prefix, namespaceURI, namespaceCount, namespaces, attributeCount, _,
    attributes in
    guard let context = parseContext(userData) else { return }
    context.pointee.depth += 1
    deliver(context) { handler, parser throws(XMLReadError) in
      if context.pointee.depth > XMLLimits.maximumDepth {
        let location = SAXLocations.locationOfStartTag(in: parser)
        throw .limitExceeded(
          what: "the nesting of elements", limit: "\(XMLLimits.maximumDepth) levels",
          line: location.line, column: location.column)
      }
      let cleaned = context.pointee.cleanAttributes(attributes, count: Int(attributeCount))
      let element = SAXElement(
        localName: localName, prefix: prefix, namespaceURI: namespaceURI,
        attributes: attributes, attributeCount: Int(attributeCount), cleaned: cleaned,
        namespaces: namespaces, namespaceCount: Int(namespaceCount), parser: parser)
      handler.startElement(element)
    }
  }

  private static let endElement: endElementNsSAX2Func = { userData, _, _, _ in
    guard let context = parseContext(userData) else { return }
    context.pointee.depth -= 1
    deliver(context) { handler, parser in
      context.pointee.flushPendingEntities()
      handler.endElement { SAXLocations.locationOfStartTag(in: parser) }
    }
  }

  private static let characters: charactersSAXFunc = { userData, characters, length in
    guard let context = parseContext(userData) else { return }
    deliver(context) { handler, parser in
      context.pointee.flushPendingEntities()
      let text = UnsafeBufferPointer(start: characters, count: Int(length))
      // libxml2 reports character data with its line and column already past the text.
      let end = SAXLocations.currentLocation(in: parser)
      func locate(_ offset: Int) -> SourceLocation {
        SAXLocations.location(ofOffset: offset, in: text, endingAt: end, parser: parser)
      }
      guard context.pointee.acceptedEntity, let base = text.baseAddress else {
        if !text.isEmpty { handler.characters(text, locate: locate) }
        return
      }
      // The pieces between the placeholders that stand for accepted references.
      var start = 0
      while start < text.count, !handler.hasFailed {
        let stop =
          Memory.firstOffset(of: 0, in: base + start, count: text.count - start).map {
            start + $0
          } ?? text.count
        if stop > start {
          let offset = start
          handler.characters(UnsafeBufferPointer(rebasing: text[start..<stop])) {
            locate(offset + $0)
          }
        }
        start = stop + 1
      }
    }
  }

  private static let internalSubset: internalSubsetSAXFunc = { userData, _, _, _ in
    guard let context = parseContext(userData) else { return }
    deliver(context) { handler, parser in
      handler.documentTypeDeclaration(at: SAXLocations.locationOfDeclaration(in: parser))
    }
    // Unless the handler reads past it, nothing declared in a document type is processed.
    if let parser = context.pointee.parser,
      context.pointee.hasFailed || !context.pointee.delivery.readsPastDocumentType
    {
      xmlStopParser(parser)
    }
  }

  private static let getEntity: getEntitySAXFunc = { userData, name in
    lookUpEntity(userData, name, sigil: "&")
  }

  private static let getParameterEntity: getParameterEntitySAXFunc = { userData, name in
    lookUpEntity(userData, name, sigil: "%")
  }

  /// Tells the handler about a reference to a general (`&name;`) or parameter (`%name;`, named
  /// `%name` to the handler) entity, and answers libxml2 with the placeholder if it accepts.
  private static func lookUpEntity(
    _ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, sigil: Unicode.Scalar
  ) -> xmlEntityPtr? {
    guard let context = parseContext(userData) else { return nil }
    let nameBytes = SAXStrings.buffer(name)
    // libxml2 also looks a name up when an internal subset declares it; only a reference,
    // `&name;` just before the parse position, goes to the handler.
    if let parser = context.pointee.parser,
      !SAXLocations.followsReference(to: nameBytes, sigil: UInt8(ascii: sigil), in: parser)
    {
      return nil
    }
    deliver(context) { handler, parser in
      let entityName = String(decoding: nameBytes, as: UTF8.self)
      // The parse position is past `&name;`, which never spans lines.
      var location = SAXLocations.currentLocation(in: parser)
      location.column = max(1, location.column - entityName.unicodeScalars.count - 2)
      let reference = sigil == "%" ? "%" + entityName : entityName
      handler.entityReference(named: reference, at: location)
      guard !handler.hasFailed else { return }
      context.pointee.pendingEntities.append((reference, location))
      context.pointee.acceptedEntity = true
    }
    // A handler that threw has stopped the parse; one that returned accepts the placeholder,
    // which for a parameter entity libxml2 skips as "not a parameter entity" (a warning).
    return context.pointee.hasFailed ? nil : context.pointee.placeholderEntity
  }

  private static let structuredError: xmlStructuredErrorFunc = { userData, error in
    guard let context = parseContext(userData), let error,
      let failure = SAXErrors.readError(for: error, in: context.pointee.parser)
    else { return }
    context.pointee.fail(failure)
  }
}
