import DrawdocModel
import DrawdocXML

/// The value of `fill` or `stroke` as import mode reads it.
indirect enum ImportPaint: Equatable {
  /// A color and the opacity of its alpha channel (`#rrggbbaa`, `rgba()`), 0…1.
  case color(Color, opacity: Double)
  /// Nothing is painted.
  case none
  /// The value of the `color` property of the element painted (it inherits as a keyword,
  /// as CSS Color 4 says).
  case currentColor
  /// A gradient or pattern, `url(#id)`, with the fallback written after it, if any.
  case server(reference: String, fallback: ImportPaint?)

  /// Black, the initial fill.
  static let black = ImportPaint.color(Color(red: UInt8(0), green: 0, blue: 0), opacity: 1)

  /// Reads a paint: `none`, `currentColor`, `transparent`, any color ``CSSColor`` reads (with
  /// browsers' clamping), or `url(…)` with an optional fallback.
  ///
  /// - Parameter text: The attribute or property value, without the CSS-wide keywords.
  /// - Returns: The paint, or `nil` if the text is not one drawdoc reads.
  static func parse(_ text: String) -> ImportPaint? {
    let trimmed = text.trimmingBlanks()
    if trimmed.utf8.count >= 4, trimmed.utf8.prefix(4).map({ $0 | 0x20 }) == Array("url(".utf8) {
      guard let close = trimmed.firstIndex(of: ")") else { return nil }
      let start = trimmed.index(trimmed.startIndex, offsetBy: 4)
      var reference = trimmed[start..<close].trimmingBlanks()
      if let first = reference.first, first == "\"" || first == "'", reference.count >= 2,
        reference.last == first
      {
        reference = String(reference.dropFirst().dropLast())
      }
      let rest = trimmed[trimmed.index(after: close)...].trimmingBlanks()
      guard !rest.isEmpty else { return .server(reference: reference, fallback: nil) }
      guard let fallback = parse(rest), !fallback.isServer else { return nil }
      return .server(reference: reference, fallback: fallback)
    }
    switch CSSColor.parse(trimmed) {
    case .color(let color, let opacity)?: return .color(color, opacity: opacity)
    case .none?: return ImportPaint.none
    case .currentColor?: return .currentColor
    case .transparent?: return .color(Color(red: UInt8(0), green: 0, blue: 0), opacity: 0)
    case nil: return nil
    }
  }

  /// Whether it is a gradient or pattern.
  var isServer: Bool {
    if case .server = self { return true }
    return false
  }
}
