import DrawdocModel

/// Builds a drawing from the SAX events of any well-formed SVG file, keeping what drawdoc can
/// represent and recording a warning, with its line, for everything it skips or simplifies.
///
/// It keeps one frame per open element — the computed style, the group opacity, the map to the
/// canvas, the viewport and its clip — so memory grows with the depth of the tree and the
/// number of rectangles kept, never with the size of the file.
final class ImportReader: SAXHandler {
  /// Why the content of an element is not drawn.
  private enum Undrawn {
    /// The element never draws its content (`defs`, `clipPath`, a shape, an unknown element).
    case content(container: String, line: Int)
    /// The element has `display: none`.
    case displayNone(container: String, line: Int)
    /// The element is a child of a `switch` other than the one it draws.
    case alternative(switchLine: Int, chosenLine: Int)
    /// The element has a `requiredExtensions` or `systemLanguage` no browser meets.
    case conditionFalse(container: String, line: Int, attribute: String)
  }

  /// What a browser makes of an element's conditional attributes.
  private enum Condition {
    /// It is drawn.
    case met
    /// No browser draws it: the attribute, and the list it names or `nil` when that is empty.
    case never(attribute: String, value: String?)
    /// A browser draws it only for readers of these languages.
    case language(String)
  }

  /// What an element is for, besides drawing.
  private enum Role {
    case plain
    /// The root's first `<title>`.
    case title
    /// A `<style>` element; whether it held any text but blanks.
    case styleSheet(hasRules: Bool)

    var isTitle: Bool {
      if case .title = self { return true }
      return false
    }
  }

  /// A clip rectangle on the canvas, from the viewport of a nested `svg`.
  private struct Clip {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    /// The line of the `svg` that clips.
    var line: Int
  }

  /// What an open element passes on to its children.
  private struct Frame {
    var name: String
    var line: Int
    /// `nil` when its children are drawn.
    var undrawn: Undrawn?
    var role = Role.plain
    var style: ImportStyle
    /// Its own `opacity`.
    var opacity: Double
    /// The product of its own opacity and that of every ancestor.
    var groupOpacity: Double
    /// From its children's user coordinates to the canvas.
    var transform: AffineTransform
    /// What percentages of its children refer to.
    var viewportWidth: Double
    var viewportHeight: Double
    var clip: Clip?
    var isSwitch = false
    /// The line of the child a `switch` draws, once it is known.
    var switchChoice: Int?
    /// The languages its `systemLanguage` names, if it has one.
    var languages: String?
    /// The number of rectangles kept before it started.
    var firstCandidate: Int
  }

  /// One attribute, decoded.
  private struct Attribute {
    let name: String
    let isQualified: Bool
    let value: String
    /// The entity the value needs, if any; such a value is never used.
    let entity: String?
  }

  /// A rectangle kept, before ids are settled.
  private struct Candidate {
    var line: Int
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var color: Color
    var alpha: Alpha
    var id: Identifier?
  }

  /// Attributes whose value decides whether and how a shape is drawn.
  private static let drawingAttributes: Set<String> = StyleCascade.presentationAttributes.union([
    "x", "y", "width", "height", "rx", "ry", "d", "style", "transform",
  ])

  private static let svgNamespace = "http://www.w3.org/2000/svg"

  private static let animations: Set<String> = [
    "animate", "animateTransform", "animateMotion", "animateColor", "set",
  ]

  /// The extensions browsers have for `requiredExtensions`: the namespaces of HTML and MathML.
  private static let supportedExtensions: Set<Substring> = [
    "http://www.w3.org/1999/xhtml", "http://www.w3.org/1998/Math/MathML",
  ]

  private let now: Timestamp
  private var generator: SeededRandomNumberGenerator

  private var stack: [Frame] = []
  private var sawRoot = false
  private var sawTitle = false
  private var rootInNoNamespace = false
  private var canvas = Plane.defaultSize
  private var titleBytes: [UInt8] = []
  private var titleLine = 1
  private var drawingId: Identifier?
  private var created: Timestamp?
  private var modified: Timestamp?
  private var candidates: [Candidate] = []
  /// The line of the first shape past the rectangle limit, if the file has too many.
  private var lineOverRectangleLimit: Int?
  private var firstLineOfId: [Identifier: Int] = [:]
  /// Candidates that need a fresh id, with the warning that will name it, if any.
  private var freshIdentifierRequests: [(candidate: Int, warning: Int?)] = []
  private var warnings: [(line: Int, issue: ImportIssue)] = []

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
    warn(location.line, .entityInText(entity: name))
  }

  func startElement(_ element: SAXElement) throws(SVGDecodingError) {
    let name = String(decoding: element.localName, as: UTF8.self)
    let line = element.location.line
    let attributes = decodeAttributes(of: element)
    guard let parent = stack.last else {
      try startRoot(element, name: name, line: line, attributes: attributes)
      return
    }
    let isSVG = isInSVGNamespace(element)

    // Animations, usually inside the shape they change, and style sheets, even inside
    // <defs>, act wherever they are.
    if isSVG && Self.animations.contains(name) {
      reportEntities(in: attributes, of: name, line: line)
      warn(line, .animation(element: name))
      push(undrawnChild(of: parent, name: name, line: line))
      return
    }
    if isSVG && name == "style" {
      reportEntities(in: attributes, of: name, line: line)
      push(undrawnChild(of: parent, name: name, line: line), role: .styleSheet(hasRules: false))
      return
    }
    if isSVG && name == "title" && stack.count == 1 && !sawTitle {
      sawTitle = true
      titleLine = line
      reportEntities(in: attributes, of: name, line: line)
      push(undrawnChild(of: parent, name: name, line: line), role: .title)
      return
    }

    // Browsers evaluate the conditional attributes of every element but the root; one that
    // none of them meets is not drawn, and in a `switch` leaves the choice to the next child.
    var undrawn = parent.undrawn
    var condition = Condition.met
    if undrawn == nil, isSVG {
      condition = Self.condition(of: attributes)
      if case .never(let attribute, let value) = condition {
        reportEntities(in: attributes, of: name, line: line)
        if isRectangle(name: name, attributes: attributes) {
          warn(
            line,
            .conditionFalse(
              element: name, attribute: attribute, value: value.map(StyleCascade.excerpt)))
        }
        let reason = Undrawn.conditionFalse(container: name, line: line, attribute: attribute)
        push(undrawnChild(of: parent, name: name, line: line, reason: reason))
        return
      }
    }
    // A `switch` draws the first child SVG element whose conditions a browser may meet.
    if undrawn == nil, isSVG, parent.isSwitch {
      if let chosenLine = parent.switchChoice {
        undrawn = .alternative(switchLine: parent.line, chosenLine: chosenLine)
      } else {
        stack[stack.count - 1].switchChoice = line
      }
    }
    if let reason = undrawn {
      reportEntities(in: attributes, of: name, line: line)
      if isSVG, isRectangle(name: name, attributes: attributes) {
        warn(line, Self.skippedInside(reason, element: name))
      }
      push(undrawnChild(of: parent, name: name, line: line, reason: reason))
      return
    }
    guard isSVG else {
      reportEntities(in: attributes, of: name, line: line)
      push(undrawnChild(of: parent, name: name, line: line))
      return
    }
    let depth = stack.count
    switch name {
    case "g", "a", "switch":
      startContainer(name: name, line: line, attributes: attributes, parent: parent)
    case "svg":
      startNestedViewport(line: line, attributes: attributes, parent: parent)
    case "rect", "path":
      startShape(name: name, line: line, attributes: attributes, parent: parent)
    case "circle", "ellipse", "line", "polyline", "polygon":
      reportEntities(in: attributes, of: name, line: line)
      warn(line, .otherShape(element: name))
      push(undrawnChild(of: parent, name: name, line: line))
    case "text", "image", "use", "foreignObject":
      reportEntities(in: attributes, of: name, line: line)
      let what = ["text": "text", "image": "images", "use": "references to other elements"][name]
      warn(line, .unsupportedElement(element: name, what: what ?? "embedded documents"))
      push(undrawnChild(of: parent, name: name, line: line))
    default:
      // defs, clipPath, mask, pattern, symbol, marker, gradients, filters, metadata, desc,
      // script and unknown elements draw nothing themselves.
      reportEntities(in: attributes, of: name, line: line)
      push(undrawnChild(of: parent, name: name, line: line))
    }
    if case .language(let languages) = condition, stack.count == depth + 1 {
      stack[stack.count - 1].languages = languages
    }
  }

  func endElement(at location: SourceLocation) throws(SVGDecodingError) {
    guard let frame = stack.popLast() else { return }
    switch frame.role {
    case .styleSheet(let hasRules):
      if hasRules { warn(frame.line, .styleSheet) }
    case .title, .plain:
      break
    }
    if frame.undrawn == nil, frame.opacity < 1, candidates.count - frame.firstCandidate >= 2,
      Self.anyOverlap(candidates[frame.firstCandidate...])
    {
      warn(frame.line, .groupOpacity(element: frame.name))
    }
    if let languages = frame.languages, candidates.count > frame.firstCandidate {
      warn(frame.line, .languageCondition(element: frame.name, languages: languages))
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
    if case .styleSheet(false) = frame.role,
      text.contains(where: { !NumberScanner.isBlank($0) })
    {
      stack[stack.count - 1].role = .styleSheet(hasRules: true)
    }
  }

  func endDocument() throws(SVGDecodingError) {
    guard sawRoot else {
      throw .malformedXML(message: "the document has no <svg> element", line: 1, column: 1)
    }
    result = try finish()
  }

  // MARK: - The root

  private func startRoot(
    _ element: SAXElement, name: String, line: Int, attributes: [Attribute]
  ) throws(SVGDecodingError) {
    guard name == "svg" else {
      throw .unexpectedRoot(name: name, line: line, column: element.location.column)
    }
    if element.namespaceURI == nil {
      rootInNoNamespace = true
      warn(line, .noNamespace)
    } else if !isInSVGNamespace(element) {
      throw .wrongNamespace(
        element: name,
        namespace: element.namespaceURI.map { String(decoding: $0, as: UTF8.self) },
        line: line, column: element.location.column)
    }
    sawRoot = true
    reportEntities(in: attributes, of: name, line: line)
    let usable = attributes.filter { $0.entity == nil }
    func value(_ name: String) -> String? {
      usable.first { !$0.isQualified && $0.name == name }?.value
    }

    if let text = value("data-id") {
      if let id = try? Identifier(text) {
        drawingId = id
      } else {
        warn(line, .invalidDrawingIdentifier(value: StyleCascade.excerpt(text)))
      }
    }
    func timestamp(_ attribute: String) -> Timestamp? {
      guard let text = value(attribute) else { return nil }
      guard let time = try? Timestamp(text) else {
        warn(line, .invalidTimestamp(attribute: attribute, value: StyleCascade.excerpt(text)))
        return nil
      }
      return time
    }
    created = timestamp("data-created")
    modified = timestamp("data-modified")
    if let version = value("data-drawdoc"), version != "1" {
      warn(line, .unknownVersion(value: StyleCascade.excerpt(version)))
    }

    // The canvas: the viewport a browser shows (RootCanvas), else width and height in
    // absolute units, else drawdoc's default canvas (1024 × 768): SVG leaves the size to a
    // host, and drawdoc has none.
    let viewBox = readViewBox(value("viewBox"), line: line)
    if case .empty = viewBox.reading, let text = value("viewBox") {
      warn(line, .emptyViewBox(value: StyleCascade.excerpt(text)))
    }
    func side(_ attribute: String) -> Double? {
      guard let text = value(attribute), let length = try? SVGLength.parse(text) else {
        return nil
      }
      switch length {
      case .user(let value) where value > 0:
        return value
      case .user(let value) where value == 0, .percentage(let value) where value == 0:
        warn(line, .zeroViewport(side: attribute))
        return nil
      case .user, .percentage:
        return nil
      }
    }
    let width = side("width")
    let height = side("height")
    if viewBox.box == nil {
      if width == nil { warn(line, .defaultCanvasSide(side: "width")) }
      if height == nil { warn(line, .defaultCanvasSide(side: "height")) }
    }
    let fit = RootCanvas(
      viewBox: viewBox.box, width: width, height: height,
      aspectRatio: value("preserveAspectRatio").flatMap(ViewBox.AspectRatio.parse) ?? .standard,
      defaultSize: (Plane.defaultSize.width, Plane.defaultSize.height))
    canvas = (try? Size(width: fit.width, height: fit.height)) ?? Plane.defaultSize

    let own = elementTransform(name: name, line: line, attributes: usable)
    let cascade = cascadeStyle(
      name: name, line: line, attributes: usable, parentStyle: ImportStyle(), parentOpacity: 1)
    var transform = fit.userToCanvas
    if let own, own != .identity, let back = fit.viewportToCanvas.inverted {
      // The root's transform acts in its viewport, outside the viewBox's scaling, and about
      // the viewport's centre: the root has a CSS box, whose initial transform-origin is
      // 50% 50% (other SVG elements turn about their user space's origin).
      let origin = (cascade.transformOrigin ?? .center).point(
        in: (0, 0, fit.viewportWidth, fit.viewportHeight))
      transform = fit.viewportToCanvas.concatenating(own.about(x: origin.x, y: origin.y))
        .concatenating(back).concatenating(fit.userToCanvas)
    }
    addBackground(style: cascade.style, attributes: usable, line: line)
    stack.append(
      Frame(
        name: name, line: line,
        undrawn: cascade.isDisplayed ? nil : .displayNone(container: name, line: line),
        style: cascade.style, opacity: cascade.opacity, groupOpacity: cascade.opacity,
        transform: transform, viewportWidth: viewBox.box?.width ?? canvas.width,
        viewportHeight: viewBox.box?.height ?? canvas.height, clip: nil,
        firstCandidate: candidates.count))
  }

  /// Keeps the root's `background-color` (or a `background` that is a color alone), which a
  /// browser paints under the drawing over the whole viewport, whatever the root's `opacity`,
  /// `visibility` or `display`: as a rectangle the size of the canvas, at the bottom.
  private func addBackground(style: ImportStyle, attributes: [Attribute], line: Int) {
    let declarations =
      attributes.first { !$0.isQualified && $0.name == "style" }.map {
        StyleDeclarations($0.value).declarations
      } ?? []
    // The last valid declaration wins; an invalid one is ignored, as in the CSS cascade.
    for declaration in declarations.reversed()
    where declaration.name == "background-color" || declaration.name == "background" {
      let paint: ImportPaint
      switch declaration.value.trimmingBlanks().lowercased() {
      case "inherit", "initial", "unset":
        paint = .none
      default:
        guard let parsed = ImportPaint.parse(declaration.value), !parsed.isServer else {
          warn(
            line,
            .invalidValue(
              element: "svg", property: declaration.name,
              value: StyleCascade.excerpt(declaration.value)))
          continue
        }
        paint = parsed
      }
      let color: Color
      let opacity: Double
      switch paint {
      case .none, .server: return
      case .currentColor: (color, opacity) = (style.color, style.colorOpacity)
      case .color(let paint, let alpha): (color, opacity) = (paint, alpha)
      }
      guard let alpha = Self.alpha(opacity) else {
        return warn(
          line, .invisibleBackground(property: declaration.name, opacity: opacity))
      }
      freshIdentifierRequests.append((candidates.count, nil))
      candidates.append(
        Candidate(
          line: line, x: 0, y: 0, width: canvas.width, height: canvas.height, color: color,
          alpha: alpha, id: nil))
      return
    }
  }

  /// Reads a `viewBox`, warning when it is not four numbers with a width and height that are
  /// not negative (browsers ignore it then).
  private func readViewBox(_ text: String?, line: Int) -> (box: ViewBox?, reading: ViewBox.Reading?)
  {
    guard let text else { return (nil, nil) }
    let reading = ViewBox.read(text)
    switch reading {
    case .usable(let box): return (box, reading)
    case .empty: return (nil, reading)
    case .invalid:
      warn(line, .invalidViewBox(value: StyleCascade.excerpt(text)))
      return (nil, reading)
    }
  }

  // MARK: - Containers

  private func startContainer(
    name: String, line: Int, attributes: [Attribute], parent: Frame
  ) {
    reportEntities(in: attributes, of: name, line: line)
    let usable = attributes.filter { $0.entity == nil }
    let cascade = cascadeStyle(
      name: name, line: line, attributes: usable, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    let own = aboutOrigin(
      elementTransform(name: name, line: line, attributes: usable), of: name, line: line,
      cascade: cascade, parent: parent)
    var frame = Frame(
      name: name, line: line,
      undrawn: cascade.isDisplayed ? nil : .displayNone(container: name, line: line),
      style: cascade.style, opacity: cascade.opacity,
      groupOpacity: parent.groupOpacity * cascade.opacity,
      transform: parent.transform.concatenating(own), viewportWidth: parent.viewportWidth,
      viewportHeight: parent.viewportHeight, clip: parent.clip,
      firstCandidate: candidates.count)
    frame.isSwitch = name == "switch"
    stack.append(frame)
  }

  /// A nested `svg`: a new viewport at `x`, `y` of `width` × `height` (100 % by default),
  /// its `viewBox` fitted into it, and its content clipped to it unless `overflow` is visible.
  private func startNestedViewport(line: Int, attributes: [Attribute], parent: Frame) {
    let name = "svg"
    reportEntities(in: attributes, of: name, line: line)
    let usable = attributes.filter { $0.entity == nil }
    func value(_ name: String) -> String? {
      usable.first { !$0.isQualified && $0.name == name }?.value
    }
    func length(_ attribute: String, reference: Double, default fallback: Double) -> Double {
      guard let text = value(attribute) else { return fallback }
      if text.trimmingBlanks() == "auto" { return fallback }
      guard let length = try? SVGLength.parse(text) else {
        warn(
          line, .invalidValue(element: name, property: attribute, value: StyleCascade.excerpt(text))
        )
        return fallback
      }
      return length.resolved(against: reference)
    }
    let cascade = cascadeStyle(
      name: name, line: line, attributes: usable, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    let x = length("x", reference: parent.viewportWidth, default: 0)
    let y = length("y", reference: parent.viewportHeight, default: 0)
    let width = length("width", reference: parent.viewportWidth, default: parent.viewportWidth)
    let height = length("height", reference: parent.viewportHeight, default: parent.viewportHeight)
    let (viewBox, reading) = readViewBox(value("viewBox"), line: line)
    let own = aboutOrigin(
      elementTransform(name: name, line: line, attributes: usable), of: name, line: line,
      cascade: cascade, parent: parent)
    let outer = parent.transform.concatenating(own)
    var inner = outer
    if x != 0 || y != 0 { inner = inner.concatenating(.translation(x, y)) }
    var undrawn: Undrawn? = cascade.isDisplayed ? nil : .displayNone(container: name, line: line)
    // A viewport or a viewBox of zero size disables rendering of the content.
    if !(width > 0 && height > 0) || reading == .empty {
      undrawn = undrawn ?? .content(container: name, line: line)
    }
    if let viewBox, width > 0, height > 0 {
      let aspectRatio = value("preserveAspectRatio").flatMap(ViewBox.AspectRatio.parse) ?? .standard
      inner = inner.concatenating(
        viewBox.transform(viewportWidth: width, viewportHeight: height, aspectRatio: aspectRatio))
    }
    var clip = parent.clip
    if cascade.overflowClips ?? true, outer.isAxisAligned, width > 0, height > 0 {
      let box = outer.mapBox(x: x, y: y, width: width, height: height)
      var newClip = Clip(
        minX: box.x, minY: box.y, maxX: box.x + box.width, maxY: box.y + box.height, line: line)
      if let old = parent.clip {
        newClip.minX = max(newClip.minX, old.minX)
        newClip.minY = max(newClip.minY, old.minY)
        newClip.maxX = min(newClip.maxX, old.maxX)
        newClip.maxY = min(newClip.maxY, old.maxY)
      }
      clip = newClip
    }
    stack.append(
      Frame(
        name: name, line: line, undrawn: undrawn, style: cascade.style, opacity: cascade.opacity,
        groupOpacity: parent.groupOpacity * cascade.opacity, transform: inner,
        viewportWidth: viewBox?.width ?? width, viewportHeight: viewBox?.height ?? height,
        clip: clip, firstCandidate: candidates.count))
  }

  // MARK: - Rectangles

  /// A `rect`, or a `path` that may outline one.
  private func startShape(name: String, line: Int, attributes: [Attribute], parent: Frame) {
    guard candidates.count < SVGLimits.maximumRectangleCount else {
      lineOverRectangleLimit = lineOverRectangleLimit ?? line
      return
    }
    // The content of a shape is never drawn.
    push(undrawnChild(of: parent, name: name, line: line))
    if let needy = attributes.first(where: {
      $0.entity != nil && !$0.isQualified && Self.drawingAttributes.contains($0.name)
    }),
      let entity = needy.entity
    {
      warn(line, .entityInShape(element: name, attribute: needy.name, entity: entity))
      return
    }
    reportEntities(in: attributes, of: name, line: line)
    let usable = attributes.filter { $0.entity == nil }
    func value(_ name: String) -> String? {
      usable.first { !$0.isQualified && $0.name == name }?.value
    }

    let cascade = cascadeStyle(
      name: name, line: line, attributes: usable, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    let own = elementTransform(name: name, line: line, attributes: usable)
    guard cascade.isDisplayed else { return warn(line, .notDisplayed(element: name)) }
    let style = cascade.style
    guard style.isVisible else { return warn(line, .hidden(element: name)) }

    // The outline in user units.
    var box: (x: Double, y: Double, width: Double, height: Double)
    if name == "rect" {
      var numbers: [String: Double] = [:]
      for (attribute, reference, mayDefault) in [
        ("x", parent.viewportWidth, true), ("y", parent.viewportHeight, true),
        ("width", parent.viewportWidth, false), ("height", parent.viewportHeight, false),
      ] {
        guard let text = value(attribute), text.trimmingBlanks() != "auto" else {
          numbers[attribute] = mayDefault ? 0 : nil
          continue
        }
        do {
          numbers[attribute] = try SVGLength.parse(text).resolved(against: reference)
        } catch .malformed where mayDefault {
          // Browsers read a malformed x or y as 0.
          warn(
            line,
            .invalidValue(element: name, property: attribute, value: StyleCascade.excerpt(text)))
          numbers[attribute] = 0
        } catch {
          return warn(
            line,
            .unreadableLength(
              element: name, attribute: attribute, value: StyleCascade.excerpt(text),
              unit: error == .unsupportedUnit))
        }
      }
      guard let width = numbers["width"] else {
        return warn(line, .emptySize(element: name, attribute: "width", value: nil))
      }
      guard width > 0 else {
        return warn(line, .emptySize(element: name, attribute: "width", value: width))
      }
      guard let height = numbers["height"] else {
        return warn(line, .emptySize(element: name, attribute: "height", value: nil))
      }
      guard height > 0 else {
        return warn(line, .emptySize(element: name, attribute: "height", value: height))
      }
      box = (numbers["x"] ?? 0, numbers["y"] ?? 0, width, height)
    } else {
      guard let data = value("d"), let outline = PathRectangle(pathData: data) else {
        return warn(line, .otherPath)
      }
      box = (outline.x, outline.y, outline.width, outline.height)
    }

    // The paint.
    var fill = style.fill
    var fallbackFrom: String?
    if case .server(let reference, let fallback) = fill {
      guard let fallback else {
        return warn(line, .paintServer(element: name, reference: StyleCascade.excerpt(reference)))
      }
      fallbackFrom = reference
      fill = fallback
    }
    let color: Color
    var opacity: Double
    switch fill {
    case .none, .server:
      return warn(line, .fillNone(element: name, stroked: style.hasVisibleStroke))
    case .currentColor:
      color = style.color
      opacity = style.colorOpacity
    case .color(let paint, let alpha):
      color = paint
      opacity = alpha
    }

    // The place on the canvas.
    let transform = parent.transform.concatenating(
      aboutOrigin(own, of: name, line: line, cascade: cascade, parent: parent, outline: box))
    guard transform.isAxisAligned else { return warn(line, .rotated(element: name)) }
    box = transform.mapBox(x: box.x, y: box.y, width: box.width, height: box.height)
    guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else {
      return warn(line, .tooLarge(element: name))
    }
    guard box.width > 0, box.height > 0 else { return warn(line, .collapsed(element: name)) }
    var wasClipped = false
    if let clip = parent.clip {
      let minX = max(box.x, clip.minX)
      let minY = max(box.y, clip.minY)
      let maxX = min(box.x + box.width, clip.maxX)
      let maxY = min(box.y + box.height, clip.maxY)
      guard maxX > minX, maxY > minY else {
        return warn(line, .outsideViewport(element: name, line: clip.line))
      }
      if minX != box.x || minY != box.y || maxX != box.x + box.width || maxY != box.y + box.height {
        box = (minX, minY, maxX - minX, maxY - minY)
        wasClipped = true
      }
    }

    opacity *= style.fillOpacity * cascade.opacity * parent.groupOpacity
    guard let alpha = Self.alpha(opacity) else {
      return warn(line, .invisible(element: name, opacity: opacity))
    }

    // What is simplified.
    if let fallbackFrom {
      warn(
        line,
        .paintServerFallback(
          element: name, reference: StyleCascade.excerpt(fallbackFrom), color: color))
    }
    if name == "rect", Self.hasRoundedCorners(rx: value("rx"), ry: value("ry")) {
      warn(line, .roundedCorners(element: name))
    }
    if style.hasVisibleStroke { warn(line, .stroke(element: name)) }
    if name == "path", style.hasMarkers { warn(line, .markers(element: name)) }
    if wasClipped, let clip = parent.clip { warn(line, .clipped(element: name, line: clip.line)) }
    if let crisp = style.crispEdges,
      [box.x, box.y, box.x + box.width, box.y + box.height].contains(where: { $0 != $0.rounded() })
    {
      warn(line, .crispEdges(element: name, value: crisp))
    }

    // The id: kept when valid and new, otherwise a fresh one once every id is known. A
    // missing id loses nothing of the file, so only a malformed or duplicate one is reported.
    var id: Identifier?
    if let text = value("data-id") {
      if let parsed = try? Identifier(text) {
        if let firstLine = firstLineOfId[parsed] {
          warnForFreshIdentifier(
            line, .duplicateIdentifier(element: name, value: text, firstLine: firstLine, fresh: nil)
          )
        } else {
          firstLineOfId[parsed] = line
          id = parsed
        }
      } else {
        warnForFreshIdentifier(
          line, .invalidIdentifier(element: name, value: StyleCascade.excerpt(text), fresh: nil))
      }
    } else {
      freshIdentifierRequests.append((candidates.count, nil))
    }
    candidates.append(
      Candidate(
        line: line, x: box.x, y: box.y, width: box.width, height: box.height, color: color,
        alpha: alpha, id: id))
  }

  private func warnForFreshIdentifier(_ line: Int, _ issue: ImportIssue) {
    freshIdentifierRequests.append((candidates.count, warnings.count))
    warn(line, issue)
  }

  /// Whether the corners are rounded: `rx` and `ry` (each defaulting to the other) both
  /// greater than zero; a negative or unreadable value counts as not given.
  private static func hasRoundedCorners(rx: String?, ry: String?) -> Bool {
    func radius(_ text: String?) -> Double? {
      guard let text, let length = try? SVGLength.parse(text) else { return nil }
      switch length {
      case .user(let value), .percentage(let value): return value >= 0 ? value : nil
      }
    }
    let x = radius(rx)
    let y = radius(ry)
    return (x ?? y ?? 0) > 0 && (y ?? x ?? 0) > 0
  }

  // MARK: - The result

  private func finish() throws(SVGDecodingError) -> ImportResult {
    let id = drawingId ?? Identifier.random(using: &generator)
    var used = Set(firstLineOfId.keys)
    for (candidateIndex, warningIndex) in freshIdentifierRequests {
      var fresh = Identifier.random(using: &generator)
      while used.contains(fresh) { fresh = Identifier.random(using: &generator) }
      used.insert(fresh)
      candidates[candidateIndex].id = fresh
      guard let warningIndex else { continue }
      let (line, issue) = warnings[warningIndex]
      switch issue {
      case .invalidIdentifier(let element, let value, _):
        warnings[warningIndex] = (
          line, .invalidIdentifier(element: element, value: value, fresh: fresh)
        )
      case .duplicateIdentifier(let element, let value, let firstLine, _):
        warnings[warningIndex] = (
          line,
          .duplicateIdentifier(element: element, value: value, firstLine: firstLine, fresh: fresh)
        )
      default:
        break
      }
    }

    if let lineOverRectangleLimit {
      throw .limitExceeded(
        what: "the number of rectangles", limit: "\(SVGLimits.maximumRectangleCount)",
        line: lineOverRectangleLimit, column: 1)
    }
    var plane: Plane
    do {
      plane = try Plane(size: canvas, title: title())
    } catch {
      throw .invalidTitle(reason: error.description, line: titleLine, column: 1)
    }
    for candidate in candidates {
      guard let id = candidate.id else { continue }
      let rectangle = Rectangle(
        id: id, point: Point(trustedX: candidate.x, y: candidate.y),
        size: Size(trustedWidth: candidate.width, height: candidate.height),
        color: candidate.color, alpha: candidate.alpha)
      do {
        try plane.add(rectangle)
      } catch {
        throw .duplicateIdentifier(id: id.description, line: candidate.line, column: 1)
      }
    }
    let drawing = Drawing(
      id: id, created: created ?? now, modified: modified ?? now, plane: plane)
    // Stable, so that warnings on one line keep the order they were found in.
    let ordered = warnings.enumerated().sorted {
      ($0.element.line, $0.offset) < ($1.element.line, $1.offset)
    }
    return ImportResult(
      drawing: drawing,
      warnings: ordered.map {
        ImportWarning(line: $0.element.line, message: $0.element.issue.message)
      })
  }

  /// The title text, cut to what a plane holds and without characters it cannot hold.
  private func title() -> String {
    var scalars = String(decoding: titleBytes, as: UTF8.self).unicodeScalars.filter { scalar in
      let value = scalar.value
      return
        !((value < 0x20 && value != 0x9 && value != 0xA && value != 0xD)
        || value == 0xFFFE || value == 0xFFFF)
    }
    if scalars.count != String(decoding: titleBytes, as: UTF8.self).unicodeScalars.count {
      warn(titleLine, .titleCharacters)
    }
    if scalars.count > Plane.maximumTitleLength {
      scalars.removeLast(scalars.count - Plane.maximumTitleLength)
      warn(titleLine, .longTitle)
    }
    var text = ""
    text.unicodeScalars.append(contentsOf: scalars)
    return text
  }

  // MARK: - Style, transforms, attributes

  private func cascadeStyle(
    name: String, line: Int, attributes: [Attribute], parentStyle: ImportStyle,
    parentOpacity: Double
  ) -> StyleCascade {
    let presentation = attributes.filter { !$0.isQualified }.map {
      (name: $0.name, value: $0.value)
    }
    let declarations =
      attributes.first { !$0.isQualified && $0.name == "style" }.map {
        StyleDeclarations($0.value).declarations
      } ?? []
    let cascade = StyleCascade(
      element: name, parent: parentStyle, parentOpacity: parentOpacity,
      attributes: presentation, declarations: declarations)
    for issue in cascade.issues { warn(line, issue) }
    return cascade
  }

  /// An element's own transform about its `transform-origin`: a point of its parent's
  /// viewport (`transform-box: view-box`, the initial value), or of its own outline
  /// (`fill-box`), which only a shape knows as it starts; a container's `fill-box` or a stroked
  /// shape's `stroke-box` is not applied, with a warning.
  private func aboutOrigin(
    _ own: AffineTransform?, of name: String, line: Int, cascade: StyleCascade, parent: Frame,
    outline: (x: Double, y: Double, width: Double, height: Double)? = nil
  ) -> AffineTransform {
    guard let own, own != .identity else { return .identity }
    var reference = (x: 0.0, y: 0.0, width: parent.viewportWidth, height: parent.viewportHeight)
    if cascade.transformBox != .viewBox {
      if let outline, cascade.transformBox == .fillBox || !cascade.style.hasVisibleStroke {
        reference = outline
      } else {
        warn(line, .styleProperty(element: name, property: "transform-box"))
      }
    }
    let origin = (cascade.transformOrigin ?? .corner).point(in: reference)
    return own.about(x: origin.x, y: origin.y)
  }

  /// The element's own `transform`, or `nil` if it has none or an invalid one (ignored, as
  /// browsers do, with a warning).
  private func elementTransform(name: String, line: Int, attributes: [Attribute])
    -> AffineTransform?
  {
    guard let text = attributes.first(where: { !$0.isQualified && $0.name == "transform" })?.value
    else { return nil }
    guard let transform = TransformListParser.parse(text) else {
      warn(
        line, .invalidValue(element: name, property: "transform", value: StyleCascade.excerpt(text))
      )
      return nil
    }
    return transform
  }

  /// Decodes the attributes of a start tag.
  private func decodeAttributes(of element: SAXElement) -> [Attribute] {
    var attributes: [Attribute] = []
    attributes.reserveCapacity(element.attributeCount)
    for index in 0..<element.attributeCount {
      let attribute = element.attribute(index)
      attributes.append(
        Attribute(
          name: String(decoding: attribute.name, as: UTF8.self), isQualified: attribute.isQualified,
          value: attribute.text, entity: attribute.entity))
    }
    return attributes
  }

  /// Reports each attribute that needs an entity as ignored.
  private func reportEntities(in attributes: [Attribute], of element: String, line: Int) {
    for attribute in attributes {
      guard let entity = attribute.entity else { continue }
      warn(line, .entityInAttribute(element: element, attribute: attribute.name, entity: entity))
    }
  }

  // MARK: - Helpers

  private func warn(_ line: Int, _ issue: ImportIssue) {
    warnings.append((line, issue))
  }

  private func push(_ frame: Frame, role: Role = .plain) {
    var frame = frame
    frame.role = role
    stack.append(frame)
  }

  /// A frame for an element whose content is not drawn: for `reason`, or by default because
  /// the element itself never draws its content.
  private func undrawnChild(of parent: Frame, name: String, line: Int, reason: Undrawn? = nil)
    -> Frame
  {
    var frame = parent
    frame.name = name
    frame.line = line
    frame.undrawn = reason ?? .content(container: name, line: line)
    frame.opacity = 1
    frame.isSwitch = false
    frame.switchChoice = nil
    frame.languages = nil
    frame.role = .plain
    frame.firstCandidate = candidates.count
    return frame
  }

  private func isInSVGNamespace(_ element: SAXElement) -> Bool {
    guard let namespace = element.namespaceURI else { return rootInNoNamespace }
    return namespace.elementsEqual(Self.svgNamespace.utf8)
  }

  /// Whether an element would be one of drawdoc's rectangles if it were drawn.
  private func isRectangle(name: String, attributes: [Attribute]) -> Bool {
    if name == "rect" { return true }
    guard name == "path",
      let data = attributes.first(where: { !$0.isQualified && $0.name == "d" && $0.entity == nil })
    else { return false }
    return PathRectangle(pathData: data.value) != nil
  }

  private static func skippedInside(_ reason: Undrawn, element: String) -> ImportIssue {
    switch reason {
    case .content(let container, let line):
      return .insideUndrawn(element: element, container: container, line: line)
    case .displayNone(let container, let line):
      return .insideHidden(element: element, container: container, line: line)
    case .alternative(let switchLine, let chosenLine):
      return .switchAlternative(element: element, line: switchLine, chosenLine: chosenLine)
    case .conditionFalse(let container, let line, let attribute):
      return .insideConditionFalse(
        element: element, container: container, line: line, attribute: attribute)
    }
  }

  /// What a browser makes of the element's `requiredExtensions` and `systemLanguage`.
  /// `requiredFeatures` is left out: browsers no longer evaluate it (SVG 2 dropped it).
  private static func condition(of attributes: [Attribute]) -> Condition {
    func value(_ name: String) -> String? {
      attributes.first { !$0.isQualified && $0.name == name && $0.entity == nil }?.value
    }
    if let text = value("requiredExtensions") {
      let extensions = text.split(whereSeparator: {
        $0.asciiValue.map(NumberScanner.isBlank) ?? false
      })
      if extensions.isEmpty || !extensions.allSatisfy(supportedExtensions.contains) {
        return .never(attribute: "requiredExtensions", value: extensions.isEmpty ? nil : text)
      }
    }
    if let text = value("systemLanguage") {
      let languages = text.split(separator: ",").map { $0.trimmingBlanks() }.filter { !$0.isEmpty }
      guard !languages.isEmpty else { return .never(attribute: "systemLanguage", value: nil) }
      return .language(languages.joined(separator: ", "))
    }
    return .met
  }

  /// An opacity rounded to the nearest level, a tie (within 10⁻⁹) upwards; `nil` below 0.05.
  private static func alpha(_ opacity: Double) -> Alpha? {
    let level = Int((opacity * 10 + 0.5 + 1e-9).rounded(.down))
    guard level >= 1 else { return nil }
    return try? Alpha(level: min(level, 10))
  }

  /// Whether any two of the rectangles overlap with some area: a sweep from left to right.
  private static func anyOverlap(_ rectangles: ArraySlice<Candidate>) -> Bool {
    let sorted = rectangles.sorted { $0.x < $1.x }
    var active: [Candidate] = []
    for rectangle in sorted {
      active.removeAll { $0.x + $0.width <= rectangle.x }
      for other in active
      where other.y < rectangle.y + rectangle.height && rectangle.y < other.y + other.height {
        return true
      }
      active.append(rectangle)
    }
    return false
  }
}
