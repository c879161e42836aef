import DrawdocModel

/// A draw.io `style`: `name;key=value;key=value;` — named styles (such as `text`,
/// `ellipse`, `swimlane`) are the pieces without `=`, the others are properties.
struct DrawIOStyle {
  /// The named styles, in order.
  var names: [String] = []
  /// The properties; a later one wins.
  var values: [String: String] = [:]

  init(_ text: String) {
    for piece in text.split(separator: ";") {
      let trimmed = piece.drop { $0 == " " }
      guard !trimmed.isEmpty else { continue }
      if let equals = trimmed.firstIndex(of: "=") {
        values[String(trimmed[..<equals])] = String(trimmed[trimmed.index(after: equals)...])
      } else {
        names.append(String(trimmed))
      }
    }
  }

  subscript(_ key: String) -> String? { values[key] }

  /// Whether `key` is `1`.
  func isOn(_ key: String) -> Bool { values[key] == "1" }

  /// A percentage property (`opacity`, `fillOpacity`) as a fraction in 0…1; 1 when absent
  /// or unreadable.
  func fraction(_ key: String) -> Double {
    guard let text = values[key], let number = DrawIONumber.parse(text) else { return 1 }
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
