import DrawdocModel
import DrawdocXML

/// A draw.io `style`: `name;key=value;key=value;` — named styles (such as `text`,
/// `ellipse`, `swimlane`) are the pieces without `=`, the others are properties, a later one
/// winning over an earlier one of the same key.
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
  }

  /// A `text` named style, or `shape=text`.
  private(set) var isText = false
  /// A `swimlane` named style, or `shape=swimlane`.
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
    let otherShape: String?
    let unreadableFill: String?

    init(otherShape: String?, unreadableFill: String?) {
      self.otherShape = otherShape
      self.unreadableFill = unreadableFill
    }
  }

  /// The shape other than a rectangle it names: `shape`'s value when it is not `rect`, else
  /// the first named style other than `rect`; `nil` when it names none.
  var otherShape: String? { unusual?.otherShape }

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
    isSwimlane = found.isSwimlane || shape.map { DrawIOText.equal($0, "swimlane") } == true
    isGroup = found.isGroup
    var otherShape: String?
    if let shape, !DrawIOText.equal(shape, "rect") {
      otherShape = String(decoding: shape, as: UTF8.self)
    } else {
      otherShape = found.otherName.map { String(decoding: $0, as: UTF8.self) }
    }
    var unreadableFill: String?
    if let text = found.fillColor {
      if DrawIOText.equal(text, "none") {
        fillKind = .none
      } else if DrawIOText.equal(text, "default") {
        // draw.io's default fill: white, in its light theme.
        fillKind = .white
      } else if let color = Self.color(text) ?? Self.namedColor(text) {
        fillKind = .color
        fillColor = color
      } else {
        fillKind = .unreadable
        unreadableFill = String(decoding: text, as: UTF8.self)
      }
    }
    if otherShape != nil || unreadableFill != nil {
      unusual = Unusual(otherShape: otherShape, unreadableFill: unreadableFill)
    }
    opacity = Self.fraction(found.opacity) * Self.fraction(found.fillOpacity)
    losses = []
    if found.strokeColor.map({ DrawIOText.equal($0, "none") }) != true { losses.insert(.stroke) }
    if found.rounded.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.roundedCorners) }
    if let rotation = found.rotation, let angle = NumberParser.parse(rotation), angle != 0 {
      losses.insert(.rotation)
    }
    if let gradient = found.gradientColor, !gradient.isEmpty,
      !DrawIOText.equal(gradient, "none")
    {
      losses.insert(.gradient)
    }
    if found.shadow.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.shadow) }
    if found.sketch.map({ DrawIOText.equal($0, "1") }) == true { losses.insert(.sketch) }
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
    var isText = false
    var isSwimlane = false
    var isGroup = false
    var otherName: UnsafeBufferPointer<UInt8>?

    mutating func property(_ key: UnsafeBufferPointer<UInt8>, _ value: UnsafeBufferPointer<UInt8>) {
      switch key.count {
      case 5 where DrawIOText.equal(key, "shape"): shape = value
      case 6 where DrawIOText.equal(key, "shadow"): shadow = value
      case 6 where DrawIOText.equal(key, "sketch"): sketch = value
      case 7 where DrawIOText.equal(key, "opacity"): opacity = value
      case 7 where DrawIOText.equal(key, "rounded"): rounded = value
      case 8 where DrawIOText.equal(key, "rotation"): rotation = value
      case 9 where DrawIOText.equal(key, "fillColor"): fillColor = value
      case 11 where DrawIOText.equal(key, "fillOpacity"): fillOpacity = value
      case 11 where DrawIOText.equal(key, "strokeColor"): strokeColor = value
      case 13 where DrawIOText.equal(key, "gradientColor"): gradientColor = value
      default: break
      }
    }

    mutating func name(_ name: UnsafeBufferPointer<UInt8>) {
      if DrawIOText.equal(name, "text") { isText = true }
      if DrawIOText.equal(name, "swimlane") { isSwimlane = true }
      if DrawIOText.equal(name, "group") { isGroup = true }
      if otherName == nil, !DrawIOText.equal(name, "rect") { otherName = name }
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
