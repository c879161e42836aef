import DrawdocXML
import Testing

/// A reader's own error type, as a format other than SVG would have: its own refusals, and
/// what the adapter found, kept as it came.
private enum ReaderError: XMLReadFailure, Equatable {
  case refused(element: String, line: Int)
  case read(XMLReadError)

  init(reading error: XMLReadError) {
    self = .read(error)
  }
}

/// Records the start tags it sees and refuses the element named `refusing`.
private final class RefusingReader: SAXHandler {
  let refusing: String
  var seen: [String] = []

  init(refusing: String) { self.refusing = refusing }

  func startElement(_ element: SAXElement) throws(ReaderError) {
    let name = String(decoding: element.localName, as: UTF8.self)
    seen.append(name)
    if name == refusing { throw .refused(element: name, line: element.line) }
  }

  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> DrawdocXML.SourceLocation)
    throws(ReaderError)
  {}

  func documentTypeDeclaration(at location: DrawdocXML.SourceLocation) throws(ReaderError) {}

  func entityReference(named name: String, at location: DrawdocXML.SourceLocation)
    throws(ReaderError)
  {
    throw .read(.entityReference(name: name, line: location.line, column: location.column))
  }

  func endDocument() throws(ReaderError) {}
}

@Suite("A parse throws its reader's own error type")
struct SAXHandlerFailureTests {
  @Test func theReadersErrorStopsTheParseAndComesOutAsItWasThrown() {
    let reader = RefusingReader(refusing: "b")
    #expect(throws: ReaderError.refused(element: "b", line: 2)) {
      try SAXParser.parse(Array("<a>\n<b/><c/></a>".utf8), handler: reader)
    }
    // Nothing is delivered after the error: <c> is never seen.
    #expect(reader.seen == ["a", "b"])
  }

  @Test func whatTheAdapterFindsComesOutInTheReadersType() {
    let reader = RefusingReader(refusing: "none")
    #expect(throws: ReaderError.self) {
      try SAXParser.parse(Array("<a><b></a>".utf8), handler: reader)
    }
    do {
      try SAXParser.parse(Array("<a><b></a>".utf8), handler: reader)
    } catch {
      guard case .read(.malformedXML(let message, let line, _)) = error else {
        Issue.record("expected the adapter's malformedXML, got \(error)")
        return
      }
      #expect(line == 1)
      #expect(!message.isEmpty)
    }
  }

  @Test func aDocumentNestedPastTheLimitIsRefusedInTheReadersType() {
    // 257 levels: the 257th start tag, at column 3 × 256 + 1, is one past libxml2's 256.
    let document = String(repeating: "<e>", count: 257) + String(repeating: "</e>", count: 257)
    let reader = RefusingReader(refusing: "none")
    #expect(
      throws: ReaderError.read(
        .limitExceeded(
          what: "the nesting of elements", limit: "256 levels", line: 1, column: 769))
    ) {
      try SAXParser.parse(Array(document.utf8), handler: reader)
    }
    #expect(reader.seen.count == 256)
  }

  @Test func aMissingFileIsRefusedInTheReadersType() {
    let path = "/nonexistent-drawdoc-xml-test/file.xml"
    let reader = RefusingReader(refusing: "none")
    #expect(throws: ReaderError.read(.fileNotFound(path: path))) {
      try SAXParser.withInput(ofFile: path) { (input) throws(ReaderError) in
        try SAXParser.parse(input, handler: reader)
      }
    }
  }
}
