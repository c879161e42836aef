import DrawdocModel

/// What a `rect`, or a `path` that may outline one, becomes once its style and geometry are
/// known: one of drawdoc's rectangles, with the issues of what was simplified, or the issue
/// that skips it. A pure function of its inputs: the element walk records the issues.
enum ShapeResolution {
  /// The shape: its name, the values of its attributes that give its geometry, its computed
  /// style, and its own `transform` (`nil` if it has none or an invalid one).
  struct Shape {
    var name: String
    /// `x`, `y`, `width`, `height`, `rx`, `ry`, `d`: the usable values given.
    var attributes: [String: String]
    var cascade: StyleCascade
    var transform: AffineTransform?
  }

  /// What the shape's parent passes on to place it.
  struct Context {
    /// From the shape's user coordinates to the canvas.
    var transform: AffineTransform
    /// What percentages refer to.
    var viewportWidth: Double
    var viewportHeight: Double
    /// The clip of the nearest nested `svg`, if any.
    var clip: ImportFrame.Clip?
    /// The product of the ancestors' opacities.
    var groupOpacity: Double
  }

  /// A rectangle on the canvas.
  struct Rectangle: Equatable {
    var x: Double
    var y: Double
    var width: Double
    var height: Double
    var color: Color
    var alpha: Alpha
  }

  /// The issues, in the order they arise, and the rectangle; when it is `nil`, the last issue
  /// says why the shape was skipped.
  struct Outcome: Equatable {
    var issues: [ImportIssue] = []
    var rectangle: Rectangle?
  }

  private typealias Box = (x: Double, y: Double, width: Double, height: Double)

  /// What the shape becomes in `context`.
  static func resolve(_ shape: Shape, in context: Context) -> Outcome {
    var outcome = Outcome()
    let name = shape.name
    let style = shape.cascade.style
    guard shape.cascade.isDisplayed else { return skipped(outcome, .notDisplayed(element: name)) }
    guard style.isVisible else { return skipped(outcome, .hidden(element: name)) }
    guard var box = outline(of: shape, in: context, issues: &outcome.issues) else {
      return outcome
    }
    guard let paint = paint(of: shape, issues: &outcome.issues) else { return outcome }
    var wasClipped = false
    guard
      place(&box, shape: shape, in: context, issues: &outcome.issues, wasClipped: &wasClipped)
    else { return outcome }
    let opacity =
      paint.opacity * (style.fillOpacity * shape.cascade.opacity * context.groupOpacity)
    guard let alpha = alpha(opacity) else {
      return skipped(outcome, .invisible(element: name, opacity: opacity))
    }

    // What is simplified.
    if let reference = paint.fallbackFrom {
      outcome.issues.append(
        .paintServerFallback(
          element: name, reference: StyleCascade.excerpt(reference), color: paint.color))
    }
    if name == "rect",
      hasRoundedCorners(rx: shape.attributes["rx"], ry: shape.attributes["ry"])
    {
      outcome.issues.append(.roundedCorners(element: name))
    }
    if style.hasVisibleStroke { outcome.issues.append(.stroke(element: name)) }
    if name == "path", style.hasMarkers { outcome.issues.append(.markers(element: name)) }
    if wasClipped, let clip = context.clip {
      outcome.issues.append(.clipped(element: name, line: clip.line))
    }
    if let crisp = style.crispEdges,
      [box.x, box.y, box.x + box.width, box.y + box.height].contains(where: { $0 != $0.rounded() })
    {
      outcome.issues.append(.crispEdges(element: name, value: crisp))
    }
    outcome.rectangle = Rectangle(
      x: box.x, y: box.y, width: box.width, height: box.height, color: paint.color, alpha: alpha)
    return outcome
  }

  private static func skipped(_ outcome: Outcome, _ issue: ImportIssue) -> Outcome {
    var outcome = outcome
    outcome.issues.append(issue)
    return outcome
  }

  /// The outline in user units: a `rect`'s `x`, `y`, `width` and `height`, or the rectangle a
  /// `path` outlines; `nil` with the issue that skips the shape.
  private static func outline(of shape: Shape, in context: Context, issues: inout [ImportIssue])
    -> Box?
  {
    let name = shape.name
    guard name == "rect" else {
      guard let data = shape.attributes["d"], let outline = PathRectangle(pathData: data) else {
        issues.append(.otherPath)
        return nil
      }
      return (outline.x, outline.y, outline.width, outline.height)
    }
    var numbers: [String: Double] = [:]
    for (attribute, reference, mayDefault) in [
      ("x", context.viewportWidth, true), ("y", context.viewportHeight, true),
      ("width", context.viewportWidth, false), ("height", context.viewportHeight, false),
    ] {
      guard let text = shape.attributes[attribute], text.trimmingBlanks() != "auto" else {
        numbers[attribute] = mayDefault ? 0 : nil
        continue
      }
      do {
        numbers[attribute] = try SVGLength.parse(text).resolved(against: reference)
      } catch .malformed where mayDefault {
        // Browsers read a malformed x or y as 0.
        issues.append(
          .invalidValue(element: name, property: attribute, value: StyleCascade.excerpt(text)))
        numbers[attribute] = 0
      } catch {
        issues.append(
          .unreadableLength(
            element: name, attribute: attribute, value: StyleCascade.excerpt(text),
            unit: error == .unsupportedUnit))
        return nil
      }
    }
    for side in ["width", "height"] {
      guard let length = numbers[side], length > 0 else {
        issues.append(.emptySize(element: name, attribute: side, value: numbers[side]))
        return nil
      }
    }
    return (numbers["x"] ?? 0, numbers["y"] ?? 0, numbers["width"] ?? 0, numbers["height"] ?? 0)
  }

  /// The fill's color and opacity, and the paint server it stands in for, if any; `nil` with
  /// the issue that skips the shape.
  private static func paint(of shape: Shape, issues: inout [ImportIssue])
    -> (color: Color, opacity: Double, fallbackFrom: String?)?
  {
    let style = shape.cascade.style
    var fill = style.fill
    var fallbackFrom: String?
    if case .server(let reference, let fallback) = fill {
      guard let fallback else {
        issues.append(
          .paintServer(element: shape.name, reference: StyleCascade.excerpt(reference)))
        return nil
      }
      fallbackFrom = reference
      fill = fallback
    }
    switch fill {
    case .none, .server:
      issues.append(.fillNone(element: shape.name, stroked: style.hasVisibleStroke))
      return nil
    case .currentColor:
      return (style.color, style.colorOpacity, fallbackFrom)
    case .color(let paint, let alpha):
      return (paint, alpha, fallbackFrom)
    }
  }

  /// Maps the outline onto the canvas and cuts it to the clip; `false` with the issue that
  /// skips the shape.
  private static func place(
    _ box: inout Box, shape: Shape, in context: Context, issues: inout [ImportIssue],
    wasClipped: inout Bool
  ) -> Bool {
    let name = shape.name
    let own = ImportFrame.aboutOrigin(
      shape.transform, of: name, cascade: shape.cascade,
      viewport: (context.viewportWidth, context.viewportHeight), outline: box)
    if let issue = own.issue { issues.append(issue) }
    let transform = context.transform.concatenating(own.transform)
    guard transform.isAxisAligned else {
      issues.append(.rotated(element: name))
      return false
    }
    box = transform.mapBox(x: box.x, y: box.y, width: box.width, height: box.height)
    guard box.x.isFinite, box.y.isFinite, box.width.isFinite, box.height.isFinite else {
      issues.append(.tooLarge(element: name))
      return false
    }
    guard box.width > 0, box.height > 0 else {
      issues.append(.collapsed(element: name))
      return false
    }
    guard let clip = context.clip else { return true }
    let minX = max(box.x, clip.minX)
    let minY = max(box.y, clip.minY)
    let maxX = min(box.x + box.width, clip.maxX)
    let maxY = min(box.y + box.height, clip.maxY)
    guard maxX > minX, maxY > minY else {
      issues.append(.outsideViewport(element: name, line: clip.line))
      return false
    }
    if minX != box.x || minY != box.y || maxX != box.x + box.width || maxY != box.y + box.height {
      box = (minX, minY, maxX - minX, maxY - minY)
      wasClipped = true
    }
    return true
  }

  /// An opacity rounded to the nearest level, a tie (within 10⁻⁹) upwards; `nil` below 0.05.
  static func alpha(_ opacity: Double) -> Alpha? {
    let level = Int((opacity * 10 + 0.5 + 1e-9).rounded(.down))
    guard level >= 1 else { return nil }
    return try? Alpha(level: min(level, 10))
  }

  /// Whether the corners are rounded: `rx` and `ry` (each defaulting to the other) both
  /// greater than zero; a negative or unreadable value counts as not given.
  static func hasRoundedCorners(rx: String?, ry: String?) -> Bool {
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
}
