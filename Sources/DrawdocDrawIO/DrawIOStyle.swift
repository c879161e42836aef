import DrawdocModel
import DrawdocXML

/// A draw.io `style`: `name;key=value;key=value;` — named styles (such as `text`,
/// `ellipse`, `plain-blue`) are the pieces without `=`, the others are properties. Read as
/// draw.io reads it: each piece in turn sets its keys over what came before, a name the keys
/// its entry of draw.io's stylesheet sets (``DrawIONamedStyles``), a name it does not hold
/// nothing at all.
///
/// It is read once, from its bytes, into what import mode asks of it, and keeps nothing else:
/// a file has one style per cell, so no text, list or dictionary is made for each.
struct DrawIOStyle {
  /// What `fillColor` says.
  enum Fill {
    /// Absent: draw.io's white.
    case white
    /// `none`.
    case none
    /// `#rrggbb` or `#rgb`.
    case color(Color)
    /// Anything else, as written.
    case unreadable(String)
  }

  /// What a rectangle of the style loses, beyond its label and an opacity between levels.
  struct Losses: OptionSet {
    let rawValue: UInt8
    /// A `strokeColor` other than `none` (absent is draw.io's black).
    static let stroke = Losses(rawValue: 1)
    /// `rounded=1`.
    static let roundedCorners = Losses(rawValue: 2)
    /// A `rotation` that is a number other than 0.
    static let rotation = Losses(rawValue: 4)
    /// A `gradientColor` other than `none` or empty.
    static let gradient = Losses(rawValue: 8)
    /// `shadow=1`.
    static let shadow = Losses(rawValue: 16)
    /// `sketch=1`.
    static let sketch = Losses(rawValue: 32)
    /// A `fillStyle` draw.io draws as a pattern (``patternFill``).
    static let patternFill = Losses(rawValue: 64)
    /// A `fillColor=light-dark(…, …)` whose dark color differs (``darkFill``).
    static let darkFill = Losses(rawValue: 128)
  }

  /// A `text` named style, or `shape=text`.
  private(set) var isText = false
  /// `shape=swimlane`, as the `swimlane` named style sets it.
  private(set) var isSwimlane = false
  /// A `group` named style.
  private(set) var isGroup = false
  /// What kind of fill it is; the color of a ``Fill/color(_:)``.
  private var fillKind = FillKind.white
  private var fillColor = Color(red: UInt8(255), green: 255, blue: 255)
  /// What a rectangle loses.
  private(set) var losses: Losses = .stroke
  /// `opacity` × `fillOpacity`, each a percentage clamped to 0…100 (100 when absent or not a
  /// number), as a fraction.
  private(set) var opacity = 1.0
  /// The texts few styles hold, out of line, so that the others keep no room for them.
  private var unusual: Unusual?

  /// The kinds of ``Fill``.
  private enum FillKind: UInt8 { case white, none, color, unreadable }

  /// The texts of an unusual style.
  private final class Unusual {
    var otherShape: String?
    var unreadableFill: String?
    var patternFill: String?
    var darkFill: String?
  }

  /// The shape other than a rectangle it names: `shape`'s value, set by a key or by a named
  /// style, when it is not one draw.io draws as a rectangle (``isRectangle(_:)``); `nil` when
  /// it names none.
  var otherShape: String? { unusual?.otherShape }

  /// The `fillStyle` draw.io draws as a pattern of lines or dots over the fill color
  /// (`hatch`, `cross-hatch`, …), when a rectangle of the style loses it.
  var patternFill: String? { unusual?.patternFill }

  /// The dark color of a `fillColor=light-dark(LIGHT, DARK)` whose colors differ, as written,
  /// when a rectangle of the style loses it: drawdoc keeps the light one.
  var darkFill: String? { unusual?.darkFill }

  /// The fill.
  var fill: Fill {
    switch fillKind {
    case .white: return .white
    case .none: return .none
    case .color: return .color(fillColor)
    case .unreadable: return .unreadable(unusual?.unreadableFill ?? "")
    }
  }

  /// The empty style.
  init() {
    self.init(Found())
  }

  /// Reads a style.
  init(_ text: String) {
    var text = text
    self = text.withUTF8 { DrawIOStyle($0) }
  }

  /// Reads a style from its bytes (UTF-8).
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    var found = Found()
    // Cut at the bytes of `;`, `=` and leading blanks, which are ASCII and so never fall
    // inside a character.
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != UInt8(ascii: ";") { end += 1 }
      var first = start
      while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
      if first < end {
        var equals = first
        while equals < end, bytes[equals] != UInt8(ascii: "=") { equals += 1 }
        if equals < end {
          found.property(
            UnsafeBufferPointer(rebasing: bytes[first..<equals]),
            UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<end]))
        } else {
          found.name(UnsafeBufferPointer(rebasing: bytes[first..<end]))
        }
      }
      start = end < bytes.count ? end + 1 : end
    }
    self.init(found)
  }

  /// Settles what the pieces say.
  private init(_ found: Found) {
    let shape = found.shape
    isText = found.isText || shape.map { DrawIOText.equal($0, "text") } == true
    isSwimlane = shape.map { DrawIOText.equal($0, "swimlane") } == true
    isGroup = found.isGroup
    var unusualTexts: Unusual?
    func texts() -> Unusual {
      if let unusualTexts { return unusualTexts }
      let made = Unusual()
      unusualTexts = made
      return made
    }
    if let shape, !Self.isRectangle(shape) {
      texts().otherShape = String(decoding: shape, as: UTF8.self)
    }
    if let written = found.fillColor {
      let (light, dark) = Self.lightDark(written)
      let (kind, color) = Self.fill(light)
      fillKind = kind
      if let color { fillColor = color }
      if kind == .unreadable { texts().unreadableFill = String(decoding: written, as: UTF8.self) }
      if let dark, Self.fill(dark) != (kind, color) {
        texts().darkFill = String(decoding: dark, as: UTF8.self)
      }
    }
    opacity = Self.fraction(found.opacity) * Self.fraction(found.fillOpacity)
    losses = []
    if found.strokeColor.map({ DrawIOText.equal(Self.lightDark($0).light, "none") }) != true {
      losses.insert(.stroke)
    }
    if found.rounded.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.roundedCorners) }
    if let rotation = found.rotation, let angle = NumberParser.parse(rotation), angle != 0 {
      losses.insert(.rotation)
    }
    if let gradient = found.gradientColor.map({ Self.lightDark($0).light }), !gradient.isEmpty,
      !DrawIOText.equal(gradient, "none")
    {
      losses.insert(.gradient)
    } else if let style = found.fillStyle, Self.isPattern(style) {
      // draw.io draws a gradient instead of the pattern when there is one.
      losses.insert(.patternFill)
      texts().patternFill = String(decoding: style, as: UTF8.self)
    }
    if found.shadow.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.shadow) }
    if found.sketch.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.sketch) }
    if unusualTexts?.darkFill != nil { losses.insert(.darkFill) }
    unusual = unusualTexts
  }

  /// Whether a `shape` is one draw.io draws as a rectangle: `rect`, `label` (draw.io's
  /// default, a rectangle that may hold an image), and the empty and `none` values, which
  /// leave the shape unset.
  private static func isRectangle(_ shape: UnsafeBufferPointer<UInt8>) -> Bool {
    shape.isEmpty || DrawIOText.equal(shape, "rect") || DrawIOText.equal(shape, "label")
      || DrawIOText.equal(shape, "none")
  }

  /// Whether a `fillStyle` is one draw.io draws as a pattern over the fill color rather than
  /// solid (its `hatch`, `cross-hatch`, `dots`, `dashed`, `zigzag`, `zigzag-line`; `auto`,
  /// `solid` and any other value are solid).
  private static func isPattern(_ style: UnsafeBufferPointer<UInt8>) -> Bool {
    DrawIOText.equal(style, "hatch") || DrawIOText.equal(style, "cross-hatch")
      || DrawIOText.equal(style, "dots") || DrawIOText.equal(style, "dashed")
      || DrawIOText.equal(style, "zigzag") || DrawIOText.equal(style, "zigzag-line")
  }

  /// What a `fillColor` value (not `light-dark(…)`) makes: its kind, and its color when it
  /// is one.
  private static func fill(_ text: UnsafeBufferPointer<UInt8>) -> (FillKind, Color?) {
    if DrawIOText.equal(text, "none") { return (.none, nil) }
    // draw.io's default fill: white, in its light theme.
    if DrawIOText.equal(text, "default") { return (.white, nil) }
    if let color = color(text) ?? namedColor(text) { return (.color, color) }
    return (.unreadable, nil)
  }

  /// The two colors of CSS's `light-dark(LIGHT, DARK)`, which draw.io writes for a color of
  /// each theme, without the blanks around them; any other value is its own light color,
  /// with no dark one.
  static func lightDark(_ text: UnsafeBufferPointer<UInt8>)
    -> (light: UnsafeBufferPointer<UInt8>, dark: UnsafeBufferPointer<UInt8>?)
  {
    let prefix: StaticString = "light-dark("
    var end = text.count
    while end > 0, text[end - 1] == UInt8(ascii: " ") { end -= 1 }
    guard end > prefix.utf8CodeUnitCount, text[end - 1] == UInt8(ascii: ")"),
      DrawIOText.equal(
        UnsafeBufferPointer(rebasing: text[..<prefix.utf8CodeUnitCount]), prefix)
    else { return (text, nil) }
    // The comma between the two, outside the parentheses of an `rgb(…)` in either.
    var depth = 0
    var comma: Int?
    for index in prefix.utf8CodeUnitCount..<(end - 1) {
      switch text[index] {
      case UInt8(ascii: "("): depth += 1
      case UInt8(ascii: ")"): depth -= 1
      case UInt8(ascii: ",") where depth == 0 && comma == nil: comma = index
      default: break
      }
    }
    guard let comma else { return (text, nil) }
    return (
      trimmed(UnsafeBufferPointer(rebasing: text[prefix.utf8CodeUnitCount..<comma])),
      trimmed(UnsafeBufferPointer(rebasing: text[(comma + 1)..<(end - 1)]))
    )
  }

  /// Bytes without the blanks around them.
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var first = 0
    var end = bytes.count
    while first < end, bytes[first] == UInt8(ascii: " ") { first += 1 }
    while end > first, bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[first..<end])
  }

  /// The pieces of a style that import mode reads, as they are met: the last value of each
  /// key, and what the named styles say.
  private struct Found {
    var shape: UnsafeBufferPointer<UInt8>?
    var fillColor: UnsafeBufferPointer<UInt8>?
    var opacity: UnsafeBufferPointer<UInt8>?
    var fillOpacity: UnsafeBufferPointer<UInt8>?
    var strokeColor: UnsafeBufferPointer<UInt8>?
    var rounded: UnsafeBufferPointer<UInt8>?
    var rotation: UnsafeBufferPointer<UInt8>?
    var gradientColor: UnsafeBufferPointer<UInt8>?
    var shadow: UnsafeBufferPointer<UInt8>?
    var sketch: UnsafeBufferPointer<UInt8>?
    var fillStyle: UnsafeBufferPointer<UInt8>?
    var isText = false
    var isGroup = false

    mutating func property(_ key: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
      switch key.count {
      case 5 where DrawIOText.equal(key, "shape"): shape = value
      case 6 where DrawIOText.equal(key, "shadow"): shadow = value
      case 6 where DrawIOText.equal(key, "sketch"): sketch = value
      case 7 where DrawIOText.equal(key, "opacity"): opacity = value
      case 7 where DrawIOText.equal(key, "rounded"): rounded = value
      case 8 where DrawIOText.equal(key, "rotation"): rotation = value
      case 9 where DrawIOText.equal(key, "fillColor"): fillColor = value
      case 9 where DrawIOText.equal(key, "fillStyle"): fillStyle = value
      case 11 where DrawIOText.equal(key, "fillOpacity"): fillOpacity = value
      case 11 where DrawIOText.equal(key, "strokeColor"): strokeColor = value
      case 13 where DrawIOText.equal(key, "gradientColor"): gradientColor = value
      default: break
      }
    }

    /// A named style: what its entry of the stylesheet sets, over what came before; nothing
    /// for a name the stylesheet does not hold, which draw.io ignores.
    mutating func name(_ name: UnsafeBufferPointer<UInt8>) {
      if DrawIOText.equal(name, "text") { isText = true }
      if DrawIOText.equal(name, "group") { isGroup = true }
      guard let properties = DrawIONamedStyles.properties(of: name) else { return }
      for (key, value) in properties {
        property(
          UnsafeBufferPointer(start: key.utf8Start, count: key.utf8CodeUnitCount),
          UnsafeBufferPointer(start: value.utf8Start, count: value.utf8CodeUnitCount))
      }
    }
  }

  /// A percentage property (`opacity`, `fillOpacity`) as a fraction in 0…1; 1 when absent
  /// or unreadable.
  private static func fraction(_ text: UnsafeBufferPointer<UInt8>?) -> Double {
    guard let text, let number = NumberParser.parse(text) else { return 1 }
    return min(max(number, 0), 100) / 100
  }

  /// `#rrggbb` or `#rgb`, in either case.
  /// A CSS color other than `#rgb` and `#rrggbb` (a name such as `red`, `rgb(…)`), as
  /// draw.io draws one it is given; `nil` unless it is opaque.
  static func namedColor(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
    guard
      case .color(let color, let opacity) = CSSColor.parse(String(decoding: bytes, as: UTF8.self)),
      opacity == 1
    else { return nil }
    return color
  }

  static func color(_ bytes: UnsafeBufferPointer<UInt8>) -> Color? {
    guard bytes.first == UInt8(ascii: "#"), bytes.count == 7 || bytes.count == 4 else {
      return nil
    }
    var values: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0)
    for index in 1..<bytes.count {
      guard let value = Color.hexValue(bytes[index]) else { return nil }
      switch index {
      case 1: values.0 = value
      case 2: values.1 = value
      case 3: values.2 = value
      case 4: values.3 = value
      case 5: values.4 = value
      default: values.5 = value
      }
    }
    if bytes.count == 4 {
      return Color(red: values.0 * 17, green: values.1 * 17, blue: values.2 * 17)
    }
    return Color(
      red: values.0 << 4 | values.1, green: values.2 << 4 | values.3,
      blue: values.4 << 4 | values.5)
  }
}

/// Numbers in draw.io attributes and styles.
enum DrawIONumber {
  /// A decimal number (`-12.5`, `1e3`), or `nil` for anything else (`inf`, `nan`, hex,
  /// blanks); a number too large for a double comes back infinite.
  static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { NumberParser.parse($0) }
  }
}
