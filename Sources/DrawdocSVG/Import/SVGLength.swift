/// A length as SVG writes it in `x`, `width` and the like: a number with an optional unit.
///
/// Absolute units are converted at CSS's 96 dots per inch, multiplying before dividing:
/// `1in = 96px`, `1cm = 96 / 2.54 px`, `1mm = 96 / 25.4 px`, `1pt = 4 / 3 px`, `1pc = 16px`
/// (so `10mm` is `10 × 96 / 25.4`). A percentage is of the viewport's width or height.
enum SVGLength: Equatable {
  /// A length in user units (px).
  case user(Double)
  /// A percentage of a reference length.
  case percentage(Double)

  /// Why a length was not read.
  enum Failure: Error, Equatable {
    /// The text is not a number with a unit.
    case malformed
    /// A unit drawdoc does not convert (`em`, `ex`, `vw`, …), which depends on fonts or
    /// on the window.
    case unsupportedUnit
  }

  /// Reads a length; blanks around it are allowed and units are case-insensitive.
  ///
  /// - Parameter text: The attribute or property value.
  /// - Returns: The length.
  /// - Throws: ``Failure``.
  static func parse(_ text: String) throws(Failure) -> SVGLength {
    let bytes = Array(text.utf8)
    var scanner = NumberScanner(bytes)
    guard let number = scanner.number() else { throw .malformed }
    // The unit follows the number at once (`10mm`, not `10 mm`); blanks may end the text.
    var unit = bytes[scanner.index...]
    while let last = unit.last, NumberScanner.isBlank(last) { unit.removeLast() }
    let value: Double
    switch String(decoding: unit, as: UTF8.self).lowercased() {
    case "", "px": value = number
    case "in": value = number * 96
    case "cm": value = number * 96 / 2.54
    case "mm": value = number * 96 / 25.4
    case "pt": value = number * 4 / 3
    case "pc": value = number * 16
    case "%": return .percentage(number)
    case "em", "ex", "ch", "rem", "vw", "vh", "vmin", "vmax", "q", "cap", "ic", "lh", "rlh":
      throw .unsupportedUnit
    default: throw .malformed
    }
    guard value.isFinite else { throw .malformed }
    return .user(value)
  }

  /// The length in user units.
  ///
  /// - Parameter reference: What 100 % stands for.
  /// - Returns: The length.
  func resolved(against reference: Double) -> Double {
    switch self {
    case .user(let value): return value
    case .percentage(let value): return value * reference / 100
    }
  }
}
