import DrawdocModel
import DrawdocXML

/// The root `svg`: the drawing's metadata, the canvas and its background.
extension ImportReader {
  func startRoot(
    _ element: SAXElement, name: String, location: SourceLocation, attributes: ImportAttributes
  ) throws(SVGDecodingError) {
    guard name == "svg" else {
      throw .unexpectedRoot(name: name, line: location.line, column: location.column)
    }
    if element.namespaceURI == nil {
      rootInNoNamespace = true
      warn(location, .noNamespace)
    } else if !isInSVGNamespace(element) {
      throw .wrongNamespace(
        element: name,
        namespace: element.namespaceURI.map { String(decoding: $0, as: UTF8.self) },
        line: location.line, column: location.column)
    }
    sawRoot = true
    reportEntities(in: attributes, of: name, location: location)
    readMetadata(attributes, location: location)
    let (fit, viewBox) = readCanvas(attributes, location: location)

    let own = elementTransform(name: name, location: location, attributes: attributes)
    let cascade = cascadeStyle(
      name: name, location: location, attributes: attributes, parentStyle: ImportStyle(),
      parentOpacity: 1)
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
    addBackground(style: cascade.style, attributes: attributes, location: location)
    stack.append(
      ImportFrame(
        name: name, location: location,
        undrawn: cascade.isDisplayed ? nil : .displayNone(container: name, location: location),
        style: cascade.style, opacity: cascade.opacity, groupOpacity: cascade.opacity,
        transform: transform, viewportWidth: viewBox?.width ?? canvas.width,
        viewportHeight: viewBox?.height ?? canvas.height, clip: nil,
        firstCandidate: candidates.count))
  }

  /// The drawing's id, times and format version.
  private func readMetadata(_ attributes: ImportAttributes, location: SourceLocation) {
    if let text = attributes.value("data-id") {
      if let id = try? Identifier(text) {
        drawingId = id
      } else {
        warn(location, .invalidDrawingIdentifier(value: StyleCascade.excerpt(text)))
      }
    }
    func timestamp(_ attribute: String) -> Timestamp? {
      guard let text = attributes.value(attribute) else { return nil }
      guard let time = try? Timestamp(text) else {
        warn(location, .invalidTimestamp(attribute: attribute, value: StyleCascade.excerpt(text)))
        return nil
      }
      return time
    }
    created = timestamp("data-created")
    modified = timestamp("data-modified")
    if let version = attributes.value("data-drawdoc"), version != "1" {
      warn(location, .unknownVersion(value: StyleCascade.excerpt(version)))
    }
  }

  /// The canvas: the viewport a browser shows (``RootCanvas``), else width and height in
  /// absolute units, else drawdoc's default canvas (1024 × 768): SVG leaves the size to a
  /// host, and drawdoc has none. Sets ``canvas``, and returns the fit and the usable viewBox.
  private func readCanvas(_ attributes: ImportAttributes, location: SourceLocation)
    -> (fit: RootCanvas, viewBox: ViewBox?)
  {
    let viewBox = readViewBox(attributes.value("viewBox"), location: location)
    if case .empty = viewBox.reading, let text = attributes.value("viewBox") {
      warn(location, .emptyViewBox(value: StyleCascade.excerpt(text)))
    }
    func side(_ attribute: String) -> Double? {
      guard let text = attributes.value(attribute), let length = try? SVGLength.parse(text) else {
        return nil
      }
      switch length {
      case .user(let value) where value > 0:
        return value
      case .user(let value) where value == 0, .percentage(let value) where value == 0:
        warn(location, .zeroViewport(side: attribute))
        return nil
      case .user, .percentage:
        return nil
      }
    }
    let width = side("width")
    let height = side("height")
    if viewBox.box == nil {
      if width == nil { warn(location, .defaultCanvasSide(side: "width")) }
      if height == nil { warn(location, .defaultCanvasSide(side: "height")) }
    }
    let fit = RootCanvas(
      viewBox: viewBox.box, width: width, height: height,
      aspectRatio: attributes.value("preserveAspectRatio").flatMap(ViewBox.AspectRatio.parse)
        ?? .standard,
      defaultSize: (Plane.defaultSize.width, Plane.defaultSize.height))
    canvas = (try? Size(width: fit.width, height: fit.height)) ?? Plane.defaultSize
    // A viewBox of another shape makes the canvas the viewport in its units: the picture
    // keeps its shape, but not the file's size in px.
    if fit.hasOtherShape, let width, let height,
      !RootCanvas.isSameLength(canvas.width, width)
        || !RootCanvas.isSameLength(canvas.height, height)
    {
      warn(
        location,
        .canvasInViewBoxUnits(
          width: width, height: height, canvasWidth: canvas.width, canvasHeight: canvas.height))
    }
    return (fit, viewBox.box)
  }

  /// Keeps the root's `background-color` (or a `background` that is a color alone), which a
  /// browser paints under the drawing over the whole viewport, whatever the root's `opacity`,
  /// `visibility` or `display`: as a rectangle the size of the canvas, at the bottom.
  private func addBackground(
    style: ImportStyle, attributes: ImportAttributes, location: SourceLocation
  ) {
    // The last valid declaration wins; an invalid one is ignored, as in the CSS cascade.
    for declaration in attributes.styleDeclarations.reversed()
    where declaration.name == "background-color" || declaration.name == "background" {
      let paint: ImportPaint
      switch declaration.value.trimmingBlanks().lowercased() {
      case "inherit", "initial", "unset":
        paint = .none
      default:
        guard let parsed = ImportPaint.parse(declaration.value), !parsed.isServer else {
          warn(
            location,
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
      guard let alpha = ShapeResolution.alpha(opacity) else {
        return warn(
          location, .invisibleBackground(property: declaration.name, opacity: opacity))
      }
      identifiers.requestFresh(for: candidates.count)
      candidates.append(
        ImportCandidate(
          line: location.line, x: 0, y: 0, width: canvas.width, height: canvas.height, color: color,
          alpha: alpha, id: nil))
      return
    }
  }

  /// Reads a `viewBox`, warning when it is not four numbers with a width and height that are
  /// not negative (browsers ignore it then).
  func readViewBox(_ text: String?, location: SourceLocation) -> (
    box: ViewBox?, reading: ViewBox.Reading?
  ) {
    guard let text else { return (nil, nil) }
    let reading = ViewBox.read(text)
    switch reading {
    case .usable(let box): return (box, reading)
    case .empty: return (nil, reading)
    case .invalid:
      warn(location, .invalidViewBox(value: StyleCascade.excerpt(text)))
      return (nil, reading)
    }
  }
}
