import DrawdocModel
import DrawdocSystem

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

  private var knownSVGNamespace: UnsafePointer<UInt8>?
  private var knownRectangleName: UnsafePointer<UInt8>?
  /// The `rect` attribute names seen so far, by libxml2's interned pointer: after the first
  /// rectangle, a name is classified by one pointer comparison.
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
      // libxml2 interns names: after the first <rect>, one pointer comparison recognizes it.
      if element.localName.baseAddress != knownRectangleName
        || element.namespaceURI?.baseAddress != knownSVGNamespace
      {
        try expectSVGElement(element, named: "rect", expected: "<rect>")
        knownRectangleName = element.localName.baseAddress
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
    // libxml2 interns names, so after the first check the same pointer means the same URI.
    if let namespace = element.namespaceURI, namespace.baseAddress == knownSVGNamespace {
      return
    }
    guard let namespace = element.namespaceURI, namespace.equals(Self.svgNamespace) else {
      throw .wrongNamespace(
        element: String(decoding: element.localName, as: UTF8.self),
        namespace: element.namespaceURI.map { String(decoding: $0, as: UTF8.self) },
        line: element.location.line, column: element.location.column)
    }
    knownSVGNamespace = namespace.baseAddress
  }

  private func unexpected(_ element: SAXElement, expected: String) -> SVGDecodingError {
    .unexpectedElement(
      name: String(decoding: element.localName, as: UTF8.self), expected: expected,
      line: element.location.line, column: element.location.column)
  }

  // MARK: - Values

  static let svgNamespace: StaticString = "http://www.w3.org/2000/svg"

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  /// What `parse` makes of an attribute's value, or the error `refusal` makes of the value's
  /// excerpt and location.
  @inline(__always)
  private static func parsed<Value>(
    _ attribute: SAXAttribute, in element: SAXElement,
    _ parse: (UnsafeBufferPointer<UInt8>) -> Value?,
    else refusal: (_ value: String, _ line: Int, _ column: Int) -> SVGDecodingError
  ) throws(SVGDecodingError) -> Value {
    if let value = parse(attribute.value) { return value }
    let location = element.location(of: attribute)
    throw refusal(SVGDecodingError.excerpt(attribute.value), location.line, location.column)
  }

  private static func coordinate(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Double
  {
    try parsed(attribute, in: element, StrictValue.coordinate) {
      .invalidNumber(attribute: attribute.qualifiedName, value: $0, line: $1, column: $2)
    }
  }

  private static func length(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Double
  {
    try parsed(attribute, in: element, StrictValue.length) {
      .invalidLength(attribute: attribute.qualifiedName, value: $0, line: $1, column: $2)
    }
  }

  private static func identifier(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Identifier
  {
    try parsed(attribute, in: element, StrictValue.identifier) {
      .invalidIdentifier(value: $0, line: $1, column: $2)
    }
  }

  private static func color(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Color
  {
    try parsed(attribute, in: element, StrictValue.color) {
      .invalidColor(value: $0, line: $1, column: $2)
    }
  }

  private static func alpha(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Alpha
  {
    try parsed(attribute, in: element, StrictValue.alpha) {
      .invalidOpacity(value: $0, line: $1, column: $2)
    }
  }

  private static func timestamp(_ attribute: SAXAttribute, in element: SAXElement)
    throws(SVGDecodingError) -> Timestamp
  {
    do {
      return try Timestamp(String(decoding: attribute.value, as: UTF8.self))
    } catch {
      throw .invalidTimestamp(
        attribute: attribute.qualifiedName, value: SVGDecodingError.excerpt(attribute.value),
        line: element.location(of: attribute).line,
        column: element.location(of: attribute).column)
    }
  }

  /// Numbers separated by blanks and at most one comma each, as in `viewBox`; an empty list
  /// for anything else.
  private static func numberList(_ bytes: UnsafeBufferPointer<UInt8>) -> [Double] {
    var numbers: [Double] = []
    var index = 0
    var expectNumber = true
    while index < bytes.count {
      let byte = bytes[index]
      if isBlank(byte) {
        index += 1
      } else if byte == UInt8(ascii: ",") {
        guard !expectNumber else { return [] }
        expectNumber = true
        index += 1
      } else {
        let start = index
        while index < bytes.count, !isBlank(bytes[index]), bytes[index] != UInt8(ascii: ",") {
          index += 1
        }
        guard let number = NumberParser.parse(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        else { return [] }
        numbers.append(number)
        expectNumber = false
      }
    }
    return expectNumber && !numbers.isEmpty ? [] : numbers
  }
}

// MARK: - Values and attribute names

/// The values of a `<rect>` that strict mode accepts, or `nil` for any other.
enum StrictValue {
  static func coordinate(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let value = NumberParser.parse(bytes), value.isFinite else { return nil }
    return value
  }

  static func length(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let value = NumberParser.parse(bytes), value.isFinite, value > 0 else { return nil }
    return value
  }

  static func identifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Identifier? {
    Identifier(utf8: bytes)
  }

  /// `#rrggbb`, lowercase or uppercase.
  static func color(_ value: UnsafeBufferPointer<UInt8>) -> Color? {
    guard value.count == 7, value[0] == UInt8(ascii: "#"),
      let r1 = Color.hexValue(value[1]), let r2 = Color.hexValue(value[2]),
      let g1 = Color.hexValue(value[3]), let g2 = Color.hexValue(value[4]),
      let b1 = Color.hexValue(value[5]), let b2 = Color.hexValue(value[6])
    else { return nil }
    return Color(red: r1 << 4 | r2, green: g1 << 4 | g2, blue: b1 << 4 | b2)
  }

  /// One of the ten opacities 0.1 … 1, in any spelling of the number.
  static func alpha(_ bytes: UnsafeBufferPointer<UInt8>) -> Alpha? {
    NumberParser.parse(bytes).flatMap { Alpha(exactOpacity: $0) }
  }
}

/// The attributes of `<svg>`, matched on their bytes.
private enum RootAttribute {
  case width, height, viewBox, version, id, created, modified

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 5 where name.equals("width"): self = .width
    case 6 where name.equals("height"): self = .height
    case 7 where name.equals("viewBox"): self = .viewBox
    case 7 where name.equals("data-id"): self = .id
    case 12 where name.equals("data-drawdoc"): self = .version
    case 12 where name.equals("data-created"): self = .created
    case 13 where name.equals("data-modified"): self = .modified
    default: return nil
    }
  }
}

/// The attributes of `<rect>`, matched on their bytes: the hot path of reading.
enum RectangleField: Int {
  case id, x, y, width, height, fill, opacity

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 1 where name[0] == UInt8(ascii: "x"): self = .x
    case 1 where name[0] == UInt8(ascii: "y"): self = .y
    case 4 where name.equals("fill"): self = .fill
    case 5 where name.equals("width"): self = .width
    case 6 where name.equals("height"): self = .height
    case 7 where name.equals("data-id"): self = .id
    case 12 where name.equals("fill-opacity"): self = .opacity
    default: return nil
    }
  }
}

/// The interned name pointers of the `rect` attributes seen so far. libxml2 keeps one copy of
/// each name per parse, so after the first rectangle an attribute is recognized by comparing
/// its name pointer, first with the one the canonical order puts at its position.
private struct RectangleFieldNames {
  private var pointers:
    (
      UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?,
      UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?
    ) = (nil, nil, nil, nil, nil, nil, nil)

  private func pointer(_ kind: Int) -> UnsafePointer<UInt8>? {
    switch kind {
    case 0: return pointers.0
    case 1: return pointers.1
    case 2: return pointers.2
    case 3: return pointers.3
    case 4: return pointers.4
    case 5: return pointers.5
    default: return pointers.6
    }
  }

  private mutating func learn(_ start: UnsafePointer<UInt8>, as kind: RectangleField) {
    switch kind {
    case .id: pointers.0 = start
    case .x: pointers.1 = start
    case .y: pointers.2 = start
    case .width: pointers.3 = start
    case .height: pointers.4 = start
    case .fill: pointers.5 = start
    case .opacity: pointers.6 = start
    }
  }

  /// What the unqualified attribute is, or `nil` for a name the format does not have.
  mutating func kind(of attribute: SAXAttribute, expected position: Int) -> RectangleField? {
    guard let start = attribute.nameStart else { return nil }
    if position < 7, pointer(position) == start { return RectangleField(rawValue: position) }
    for kind in 0..<7 where pointer(kind) == start { return RectangleField(rawValue: kind) }
    guard let kind = RectangleField(attribute.name) else { return nil }
    learn(start, as: kind)
    return kind
  }
}
