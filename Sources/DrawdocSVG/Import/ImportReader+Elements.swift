import DrawdocModel
import DrawdocXML

/// The elements that draw: containers, nested viewports and shapes.
extension ImportReader {
  /// A `g`, `a` or `switch`.
  func startContainer(
    name: String, location: SourceLocation, attributes: ImportAttributes, parent: ImportFrame
  ) {
    reportEntities(in: attributes, of: name, location: location)
    let cascade = cascadeStyle(
      name: name, location: location, attributes: attributes, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    let own = aboutOrigin(
      elementTransform(name: name, location: location, attributes: attributes), of: name,
      location: location,
      cascade: cascade, parent: parent)
    stack.append(
      parent.container(
        name: name, location: location, cascade: cascade, own: own, firstCandidate: candidates.count
      ))
  }

  /// A nested `svg`: a new viewport at `x`, `y` of `width` × `height` (100 % by default),
  /// its `viewBox` fitted into it, and its content clipped to it unless `overflow` is visible.
  func startNestedViewport(
    location: SourceLocation, attributes: ImportAttributes, parent: ImportFrame
  ) {
    let name = "svg"
    reportEntities(in: attributes, of: name, location: location)
    func length(_ attribute: String, reference: Double, default fallback: Double) -> Double {
      guard let text = attributes.value(attribute) else { return fallback }
      if text.trimmingBlanks() == "auto" { return fallback }
      guard let length = try? SVGLength.parse(text) else {
        warn(
          location,
          .invalidValue(element: name, property: attribute, value: StyleCascade.excerpt(text))
        )
        return fallback
      }
      return length.resolved(against: reference)
    }
    let cascade = cascadeStyle(
      name: name, location: location, attributes: attributes, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    let x = length("x", reference: parent.viewportWidth, default: 0)
    let y = length("y", reference: parent.viewportHeight, default: 0)
    let width = length("width", reference: parent.viewportWidth, default: parent.viewportWidth)
    let height = length("height", reference: parent.viewportHeight, default: parent.viewportHeight)
    let viewBox = readViewBox(attributes.value("viewBox"), location: location)
    let own = aboutOrigin(
      elementTransform(name: name, location: location, attributes: attributes), of: name,
      location: location,
      cascade: cascade, parent: parent)
    let aspectRatio =
      attributes.value("preserveAspectRatio").flatMap(ViewBox.AspectRatio.parse) ?? .standard
    stack.append(
      parent.nestedViewport(
        location: location, cascade: cascade, own: own, viewport: (x, y, width, height),
        viewBox: viewBox, aspectRatio: aspectRatio, firstCandidate: candidates.count))
  }

  /// A `rect`, or a `path` that may outline one: kept as a rectangle with the issues
  /// ``ShapeResolution`` finds, or skipped with the one that skips it.
  func startShape(
    name: String, location: SourceLocation, attributes: ImportAttributes, parent: ImportFrame
  ) {
    guard candidates.count < SVGLimits.maximumRectangleCount else {
      lineOverRectangleLimit = lineOverRectangleLimit ?? location.line
      return
    }
    // The content of a shape is never drawn.
    push(undrawnChild(of: parent, name: name, location: location))
    if let needy = attributes.all.first(where: {
      $0.entity != nil && !$0.isQualified && Self.drawingAttributes.contains($0.name)
    }),
      let entity = needy.entity
    {
      warn(location, .entityInShape(element: name, attribute: needy.name, entity: entity))
      return
    }
    reportEntities(in: attributes, of: name, location: location)
    let cascade = cascadeStyle(
      name: name, location: location, attributes: attributes, parentStyle: parent.style,
      parentOpacity: parent.opacity)
    var geometry: [String: String] = [:]
    for attribute in ["x", "y", "width", "height", "rx", "ry", "d"] {
      geometry[attribute] = attributes.value(attribute)
    }
    let shape = ShapeResolution.Shape(
      name: name, attributes: geometry, cascade: cascade,
      transform: elementTransform(name: name, location: location, attributes: attributes))
    let outcome = ShapeResolution.resolve(shape, in: parent.shapeContext)
    for issue in outcome.issues { warn(location, issue) }
    guard let rectangle = outcome.rectangle else { return }
    let claim = identifiers.claim(
      attributes.value("data-id"), element: name, line: location.line, candidate: candidates.count,
      warning: warnings.count)
    if let issue = claim.issue { warn(location, issue) }
    candidates.append(
      ImportCandidate(
        line: location.line, x: rectangle.x, y: rectangle.y, width: rectangle.width,
        height: rectangle.height, color: rectangle.color, alpha: rectangle.alpha, id: claim.id))
  }

  // MARK: - Style and transforms

  func cascadeStyle(
    name: String, location: SourceLocation, attributes: ImportAttributes, parentStyle: ImportStyle,
    parentOpacity: Double
  ) -> StyleCascade {
    let cascade = StyleCascade(
      element: name, parent: parentStyle, parentOpacity: parentOpacity,
      attributes: attributes.presentation, declarations: attributes.styleDeclarations)
    for issue in cascade.issues { warn(location, issue) }
    return cascade
  }

  /// A container's own transform about its origin (see ``ImportFrame/aboutOrigin(_:of:cascade:)``),
  /// with a warning when its `transform-box` cannot be applied.
  private func aboutOrigin(
    _ own: AffineTransform?, of name: String, location: SourceLocation, cascade: StyleCascade,
    parent: ImportFrame
  ) -> AffineTransform {
    let result = parent.aboutOrigin(own, of: name, cascade: cascade)
    if let issue = result.issue { warn(location, issue) }
    return result.transform
  }

  /// The element's own `transform`, or `nil` if it has none or an invalid one (ignored, as
  /// browsers do, with a warning).
  func elementTransform(name: String, location: SourceLocation, attributes: ImportAttributes)
    -> AffineTransform?
  {
    guard let text = attributes.value("transform") else { return nil }
    guard let transform = TransformListParser.parse(text) else {
      warn(
        location,
        .invalidValue(element: name, property: "transform", value: StyleCascade.excerpt(text))
      )
      return nil
    }
    return transform
  }
}
