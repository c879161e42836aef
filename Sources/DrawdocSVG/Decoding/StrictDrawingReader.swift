import DrawdocModel

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
  private var plane: Plane?
  private var onlyBlanksSoFar = true

  /// The drawing, once the document has ended without an error.
  private(set) var drawing: Drawing?

  // MARK: - SAXHandler

  func startElement(_ element: SAXElement) throws(SVGDecodingError) {
    switch position {
    case .inRoot where sawTitle:
      try expectSVGElement(element, named: "rect", expected: "<rect>")
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

  func endElement(at location: SourceLocation) throws(SVGDecodingError) {
    switch position {
    case .inTitle:
      try finishTitle()
      position = .inRoot
    case .inRectangle:
      position = .inRoot
    case .inRoot:
      guard sawTitle else { throw .missingTitle(line: location.line, column: location.column) }
      position = .afterRoot
      if let header, let plane {
        drawing = Drawing(
          id: header.id, created: header.created, modified: header.modified, plane: plane)
      }
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

  func endDocument() throws(SVGDecodingError) {
    guard drawing != nil else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
  }

  // MARK: - Elements

  private func readRoot(_ element: SAXElement) throws(SVGDecodingError) {
    guard element.localName.elementsEqual("svg".utf8) else {
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
      let location = element.location(of: attribute)
      switch name {
      case .width: width = try Self.length(attribute, at: location)
      case .height: height = try Self.length(attribute, at: location)
      case .viewBox:
        viewBox = (Self.numberList(attribute.value), attribute)
      case .version:
        guard attribute.value.elementsEqual("1".utf8) else {
          throw .unsupportedVersion(
            value: SVGDecodingError.excerpt(attribute.value), line: location.line,
            column: location.column)
        }
        version = true
      case .id: id = try Self.identifier(attribute, at: location)
      case .created: created = try Self.timestamp(attribute, at: location)
      case .modified: modified = try Self.timestamp(attribute, at: location)
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
    do {
      plane = try Plane(size: Size(width: width, height: height))
    } catch {
      throw .invalidLength(
        attribute: "width", value: ShortestDecimal.string(width), line: location.line,
        column: location.column)
    }
  }

  private func readRectangle(_ element: SAXElement) throws(SVGDecodingError) {
    var id: Identifier?
    var x: Double?
    var y: Double?
    var width: Double?
    var height: Double?
    var color: Color?
    var alpha: Alpha?
    var idLocation = SourceLocation(line: 1, column: 1)
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      let name = attribute.isQualified ? nil : RectangleAttribute(attribute.name)
      switch name {
      case .id:
        idLocation = element.location(of: attribute)
        id = try Self.identifier(attribute, at: idLocation)
      case .x: x = try Self.coordinate(attribute, at: element.location(of: attribute))
      case .y: y = try Self.coordinate(attribute, at: element.location(of: attribute))
      case .width: width = try Self.length(attribute, at: element.location(of: attribute))
      case .height: height = try Self.length(attribute, at: element.location(of: attribute))
      case .fill: color = try Self.color(attribute, at: element.location(of: attribute))
      case .opacity: alpha = try Self.alpha(attribute, at: element.location(of: attribute))
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
    let rectangle = Rectangle(
      id: id, point: Point(trustedX: x, y: y), size: Size(trustedWidth: width, height: height),
      color: color, alpha: alpha)
    do {
      try plane?.add(rectangle)
    } catch {
      throw .duplicateIdentifier(
        id: id.description, line: idLocation.line, column: idLocation.column)
    }
  }

  private func finishTitle() throws(SVGDecodingError) {
    let title = String(decoding: titleBytes, as: UTF8.self)
    titleBytes = []
    do {
      try plane?.rename(to: title)
    } catch {
      throw .invalidTitle(
        reason: error.description, line: titleLocation.line, column: titleLocation.column)
    }
  }

  private func expectSVGElement(_ element: SAXElement, named name: String, expected: String)
    throws(SVGDecodingError)
  {
    guard element.localName.elementsEqual(name.utf8) else {
      throw unexpected(element, expected: expected)
    }
    try expectSVGNamespace(element)
  }

  private func expectSVGNamespace(_ element: SAXElement) throws(SVGDecodingError) {
    guard let namespace = element.namespaceURI, namespace.elementsEqual(Self.svgNamespace.utf8)
    else {
      throw .wrongNamespace(
        element: String(decoding: element.localName, as: UTF8.self),
        namespace: element.namespaceURI.map { String(decoding: $0, as: UTF8.self) },
        line: element.location.line, column: element.location.column)
    }
  }

  private func unexpected(_ element: SAXElement, expected: String) -> SVGDecodingError {
    .unexpectedElement(
      name: String(decoding: element.localName, as: UTF8.self), expected: expected,
      line: element.location.line, column: element.location.column)
  }

  // MARK: - Values

  static let svgNamespace = "http://www.w3.org/2000/svg"

  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
  }

  private static func coordinate(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Double
  {
    guard let value = NumberParser.parse(attribute.value), value.isFinite else {
      throw .invalidNumber(
        attribute: attribute.qualifiedName, value: SVGDecodingError.excerpt(attribute.value),
        line: location.line, column: location.column)
    }
    return value
  }

  private static func length(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Double
  {
    guard let value = NumberParser.parse(attribute.value), value.isFinite, value > 0 else {
      throw .invalidLength(
        attribute: attribute.qualifiedName, value: SVGDecodingError.excerpt(attribute.value),
        line: location.line, column: location.column)
    }
    return value
  }

  private static func identifier(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Identifier
  {
    guard let id = Identifier(utf8: attribute.value) else {
      throw .invalidIdentifier(
        value: SVGDecodingError.excerpt(attribute.value), line: location.line,
        column: location.column)
    }
    return id
  }

  private static func color(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Color
  {
    let value = attribute.value
    if value.count == 7, value[0] == UInt8(ascii: "#"),
      let r1 = Color.hexValue(value[1]), let r2 = Color.hexValue(value[2]),
      let g1 = Color.hexValue(value[3]), let g2 = Color.hexValue(value[4]),
      let b1 = Color.hexValue(value[5]), let b2 = Color.hexValue(value[6])
    {
      return Color(red: r1 << 4 | r2, green: g1 << 4 | g2, blue: b1 << 4 | b2)
    }
    throw .invalidColor(
      value: SVGDecodingError.excerpt(value), line: location.line, column: location.column)
  }

  private static func alpha(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Alpha
  {
    guard let opacity = NumberParser.parse(attribute.value),
      let alpha = Alpha(exactOpacity: opacity)
    else {
      throw .invalidOpacity(
        value: SVGDecodingError.excerpt(attribute.value), line: location.line,
        column: location.column)
    }
    return alpha
  }

  private static func timestamp(_ attribute: SAXAttribute, at location: SourceLocation)
    throws(SVGDecodingError) -> Timestamp
  {
    do {
      return try Timestamp(String(decoding: attribute.value, as: UTF8.self))
    } catch {
      throw .invalidTimestamp(
        attribute: attribute.qualifiedName, value: SVGDecodingError.excerpt(attribute.value),
        line: location.line, column: location.column)
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

// MARK: - Attribute names

/// The attributes of `<svg>`, matched on their bytes.
private enum RootAttribute {
  case width, height, viewBox, version, id, created, modified

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 5 where name.elementsEqual("width".utf8): self = .width
    case 6 where name.elementsEqual("height".utf8): self = .height
    case 7 where name.elementsEqual("viewBox".utf8): self = .viewBox
    case 7 where name.elementsEqual("data-id".utf8): self = .id
    case 12 where name.elementsEqual("data-drawdoc".utf8): self = .version
    case 12 where name.elementsEqual("data-created".utf8): self = .created
    case 13 where name.elementsEqual("data-modified".utf8): self = .modified
    default: return nil
    }
  }
}

/// The attributes of `<rect>`, matched on their bytes: the hot path of reading.
private enum RectangleAttribute {
  case id, x, y, width, height, fill, opacity

  init?(_ name: UnsafeBufferPointer<UInt8>) {
    switch name.count {
    case 1 where name[0] == UInt8(ascii: "x"): self = .x
    case 1 where name[0] == UInt8(ascii: "y"): self = .y
    case 4 where name.elementsEqual("fill".utf8): self = .fill
    case 5 where name.elementsEqual("width".utf8): self = .width
    case 6 where name.elementsEqual("height".utf8): self = .height
    case 7 where name.elementsEqual("data-id".utf8): self = .id
    case 12 where name.elementsEqual("fill-opacity".utf8): self = .opacity
    default: return nil
    }
  }
}
