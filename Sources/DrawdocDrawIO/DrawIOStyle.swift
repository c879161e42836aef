import DrawdocModel

/// A draw.io `style`: `name;key=value;key=value;` — named styles (such as `text`,
/// `ellipse`, `swimlane`) are the pieces without `=`, the others are properties.
///
/// The pieces are slices of the style's text, and the properties a short list searched from
/// the end: a style has a handful of them, and a file has one style per cell, so no
/// dictionary and no copies are made for each.
struct DrawIOStyle {
  /// The named styles, in order.
  private(set) var names: [Substring] = []
  /// The properties in order; a later one wins.
  private var properties: [(key: Substring, value: Substring)] = []

  init(_ text: String) {
    // Cut at the bytes of `;`, `=` and leading blanks, which are ASCII and so always fall
    // between characters: no grapheme breaking is needed.
    let bytes = text.utf8
    var start = bytes.startIndex
    while start < bytes.endIndex {
      let end = bytes[start...].firstIndex(of: UInt8(ascii: ";")) ?? bytes.endIndex
      var first = start
      while first < end, bytes[first] == UInt8(ascii: " ") { first = bytes.index(after: first) }
      if first < end {
        if let equals = bytes[first..<end].firstIndex(of: UInt8(ascii: "=")) {
          properties.append((text[first..<equals], text[bytes.index(after: equals)..<end]))
        } else {
          names.append(text[first..<end])
        }
      }
      start = end < bytes.endIndex ? bytes.index(after: end) : end
    }
  }

  /// The value of the last property named `key`.
  subscript(_ key: String) -> String? {
    properties.last { $0.key == key }.map { String($0.value) }
  }

  /// Whether `key` is `1`.
  func isOn(_ key: String) -> Bool { properties.last { $0.key == key }?.value == "1" }

  /// A percentage property (`opacity`, `fillOpacity`) as a fraction in 0…1; 1 when absent
  /// or unreadable.
  func fraction(_ key: String) -> Double {
    guard let text = self[key], let number = DrawIONumber.parse(text) else { return 1 }
    return min(max(number, 0), 100) / 100
  }

  /// `#rrggbb` or `#rgb`, in either case.
  static func color(_ text: String) -> Color? {
    let bytes = Array(text.utf8)
    guard bytes.first == UInt8(ascii: "#") else { return nil }
    let digits = bytes.dropFirst().map { Color.hexValue($0) }
    guard !digits.contains(nil) else { return nil }
    let values = digits.map { $0 ?? 0 }
    switch values.count {
    case 6:
      return Color(
        red: values[0] << 4 | values[1], green: values[2] << 4 | values[3],
        blue: values[4] << 4 | values[5])
    case 3:
      return Color(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
    default:
      return nil
    }
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
