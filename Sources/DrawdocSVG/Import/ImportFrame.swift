import DrawdocXML

/// What an open element passes on to its children in import mode: whether they are drawn,
/// their inherited style and opacity, the map to the canvas, the viewport their percentages
/// refer to and its clip, and the state of a `switch`.
struct ImportFrame {
  /// Why the content of an element is not drawn.
  enum Undrawn {
    /// The element never draws its content (`defs`, `clipPath`, a shape, an unknown element).
    case content(container: String, location: SourceLocation)
    /// The element has `display: none`.
    case displayNone(container: String, location: SourceLocation)
    /// The element is a child of a `switch` other than the one it draws.
    case alternative(switchLine: Int, chosenLine: Int)
    /// The element has a `requiredExtensions` or `systemLanguage` no browser meets.
    case conditionFalse(container: String, location: SourceLocation, attribute: String)

    /// What a rectangle inside such an element is reported as.
    func issue(for element: String) -> ImportIssue {
      switch self {
      case .content(let container, let location):
        return .insideUndrawn(element: element, container: container, line: location.line)
      case .displayNone(let container, let location):
        return .insideHidden(element: element, container: container, line: location.line)
      case .alternative(let switchLine, let chosenLine):
        return .switchAlternative(element: element, line: switchLine, chosenLine: chosenLine)
      case .conditionFalse(let container, let location, let attribute):
        return .insideConditionFalse(
          element: element, container: container, line: location.line, attribute: attribute)
      }
    }
  }

  /// What an element is for, besides drawing.
  enum Role {
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
  struct Clip: Equatable {
    var minX: Double
    var minY: Double
    var maxX: Double
    var maxY: Double
    /// The line of the `svg` that clips.
    var line: Int
  }

  var name: String
  var location: SourceLocation
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

  /// What a shape among its children is placed by.
  var shapeContext: ShapeResolution.Context {
    ShapeResolution.Context(
      transform: transform, viewportWidth: viewportWidth, viewportHeight: viewportHeight,
      clip: clip, groupOpacity: groupOpacity)
  }

  /// The frame of a child whose content is not drawn: for `reason`, or by default because
  /// the child itself never draws its content.
  func undrawnChild(
    name: String, location: SourceLocation, reason: Undrawn? = nil, firstCandidate: Int
  )
    -> ImportFrame
  {
    var frame = self
    frame.name = name
    frame.location = location
    frame.undrawn = reason ?? .content(container: name, location: location)
    frame.opacity = 1
    frame.isSwitch = false
    frame.switchChoice = nil
    frame.languages = nil
    frame.role = .plain
    frame.firstCandidate = firstCandidate
    return frame
  }

  /// The frame of a child `g`, `a` or `switch` whose style is `cascade` and whose own
  /// transform, about its origin, is `own`.
  func container(
    name: String, location: SourceLocation, cascade: StyleCascade, own: AffineTransform,
    firstCandidate: Int
  ) -> ImportFrame {
    var frame = ImportFrame(
      name: name, location: location,
      undrawn: cascade.isDisplayed ? nil : .displayNone(container: name, location: location),
      style: cascade.style, opacity: cascade.opacity,
      groupOpacity: groupOpacity * cascade.opacity,
      transform: transform.concatenating(own), viewportWidth: viewportWidth,
      viewportHeight: viewportHeight, clip: clip, firstCandidate: firstCandidate)
    frame.isSwitch = name == "switch"
    return frame
  }

  /// The frame of a nested `svg`: a new viewport at `x`, `y` of `width` × `height`, its
  /// `viewBox` fitted into it, and its content clipped to it unless `overflow` is visible.
  func nestedViewport(
    location: SourceLocation, cascade: StyleCascade, own: AffineTransform,
    viewport: (x: Double, y: Double, width: Double, height: Double),
    viewBox: (box: ViewBox?, reading: ViewBox.Reading?), aspectRatio: ViewBox.AspectRatio,
    firstCandidate: Int
  ) -> ImportFrame {
    let name = "svg"
    let (x, y, width, height) = viewport
    let outer = transform.concatenating(own)
    var inner = outer
    if x != 0 || y != 0 { inner = inner.concatenating(.translation(x, y)) }
    var undrawn: Undrawn? =
      cascade.isDisplayed ? nil : .displayNone(container: name, location: location)
    // A viewport or a viewBox of zero size disables rendering of the content.
    if !(width > 0 && height > 0) || viewBox.reading == .empty {
      undrawn = undrawn ?? .content(container: name, location: location)
    }
    if let box = viewBox.box, width > 0, height > 0 {
      inner = inner.concatenating(
        box.transform(viewportWidth: width, viewportHeight: height, aspectRatio: aspectRatio))
    }
    var newClip = clip
    if cascade.overflowClips ?? true, outer.isAxisAligned, width > 0, height > 0 {
      let box = outer.mapBox(x: x, y: y, width: width, height: height)
      var own = Clip(
        minX: box.x, minY: box.y, maxX: box.x + box.width, maxY: box.y + box.height,
        line: location.line)
      if let old = clip {
        own.minX = max(own.minX, old.minX)
        own.minY = max(own.minY, old.minY)
        own.maxX = min(own.maxX, old.maxX)
        own.maxY = min(own.maxY, old.maxY)
      }
      newClip = own
    }
    return ImportFrame(
      name: name, location: location, undrawn: undrawn, style: cascade.style,
      opacity: cascade.opacity,
      groupOpacity: groupOpacity * cascade.opacity, transform: inner,
      viewportWidth: viewBox.box?.width ?? width, viewportHeight: viewBox.box?.height ?? height,
      clip: newClip, firstCandidate: firstCandidate)
  }

  /// A child's own transform about its `transform-origin`, for a container (see
  /// ``aboutOrigin(_:of:cascade:viewport:outline:)``).
  func aboutOrigin(_ own: AffineTransform?, of name: String, cascade: StyleCascade)
    -> (transform: AffineTransform, issue: ImportIssue?)
  {
    Self.aboutOrigin(
      own, of: name, cascade: cascade, viewport: (viewportWidth, viewportHeight), outline: nil)
  }

  /// An element's own transform about its `transform-origin`: a point of its parent's
  /// viewport (`transform-box: view-box`, the initial value), or of its own outline
  /// (`fill-box`), which only a shape knows as it starts; a container's `fill-box` or a
  /// stroked shape's `stroke-box` is not applied, and the issue says so.
  static func aboutOrigin(
    _ own: AffineTransform?, of name: String, cascade: StyleCascade,
    viewport: (width: Double, height: Double),
    outline: (x: Double, y: Double, width: Double, height: Double)?
  ) -> (transform: AffineTransform, issue: ImportIssue?) {
    guard let own, own != .identity else { return (.identity, nil) }
    var reference = (x: 0.0, y: 0.0, width: viewport.width, height: viewport.height)
    var issue: ImportIssue?
    if cascade.transformBox != .viewBox {
      if let outline, cascade.transformBox == .fillBox || !cascade.style.hasVisibleStroke {
        reference = outline
      } else {
        issue = .styleProperty(element: name, property: "transform-box")
      }
    }
    let origin = (cascade.transformOrigin ?? .corner).point(in: reference)
    return (own.about(x: origin.x, y: origin.y), issue)
  }
}
