/// One element of a small XML document read whole: for formats other than SVG (draw.io's)
/// that drawdoc reads through the same libxml2 adapter and the same limits as SVG.
package struct XMLTreeElement: Sendable {
  /// The local name, without a prefix.
  package var name: String
  /// The attributes, by qualified name, in the order they were written.
  package var attributes: [(name: String, value: String)]
  /// The child elements, in document order.
  package var children: [XMLTreeElement]
  /// The element's own text (character data and CDATA), pieces joined.
  package var text: String
  /// The line of the start tag's `<`, from 1.
  package var line: Int

  /// The value of the attribute `name`, if it is given.
  package func attribute(_ name: String) -> String? {
    attributes.first { $0.name == name }?.value
  }
}

/// Reads a whole XML document into a tree of ``XMLTreeElement``s through libxml2's SAX2
/// interface, with the SVG readers' options (no network, no entity loading) and limits
/// (``XMLLimits``).
package enum XMLTree {
  /// Reads a document.
  ///
  /// - Parameters:
  ///   - bytes: The whole document.
  ///   - maximumElements: The most elements it may hold.
  ///   - maximumDepth: The deepest nesting of elements allowed, the root at depth 1.
  ///   - maximumTextLength: The most bytes of text one element may hold.
  ///   - stream: Sees every element as it starts and ends, and says which the tree keeps; the
  ///     tree keeps them all when there is none. An element not kept is still held to the
  ///     limits (it counts, its depth and its text's length are checked), but neither it nor
  ///     anything in it is in the tree.
  /// - Returns: The root element.
  /// - Throws: ``XMLReadError/malformedXML(message:line:column:)``,
  ///   ``XMLReadError/entityReference(name:line:column:)`` or
  ///   ``XMLReadError/limitExceeded(what:limit:line:column:)``.
  package static func read(
    _ bytes: [UInt8], maximumElements: Int, maximumDepth: Int = XMLLimits.maximumDepth,
    maximumTextLength: Int = XMLLimits.maximumValueLength, stream: (any XMLTreeStream)? = nil
  ) throws(XMLReadError) -> XMLTreeElement {
    let builder = XMLTreeBuilder(
      maximumElements: maximumElements, maximumDepth: maximumDepth,
      maximumTextLength: maximumTextLength)
    builder.stream = stream
    try SAXParser.parse(bytes, handler: builder)
    guard let root = builder.root else {
      throw .malformedXML(message: "the document has no root element", line: 1, column: 1)
    }
    return root
  }

  /// Reads only the root element's start tag, with its attributes, and stops there: the rest
  /// of the document is not read (nor checked). For a large document, such as an SVG file,
  /// of which only the root's attributes are wanted.
  ///
  /// - Parameters:
  ///   - bytes: The document, or as much of it as holds the root's start tag.
  ///   - maximumValueLength: The most bytes one attribute value may hold.
  /// - Returns: The root element, without children or text.
  /// - Throws: The errors of ``read(_:maximumElements:maximumDepth:maximumTextLength:)``
  ///   met before the root's start tag ends.
  package static func readRoot(
    _ bytes: [UInt8], maximumValueLength: Int = XMLLimits.maximumValueLength
  ) throws(XMLReadError) -> XMLTreeElement {
    let builder = XMLTreeBuilder(
      maximumElements: 1, maximumDepth: 1, maximumTextLength: 0, stopsAtRoot: true,
      maximumValueLength: maximumValueLength)
    do {
      try SAXParser.parse(bytes, handler: builder)
    } catch {
      // The builder stops the parse by throwing once it has the root.
      guard let root = builder.root else { throw error }
      return root
    }
    guard let root = builder.root else {
      throw .malformedXML(message: "the document has no root element", line: 1, column: 1)
    }
    return root
  }
}

/// Sees the elements of a document as ``XMLTree/read(_:maximumElements:maximumDepth:maximumTextLength:stream:)``
/// reads it, and says which of them its tree keeps: for a document of which only a small part
/// is wanted as a tree, and the rest is read on the way (say, one record per element) and
/// forgotten, so that the whole is never held.
package protocol XMLTreeStream: AnyObject {
  /// An element starts, once the limits are checked; the answer says whether the tree keeps
  /// it. An element inside one the tree does not keep is never kept, whatever the answer.
  ///
  /// - Parameters:
  ///   - element: Its start tag, valid only during the call.
  ///   - depth: How many elements are open around it: 0 for the root.
  ///   - parentKept: Whether the tree keeps the element it is in (`true` for the root).
  /// - Returns: Whether the tree keeps it.
  func startElement(_ element: SAXElement, depth: Int, parentKept: Bool) -> Bool

  /// The innermost open element ends.
  ///
  /// - Parameter depth: How many elements are open around it: 0 for the root.
  func endElement(depth: Int)
}

/// Builds the tree from the SAX events.
private final class XMLTreeBuilder: SAXHandler {
  /// An open element: the element itself when the tree keeps it; else only the length of its
  /// text so far, for the limit.
  struct Frame {
    var element: XMLTreeElement?
    var textLength = 0
  }

  let maximumElements: Int
  let maximumDepth: Int
  let maximumTextLength: Int
  var stack: [Frame] = []
  var root: XMLTreeElement?
  var elementCount = 0
  /// Whether the parse stops once the root's start tag is read (``XMLTree/readRoot(_:maximumValueLength:)``).
  let stopsAtRoot: Bool
  /// The most bytes an attribute value may hold.
  let maximumValueLength: Int
  /// What sees each element and says whether the tree keeps it; `nil` keeps them all.
  var stream: (any XMLTreeStream)?

  init(
    maximumElements: Int, maximumDepth: Int, maximumTextLength: Int, stopsAtRoot: Bool = false,
    maximumValueLength: Int = Int.max
  ) {
    self.maximumElements = maximumElements
    self.maximumDepth = maximumDepth
    self.maximumTextLength = maximumTextLength
    self.stopsAtRoot = stopsAtRoot
    self.maximumValueLength = maximumValueLength
  }

  func startElement(_ element: SAXElement) throws(XMLReadError) {
    // The location is worked out only for an error or an element kept: it costs a scan of
    // the tag.
    elementCount += 1
    guard elementCount <= maximumElements else {
      let location = element.location
      throw .limitExceeded(
        what: "elements", limit: "\(maximumElements)", line: location.line,
        column: location.column)
    }
    guard stack.count < maximumDepth else {
      let location = element.location
      throw .limitExceeded(
        what: "nesting depth", limit: "\(maximumDepth)", line: location.line,
        column: location.column)
    }
    if let stream {
      let parentKept = stack.last.map { $0.element != nil } ?? true
      let kept = stream.startElement(element, depth: stack.count, parentKept: parentKept)
      guard kept, parentKept else {
        stack.append(Frame())
        return
      }
    }
    var attributes: [(name: String, value: String)] = []
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      let text = attribute.text
      guard text.utf8.count <= maximumValueLength else {
        let location = element.location
        throw .limitExceeded(
          what: "attribute value length", limit: "\(maximumValueLength) bytes",
          line: location.line, column: location.column)
      }
      attributes.append((attribute.qualifiedName, text))
    }
    let started = XMLTreeElement(
      name: String(decoding: element.localName, as: UTF8.self), attributes: attributes,
      children: [], text: "", line: element.location.line)
    guard !stopsAtRoot else {
      root = started
      throw .malformedXML(message: "stopped after the root", line: 1, column: 1)
    }
    stack.append(Frame(element: started))
  }

  // The end tag's location is never needed, so it is never worked out.
  func endElement(locate: () -> SourceLocation) throws(XMLReadError) {
    guard let finished = stack.popLast() else { return }
    stream?.endElement(depth: stack.count)
    // An element kept is always inside one kept.
    guard let element = finished.element else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].element?.children.append(element)
    }
  }

  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(XMLReadError)
  {
    guard !stack.isEmpty else { return }
    let top = stack.count - 1
    let length = stack[top].element?.text.utf8.count ?? stack[top].textLength
    guard length + text.count <= maximumTextLength else {
      let location = locate(0)
      throw .limitExceeded(
        what: "text length", limit: "\(maximumTextLength) bytes", line: location.line,
        column: location.column)
    }
    if stack[top].element != nil {
      stack[top].element?.text += String(decoding: text, as: UTF8.self)
    } else {
      stack[top].textLength += text.count
    }
  }

  /// Read past: the SVG files draw.io exports start with the SVG 1.1 document type. Nothing in
  /// it is used or loaded, and an entity it declares is still refused where it is used.
  var readsPastDocumentType: Bool { true }

  func documentTypeDeclaration(at location: SourceLocation) throws(XMLReadError) {}

  func entityReference(named name: String, at location: SourceLocation) throws(XMLReadError) {
    throw .entityReference(name: name, line: location.line, column: location.column)
  }

  func endDocument() throws(XMLReadError) {}
}
