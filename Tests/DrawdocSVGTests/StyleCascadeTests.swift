import DrawdocModel
import Testing

@testable import DrawdocSVG

/// `StyleCascade`, as docs/format.md ("Style", "Opacity") describes it: `style` over
/// presentation attributes, later over earlier, invalid values dropped with a warning,
/// `inherit`/`initial`/`unset`, and which properties inherit.
@Suite struct StyleCascadeTests {
  static let red = Color(red: UInt8(255), green: 0, blue: 0)
  static let blue = Color(red: UInt8(0), green: 0, blue: 255)
  static let black = Color(red: UInt8(0), green: 0, blue: 0)

  static func cascade(
    _ attributes: [(String, String)] = [], style: String = "", parent: ImportStyle = ImportStyle(),
    parentOpacity: Double = 1
  ) -> StyleCascade {
    StyleCascade(
      element: "rect", parent: parent, parentOpacity: parentOpacity,
      attributes: attributes.map { (name: $0.0, value: $0.1) },
      declarations: StyleDeclarations(style).declarations)
  }

  static func invalid(_ property: String, _ value: String) -> ImportIssue {
    .invalidValue(element: "rect", property: property, value: value)
  }

  @Test func nothingDeclaredIsTheParentsStyle() {
    var parent = ImportStyle()
    parent.fill = .color(Self.blue, opacity: 1)
    parent.isVisible = false
    parent.markerEnd = true
    let cascade = Self.cascade([("x", "5"), ("class", "a")], parent: parent, parentOpacity: 0.5)
    #expect(cascade.style == parent)
    #expect(cascade.opacity == 1)
    #expect(cascade.isDisplayed)
    #expect(cascade.overflowClips == nil)
    #expect(cascade.transformOrigin == nil)
    #expect(cascade.transformBox == .viewBox)
    #expect(cascade.issues.isEmpty)
  }

  @Test func styleWinsThenLaterThenValid() {
    let red = ImportPaint.color(Self.red, opacity: 1)
    let blue = ImportPaint.color(Self.blue, opacity: 1)
    #expect(Self.cascade([("fill", "red")]).style.fill == red)
    #expect(Self.cascade([("fill", "red")], style: "fill: blue").style.fill == blue)
    #expect(Self.cascade(style: "fill: red; fill: blue").style.fill == blue)
    #expect(Self.cascade(style: "fill: blue !important; fill: red").style.fill == red)
    let skipped = Self.cascade([("fill", "red")], style: "fill: blue; fill: hsl(0 0% 0%)")
    #expect(skipped.style.fill == blue)
    #expect(skipped.issues == [Self.invalid("fill", "hsl(0 0% 0%)")])
    let toAttribute = Self.cascade([("fill", "red")], style: "fill: bogus")
    #expect(toAttribute.style.fill == red)
    #expect(toAttribute.issues == [Self.invalid("fill", "bogus")])
    var parent = ImportStyle()
    parent.fill = blue
    let toParent = Self.cascade([("fill", "bogus")], style: "fill: nonsense", parent: parent)
    #expect(toParent.style.fill == blue)
    #expect(toParent.issues == [Self.invalid("fill", "nonsense"), Self.invalid("fill", "bogus")])
  }

  @Test(
    arguments: [
      ("inherit", true), ("INHERIT", true), (" Inherit ", true), ("unset", true),
      ("initial", false), ("Initial", false),
    ] as [(String, Bool)])
  func wideKeywordsOnAnInheritedProperty(_ keyword: String, _ fromParent: Bool) {
    var parent = ImportStyle()
    parent.fill = .currentColor
    parent.stroke = .currentColor
    parent.fillOpacity = 0.5
    parent.strokeWidthIsZero = true
    parent.isVisible = false
    parent.crispEdges = "crispEdges"
    parent.markerMid = true
    let properties = [
      "fill", "stroke", "fill-opacity", "stroke-width", "visibility", "shape-rendering",
      "marker-mid",
    ]
    let style = properties.map { "\($0): \(keyword)" }.joined(separator: "; ")
    let result = Self.cascade([("fill", "red")], style: style, parent: parent)
    #expect(result.style == (fromParent ? parent : ImportStyle()))
    #expect(result.issues.isEmpty)
  }

  @Test(arguments: [("inherit", 0.5), ("unset", 1.0), ("initial", 1.0), ("0.25", 0.25)])
  func opacityDoesNotInherit(_ value: String, _ expected: Double) {
    #expect(Self.cascade(style: "opacity: \(value)", parentOpacity: 0.5).opacity == expected)
    #expect(Self.cascade([("fill", "red")], parentOpacity: 0.5).opacity == 1)
  }

  /// Numbers and percentages, clamped to 0…1 (CSS Color 4 §11.2).
  @Test(
    arguments: [
      ("0.5", 0.5), ("50%", 0.5), ("150%", 1.0), ("-1", 0.0), ("2", 1.0), (" 0.25 ", 0.25),
      ("0", 0.0), ("1e-1", 0.1), ("+.5", 0.5), ("1", 1.0), ("-50%", 0.0), ("5e1%", 0.5),
      ("1e308", 1.0),
    ] as [(String, Double)])
  func readsOpacities(_ text: String, _ expected: Double) {
    #expect(Self.cascade([("fill-opacity", text)]).style.fillOpacity == expected)
    #expect(Self.cascade([("stroke-opacity", text)]).style.strokeOpacity == expected)
    #expect(Self.cascade([("opacity", text)]).opacity == expected)
    #expect(Self.cascade([("opacity", text), ("stroke-opacity", text)]).issues.isEmpty)
  }

  @Test(arguments: ["1e400", "50 %", "%", "abc", "", "0.5px", "none", "50%%", ".", "0,5", "½"])
  func refusesOpacities(_ text: String) {
    let result = Self.cascade([("opacity", text), ("fill-opacity", text)])
    #expect(result.opacity == 1 && result.style.fillOpacity == 1)
    #expect(result.issues == [Self.invalid("fill-opacity", text), Self.invalid("opacity", text)])
  }

  @Test(
    arguments: [
      ("0", true as Bool?), ("0px", true), ("0%", true), ("-0", true), ("0mm", true),
      ("2", false), ("1mm", false), ("0.001%", false), ("-1", nil), ("-1%", nil), ("1em", nil),
      ("bogus", nil), ("", nil),
    ] as [(String, Bool?)])
  func strokeWidth(_ text: String, _ isZero: Bool?) {
    let result = Self.cascade([("stroke-width", text)])
    #expect(result.style.strokeWidthIsZero == (isZero ?? false))
    #expect(result.issues == (isZero == nil ? [Self.invalid("stroke-width", text)] : []))
  }

  @Test(
    arguments: [
      ("visibility", "hidden"), ("visibility", "COLLAPSE"), ("display", "none"),
      ("display", " NONE "),
    ] as [(String, String)])
  func hidingKeywords(_ property: String, _ value: String) {
    let result = Self.cascade(style: "\(property): \(value)")
    #expect(!result.style.isVisible || !result.isDisplayed)
    #expect(result.issues.isEmpty)
  }

  @Test func visibilityInheritsAndDisplayDoesNot() {
    var hidden = ImportStyle()
    hidden.isVisible = false
    #expect(!Self.cascade([("fill", "red")], parent: hidden).style.isVisible)
    #expect(Self.cascade([("visibility", "visible")], parent: hidden).style.isVisible)
    #expect(Self.cascade([("display", "inline")]).isDisplayed)
    #expect(Self.cascade([("display", "")]).issues == [Self.invalid("display", "")])
    #expect(Self.cascade([("visibility", "shown")]).issues == [Self.invalid("visibility", "shown")])
  }

  @Test(
    arguments: [
      ("hidden", true as Bool?), ("scroll", true), ("clip", true), ("HIDDEN", true),
      ("visible", false), ("auto", false), ("bogus", nil),
    ] as [(String, Bool?)])
  func overflow(_ text: String, _ clips: Bool?) {
    #expect(Self.cascade([("overflow", text)]).overflowClips == clips)
  }

  @Test func transformOriginAndBox() {
    let origin = Self.cascade([("transform-origin", "10px 20%")]).transformOrigin
    #expect(origin == TransformOrigin(x: .user(10), y: .percentage(20)))
    #expect(
      Self.cascade(style: "transform-origin: right top").transformOrigin
        == TransformOrigin(x: .percentage(100), y: .percentage(0)))
    for (text, box) in [
      ("view-box", StyleCascade.TransformBox.viewBox), ("fill-box", .fillBox),
      ("CONTENT-BOX", .fillBox), ("stroke-box", .strokeBox), ("border-box", .strokeBox),
    ] {
      #expect(Self.cascade(style: "transform-box: \(text)").transformBox == box)
    }
    // Only from `style`: the attribute is not a presentation attribute.
    #expect(Self.cascade([("transform-box", "fill-box")]).transformBox == .viewBox)
    #expect(
      Self.cascade(style: "transform-box: padding-box").issues
        == [Self.invalid("transform-box", "padding-box")])
  }

  @Test(
    arguments: [
      ("crispEdges", "crispEdges" as String?), ("CRISPEDGES", "crispEdges"),
      ("optimizeSpeed", "optimizeSpeed"), ("optimizespeed", "optimizeSpeed"), ("auto", nil),
      ("geometricPrecision", nil),
    ] as [(String, String?)])
  func shapeRendering(_ text: String, _ expected: String?) {
    var parent = ImportStyle()
    parent.crispEdges = "parent"
    let result = Self.cascade([("shape-rendering", text)], parent: parent)
    #expect(result.style.crispEdges == expected)
    #expect(result.issues.isEmpty)
  }

  @Test func markers() {
    func markers(_ cascade: StyleCascade) -> [Bool] {
      [cascade.style.markerStart, cascade.style.markerMid, cascade.style.markerEnd]
    }
    #expect(markers(Self.cascade(style: "marker: url(#m)")) == [true, true, true])
    #expect(
      markers(Self.cascade(style: "marker: url(#m); marker-end: none")) == [true, true, false])
    #expect(
      markers(Self.cascade(style: "marker-end: none; marker: url(#m)")) == [true, true, true])
    #expect(markers(Self.cascade([("marker-start", "url(#m)")])) == [true, false, false])
    // `marker` is a shorthand of `style` only.
    #expect(markers(Self.cascade([("marker", "url(#m)")])) == [false, false, false])
    var parent = ImportStyle()
    parent.markerStart = true
    parent.markerMid = true
    #expect(
      markers(Self.cascade(style: "marker: initial", parent: parent)) == [false, false, false])
    #expect(markers(Self.cascade([("marker-end", "NONE")], parent: parent)) == [true, true, false])
  }

  @Test func color() {
    let red = Self.cascade([("color", "red")]).style
    #expect(red.color == Self.red && red.colorOpacity == 1)
    let translucent = Self.cascade(style: "color: #0000ff80").style
    #expect(translucent.color == Self.blue && translucent.colorOpacity == 128.0 / 255)
    let transparent = Self.cascade(style: "color: transparent").style
    #expect(transparent.color == Self.black && transparent.colorOpacity == 0)
    // `currentColor` in `color` would be the inherited color: drawdoc does not take it.
    #expect(
      Self.cascade(style: "color: currentColor").issues == [Self.invalid("color", "currentColor")])
  }

  @Test func effectsAndStylePropertiesAreReportedInOrder() {
    let result = Self.cascade(
      [("clip-path", "url(#c)"), ("mask", "none"), ("filter", "url(#f)"), ("mix-blend-mode", "x")],
      style: "transform: rotate(45deg); x: 5; fill-opacity: bad; fill: worse; "
        + "mix-blend-mode: multiply; Width: 3")
    #expect(
      result.issues == [
        .styleProperty(element: "rect", property: "transform"),
        .styleProperty(element: "rect", property: "x"),
        .styleProperty(element: "rect", property: "width"),
        Self.invalid("fill", "worse"), Self.invalid("fill-opacity", "bad"),
        .effect(element: "rect", property: "clip-path"),
        .effect(element: "rect", property: "filter"),
        .effect(element: "rect", property: "mix-blend-mode"),
      ])
    #expect(Self.cascade(style: "mix-blend-mode: Normal; clip-path: none").issues.isEmpty)
  }

  @Test func excerptsAreShortAndEscaped() {
    #expect(
      StyleCascade.excerpt(String(repeating: "a", count: 48)) == String(repeating: "a", count: 48))
    #expect(
      StyleCascade.excerpt(String(repeating: "é", count: 60))
        == String(repeating: "é", count: 48) + "…")
    #expect(StyleCascade.excerpt("a\tb\u{7F}") == "a\\tb\\u{7F}")
  }
}
