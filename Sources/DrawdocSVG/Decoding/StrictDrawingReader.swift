import DrawdocModel
import DrawdocSystem
import DrawdocXML

/// Builds a ``Drawing`` from the SAX events of a drawdoc file, refusing any departure from the
/// format with the line, the column and what was expected. XML spelling is free: attribute
/// order, quotes, whitespace, comments and other spellings of the same number.
final class StrictDrawingReader: SAXHandler {
  private enum Position {
    case beforeRoot, inRoot, inTitle, inRectangle, afterRoot
  }

  private var position = Position.beforeRoot
  private var sawTitle = false
  private var titleBytes: [UInt8] = []
  private var titleLocation = SourceLocation(line: 1, column: 1)
  private var header: (id: Identifier, created: Timestamp, modified: Timestamp)?
  private var canvas: Size?
  private var title = ""
  /// The rectangles read so far; the plane (and its id index) is built once, at the end.
  private var rectangles: [Rectangle] = []
  /// When set, the reader locates the rectangle at this position (in document order) as a
  /// duplicate: the second pass that names the line of a duplicate id found at the end.
  private let duplicateToLocate: Int?

  /// The position of the first rectangle whose id an earlier one has, once a first pass has
  /// found one; ``SVGDecoder`` then reads again with ``init(locatingDuplicateAt:)``.
  private(set) var duplicatePosition: Int?

  /// Which part of a document this reader reads.
  enum Part {
    /// The whole document.
    case whole
    /// The document up to a cut between two children of the root, followed by the root's
    /// end tag; ``rootWasRead`` is told of the root element.
    case head
    /// The document from a cut between two children of the root, after a start tag of the
    /// root that declares its namespaces (``SAXElement/bareTags``): rectangles only.
    case continuation
    /// The document up to the end of its title: the root's attributes and the title, checked
    /// as strictly as in a whole document; the read stops there (see ``headerDrawing``).
    case header
  }

  private let part: Part
  /// For a head: told of the root element once it is read; `false` stops the read.
  var rootWasRead: ((SAXElement) -> Bool)?
  /// Whether a part's root element has ended, with no error.
  private(set) var partEnded = false

  /// A reader for one document, or one part of one.
  ///
  /// - Parameters:
  ///   - part: What the reader reads.
  ///   - position: For the second pass only: the rectangle to report as a duplicate.
  init(_ part: Part = .whole, locatingDuplicateAt position: Int? = nil) {
    self.part = part
    duplicateToLocate = position
  }

  /// The token of the SVG namespace, once an element in it is read.
  private var knownSVGNamespace = NameToken.none
  /// The token of `rect`, once one is read.
  private var knownRectangleName = NameToken.none
  /// The `rect` attribute names seen so far, by token: after the first rectangle, a name is
  /// classified by one comparison.
  private var rectangleNames = RectangleFieldNames()
  private var expectedByteCount = 0

  /// The drawing, once the document has ended without an error.
  private(set) var drawing: Drawing?

  /// Whether a header part has read the title, and stopped.
  private var headerIsRead = false

  /// For a header part that read the title: the drawing without its rectangles.
  var headerDrawing: Drawing? {
    guard part == .header, headerIsRead, let header, let canvas,
      let plane = try? Plane(size: canvas, title: title, rectangles: [])
    else { return nil }
    return Drawing(
      id: header.id, created: header.created, modified: header.modified, plane: plane)
  }

  // MARK: - SAXHandler

  func startElement(_ element: SAXElement) throws(SVGDecodingError) {
    switch position {
    case .inRoot where sawTitle:
      // After the first <rect>, one comparison of tokens recognizes it.
      if element.nameToken != knownRectangleName || element.namespaceToken != knownSVGNamespace {
        try expectSVGElement(element, named: "rect", expected: "<rect>")
        knownRectangleName = element.nameToken
      }
      try readRectangle(element)
      position = .inRectangle
    case .inRoot:
      try expectSVGElement(element, named: "title", expected: "<title> as the first child of <svg>")
      if element.attributeCount > 0 {
        let attribute = element.attribute(0)
        let location = element.location(ofNameOf: attribute)
        throw .unexpectedAttribute(
          name: attribute.qualifiedName, element: "title", line: location.line,
          column: location.column)
      }
      titleLocation = element.location
      sawTitle = true
      position = .inTitle
    case .beforeRoot where part == .continuation:
      // The bare start tag: the header was the head's to read.
      sawTitle = true
      position = .inRoot
      reserveRectangles()
    case .beforeRoot:
      try readRoot(element)
      position = .inRoot
    case .inTitle:
      throw unexpected(element, expected: "only text inside <title>")
    case .inRectangle:
      throw unexpected(element, expected: "nothing inside <rect>")
    case .afterRoot:
      throw unexpected(element, expected: "nothing after </svg>")
    }
  }

  func endElement(locate: () -> SourceLocation) throws(SVGDecodingError) {
    switch position {
    case .inTitle:
      try finishTitle()
      position = .inRoot
      if part == .header {
        headerIsRead = true
        throw Self.stopped
      }
    case .inRectangle:
      position = .inRoot
    case .inRoot:
      guard sawTitle else {
        let location = locate()
        throw .missingTitle(line: location.line, column: location.column)
      }
      position = .afterRoot
      guard part == .whole else {
        partEnded = true
        return
      }
      try finishDrawing(locate: locate)
    case .beforeRoot, .afterRoot:
      break
    }
  }

  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(SVGDecodingError)
  {
    if position == .inTitle {
      guard titleBytes.count + text.count <= Plane.maximumTitleLength * 4 else {
        throw .invalidTitle(
          reason: "it is longer than \(Plane.maximumTitleLength) characters",
          line: titleLocation.line, column: titleLocation.column)
      }
      titleBytes.append(contentsOf: text)
      return
    }
    if let offset = text.firstIndex(where: { !Self.isBlank($0) }) {
      let location = locate(offset)
      throw .unexpectedText(line: location.line, column: location.column)
    }
  }

  func documentTypeDeclaration(at location: SourceLocation) throws(SVGDecodingError) {
    throw .documentTypeDeclaration(line: location.line, column: location.column)
  }

  func entityReference(named name: String, at location: SourceLocation)
    throws(SVGDecodingError)
  {
    throw .entityReference(name: name, line: location.line, column: location.column)
  }

  func willParse(byteCount: Int) {
    expectedByteCount = byteCount
  }

  func endDocument() throws(SVGDecodingError) {
    guard drawing != nil || partEnded else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
  }

  // MARK: - Elements

  private func readRoot(_ element: SAXElement) throws(SVGDecodingError) {
    guard element.localName.equals("svg") else {
      throw .unexpectedRoot(
        name: String(decoding: element.localName, as: UTF8.self),
        line: element.location.line, column: element.location.column)
    }
    try expectSVGNamespace(element)
    var width: Double?
    var height: Double?
    var viewBox: (values: [Double], attribute: SAXAttribute)?
    var version = false
    var id: Identifier?
    var created: Timestamp?
    var modified: Timestamp?
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      let name = attribute.isQualified ? nil : RootAttribute(attribute.name)
      switch name {
      case .width: width = try Self.length(attribute, in: element)
      case .height: height = try Self.length(attribute, in: element)
      case .viewBox:
        viewBox = (Self.numberList(attribute.value), attribute)
      case .version:
        guard attribute.value.count == 1, attribute.value[0] == UInt8(ascii: "1") else {
          let location = element.location(of: attribute)
          throw .unsupportedVersion(
            value: SVGDecodingError.excerpt(attribute.value), line: location.line,
            column: location.column)
        }
        version = true
      case .id: id = try Self.identifier(attribute, in: element)
      case .created: created = try Self.timestamp(attribute, in: element)
      case .modified: modified = try Self.timestamp(attribute, in: element)
      case nil:
        let nameLocation = element.location(ofNameOf: attribute)
        throw .unexpectedAttribute(
          name: attribute.qualifiedName, element: "svg", line: nameLocation.line,
          column: nameLocation.column)
      }
    }
    let location = element.location
    func missing(_ name: String) -> SVGDecodingError {
      .missingAttribute(name: name, element: "svg", line: location.line, column: location.column)
    }
    guard let width else { throw missing("width") }
    guard let height else { throw missing("height") }
    guard let viewBox else { throw missing("viewBox") }
    guard version else { throw missing("data-drawdoc") }
    guard let id else { throw missing("data-id") }
    guard let created else { throw missing("data-created") }
    guard let modified else { throw missing("data-modified") }
    guard viewBox.values == [0, 0, width, height] else {
      let place = element.location(of: viewBox.attribute)
      throw .invalidViewBox(
        value: SVGDecodingError.excerpt(viewBox.attribute.value),
        expected: "0 0 \(ShortestDecimal.string(width)) \(ShortestDecimal.string(height))",
        line: place.line, column: place.column)
    }
    header = (id, created, modified)
    canvas = Size(trustedWidth: width, height: height)
    if part != .header { reserveRectangles() }
    if let rootWasRead, !rootWasRead(element) { throw Self.stopped }
  }

  /// What a part throws when it stops at a problem it need not name: a read on one thread
  /// names it.
  private static let stopped = SVGDecodingError.malformedXML(
    message: "the read stopped", line: 1, column: 1)

  private func reserveRectangles() {
    // A canonical rectangle takes about a hundred bytes; the cap keeps a file padded with
    // blanks from reserving much (and reserved pages cost nothing until written).
    rectangles.reserveCapacity(min(expectedByteCount / 96, 1 << 22))
    MemoryAdvice.preferHugePages(for: &rectangles)
  }

  private func readRectangle(_ element: SAXElement) throws(SVGDecodingError) {
    var id: Identifier?
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double?
    var color: Color?
    var alpha: Alpha?
    var idAttribute: SAXAttribute?
    // A local copy: the class property would be checked for exclusive access on every name.
    var names = rectangleNames
    defer { rectangleNames = names }
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      let name = attribute.isQualified ? nil : names.kind(of: attribute, expected: index)
      switch name {
      case .id:
        idAttribute = attribute
        id = try Self.identifier(attribute, in: element)
      case .x: x = try Self.coordinate(attribute, in: element)
      case .y: y = try Self.coordinate(attribute, in: element)
      case .width: width = try Self.length(attribute, in: element)
      case .height: height = try Self.length(attribute, in: element)
      case .fill: color = try Self.color(attribute, in: element)
      case .opacity: alpha = try Self.alpha(attribute, in: element)
      case nil:
        let location = element.location(ofNameOf: attribute)
        throw .unexpectedAttribute(
          name: attribute.qualifiedName, element: "rect", line: location.line,
          column: location.column)
      }
    }
    guard let id, let x, let y, let width, let height, let color, let alpha else {
      let location = element.location
      let present: [Bool] = [
        id != nil, x != nil, y != nil, width != nil, height != nil, color != nil, alpha != nil,
      ]
      let names = ["data-id", "x", "y", "width", "height", "fill", "fill-opacity"]
      let name = names[present.firstIndex(of: false) ?? 0]
      throw .missingAttribute(
        name: name, element: "rect", line: location.line, column: location.column)
    }
    if rectangles.count >= SVGLimits.maximumRectangleCount {
      let location = element.location
      throw .limitExceeded(
        what: "the number of rectangles", limit: "\(SVGLimits.maximumRectangleCount)",
        line: location.line, column: location.column)
    }
    if rectangles.count == duplicateToLocate {
      let location = idAttribute.map { element.location(of: $0) } ?? element.location
      throw .duplicateIdentifier(
        id: id.description, line: location.line, column: location.column)
    }
    rectangles.append(
      Rectangle(
        id: id, point: Point(trustedX: x, y: y), size: Size(trustedWidth: width, height: height),
        color: color, alpha: alpha))
  }

  /// Builds the drawing from what was read; ids are checked for duplicates here, in one pass
  /// over all rectangles, which is much faster than one lookup per rectangle while reading.
  private func finishDrawing(locate: () -> SourceLocation) throws(SVGDecodingError) {
    guard let header, let canvas else { return }
    let plane: Plane
    do {
      plane = try Plane(size: canvas, title: title, rectangles: rectangles)
    } catch .duplicateIdentifier(let id) {
      duplicatePosition = rectangles.firstIndex { $0.id == id }.flatMap { first in
        rectangles[(first + 1)...].firstIndex { $0.id == id }
      }
      let location = locate()
      throw .duplicateIdentifier(
        id: id.description, line: location.line, column: location.column)
    } catch {
      let location = locate()
      throw .invalidTitle(
        reason: error.description, line: location.line, column: location.column)
    }
    rectangles = []
    drawing = Drawing(
      id: header.id, created: header.created, modified: header.modified, plane: plane)
  }

  /// The rectangles of a part whose root element has ended, handed over once.
  func takeRectangles() -> [Rectangle] {
    defer { rectangles = [] }
    return rectangles
  }

  /// The drawing of a head whose root element has ended and the parts after it, or `nil` if
  /// together they break a rule of the whole (a duplicate id, too many rectangles).
  func drawing(appending parts: [StrictDrawingReader]) -> Drawing? {
    guard part == .head, partEnded, let header, let canvas else { return nil }
    var rectangles = takeRectangles()
    for part in parts {
      guard part.part == .continuation, part.partEnded else { return nil }
      rectangles.append(contentsOf: part.takeRectangles())
    }
    guard rectangles.count <= SVGLimits.maximumRectangleCount,
      let plane = try? Plane(size: canvas, title: title, rectangles: rectangles)
    else { return nil }
    return Drawing(
      id: header.id, created: header.created, modified: header.modified, plane: plane)
  }

  private func finishTitle() throws(SVGDecodingError) {
    title = String(decoding: titleBytes, as: UTF8.self)
    titleBytes = []
    do {
      var probe = try Plane()
      try probe.rename(to: title)
    } catch {
      throw .invalidTitle(
        reason: error.description, line: titleLocation.line, column: titleLocation.column)
    }
  }

  private func expectSVGElement(
    _ element: SAXElement, named name: StaticString, expected: String
  ) throws(SVGDecodingError) {
    guard element.localName.equals(name) else {
      throw unexpected(element, expected: expected)
    }
    try expectSVGNamespace(element)
  }

  private func expectSVGNamespace(_ element: SAXElement) throws(SVGDecodingError) {
    // After the first check, the same token means the same URI.
    if element.namespaceToken == knownSVGNamespace, element.namespaceURI != nil {
      return
    }
    guard let uri = element.namespaceURI, uri.equals(Self.svgNamespace) else {
      throw .wrongNamespace(
        element: String(decoding: element.localName, as: UTF8.self),
        namespace: element.namespaceURI.map { String(decoding: $0, as: UTF8.self) },
        line: element.location.line, column: element.location.column)
    }
    knownSVGNamespace = element.namespaceToken
  }

  private func unexpected(_ element: SAXElement, expected: String) -> SVGDecodingError {
    .unexpectedElement(
      name: String(decoding: element.localName, as: UTF8.self), expected: expected,
      line: element.location.line, column: element.location.column)
  }
}
