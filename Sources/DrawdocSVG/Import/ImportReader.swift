import DrawdocModel
import DrawdocXML

/// Builds a drawing from the SAX events of any well-formed SVG file, keeping what drawdoc can
/// represent and recording a warning, with its line, for everything it skips or simplifies.
///
/// This is the element walk: it dispatches each start tag to what reads it. Each open element
/// has an ``ImportFrame`` on the stack — what it passes to its children — so memory grows with
/// the depth of the tree and the number of rectangles kept, never with the size of the file.
/// A shape becomes a rectangle through ``ShapeResolution``, and ids are settled at the end by
/// ``ImportIdentifiers``.
final class ImportReader: SAXHandler {
  /// Attributes whose value decides whether and how a shape is drawn.
  static let drawingAttributes: Set<String> = StyleCascade.presentationAttributes.union([
    "x", "y", "width", "height", "rx", "ry", "d", "style", "transform",
  ])

  private static let svgNamespace = "http://www.w3.org/2000/svg"

  private static let animations: Set<String> = [
    "animate", "animateTransform", "animateMotion", "animateColor", "set",
  ]

  let now: Timestamp
  var generator: SeededRandomNumberGenerator

  var stack: [ImportFrame] = []
  var sawRoot = false
  private var sawTitle = false
  var rootInNoNamespace = false
  /// The token of the SVG namespace, once an element in it is read.
  private var svgNamespaceToken: NameToken?
  /// The names met so far, by token: each is decoded once.
  private var names: [NameToken: String] = [:]
  var canvas = Plane.defaultSize
  var titleBytes: [UInt8] = []
  var titleLocation = SourceLocation(line: 1, column: 1)
  var drawingId: Identifier?
  var created: Timestamp?
  var modified: Timestamp?
  var candidates: [ImportCandidate] = []
  /// The line of the first shape past the rectangle limit, if the file has too many.
  var lineOverRectangleLimit: Int?
  var identifiers = ImportIdentifiers()
  var warnings: [(location: SourceLocation, issue: ImportIssue)] = []

  /// The result, once the document has ended.
  private(set) var result: ImportResult?

  /// Makes a reader.
  ///
  /// - Parameters:
  ///   - now: The time a drawing without valid times gets.
  ///   - seed: The seed of the fresh ids, or `nil` for the system's random source.
  init(now: Timestamp, seed: UInt64?) {
    self.now = now
    generator = seed.map(SeededRandomNumberGenerator.init(seed:)) ?? SeededRandomNumberGenerator()
  }

  // MARK: - SAXHandler

  var readsPastDocumentType: Bool { true }

  func documentTypeDeclaration(at location: SourceLocation) throws(SVGDecodingError) {
    // Accepted: nothing in it is used, and an entity it declares is reported where it is used.
  }

  func entityReference(named name: String, at location: SourceLocation) throws(SVGDecodingError) {
    // Accepted: an attribute that needs it is reported with its element, text as skipped.
  }

  func skippedEntity(named name: String, at location: SourceLocation) {
    warn(location, .entityInText(entity: name))
  }

  func startElement(_ element: SAXElement) throws(SVGDecodingError) {
    let name = self.name(element.nameToken, element.localName)
    let location = element.location
    let attributes = readAttributes(of: element)
    guard let parent = stack.last else {
      try startRoot(element, name: name, location: location, attributes: attributes)
      return
    }
    let isSVG = isInSVGNamespace(element)
    if isSVG,
      startActingAnywhere(name: name, location: location, attributes: attributes, parent: parent)
    {
      return
    }
    // Browsers evaluate the conditional attributes of every element but the root; one that
    // none of them meets is not drawn, and in a `switch` leaves the choice to the next child.
    var undrawn = parent.undrawn
    var condition = ImportCondition.met
    if undrawn == nil, isSVG {
      condition = ImportCondition(attributes)
      if case .never(let attribute, let value) = condition {
        reportEntities(in: attributes, of: name, location: location)
        if isRectangle(name: name, attributes: attributes) {
          warn(
            location,
            .conditionFalse(
              element: name, attribute: attribute, value: value.map(StyleCascade.excerpt)))
        }
        let reason = ImportFrame.Undrawn.conditionFalse(
          container: name, location: location, attribute: attribute)
        push(undrawnChild(of: parent, name: name, location: location, reason: reason))
        return
      }
    }
    // A `switch` draws the first child SVG element whose conditions a browser may meet.
    if undrawn == nil, isSVG, parent.isSwitch {
      if let chosenLine = parent.switchChoice {
        undrawn = .alternative(switchLine: parent.location.line, chosenLine: chosenLine)
      } else {
        stack[stack.count - 1].switchChoice = location.line
      }
    }
    if let reason = undrawn {
      reportEntities(in: attributes, of: name, location: location)
      if isSVG, isRectangle(name: name, attributes: attributes) {
        warn(location, reason.issue(for: name))
      }
      push(undrawnChild(of: parent, name: name, location: location, reason: reason))
      return
    }
    let depth = stack.count
    startDrawn(name: name, location: location, isSVG: isSVG, attributes: attributes, parent: parent)
    if case .language(let languages) = condition, stack.count == depth + 1 {
      stack[stack.count - 1].languages = languages
    }
  }

  func endElement(at location: SourceLocation) throws(SVGDecodingError) {
    guard let frame = stack.popLast() else { return }
    switch frame.role {
    case .styleSheet(let hasRules):
      if hasRules { warn(frame.location, .styleSheet) }
    case .title, .plain:
      break
    }
    if frame.undrawn == nil, frame.opacity < 1, candidates.count - frame.firstCandidate >= 2,
      Self.anyOverlap(candidates[frame.firstCandidate...])
    {
      warn(frame.location, .groupOpacity(element: frame.name))
    }
    if let languages = frame.languages, candidates.count > frame.firstCandidate {
      warn(frame.location, .languageCondition(element: frame.name, languages: languages))
    }
  }

  func characters(_ text: UnsafeBufferPointer<UInt8>, locate: (Int) -> SourceLocation)
    throws(SVGDecodingError)
  {
    guard let frame = stack.last else { return }
    // The title is the text inside the root's first <title>, at any depth.
    if stack.contains(where: { $0.role.isTitle }) {
      titleBytes.append(contentsOf: text)
      return
    }
    if case .styleSheet(false) = frame.role, text.contains(where: { !NumberScanner.isBlank($0) }) {
      stack[stack.count - 1].role = .styleSheet(hasRules: true)
    }
  }

  func endDocument() throws(SVGDecodingError) {
    guard sawRoot else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
    result = try finish()
  }

  // MARK: - Dispatch

  /// Animations, usually inside the shape they change, and style sheets, even inside
  /// `<defs>`, act wherever they are; so does the root's first `<title>`. Whether the
  /// element was one of them.
  private func startActingAnywhere(
    name: String, location: SourceLocation, attributes: ImportAttributes, parent: ImportFrame
  ) -> Bool {
    if Self.animations.contains(name) {
      reportEntities(in: attributes, of: name, location: location)
      warn(location, .animation(element: name))
      push(undrawnChild(of: parent, name: name, location: location))
    } else if name == "style" {
      reportEntities(in: attributes, of: name, location: location)
      push(
        undrawnChild(of: parent, name: name, location: location), role: .styleSheet(hasRules: false)
      )
    } else if name == "title" && stack.count == 1 && !sawTitle {
      sawTitle = true
      titleLocation = location
      reportEntities(in: attributes, of: name, location: location)
      push(undrawnChild(of: parent, name: name, location: location), role: .title)
    } else {
      return false
    }
    return true
  }

  /// An element whose parent draws its content, and that a browser may draw.
  private func startDrawn(
    name: String, location: SourceLocation, isSVG: Bool, attributes: ImportAttributes,
    parent: ImportFrame
  ) {
    guard isSVG else {
      reportEntities(in: attributes, of: name, location: location)
      push(undrawnChild(of: parent, name: name, location: location))
      return
    }
    switch name {
    case "g", "a", "switch":
      startContainer(name: name, location: location, attributes: attributes, parent: parent)
    case "svg":
      startNestedViewport(location: location, attributes: attributes, parent: parent)
    case "rect", "path":
      startShape(name: name, location: location, attributes: attributes, parent: parent)
    case "circle", "ellipse", "line", "polyline", "polygon":
      reportEntities(in: attributes, of: name, location: location)
      warn(location, .otherShape(element: name))
      push(undrawnChild(of: parent, name: name, location: location))
    case "text", "image", "use", "foreignObject":
      reportEntities(in: attributes, of: name, location: location)
      let what = ["text": "text", "image": "images", "use": "references to other elements"][name]
      warn(location, .unsupportedElement(element: name, what: what ?? "embedded documents"))
      push(undrawnChild(of: parent, name: name, location: location))
    default:
      // defs, clipPath, mask, pattern, symbol, marker, gradients, filters, metadata, desc,
      // script and unknown elements draw nothing themselves.
      reportEntities(in: attributes, of: name, location: location)
      push(undrawnChild(of: parent, name: name, location: location))
    }
  }

  // MARK: - Names and attributes

  /// The name with this token, decoded once per parse.
  private func name(_ token: NameToken, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
    if let known = names[token] { return known }
    let name = String(decoding: bytes, as: UTF8.self)
    names[token] = name
    return name
  }

  private func readAttributes(of element: SAXElement) -> ImportAttributes {
    var attributes: [ImportAttribute] = []
    attributes.reserveCapacity(element.attributeCount)
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      attributes.append(
        ImportAttribute(
          name: name(attribute.nameToken, attribute.name), isQualified: attribute.isQualified,
          value: attribute.text, entity: element.entity(ofAttributeAt: index)))
    }
    return ImportAttributes(attributes)
  }

  /// Whether the element is in the SVG namespace, or in none under a root in none.
  func isInSVGNamespace(_ element: SAXElement) -> Bool {
    guard let namespace = element.namespace else { return rootInNoNamespace }
    if namespace == svgNamespaceToken { return true }
    guard let uri = element.namespaceURI, uri.elementsEqual(Self.svgNamespace.utf8) else {
      return false
    }
    svgNamespaceToken = namespace
    return true
  }

  /// Whether an element would be one of drawdoc's rectangles if it were drawn.
  private func isRectangle(name: String, attributes: ImportAttributes) -> Bool {
    if name == "rect" { return true }
    guard name == "path", let data = attributes.value("d") else { return false }
    return PathRectangle(pathData: data) != nil
  }

  /// Reports each attribute that needs an entity as ignored.
  func reportEntities(in attributes: ImportAttributes, of element: String, location: SourceLocation)
  {
    for attribute in attributes.all {
      guard let entity = attribute.entity else { continue }
      warn(
        location, .entityInAttribute(element: element, attribute: attribute.name, entity: entity))
    }
  }

  // MARK: - Helpers

  func warn(_ location: SourceLocation, _ issue: ImportIssue) {
    warnings.append((location, issue))
  }

  func push(_ frame: ImportFrame, role: ImportFrame.Role = .plain) {
    var frame = frame
    frame.role = role
    stack.append(frame)
  }

  /// A frame for a child of `parent` whose content is not drawn.
  func undrawnChild(
    of parent: ImportFrame, name: String, location: SourceLocation,
    reason: ImportFrame.Undrawn? = nil
  ) -> ImportFrame {
    parent.undrawnChild(
      name: name, location: location, reason: reason, firstCandidate: candidates.count)
  }
}
