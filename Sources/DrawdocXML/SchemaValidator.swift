internal import CLibXML2

import DrawdocSystem

// Checks documents against the RELAX NG grammar in `Schema/` with libxml2. Every error is
// captured through a structured error handler installed on the one parser or validation
// context that raises it, never through libxml2's process-global error state, so that
// concurrent parses elsewhere in the process cannot mix their errors into these.

/// One way a document departs from a schema, or a reason it could not be read as XML.
package struct SchemaViolation: Error, Equatable, Sendable, CustomStringConvertible {
  /// What is wrong, on one line: libxml2's message, or the reason a file could not be read.
  package let message: String
  /// The 1-based line the violation concerns, or 0 when libxml2 names no line.
  ///
  /// libxml2 keeps an element's line in 16 bits unless asked for `XML_PARSE_BIG_LINES`, so
  /// a schema violation past line 65535 is reported on line 65535.
  package let line: Int

  /// Makes a violation.
  ///
  /// - Parameters:
  ///   - message: What is wrong.
  ///   - line: The 1-based line, or 0 if unknown.
  package init(message: String, line: Int) {
    self.message = message
    self.line = line
  }

  /// `line N: message`.
  package var description: String { "line \(line): \(message)" }
}

/// Validates XML documents against a RELAX NG schema (XML syntax) with libxml2.
///
/// A validator owns the compiled schema and may check any number of documents, one call at a
/// time. It is not `Sendable`: libxml2 does not promise that one compiled RELAX NG schema may
/// be used by several threads at once, so give each concurrent task its own validator.
///
/// Documents are parsed with `XML_PARSE_NONET` and no other option: nothing is fetched from
/// the network, no external DTD is loaded, entities are not substituted, libxml2's size and
/// depth limits stay in force, and every error is reported.
package final class SchemaValidator {
  private let schema: xmlRelaxNGPtr

  private static let initialized: Bool = {
    xmlInitParser()
    return true
  }()

  /// Loads and compiles a RELAX NG schema written in XML syntax.
  ///
  /// The file is read here and parsed like any document, rather than by
  /// `xmlRelaxNGNewParserCtxt`, whose own parser would print its errors on standard error
  /// instead of reporting them.
  ///
  /// The corresponding C functions are `xmlNewParserCtxt`, `xmlCtxtReadMemory`,
  /// `xmlRelaxNGNewDocParserCtxt` and `xmlRelaxNGParse`.
  ///
  /// - Parameter path: The schema file, such as `Schema/drawdoc.rng`.
  /// - Throws: The first ``SchemaViolation`` met when the file cannot be read, is not
  ///   well-formed XML, or is not a correct RELAX NG grammar.
  package init(relaxNGSchemaAt path: String) throws(SchemaViolation) {
    let collector = ViolationCollector()
    let source = try Self.contents(ofFile: path)
    guard let document = Self.readDocument(source, url: path, reportingTo: collector) else {
      throw collector.first(or: "\(path) is not well-formed XML")
    }
    // The RELAX NG parser works on a copy of the document, because compiling modifies it.
    defer { xmlFreeDoc(document) }
    guard let parser = xmlRelaxNGNewDocParserCtxt(document) else {
      throw SchemaViolation(message: "libxml2 could not create a RELAX NG parser", line: 0)
    }
    defer { xmlRelaxNGFreeParserCtxt(parser) }
    let schema = collector.withOpaquePointer { pointer in
      xmlRelaxNGSetParserStructuredErrors(parser, relaxNGErrorCallback, pointer)
      return xmlRelaxNGParse(parser)
    }
    guard let schema else {
      throw collector.first(or: "\(path) is not a correct RELAX NG grammar")
    }
    if let violation = collector.violations.first {
      // libxml2 returned a schema despite reporting an error; do not trust it.
      xmlRelaxNGFree(schema)
      throw violation
    }
    self.schema = schema
  }

  deinit {
    xmlRelaxNGFree(schema)
  }

  /// Checks a document against the schema.
  ///
  /// Malformed XML is not an exception: its parse errors come back as violations, and the
  /// document is then not validated further.
  ///
  /// The corresponding C functions are `xmlNewParserCtxt`, `xmlCtxtReadMemory`,
  /// `xmlRelaxNGNewValidCtxt` and `xmlRelaxNGValidateDoc`.
  ///
  /// - Parameter bytes: The whole document, in any encoding libxml2 detects (UTF-8 for
  ///   drawdoc's files).
  /// - Returns: Every violation libxml2 reported, in the order it reported them; an empty
  ///   array when the document is well-formed and valid.
  package func validate(_ bytes: [UInt8]) -> [SchemaViolation] {
    let collector = ViolationCollector()
    guard let document = Self.readDocument(bytes, url: nil, reportingTo: collector) else {
      return collector.violations.isEmpty
        ? [SchemaViolation(message: "the document is not well-formed XML", line: 0)]
        : collector.violations
    }
    defer { xmlFreeDoc(document) }
    guard let context = xmlRelaxNGNewValidCtxt(schema) else {
      collector.append("libxml2 could not create a RELAX NG validation context", line: 0)
      return collector.violations
    }
    defer { xmlRelaxNGFreeValidCtxt(context) }
    let result = collector.withOpaquePointer { pointer in
      xmlRelaxNGSetValidStructuredErrors(context, relaxNGErrorCallback, pointer)
      return xmlRelaxNGValidateDoc(context, document)
    }
    if result != 0, collector.violations.isEmpty {
      // A failure must never read as success, even if libxml2 reported nothing.
      collector.append(
        result > 0
          ? "the document does not match the schema"
          : "libxml2 failed while validating the document",
        line: 0)
    }
    return collector.violations
  }

  // MARK: - Reading

  /// Parses a document held in memory with a fresh parser whose errors go to `collector`.
  ///
  /// - Parameters:
  ///   - bytes: The whole document.
  ///   - url: The document's address, against which relative references resolve.
  ///   - collector: Receives the parser's errors.
  /// - Returns: The document, which the caller frees, or `nil` if it is not well-formed.
  private static func readDocument(
    _ bytes: [UInt8], url: String?, reportingTo collector: ViolationCollector
  ) -> xmlDocPtr? {
    _ = initialized
    guard let length = Int32(exactly: bytes.count) else {
      collector.append("the document is too large for libxml2 to read", line: 0)
      return nil
    }
    guard let parser = xmlNewParserCtxt() else {
      collector.append("libxml2 could not create a parser", line: 0)
      return nil
    }
    defer { xmlFreeParserCtxt(parser) }
    // Without a SAX2 handler table the errors would reach the global handler instead.
    guard let sax = parser.pointee.sax, sax.pointee.initialized == XML_SAX2_MAGIC else {
      collector.append("libxml2 could not set up a parser", line: 0)
      return nil
    }
    let document = collector.withOpaquePointer { pointer in
      // `userData` must stay the parser itself, which libxml2's tree builder expects, so
      // the collector rides in `_private`, which libxml2 never touches.
      parser.pointee._private = pointer
      sax.pointee.serror = parserErrorCallback
      defer { parser.pointee._private = nil }
      return bytes.withUnsafeBufferPointer { buffer in
        buffer.withMemoryRebound(to: CChar.self) { characters in
          xmlCtxtReadMemory(
            parser, characters.baseAddress, length, url, nil, Int32(XML_PARSE_NONET.rawValue))
        }
      }
    }
    guard let document else { return nil }
    guard parser.pointee.wellFormed != 0 else {
      xmlFreeDoc(document)
      return nil
    }
    return document
  }

  /// The bytes of a file, read with POSIX calls so that a missing or unreadable file is
  /// reported to the caller; libxml2 would print the reason on standard error.
  ///
  /// - Parameter path: The file to read.
  /// - Returns: Its whole content.
  /// - Throws: A ``SchemaViolation`` naming the file and the reason.
  private static func contents(ofFile path: String) throws(SchemaViolation) -> [UInt8] {
    func failure(_ reason: String) -> SchemaViolation {
      SchemaViolation(message: "cannot read \(path): \(reason)", line: 0)
    }
    do throws(Errno) {
      return try FileSystem.read(path)
    } catch {
      throw failure(error == .isDirectory ? "it is a directory" : error.description)
    }
  }
}

// MARK: - Error capture

/// Gathers the errors of one parse, schema compilation or validation.
private final class ViolationCollector {
  private(set) var violations: [SchemaViolation] = []

  func append(_ message: String, line: Int) {
    violations.append(SchemaViolation(message: message, line: line))
  }

  /// Records an error or fatal error; warnings are not violations.
  func record(_ error: UnsafePointer<xmlError>) {
    guard error.pointee.level.rawValue >= XML_ERR_ERROR.rawValue else { return }
    let text = error.pointee.message.map { String(cString: $0) } ?? "unknown libxml2 error"
    // Some messages run over two lines ("… indicate encoding !\nBytes: 0xFF …"); a violation
    // is printed as one.
    let message = text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingWhitespace() }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
    append(
      message.isEmpty ? "unknown libxml2 error" : message, line: Int(max(0, error.pointee.line)))
  }

  /// The first violation, or one with `message` when libxml2 reported none.
  func first(or message: String) -> SchemaViolation {
    violations.first ?? SchemaViolation(message: message, line: 0)
  }

  /// Runs `body` with a pointer to this collector that stays valid for the whole call.
  func withOpaquePointer<Result>(_ body: (UnsafeMutableRawPointer) -> Result) -> Result {
    withExtendedLifetime(self) {
      body(Unmanaged.passUnretained(self).toOpaque())
    }
  }

  static func from(_ pointer: UnsafeMutableRawPointer?) -> ViolationCollector? {
    pointer.map { Unmanaged<ViolationCollector>.fromOpaque($0).takeUnretainedValue() }
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
  }
}

/// For a parser's errors. libxml2 passes the parser's `userData`, which for a parser made by
/// `xmlNewParserCtxt` is the parser itself, and names the parser in the error too; the
/// collector rides in the parser's `_private`.
private let parserErrorCallback: xmlStructuredErrorFunc = { userData, error in
  guard let error else { return }
  let parser = (error.pointee.ctxt ?? userData)?.assumingMemoryBound(to: xmlParserCtxt.self)
  guard let collector = ViolationCollector.from(parser?.pointee._private) else { return }
  collector.record(error)
}

/// For the errors of a RELAX NG parser or validation context, whose user data is the
/// collector.
private let relaxNGErrorCallback: xmlStructuredErrorFunc = { userData, error in
  guard let error, let collector = ViolationCollector.from(userData) else { return }
  collector.record(error)
}
