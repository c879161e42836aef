import DrawdocModel
import DrawdocXML

/// Computes an element's style from its presentation attributes, its `style` attribute and
/// its parent, as browsers do for the properties drawdoc keeps.
///
/// A declaration in `style` wins over the presentation attribute of the same name, and a later
/// declaration over an earlier one; a value that is not valid for its property is ignored (with
/// a warning) and the next one in that order applies, as the CSS cascade drops invalid
/// declarations. `inherit`, `initial` and `unset` work for every property. `fill`,
/// `fill-opacity`, `color`, `stroke`, `stroke-width`, `stroke-opacity`, `visibility`,
/// `shape-rendering` and the markers inherit; `opacity`, `display`, `overflow`,
/// `transform-origin`, `transform-box`, `clip-path`, `mask`, `filter` and `mix-blend-mode` do
/// not.
struct StyleCascade {
  /// The element's inherited properties.
  private(set) var style: ImportStyle
  /// The element's own `opacity`, 0…1 (the group opacity it adds).
  private(set) var opacity = 1.0
  /// `display` is not `none`.
  private(set) var isDisplayed = true
  /// Whether `overflow` clips (`hidden`, `scroll`, `clip`), if it was given.
  private(set) var overflowClips: Bool?
  /// `transform-origin`, if it was given.
  private(set) var transformOrigin: TransformOrigin?
  /// `transform-box`: what `transform-origin` refers to.
  private(set) var transformBox = TransformBox.viewBox
  /// Effects and values that were dropped, in the order of the properties.
  private(set) var issues: [ImportIssue] = []

  /// The box `transform-origin` refers to, for an SVG element (CSS Transforms 1).
  enum TransformBox: Equatable {
    /// The nearest viewport (`view-box`, the initial value).
    case viewBox
    /// The element's own outline (`fill-box`, and `content-box`, which means it for SVG).
    case fillBox
    /// The outline with its stroke (`stroke-box`, and `border-box`, which means it for SVG).
    case strokeBox
  }

  /// The presentation attributes that feed the cascade.
  static let presentationAttributes: Set<String> = [
    "fill", "fill-opacity", "opacity", "color", "stroke", "stroke-width", "stroke-opacity",
    "visibility", "display", "overflow", "clip-path", "mask", "filter", "marker-start",
    "marker-mid", "marker-end", "transform-origin", "shape-rendering",
  ]

  /// CSS properties that change what a browser draws but that drawdoc does not apply when
  /// they come in a `style` attribute: `transform`, the single transform properties
  /// (`translate`, `rotate`, `scale`) and geometry.
  private static let unappliedStyleProperties: Set<String> = [
    "transform", "translate", "rotate", "scale", "x", "y", "width", "height", "rx", "ry", "d",
  ]

  private enum Resolved<Value> {
    case value(Value)
    case inherit
    case initial
  }

  private let element: String
  /// Each property's values, the one that wins first.
  private var candidates: [String: [String]] = [:]

  /// Computes the style of one element.
  ///
  /// - Parameters:
  ///   - element: The element's name, for messages.
  ///   - parent: The parent's computed style.
  ///   - parentOpacity: The parent's own `opacity`, which `opacity: inherit` takes.
  ///   - attributes: The element's presentation attributes, name and value, in order.
  ///   - declarations: The declarations of its `style` attribute, in order.
  init(
    element: String, parent: ImportStyle, parentOpacity: Double,
    attributes: [(name: String, value: String)], declarations: [StyleDeclarations.Declaration]
  ) {
    self.element = element
    self.style = parent
    for (name, value) in attributes where Self.presentationAttributes.contains(name) {
      candidates[name] = [value]
    }
    var fromStyle: [String: [String]] = [:]
    for declaration in declarations {
      if declaration.name == "marker" {
        for name in ["marker-start", "marker-mid", "marker-end"] {
          fromStyle[name, default: []].insert(declaration.value, at: 0)
        }
      } else {
        fromStyle[declaration.name, default: []].insert(declaration.value, at: 0)
      }
      if Self.unappliedStyleProperties.contains(declaration.name) {
        issues.append(.styleProperty(element: element, property: declaration.name))
      }
    }
    for (name, values) in fromStyle { candidates[name] = values + (candidates[name] ?? []) }
    cascade(parent: parent, parentOpacity: parentOpacity)
  }

  private mutating func cascade(parent: ImportStyle, parentOpacity: Double) {
    // Nothing declared: the parent's style, and none of the properties that do not inherit.
    if candidates.isEmpty { return }
    cascadeInherited()
    cascadeOwn(parentOpacity: parentOpacity)
  }

  /// The properties that inherit, in the order their issues are reported.
  private mutating func cascadeInherited() {
    let initial = ImportStyle()
    switch resolve("fill", inherited: true, parse: ImportPaint.parse) {
    case .value(let paint)?: style.fill = paint
    case .initial?: style.fill = initial.fill
    case .inherit?, nil: break
    }
    switch resolve("fill-opacity", inherited: true, parse: Self.opacity) {
    case .value(let value)?: style.fillOpacity = value
    case .initial?: style.fillOpacity = 1
    case .inherit?, nil: break
    }
    switch resolve("color", inherited: true, parse: Self.color) {
    case .value(let color)?:
      style.color = color.0
      style.colorOpacity = color.1
    case .initial?:
      style.color = initial.color
      style.colorOpacity = 1
    case .inherit?, nil: break
    }
    switch resolve("stroke", inherited: true, parse: ImportPaint.parse) {
    case .value(let paint)?: style.stroke = paint
    case .initial?: style.stroke = .none
    case .inherit?, nil: break
    }
    switch resolve("stroke-width", inherited: true, parse: Self.strokeWidthIsZero) {
    case .value(let isZero)?: style.strokeWidthIsZero = isZero
    case .initial?: style.strokeWidthIsZero = false
    case .inherit?, nil: break
    }
    switch resolve("stroke-opacity", inherited: true, parse: Self.opacity) {
    case .value(let value)?: style.strokeOpacity = value
    case .initial?: style.strokeOpacity = 1
    case .inherit?, nil: break
    }
    switch resolve("visibility", inherited: true, parse: Self.visibility) {
    case .value(let visible)?: style.isVisible = visible
    case .initial?: style.isVisible = true
    case .inherit?, nil: break
    }
    switch resolve("shape-rendering", inherited: true, parse: Self.shapeRendering) {
    case .value(let crisp)?: style.crispEdges = crisp
    case .initial?: style.crispEdges = nil
    case .inherit?, nil: break
    }
    for (name, keyPath) in [
      ("marker-start", \ImportStyle.markerStart), ("marker-mid", \ImportStyle.markerMid),
      ("marker-end", \ImportStyle.markerEnd),
    ] {
      switch resolve(name, inherited: true, parse: Self.isNotNone) {
      case .value(let set)?: style[keyPath: keyPath] = set
      case .initial?: style[keyPath: keyPath] = false
      case .inherit?, nil: break
      }
    }
  }

  /// The properties that do not inherit, after those that do.
  private mutating func cascadeOwn(parentOpacity: Double) {
    switch resolve("opacity", inherited: false, parse: Self.opacity) {
    case .value(let value)?: opacity = value
    case .inherit?: opacity = parentOpacity
    case .initial?, nil: opacity = 1
    }
    if case .value(false)? = resolve("display", inherited: false, parse: Self.display) {
      isDisplayed = false
    }
    if case .value(let clips)? = resolve("overflow", inherited: false, parse: Self.overflow) {
      overflowClips = clips
    }
    if case .value(let origin)? = resolve(
      "transform-origin", inherited: false, parse: TransformOrigin.parse)
    {
      transformOrigin = origin
    }
    if case .value(let box)? = resolve("transform-box", inherited: false, parse: Self.transformBox)
    {
      transformBox = box
    }
    for name in ["clip-path", "mask", "filter"] {
      if case .value(true)? = resolve(name, inherited: false, parse: Self.isNotNone) {
        issues.append(.effect(element: element, property: name))
      }
    }
    if case .value(true)? = resolve("mix-blend-mode", inherited: false, parse: Self.isNotNormal) {
      issues.append(.effect(element: element, property: "mix-blend-mode"))
    }
  }

  /// The first valid value of a property, a CSS-wide keyword, or `nil` if none was given.
  private mutating func resolve<Value>(
    _ name: String, inherited: Bool, parse: (String) -> Value?
  ) -> Resolved<Value>? {
    for text in candidates[name] ?? [] {
      switch text.trimmingBlanks().lowercased() {
      case "inherit": return .inherit
      case "initial": return .initial
      case "unset": return inherited ? .inherit : .initial
      default:
        if let value = parse(text) { return .value(value) }
        issues.append(.invalidValue(element: element, property: name, value: Self.excerpt(text)))
      }
    }
    return nil
  }

  // MARK: - Values

  /// A number or a percentage, clamped to 0…1 as browsers do.
  private static func opacity(_ text: String) -> Double? {
    var bytes = Array(text.trimmingBlanks().utf8)
    var scale = 1.0
    if bytes.last == UInt8(ascii: "%") {
      bytes.removeLast()
      scale = 100
    }
    guard let value = bytes.withUnsafeBufferPointer({ NumberParser.parse($0) }), value.isFinite
    else { return nil }
    return min(max(value / scale, 0), 1)
  }

  /// A color for the `color` property; `currentColor` there means the inherited color.
  private static func color(_ text: String) -> (Color, Double)? {
    switch CSSColor.parse(text) {
    case .color(let color, let opacity)?: return (color, opacity)
    case .transparent?: return (Color(red: UInt8(0), green: 0, blue: 0), 0)
    case .currentColor?, .none?, nil: return nil
    }
  }

  private static func strokeWidthIsZero(_ text: String) -> Bool? {
    guard let length = try? SVGLength.parse(text) else { return nil }
    switch length {
    case .user(let value), .percentage(let value):
      return value < 0 ? nil : value == 0
    }
  }

  private static func visibility(_ text: String) -> Bool? {
    switch text.trimmingBlanks().lowercased() {
    case "visible": return true
    case "hidden", "collapse": return false
    default: return nil
    }
  }

  private static func display(_ text: String) -> Bool? {
    let keyword = text.trimmingBlanks().lowercased()
    return keyword.isEmpty ? nil : keyword != "none"
  }

  /// The keyword, in SVG's spelling, when it turns smoothing off; `.some(nil)` when not.
  private static func shapeRendering(_ text: String) -> String?? {
    switch text.trimmingBlanks().lowercased() {
    case "auto", "geometricprecision": return .some(nil)
    case "crispedges": return "crispEdges"
    case "optimizespeed": return "optimizeSpeed"
    default: return nil
    }
  }

  private static func transformBox(_ text: String) -> TransformBox? {
    switch text.trimmingBlanks().lowercased() {
    case "view-box": return .viewBox
    case "fill-box", "content-box": return .fillBox
    case "stroke-box", "border-box": return .strokeBox
    default: return nil
    }
  }

  private static func overflow(_ text: String) -> Bool? {
    switch text.trimmingBlanks().lowercased() {
    case "visible", "auto": return false
    case "hidden", "scroll", "clip": return true
    default: return nil
    }
  }

  private static func isNotNone(_ text: String) -> Bool? {
    let keyword = text.trimmingBlanks().lowercased()
    return keyword.isEmpty ? nil : keyword != "none"
  }

  private static func isNotNormal(_ text: String) -> Bool? {
    let keyword = text.trimmingBlanks().lowercased()
    return keyword.isEmpty ? nil : keyword != "normal"
  }

  /// A value in a message: at most 48 characters, control characters escaped.
  static func excerpt(_ text: String) -> String {
    var text = text
    return text.withUTF8 { SVGDecodingError.excerpt($0) }
  }
}
