internal import CLibXML2
import DrawdocSystem

// The only file besides the schema validator that touches libxml2: it streams bytes through
// libxml2's SAX2 push parser and hands the events to a `SAXHandler` as Swift values that
// point into libxml2's buffers for the length of one callback.

/// A 1-based line and column in the parsed text.
struct SourceLocation: Equatable {
  var line: Int
  var column: Int
}

/// Receives the events of one SAX parse. A thrown error stops the parse and becomes its result.
protocol SAXHandler: AnyObject {
  /// An element starts; its attributes are in `element`.
  func startElement(_ element: SAXElement) throws(SVGDecodingError)
  /// The innermost open element ends; `locate` gives the location of its end tag, computed
  /// only when asked for (it costs a scan of the tag).
  func endElement(locate: () -> SourceLocation) throws(SVGDecodingError)
  /// The innermost open element ends at `location`: for handlers that always want it.
  func endElement(at location: SourceLocation) throws(SVGDecodingError)
  /// Character data (text or CDATA), possibly one of several pieces of the same text;
  /// `locate` gives the location of the byte at an offset in `text`.
  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(SVGDecodingError)
  /// A `<!DOCTYPE …>`; the parse stops after it unless ``readsPastDocumentType`` is `true`,
  /// so that by default no declaration in it is ever processed.
  func documentTypeDeclaration(at location: SourceLocation) throws(SVGDecodingError)
  /// A reference to an entity other than the five predefined ones, which is never expanded;
  /// a parameter entity reference (only possible past a document type) is named `%name`.
  /// A handler that returns without throwing lets the parse go on: the reference then stands
  /// for one NUL byte, which no XML text can hold, so it marks the spot in an attribute value;
  /// in character data it arrives as an empty piece of text, or as a NUL byte.
  func entityReference(named name: String, at location: SourceLocation) throws(SVGDecodingError)
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
}

extension UnsafeBufferPointer<UInt8> {
  /// Whether the bytes are exactly the literal's UTF-8: the hot path compares names this way.
  func equals(_ literal: StaticString) -> Bool {
    guard count == literal.utf8CodeUnitCount else { return false }
    guard let baseAddress, count > 0 else { return true }
    return Memory.equal(baseAddress, literal.utf8Start, count: count)
  }
}

extension SAXHandler {
  func endElement(locate: () -> SourceLocation) throws(SVGDecodingError) {
    try endElement(at: locate())
  }

  func endElement(at location: SourceLocation) throws(SVGDecodingError) {}

  func willParse(byteCount: Int) {}
}

/// One attribute of a start tag.
struct SAXAttribute {
  /// The start of the local name, NUL-terminated and interned by libxml2: equal names have
  /// equal pointers within one parse.
  let nameStart: UnsafePointer<UInt8>?
  /// The namespace prefix, such as `xlink`, if any.
  let prefix: UnsafeBufferPointer<UInt8>?
  /// The value, after XML's attribute-value normalization.
  let value: UnsafeBufferPointer<UInt8>

  /// Whether the attribute has a namespace prefix.
  var isQualified: Bool { prefix != nil }

  /// The local name, such as `fill`.
  var name: UnsafeBufferPointer<UInt8> { SAXParser.buffer(nameStart) }

  /// The name as written, with its prefix if it had one.
  var qualifiedName: String {
    let local = String(decoding: name, as: UTF8.self)
    return prefix.map { "\(String(decoding: $0, as: UTF8.self)):\(local)" } ?? local
  }
}

/// A start tag, valid only during the `startElement` call that receives it.
struct SAXElement {
  /// The local name, such as `rect`.
  let localName: UnsafeBufferPointer<UInt8>
  /// The namespace prefix, such as `svg` in `<svg:svg>`, if any.
  let prefix: UnsafeBufferPointer<UInt8>?
  /// The namespace URI, or `nil` when the element is in no namespace.
  let namespaceURI: UnsafeBufferPointer<UInt8>?
  fileprivate let attributeTable: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  /// The number of attributes.
  let attributeCount: Int
  /// Prefix and URI pairs, one per namespace the tag declares.
  fileprivate let namespaceTable: UnsafeMutablePointer<UnsafePointer<xmlChar>?>?
  fileprivate let namespaceCount: Int
  fileprivate let parser: xmlParserCtxtPtr

  /// The attribute at `index`, in the order they were written.
  func attribute(_ index: Int) -> SAXAttribute {
    // libxml2 gives five pointers per attribute: localname, prefix, URI, value, value end.
    let entry = attributeTable.map { $0 + index * 5 }
    let name = entry?[0]
    let prefix = entry?[1]
    let value = entry?[3]
    let valueEnd = entry?[4]
    return SAXAttribute(
      nameStart: name,
      prefix: prefix.map { SAXParser.buffer($0) },
      value: SAXParser.buffer(from: value, to: valueEnd))
  }

  /// A start tag with this element's name that declares the namespaces this one declares,
  /// and nothing else, and the matching end tag: what a run of this element's content needs
  /// around it to be parsed on its own, as it is inside the element.
  var bareTags: (start: [UInt8], end: [UInt8]) {
    var name: [UInt8] = []
    if let prefix { name += prefix + [UInt8(ascii: ":")] }
    name += localName
    var start = [UInt8(ascii: "<")] + name
    for index in 0..<namespaceCount {
      let declaredPrefix = namespaceTable?[2 * index]
      let uri = namespaceTable?[2 * index + 1]
      start += Array(" xmlns".utf8)
      if let declaredPrefix { start += [UInt8(ascii: ":")] + SAXParser.buffer(declaredPrefix) }
      start += Array("=\"".utf8)
      // libxml2, substituting no entity, reports an `&` in a value as `&#38;`, which parses
      // back to the same; only what it decoded from other references is written as one.
      for byte in SAXParser.buffer(uri) {
        switch byte {
        case UInt8(ascii: "<"): start += Array("&lt;".utf8)
        case UInt8(ascii: "\""): start += Array("&quot;".utf8)
        // Written as they are, these would be normalized to spaces.
        case 0x09, 0x0A, 0x0D: start += Array("&#\(byte);".utf8)
        default: start.append(byte)
        }
      }
      start.append(UInt8(ascii: "\""))
    }
    start.append(UInt8(ascii: ">"))
    return (start, Array("</".utf8) + name + [UInt8(ascii: ">")])
  }

  /// Whether libxml2 takes the input as UTF-8, with no conversion: then bytes from the middle
  /// of it mean the same on their own.
  var inputIsUTF8: Bool {
    guard let buffer = parser.pointee.input?.pointee.buf else { return false }
    return buffer.pointee.encoder == nil
  }

  /// Where the start tag begins (its `<`).
  var location: SourceLocation {
    SAXParser.locationOfStartTag(in: parser)
  }

  /// Where an attribute's value begins, or the start tag's location if libxml2 had to copy
  /// the value out of its input buffer (entity or whitespace normalization).
  func location(of attribute: SAXAttribute) -> SourceLocation {
    SAXParser.location(of: attribute.value.baseAddress, in: parser) ?? location
  }

  /// Where an attribute's name begins: back from its value over the quote, `=` and blanks.
  func location(ofNameOf attribute: SAXAttribute) -> SourceLocation {
    guard let value = attribute.value.baseAddress,
      let input = parser.pointee.input, let base = input.pointee.base, value > base
    else { return location }
    var cursor = value - 1  // the opening quote
    func isBlank(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    while cursor > base, isBlank((cursor - 1).pointee) { cursor -= 1 }
    guard cursor > base, (cursor - 1).pointee == UInt8(ascii: "=") else { return location }
    cursor -= 1
    while cursor > base, isBlank((cursor - 1).pointee) { cursor -= 1 }
    let nameLength = attribute.qualifiedName.utf8.count
    guard cursor - base >= nameLength else { return location }
    return SAXParser.location(of: cursor - nameLength, in: parser) ?? location
  }
}

/// Streams XML through libxml2's SAX2 push parser.
///
/// Options: `XML_PARSE_NONET` and nothing else, so no network, no DTD loading, no entity
/// substitution, libxml2's own size and depth limits in force, and every error reported.
/// Errors are captured per parser through the handler's structured error callback.
enum SAXParser {
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
  /// - Throws: The handler's error, or ``SVGDecodingError/malformedXML(message:line:column:)``.
  static func parse(_ bytes: [UInt8], handler: any SAXHandler) throws(SVGDecodingError) {
    try withInput(bytes) { (input) throws(SVGDecodingError) in
      try parse(input, handler: handler)
    }
  }

  /// Calls `body` with the bytes of an array as an input.
  static func withInput<Result>(
    _ bytes: [UInt8], _ body: (SAXInput) throws(SVGDecodingError) -> Result
  ) throws(SVGDecodingError) -> Result {
    // withUnsafeBytes rethrows untyped errors, so the typed error travels as a value.
    let outcome = bytes.withUnsafeBytes { buffer -> Swift.Result<Result, SVGDecodingError> in
      guard buffer.count <= SVGLimits.maximumFileSize else {
        return .failure(
          .limitExceeded(
            what: "the document's size (\(buffer.count) bytes)",
            limit: "\(SVGLimits.maximumFileSize) bytes", line: 1, column: 1))
      }
      do throws(SVGDecodingError) {
        return .success(try body(SAXInput(buffer)))
      } catch {
        return .failure(error)
      }
    }
    return try outcome.get()
  }

  /// Opens a file for reading and calls `body` with it as an input.
  ///
  /// - Throws: ``SVGDecodingError/fileNotFound(path:)``,
  ///   ``SVGDecodingError/unreadableFile(path:reason:)``, a file over the size limit, or
  ///   `body`'s error.
  static func withInput<Result>(
    ofFile path: String, _ body: (SAXInput) throws(SVGDecodingError) -> Result
  ) throws(SVGDecodingError) -> Result {
    let file: FileDescriptor
    let status: FileStatus
    do throws(Errno) {
      file = try FileDescriptor.open(path, .readOnly)
    } catch {
      if error == .noSuchFile || error == .notDirectory { throw .fileNotFound(path: path) }
      throw .unreadableFile(path: path, reason: error.description)
    }
    defer { file.close() }
    do throws(Errno) { status = try file.status() } catch {
      throw .unreadableFile(path: path, reason: error.description)
    }
    if status.isDirectory {
      throw .unreadableFile(path: path, reason: "it is a directory")
    }
    guard status.size <= SVGLimits.maximumFileSize else {
      throw .limitExceeded(
        what: "the file's size (\(status.size) bytes)",
        limit: "\(SVGLimits.maximumFileSize) bytes", line: 1, column: 1)
    }
    return try body(SAXInput(file: file, path: path, byteCount: Int(status.size)))
  }

  /// Parses a whole input.
  ///
  /// - Parameters:
  ///   - input: The document.
  ///   - handler: Receives the events.
  /// - Throws: The handler's error, ``SVGDecodingError/unreadableFile(path:reason:)``, or
  ///   ``SVGDecodingError/malformedXML(message:line:column:)``.
  static func parse(_ input: SAXInput, handler: any SAXHandler) throws(SVGDecodingError) {
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
  /// - Throws: The handler's error, ``SVGDecodingError/unreadableFile(path:reason:)``, or
  ///   ``SVGDecodingError/malformedXML(message:line:column:)``.
  static func parse(
    _ range: Range<Int>, of input: SAXInput, after startTag: [UInt8],
    before endTag: () -> [UInt8], handler: any SAXHandler, stopIf shouldStop: () -> Bool
  ) throws(SVGDecodingError) {
    var buffer: UnsafeMutableRawPointer?
    defer { buffer?.deallocate() }
    if case .file = input.storage {
      buffer = UnsafeMutableRawPointer.allocate(byteCount: chunkSize, alignment: 16)
    }
    var offset = range.lowerBound
    var startFed = startTag.isEmpty
    var endFed = false
    try parse(handler: handler) { (parser) throws(SVGDecodingError) in
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
  private static func parse(
    handler: any SAXHandler, feed: (xmlParserCtxtPtr) throws(SVGDecodingError) -> Bool
  ) throws(SVGDecodingError) {
    _ = initialized
    let context = ParseContext(handler: handler)
    var sax = xmlSAXHandler()
    sax.initialized = UInt32(XML_SAX2_MAGIC)
    sax.startElementNs = startElementCallback
    sax.endElementNs = endElementCallback
    sax.characters = charactersCallback
    sax.cdataBlock = charactersCallback
    sax.ignorableWhitespace = charactersCallback
    sax.internalSubset = internalSubsetCallback
    sax.getEntity = getEntityCallback
    sax.getParameterEntity = getParameterEntityCallback
    sax.serror = structuredErrorCallback

    let unmanaged = Unmanaged.passRetained(context)
    defer { unmanaged.release() }
    // xmlCreatePushParserCtxt copies the handler table, so `sax` may live on the stack.
    guard
      let parser = xmlCreatePushParserCtxt(&sax, unmanaged.toOpaque(), nil, 0, nil)
    else {
      throw .malformedXML(message: "libxml2 could not create a parser", line: 1, column: 1)
    }
    defer {
      // An entity declaration in an internal subset makes libxml2 create a document to hold
      // it even without a tree builder, and freeing the context leaves it to the caller.
      if let document = parser.pointee.myDoc { xmlFreeDoc(document) }
      xmlFreeParserCtxt(parser)
    }
    context.parser = parser
    xmlCtxtUseOptions(parser, Int32(XML_PARSE_NONET.rawValue))

    while context.failure == nil, parser.pointee.disableSAX == 0, try feed(parser) {}
    if context.failure == nil, parser.pointee.disableSAX == 0 {
      do throws(SVGDecodingError) {
        try handler.endDocument()
      } catch {
        context.fail(error)
      }
    }
    if let failure = context.failure { throw failure }
    if parser.pointee.wellFormed == 0 {
      throw .malformedXML(message: "the document is not well-formed", line: 1, column: 1)
    }
  }

  // MARK: - Locations

  static func currentLocation(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input else { return SourceLocation(line: 1, column: 1) }
    return SourceLocation(line: Int(input.pointee.line), column: Int(max(1, input.pointee.col)))
  }

  /// The location of a byte inside libxml2's current input buffer, at or before the parse
  /// position; `nil` for a pointer outside it.
  static func location(of target: UnsafePointer<UInt8>?, in parser: xmlParserCtxtPtr)
    -> SourceLocation?
  {
    guard let target, let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur, target >= base, target <= current
    else { return nil }
    var newlines = 0
    var cursor = target
    var charactersToCurrent = 0
    while cursor < current {
      if cursor.pointee == 0x0A {
        newlines += 1
        charactersToCurrent = 0
      } else if cursor.pointee & 0xC0 != 0x80 {
        charactersToCurrent += 1
      }
      cursor += 1
    }
    let line = Int(input.pointee.line) - newlines
    if newlines == 0 {
      return SourceLocation(
        line: line, column: max(1, Int(input.pointee.col) - charactersToCurrent))
    }
    var lineStart = target
    var column = 1
    while lineStart > base, (lineStart - 1).pointee != 0x0A {
      lineStart -= 1
      if lineStart.pointee & 0xC0 != 0x80 { column += 1 }
    }
    return SourceLocation(line: line, column: column)
  }

  /// The location of the `<` of the tag just parsed (a start tag, or an end tag in
  /// `endElement`): no `<` can stand inside a tag, so it is the nearest one before the parse
  /// position.
  static func locationOfStartTag(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      var cursor = input.pointee.cur
    else { return currentLocation(in: parser) }
    while cursor > base, cursor.pointee != UInt8(ascii: "<") { cursor -= 1 }
    guard cursor.pointee == UInt8(ascii: "<") else { return currentLocation(in: parser) }
    return location(of: cursor, in: parser) ?? currentLocation(in: parser)
  }

  /// The location of the byte at `offset` in `text`, given the location just past its end.
  static func location(
    ofOffset offset: Int, in text: UnsafeBufferPointer<UInt8>, endingAt end: SourceLocation,
    parser: xmlParserCtxtPtr
  ) -> SourceLocation {
    var line = end.line
    var charactersToEnd = 0
    var index = offset
    while index < text.count {
      if text[index] == 0x0A {
        line -= 1
      } else if text[index] & 0xC0 != 0x80, line == end.line {
        charactersToEnd += 1
      }
      index += 1
    }
    if line == end.line {
      return SourceLocation(line: line, column: max(1, end.column - charactersToEnd))
    }
    var column = 1
    index = offset
    while index > 0, text[index - 1] != 0x0A {
      index -= 1
      if text[index] & 0xC0 != 0x80 { column += 1 }
    }
    // Text that begins part way along its first line: libxml2 passes plain text in place,
    // so the rest of that line is in its input, just before the text.
    if index == 0, let start = text.baseAddress, let input = parser.pointee.input,
      let base = input.pointee.base, start > base, start <= input.pointee.cur
    {
      var cursor = start
      while cursor > base, (cursor - 1).pointee != 0x0A {
        cursor -= 1
        if cursor.pointee & 0xC0 != 0x80 { column += 1 }
      }
    }
    return SourceLocation(line: line, column: column)
  }

  // MARK: - Buffers

  static func buffer(_ string: UnsafePointer<xmlChar>?) -> UnsafeBufferPointer<UInt8> {
    guard let string else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(
      start: string, count: Memory.lengthOfNulTerminatedString(at: string))
  }

  static func buffer(from start: UnsafePointer<xmlChar>?, to end: UnsafePointer<xmlChar>?)
    -> UnsafeBufferPointer<UInt8>
  {
    guard let start, let end, end >= start else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: start, count: end - start)
  }
}

/// The bytes of a document: an open file, read a piece at a time, or bytes in memory. Pieces
/// are read by offset, so several parses may read one input at once.
struct SAXInput: @unchecked Sendable {
  fileprivate enum Storage {
    case file(FileDescriptor, path: String)
    case memory(UnsafeRawBufferPointer)
  }

  fileprivate let storage: Storage
  /// The size of the document (of a file, when it was opened).
  let byteCount: Int

  /// Bytes in memory, which must stay there while the input is used.
  init(_ bytes: UnsafeRawBufferPointer) {
    storage = .memory(bytes)
    byteCount = bytes.count
  }

  fileprivate init(file: FileDescriptor, path: String, byteCount: Int) {
    storage = .file(file, path: path)
    self.byteCount = byteCount
  }

  /// Up to `count` bytes from `offset`: fewer only at the end of the input.
  ///
  /// - Parameters:
  ///   - offset: Where the piece starts.
  ///   - count: The most bytes to read.
  ///   - buffer: Room for `count` bytes, for a file; bytes in memory are not copied.
  /// - Returns: The bytes, in `buffer` or in the input's memory.
  /// - Throws: ``SVGDecodingError/unreadableFile(path:reason:)`` when the file cannot be read.
  fileprivate func piece(at offset: Int, count: Int, into buffer: UnsafeMutableRawPointer?)
    throws(SVGDecodingError) -> UnsafeRawBufferPointer
  {
    switch storage {
    case .memory(let bytes):
      let start = min(offset, bytes.count)
      return UnsafeRawBufferPointer(rebasing: bytes[start..<min(bytes.count, start + count)])
    case .file(let file, let path):
      guard let buffer, count > 0 else { return UnsafeRawBufferPointer(start: nil, count: 0) }
      let length: Int
      do throws(Errno) {
        length = try file.read(
          into: UnsafeMutableRawBufferPointer(start: buffer, count: count), at: offset)
      } catch {
        throw .unreadableFile(path: path, reason: error.description)
      }
      return UnsafeRawBufferPointer(start: buffer, count: length)
    }
  }

  /// A copy of up to `count` bytes from `offset`: fewer only at the end of the input.
  func bytes(at offset: Int, count: Int) throws(SVGDecodingError) -> [UInt8] {
    let buffer = UnsafeMutableRawPointer.allocate(byteCount: max(1, count), alignment: 16)
    defer { buffer.deallocate() }
    return Array(try piece(at: offset, count: count, into: buffer))
  }
}

// MARK: - Callbacks

/// What the C callbacks reach through libxml2's user-data pointer.
private final class ParseContext {
  let handler: any SAXHandler
  var parser: xmlParserCtxtPtr?
  var failure: SVGDecodingError?
  /// How many elements are open: libxml2's push parser does not bound it by itself.
  var depth = 0
  /// What an entity reference the handler accepted stands for: a predefined entity (so that
  /// libxml2 never parses, loads or counts anything for it) whose text is one NUL byte.
  let placeholderEntity: UnsafeMutablePointer<xmlEntity>
  private let placeholderBytes: UnsafeMutablePointer<xmlChar>

  init(handler: any SAXHandler) {
    self.handler = handler
    // "\0\0": a one-byte text (NUL) that is also a terminated C string, and an empty name.
    placeholderBytes = .allocate(capacity: 2)
    placeholderBytes.initialize(repeating: 0, count: 2)
    placeholderEntity = .allocate(capacity: 1)
    var entity = xmlEntity()
    entity.type = XML_ENTITY_DECL
    entity.etype = XML_INTERNAL_PREDEFINED_ENTITY
    entity.name = UnsafePointer(placeholderBytes + 1)
    entity.content = placeholderBytes
    entity.length = 1
    placeholderEntity.initialize(to: entity)
  }

  deinit {
    // libxml2 keeps nothing in the placeholder, but would own what it stored there.
    if let orig = placeholderEntity.pointee.orig { free(orig) }
    placeholderEntity.deinitialize(count: 1)
    placeholderEntity.deallocate()
    placeholderBytes.deallocate()
  }

  /// Keeps the first error and stops the parser, so that nothing after it is read.
  func fail(_ error: SVGDecodingError) {
    if failure == nil { failure = error }
    if let parser { xmlStopParser(parser) }
  }

  /// Runs a handler call, turning its error into the parse's result.
  func deliver(_ body: (any SAXHandler, xmlParserCtxtPtr) throws(SVGDecodingError) -> Void) {
    guard failure == nil, let parser else { return }
    do throws(SVGDecodingError) {
      try body(handler, parser)
    } catch {
      fail(error)
    }
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> ParseContext? {
    pointer.map { Unmanaged<ParseContext>.fromOpaque($0).takeUnretainedValue() }
  }

  /// Runs `body` with the context, without retaining it: the parse holds it for the
  /// whole of every callback, and the hot callbacks run millions of times.
  static func with(_ pointer: UnsafeMutableRawPointer?, _ body: (ParseContext) -> Void) {
    guard let pointer else { return }
    Unmanaged<ParseContext>.fromOpaque(pointer)._withUnsafeGuaranteedRef(body)
  }
}

private let startElementCallback: startElementNsSAX2Func = {
  userData, localName, prefix, namespaceURI, namespaceCount, namespaces, attributeCount, _,
  attributes in
  ParseContext.with(userData) { context in
    context.depth += 1
    context.deliver { handler, parser throws(SVGDecodingError) in
      if context.depth > SVGLimits.maximumDepth {
        let location = SAXParser.locationOfStartTag(in: parser)
        throw .limitExceeded(
          what: "the nesting of elements", limit: "\(SVGLimits.maximumDepth) levels",
          line: location.line, column: location.column)
      }
      let element = SAXElement(
        localName: SAXParser.buffer(localName),
        prefix: prefix.map { SAXParser.buffer($0) },
        namespaceURI: namespaceURI.map { SAXParser.buffer($0) },
        attributeTable: attributes,
        attributeCount: Int(attributeCount),
        namespaceTable: namespaces,
        namespaceCount: Int(namespaceCount),
        parser: parser)
      try handler.startElement(element)
    }
  }
}

private let endElementCallback: endElementNsSAX2Func = { userData, _, _, _ in
  ParseContext.with(userData) { context in
    context.depth -= 1
    context.deliver { handler, parser throws(SVGDecodingError) in
      try handler.endElement { SAXParser.locationOfStartTag(in: parser) }
    }
  }
}

private let charactersCallback: charactersSAXFunc = { userData, characters, length in
  ParseContext.with(userData) {
    $0.deliver { handler, parser throws(SVGDecodingError) in
      let text = UnsafeBufferPointer(start: characters, count: Int(length))
      // libxml2 reports character data with its line and column already past the text.
      let end = SAXParser.currentLocation(in: parser)
      try handler.characters(text) { offset in
        SAXParser.location(ofOffset: offset, in: text, endingAt: end, parser: parser)
      }
    }
  }
}

private let internalSubsetCallback: internalSubsetSAXFunc = { userData, _, _, _ in
  guard let context = ParseContext.from(userData) else { return }
  context.deliver { handler, parser throws(SVGDecodingError) in
    try handler.documentTypeDeclaration(at: SAXParser.locationOfDeclaration(in: parser))
  }
  // Unless the handler reads past it, nothing declared in a document type is processed.
  if let parser = context.parser, context.failure != nil || !context.handler.readsPastDocumentType {
    xmlStopParser(parser)
  }
}

private let getEntityCallback: getEntitySAXFunc = { userData, name in
  lookUpEntity(userData, name, sigil: "&")
}

private let getParameterEntityCallback: getParameterEntitySAXFunc = { userData, name in
  lookUpEntity(userData, name, sigil: "%")
}

/// Tells the handler about a reference to a general (`&name;`) or parameter (`%name;`, named
/// `%name` to the handler) entity, and answers libxml2 with the placeholder if it accepts.
private func lookUpEntity(
  _ userData: UnsafeMutableRawPointer?, _ name: UnsafePointer<xmlChar>?, sigil: Unicode.Scalar
) -> xmlEntityPtr? {
  guard let context = ParseContext.from(userData) else { return nil }
  // libxml2 also looks a name up when an internal subset declares it; only a reference,
  // `&name;` just before the parse position, goes to the handler.
  if let parser = context.parser,
    !SAXParser.followsReference(to: name, sigil: UInt8(ascii: sigil), in: parser)
  {
    return nil
  }
  context.deliver { handler, parser throws(SVGDecodingError) in
    let entityName = String(decoding: SAXParser.buffer(name), as: UTF8.self)
    // The parse position is past `&name;`, which never spans lines.
    var location = SAXParser.currentLocation(in: parser)
    location.column = max(1, location.column - entityName.unicodeScalars.count - 2)
    try handler.entityReference(
      named: sigil == "%" ? "%" + entityName : entityName, at: location)
  }
  // A handler that threw has stopped the parse; one that returned accepts the placeholder,
  // which for a parameter entity libxml2 skips as "not a parameter entity" (a warning).
  return context.failure == nil ? context.placeholderEntity : nil
}

private let structuredErrorCallback: xmlStructuredErrorFunc = { userData, error in
  guard let context = ParseContext.from(userData), let error,
    error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue
  else { return }
  var message = error.pointee.message.map { String(cString: $0) } ?? "unknown error"
  while message.last?.isWhitespace == true { message.removeLast() }
  let line = Int(max(1, error.pointee.line))
  let column = Int(max(1, error.pointee.int2))
  // libxml2's size limits speak of its internals; say which limit the file went past.
  if message.contains("Huge input lookup") || message.contains("too long")
    || message.contains("XML_PARSE_HUGE")
  {
    context.fail(
      .limitExceeded(
        what: "an attribute value, a name or a piece of text",
        limit: "\(SVGLimits.maximumValueLength) bytes", line: line, column: column))
    return
  }
  context.fail(.malformedXML(message: message, line: line, column: column))
}

extension SAXParser {
  /// Whether the bytes just before the parse position are `&name;` (or `%name;`, for the
  /// sigil `%`); `true` when they cannot be seen, so that a reference is never mistaken for a
  /// declaration.
  fileprivate static func followsReference(
    to name: UnsafePointer<xmlChar>?, sigil: UInt8, in parser: xmlParserCtxtPtr
  ) -> Bool {
    let name = buffer(name)
    guard let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur, current - base >= name.count + 2
    else { return true }
    let start = current - name.count - 2
    return start.pointee == sigil && (current - 1).pointee == UInt8(ascii: ";")
      && UnsafeBufferPointer(start: start + 1, count: name.count).elementsEqual(name)
  }

  /// The location of `<!DOCTYPE`: the nearest `<!` before the parse position.
  fileprivate static func locationOfDeclaration(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      var cursor = input.pointee.cur
    else { return currentLocation(in: parser) }
    while cursor > base,
      !(cursor.pointee == UInt8(ascii: "<") && (cursor + 1).pointee == UInt8(ascii: "!"))
    {
      cursor -= 1
    }
    return location(of: cursor, in: parser) ?? currentLocation(in: parser)
  }
}
