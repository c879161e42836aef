import DrawdocModel

/// What import mode skipped or simplified: the typed part of an ``ImportWarning``, for a
/// program that acts on particular losses (each case carries what the message names). Its
/// ``message`` says what was lost and why; `docs/format.md` lists every one.
public enum ImportIssue: Hashable, Sendable {
  // MARK: - Elements skipped

  /// A shape other than a rectangle: `circle`, `ellipse`, `line`, `polyline`, `polygon`.
  case otherShape(element: String)
  /// A `path` that does not outline an axis-aligned rectangle.
  case otherPath
  /// `text`, `image`, `use` or `foreignObject`.
  case unsupportedElement(element: String, what: String)
  /// An animation element; the still picture is kept.
  case animation(element: String)
  /// A `<style>` element with rules in it.
  case styleSheet
  /// A rectangle inside something that is never drawn (`defs`, `clipPath`, …, an unknown
  /// element, the content of a shape).
  case insideUndrawn(element: String, container: String, line: Int)
  /// A rectangle inside an element with `display: none`.
  case insideHidden(element: String, container: String, line: Int)
  /// A rectangle in a child of a `switch` other than the one it draws (on `chosenLine`).
  case switchAlternative(element: String, line: Int, chosenLine: Int)
  /// A rectangle whose `requiredExtensions` or `systemLanguage` no browser meets: the
  /// extensions it asks for, or `nil` when the list is empty.
  case conditionFalse(element: String, attribute: String, value: String?)
  /// A rectangle inside an element whose `requiredExtensions` or `systemLanguage` no browser
  /// meets.
  case insideConditionFalse(element: String, container: String, line: Int, attribute: String)
  /// A rectangle with `display: none`.
  case notDisplayed(element: String)
  /// A rectangle with `visibility: hidden` or `collapse`.
  case hidden(element: String)
  /// A width or height that is missing, zero or negative.
  case emptySize(element: String, attribute: String, value: Double?)
  /// A length that could not be read, or has a unit drawdoc does not convert.
  case unreadableLength(element: String, attribute: String, value: String, unit: Bool)
  /// `fill: none`.
  case fillNone(element: String, stroked: Bool)
  /// A gradient or pattern fill without a fallback color.
  case paintServer(element: String, reference: String)
  /// A rotation, skew, or other transform that turns the rectangle off the axes.
  case rotated(element: String)
  /// A transform that squashes the rectangle to a line or a point.
  case collapsed(element: String)
  /// Coordinates that overflow once transformed.
  case tooLarge(element: String)
  /// An opacity that rounds below 0.05.
  case invisible(element: String, opacity: Double)
  /// A rectangle wholly outside the viewport of a nested `svg`, which clips it away.
  case outsideViewport(element: String, line: Int)
  /// An attribute of a rectangle that needs an entity, so the rectangle is skipped.
  case entityInShape(element: String, attribute: String, entity: String)

  // MARK: - Simplified

  /// A gradient or pattern fill replaced by its fallback color.
  case paintServerFallback(element: String, reference: String, color: Color)
  /// `rx`/`ry` greater than zero.
  case roundedCorners(element: String)
  /// A visible stroke.
  case stroke(element: String)
  /// Markers on a path.
  case markers(element: String)
  /// A rectangle cut to the viewport of a nested `svg`.
  case clipped(element: String, line: Int)
  /// `clip-path`, `mask`, `filter` or `mix-blend-mode`, which drawdoc cannot keep.
  case effect(element: String, property: String)
  /// `shape-rendering` that turns off smoothing, on a rectangle with an edge inside a pixel.
  case crispEdges(element: String, value: String)
  /// An element with rectangles that a browser draws only for readers of some languages.
  case languageCondition(element: String, languages: String)
  /// A CSS property in `style` that drawdoc does not apply (`transform`, geometry).
  case styleProperty(element: String, property: String)
  /// A value that is not valid for its property, or not one drawdoc reads; browsers
  /// ignore an invalid one too.
  case invalidValue(element: String, property: String, value: String)
  /// An attribute that needs an entity, ignored.
  case entityInAttribute(element: String, attribute: String, entity: String)
  /// An entity reference in text or in the document type, never expanded.
  case entityInText(entity: String)
  /// A group's opacity applied to each rectangle inside it, where some overlap.
  case groupOpacity(element: String)

  // MARK: - Identifiers

  /// A `data-id` that is not an identifier.
  case invalidIdentifier(element: String, value: String, fresh: Identifier?)
  /// A `data-id` an earlier rectangle already has.
  case duplicateIdentifier(element: String, value: String, firstLine: Int, fresh: Identifier?)

  // MARK: - The root

  /// The root `svg` is in no namespace.
  case noNamespace
  /// A `viewBox` that is not four numbers with a positive width and height.
  case invalidViewBox(value: String)
  /// A root `viewBox` with a zero width or height, with which a browser draws nothing.
  case emptyViewBox(value: String)
  /// A root `width` or `height` of zero, with which a browser draws nothing.
  case zeroViewport(side: String)
  /// A root background color whose opacity rounds below 0.05.
  case invisibleBackground(property: String, opacity: Double)
  /// No canvas width or height could be found.
  case defaultCanvasSide(side: String)
  /// A root `viewBox` of another shape than its `width` × `height` (px) that makes a canvas
  /// of another size (in `viewBox` units): the picture is drawn at another size.
  case canvasInViewBoxUnits(
    width: Double, height: Double, canvasWidth: Double, canvasHeight: Double)
  /// A root `data-id` that is not an identifier.
  case invalidDrawingIdentifier(value: String)
  /// A root `data-created` or `data-modified` that is not a time.
  case invalidTimestamp(attribute: String, value: String)
  /// A `data-drawdoc` version this drawdoc does not know.
  case unknownVersion(value: String)
  /// A title longer than a plane holds.
  case longTitle
  /// A title with characters a plane cannot hold.
  case titleCharacters

  /// The warning text, without file or line.
  public var message: String {
    switch self {
    case .otherShape(let element):
      return "<\(element)> skipped: drawdoc keeps only rectangles"
    case .otherPath:
      return "<path> skipped: it is not an axis-aligned rectangle"
    case .unsupportedElement(let element, let what):
      return "<\(element)> skipped: drawdoc keeps only rectangles, not \(what)"
    case .animation(let element):
      return "<\(element)> ignored: drawdoc keeps the still picture, without animation"
    case .styleSheet:
      return "<style> ignored: CSS style sheets are not applied, only style attributes"
    case .insideUndrawn(let element, let container, let line):
      return "<\(element)> skipped: it is inside <\(container)> (line \(line)), "
        + "whose content is not drawn"
    case .insideHidden(let element, let container, let line):
      return "<\(element)> skipped: it is inside <\(container)> (line \(line)), "
        + "which has display none"
    case .switchAlternative(let element, let line, let chosenLine):
      return "<\(element)> skipped: the <switch> on line \(line) draws only one child, the one "
        + "on line \(chosenLine)"
    case .conditionFalse(let element, let attribute, let value):
      guard let value else {
        return "<\(element)> skipped: its \(attribute) is empty, so browsers never draw it"
      }
      return "<\(element)> skipped: its \(attribute) \"\(value)\" asks for an extension "
        + "browsers do not have, so they never draw it"
    case .insideConditionFalse(let element, let container, let line, let attribute):
      return "<\(element)> skipped: it is inside <\(container)> (line \(line)), which browsers "
        + "never draw because of its \(attribute)"
    case .notDisplayed(let element):
      return "<\(element)> skipped: it has display none"
    case .hidden(let element):
      return "<\(element)> skipped: it has visibility hidden"
    case .emptySize(let element, let attribute, let value):
      guard let value else {
        return "<\(element)> skipped: it has no \(attribute), so nothing is drawn"
      }
      return "<\(element)> skipped: its \(attribute) is \(Self.number(value)), "
        + "so nothing is drawn"
    case .unreadableLength(let element, let attribute, let value, let unit):
      return unit
        ? "<\(element)> skipped: \(attribute)=\"\(value)\" has a unit drawdoc does not "
          + "convert (only px, pt, pc, mm, cm, in and %)"
        : "<\(element)> skipped: \(attribute)=\"\(value)\" is not a length"
    case .fillNone(let element, let stroked):
      return "<\(element)> skipped: its fill is none"
        + (stroked ? " and drawdoc keeps no strokes" : "")
    case .paintServer(let element, let reference):
      return "<\(element)> skipped: its fill is url(\(reference)), a gradient or pattern "
        + "drawdoc cannot keep"
    case .rotated(let element):
      return "<\(element)> skipped: it is rotated or skewed, and drawdoc keeps only "
        + "axis-aligned rectangles"
    case .collapsed(let element):
      return "<\(element)> skipped: its transform squashes it flat, so nothing is drawn"
    case .tooLarge(let element):
      return "<\(element)> skipped: its coordinates are too large"
    case .invisible(let element, let opacity):
      return "<\(element)> skipped: its opacity \(Self.number(opacity)) rounds below 0.05, "
        + "so it is invisible"
    case .outsideViewport(let element, let line):
      return "<\(element)> skipped: it lies outside the viewport of the <svg> on line \(line)"
    case .entityInShape(let element, let attribute, let entity):
      return "<\(element)> skipped: its \(attribute) uses the entity &\(entity);, "
        + "which drawdoc never expands"
    case .paintServerFallback(let element, let reference, let color):
      return "<\(element)>: its fill url(\(reference)) is replaced by the fallback color "
        + color.hex
    case .roundedCorners(let element):
      return "<\(element)>: rounded corners (rx, ry) dropped"
    case .stroke(let element):
      return "<\(element)>: stroke dropped"
    case .markers(let element):
      return "<\(element)>: markers dropped"
    case .clipped(let element, let line):
      return "<\(element)>: cut to the viewport of the <svg> on line \(line)"
    case .effect(let element, let property):
      return "<\(element)>: \(property) dropped"
    case .crispEdges(let element, let value):
      return "<\(element)>: shape-rendering \(value) dropped: drawdoc smooths its edges that fall "
        + "inside a pixel"
    case .languageCondition(let element, let languages):
      return "<\(element)> has systemLanguage \"\(languages)\": a browser draws it only for "
        + "readers of those languages; drawdoc keeps it"
    case .styleProperty(let element, let property):
      return "<\(element)>: \(property) in style is not applied"
    case .invalidValue(let element, let property, let value):
      return "<\(element)>: \(property) \"\(value)\" is not a value drawdoc reads; ignored"
    case .entityInAttribute(let element, let attribute, let entity):
      return "<\(element)>: \(attribute) ignored: it uses the entity &\(entity);, "
        + "which drawdoc never expands"
    case .entityInText(let entity):
      if entity.hasPrefix("%") {
        return "the parameter entity \(entity); is not expanded: the declarations it stands "
          + "for are skipped"
      }
      return "the entity &\(entity); is not expanded: what it stands for is skipped"
    case .groupOpacity(let element):
      return "<\(element)>: its opacity is applied to each rectangle inside it, so where "
        + "they overlap they show through each other"
    case .invalidIdentifier(let element, let value, let fresh):
      return "<\(element)> has data-id=\"\(value)\", which is not an identifier: it gets "
        + "the fresh id \(Self.id(fresh))"
    case .duplicateIdentifier(let element, let value, let firstLine, let fresh):
      return "<\(element)> has data-id=\"\(value)\" like the rectangle on line \(firstLine): "
        + "it gets the fresh id \(Self.id(fresh))"
    case .noNamespace:
      return "<svg> is in no namespace: read as SVG (xmlns=\"http://www.w3.org/2000/svg\")"
    case .invalidViewBox(let value):
      return "<svg>: viewBox \"\(value)\" is not four numbers with a positive width and "
        + "height; ignored"
    case .emptyViewBox(let value):
      return "<svg>: viewBox \"\(value)\" has a zero width or height, so a browser draws "
        + "nothing; drawdoc ignores it"
    case .zeroViewport(let side):
      return "<svg> has \(side) 0, so a browser draws nothing; drawdoc ignores that \(side)"
    case .invisibleBackground(let property, let opacity):
      return "<svg>: its \(property) has the opacity \(Self.number(opacity)), which rounds "
        + "below 0.05: dropped"
    case .defaultCanvasSide(let side):
      let length = side == "width" ? Plane.defaultSize.width : Plane.defaultSize.height
      return "<svg> has neither a viewBox nor a \(side) in absolute units: the canvas "
        + "\(side) is \(ShortestDecimal.string(length))"
    case .canvasInViewBoxUnits(let width, let height, let canvasWidth, let canvasHeight):
      return "<svg> is \(Self.number(width)) × \(Self.number(height)), but its viewBox has "
        + "another shape: the canvas is the viewport in viewBox units, "
        + "\(Self.number(canvasWidth)) × \(Self.number(canvasHeight))"
    case .invalidDrawingIdentifier(let value):
      return "<svg> has data-id=\"\(value)\", which is not an identifier: the drawing gets "
        + "a fresh id"
    case .invalidTimestamp(let attribute, let value):
      return "<svg> has \(attribute)=\"\(value)\", which is not a UTC time like "
        + "2026-11-21T08:00:00Z: the time of the import is used"
    case .unknownVersion(let value):
      return "<svg> has data-drawdoc=\"\(value)\", a format version this drawdoc does not "
        + "know: read as SVG"
    case .longTitle:
      return "<title> is longer than \(Plane.maximumTitleLength) characters: cut"
    case .titleCharacters:
      return "<title> has control characters a title cannot hold: removed"
    }
  }

  /// A number in a message: at most four decimals, in the writer's shortest form.
  private static func number(_ value: Double) -> String { ShortestDecimal.message(value) }

  private static func id(_ identifier: Identifier?) -> String {
    identifier?.description ?? "(none yet)"
  }
}
