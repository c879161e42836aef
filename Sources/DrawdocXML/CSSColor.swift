import DrawdocModel

/// Parses CSS color text as SVG and the drawdoc command line accept it.
///
/// The grammar is the sRGB part of CSS Color Module Level 4, read strictly:
///
/// - `#rgb`, `#rgba`, `#rrggbb` and `#rrggbbaa`, hex digits in either case; an alpha digit
///   pair `aa` becomes the opacity `aa / 255` (`#rgba` repeats its digit, so `a / 15`).
/// - `rgb()` and `rgba()`, which CSS Color 4 makes aliases: each takes three channels and an
///   optional alpha, either all separated by commas (`rgb(r, g, b, a)`) or by spaces with a
///   slash before the alpha (`rgb(r g b / a)`). The three channels are all numbers or all
///   percentages; the alpha is a number or a percentage in either case.
/// - The 148 named colors of CSS Color 4 §6.1, and the keywords `none`, `transparent` and
///   `currentColor`.
///
/// Keywords, names, function names and hex digits are ASCII case-insensitive (so the Kelvin
/// sign does not stand for `k`), and CSS whitespace around the value or between the tokens of
/// a function is ignored. `hsl()`, `hwb()`, `color()`, the `none` channel keyword, a missing
/// closing parenthesis, and numbers written against each other without a separator
/// (`rgb(1.2.3 4)`) are not accepted.
///
/// Channels are clamped to 0…255 (a percentage to 0…100 % and then scaled by 255 / 100) and
/// then rounded to the nearest integer, halves upwards, as CSS Color 4 serializes them:
/// `10.5` becomes 11 and `50%` (127.5) becomes 128. An alpha is clamped to 0…1 (0…100 %)
/// and kept exact, not rounded.
public enum CSSColor {
  /// What to do with an `rgb()` channel or alpha outside its range.
  public enum OutOfRange: Sendable {
    /// Clamp it, as browsers do: right for SVG written by other programs.
    case clamp
    /// Refuse the color: right for a value typed on the command line, which drawdoc never
    /// clamps silently (docs/format.md).
    case refuse
  }

  /// Reads one CSS color value.
  ///
  /// - Parameters:
  ///   - text: The text of an SVG `fill` or `stroke` value or of a command-line option, with
  ///     any surrounding whitespace.
  ///   - outOfRange: Whether an out-of-range `rgb()` value is clamped or refused.
  /// - Returns: The color, or `nil` if the text is not a color drawdoc can represent.
  public static func parse(_ text: String, outOfRange: OutOfRange = .clamp) -> CSSColorValue? {
    var bytes = Array(text.utf8)[...]
    while let first = bytes.first, isWhitespace(first) { bytes.removeFirst() }
    while let last = bytes.last, isWhitespace(last) { bytes.removeLast() }
    guard let first = bytes.first else { return nil }
    if first == UInt8(ascii: "#") { return parseHex(bytes.dropFirst()) }
    let lowered = bytes.map(asciiLowercase)
    if let open = lowered.firstIndex(of: UInt8(ascii: "(")) {
      let name = String(decoding: lowered[..<open], as: UTF8.self)
      guard name == "rgb" || name == "rgba", lowered.last == UInt8(ascii: ")") else { return nil }
      return parseRGBArguments(lowered[(open + 1)..<(lowered.count - 1)], outOfRange: outOfRange)
    }
    let keyword = String(decoding: lowered, as: UTF8.self)
    switch keyword {
    case "none": return CSSColorValue.none
    case "transparent": return .transparent
    case "currentcolor": return .currentColor
    default: return namedColors[keyword].map { .color($0, opacity: 1) }
    }
  }

  // MARK: - Hex

  /// Reads the digits after `#`: 3, 4, 6 or 8 of them.
  private static func parseHex(_ digits: ArraySlice<UInt8>) -> CSSColorValue? {
    var values: [UInt8] = []
    for byte in digits {
      guard let value = Color.hexValue(byte) else { return nil }
      values.append(value)
    }
    // Short forms repeat each digit, so a digit d stands for the byte d * 17.
    let channels: [UInt8]
    switch values.count {
    case 3, 4: channels = values.map { $0 &* 17 }
    case 6, 8:
      channels = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
    default: return nil
    }
    let opacity = channels.count == 4 ? Double(channels[3]) / 255 : 1
    return .color(Color(red: channels[0], green: channels[1], blue: channels[2]), opacity: opacity)
  }

  // MARK: - rgb() and rgba()

  /// One token between the parentheses of `rgb()`.
  private enum Token: Equatable {
    case number(Double)
    case percentage(Double)
    case comma
    case slash
  }

  /// Reads what stands between the parentheses of `rgb()` or `rgba()`, already lowercased.
  private static func parseRGBArguments(_ bytes: ArraySlice<UInt8>, outOfRange: OutOfRange)
    -> CSSColorValue?
  {
    guard let tokens = tokenize(bytes) else { return nil }
    let channels: [Token]
    let alpha: Token?
    switch tokens.count {
    case 3:
      // The space-separated form without alpha.
      channels = tokens
      alpha = nil
    case 5 where tokens[1] == .comma && tokens[3] == .comma:
      channels = [tokens[0], tokens[2], tokens[4]]
      alpha = nil
    case 5 where tokens[3] == .slash:
      channels = Array(tokens[0..<3])
      alpha = tokens[4]
    case 7 where tokens[1] == .comma && tokens[3] == .comma && tokens[5] == .comma:
      channels = [tokens[0], tokens[2], tokens[4]]
      alpha = tokens[6]
    default:
      return nil
    }
    var values: [UInt8] = []
    for channel in channels {
      // Mixing numbers and percentages is refused, as CSS Color 3 does, so the kind of the
      // first channel sets the kind of the other two.
      switch (channel, channels[0]) {
      case (.number(let value), .number):
        guard outOfRange == .clamp || (0...255).contains(value) else { return nil }
        values.append(roundedChannel(value))
      case (.percentage(let value), .percentage):
        guard outOfRange == .clamp || (0...100).contains(value) else { return nil }
        values.append(roundedChannel(clamped(value, to: 100) * 255 / 100))
      default:
        return nil
      }
    }
    var opacity = 1.0
    switch alpha {
    case nil: break
    case .number(let value)?:
      guard outOfRange == .clamp || (0...1).contains(value) else { return nil }
      opacity = clamped(value, to: 1)
    case .percentage(let value)?:
      guard outOfRange == .clamp || (0...100).contains(value) else { return nil }
      opacity = clamped(value, to: 100) / 100
    default: return nil
    }
    return .color(Color(red: values[0], green: values[1], blue: values[2]), opacity: opacity)
  }

  /// Splits the arguments into numbers, percentages, commas and slashes, or `nil` if any
  /// other character appears or two numbers touch.
  private static func tokenize(_ bytes: ArraySlice<UInt8>) -> [Token]? {
    var tokens: [Token] = []
    var index = bytes.startIndex
    while index < bytes.endIndex {
      let byte = bytes[index]
      if isWhitespace(byte) {
        index += 1
      } else if byte == UInt8(ascii: ",") {
        tokens.append(.comma)
        index += 1
      } else if byte == UInt8(ascii: "/") {
        tokens.append(.slash)
        index += 1
      } else {
        guard let (value, end) = scanNumber(bytes, from: index) else { return nil }
        index = end
        if index < bytes.endIndex, bytes[index] == UInt8(ascii: "%") {
          tokens.append(.percentage(value))
          index += 1
        } else {
          tokens.append(.number(value))
        }
        // A unit (`10px`) or a second number stuck to this one (`1.2.3`) is not a color.
        if index < bytes.endIndex {
          let next = bytes[index]
          guard isWhitespace(next) || next == UInt8(ascii: ",") || next == UInt8(ascii: "/")
          else { return nil }
        }
      }
    }
    return tokens
  }

  /// Scans a CSS `<number>`, `[+-]? (digits | digits? '.' digits) ([eE] [+-]? digits)?`.
  ///
  /// - Returns: The value and the index after it, or `nil` if no number starts at `start`.
  private static func scanNumber(
    _ bytes: ArraySlice<UInt8>, from start: Int
  ) -> (Double, Int)? {
    func digits(from index: Int) -> Int {
      var end = index
      while end < bytes.endIndex, isDigit(bytes[end]) { end += 1 }
      return end
    }
    var index = start
    if index < bytes.endIndex,
      bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
    {
      index += 1
    }
    let integerEnd = digits(from: index)
    var end = integerEnd
    // A dot counts only when a digit follows it, as in the CSS tokenizer.
    if end < bytes.endIndex, bytes[end] == UInt8(ascii: "."), digits(from: end + 1) > end + 1 {
      end = digits(from: end + 1)
    }
    guard end > index else { return nil }
    if end < bytes.endIndex, bytes[end] == UInt8(ascii: "e") {
      var exponent = end + 1
      if exponent < bytes.endIndex,
        bytes[exponent] == UInt8(ascii: "+") || bytes[exponent] == UInt8(ascii: "-")
      {
        exponent += 1
      }
      let exponentEnd = digits(from: exponent)
      if exponentEnd > exponent { end = exponentEnd }
    }
    // The grammar is checked, so the standard library's correctly rounded reader sees only
    // text it reads in full; `inf`, `nan` and hexadecimal never reach it.
    guard let value = Double(String(decoding: bytes[start..<end], as: UTF8.self)) else {
      return nil
    }
    return (value, end)
  }

  /// Clamps a channel to 0…255 and rounds it to the nearest integer, halves upwards.
  private static func roundedChannel(_ value: Double) -> UInt8 {
    UInt8(clamped(value, to: 255).rounded(.toNearestOrAwayFromZero))
  }

  /// Clamps to `0...upper`; infinities land on the bounds and `-0` becomes `0`.
  private static func clamped(_ value: Double, to upper: Double) -> Double {
    value > 0 ? min(value, upper) : 0
  }

  // MARK: - Bytes

  /// CSS whitespace: space, tab, line feed, carriage return and form feed.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }

  private static func asciiLowercase(_ byte: UInt8) -> UInt8 {
    (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
  }

  /// Spells out a table entry; the channels are bytes, so the initializer cannot throw.
  private static func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
    Color(red: red, green: green, blue: blue)
  }

  // MARK: - Named colors

  /// Every CSS named color (CSS Color Module Level 4 §6.1): the 148 names, including both
  /// spellings of the gray/grey variants and `rebeccapurple`, lowercase name → color.
  public static let namedColors: [String: Color] = [
    "aliceblue": rgb(240, 248, 255),
    "antiquewhite": rgb(250, 235, 215),
    "aqua": rgb(0, 255, 255),
    "aquamarine": rgb(127, 255, 212),
    "azure": rgb(240, 255, 255),
    "beige": rgb(245, 245, 220),
    "bisque": rgb(255, 228, 196),
    "black": rgb(0, 0, 0),
    "blanchedalmond": rgb(255, 235, 205),
    "blue": rgb(0, 0, 255),
    "blueviolet": rgb(138, 43, 226),
    "brown": rgb(165, 42, 42),
    "burlywood": rgb(222, 184, 135),
    "cadetblue": rgb(95, 158, 160),
    "chartreuse": rgb(127, 255, 0),
    "chocolate": rgb(210, 105, 30),
    "coral": rgb(255, 127, 80),
    "cornflowerblue": rgb(100, 149, 237),
    "cornsilk": rgb(255, 248, 220),
    "crimson": rgb(220, 20, 60),
    "cyan": rgb(0, 255, 255),
    "darkblue": rgb(0, 0, 139),
    "darkcyan": rgb(0, 139, 139),
    "darkgoldenrod": rgb(184, 134, 11),
    "darkgray": rgb(169, 169, 169),
    "darkgreen": rgb(0, 100, 0),
    "darkgrey": rgb(169, 169, 169),
    "darkkhaki": rgb(189, 183, 107),
    "darkmagenta": rgb(139, 0, 139),
    "darkolivegreen": rgb(85, 107, 47),
    "darkorange": rgb(255, 140, 0),
    "darkorchid": rgb(153, 50, 204),
    "darkred": rgb(139, 0, 0),
    "darksalmon": rgb(233, 150, 122),
    "darkseagreen": rgb(143, 188, 143),
    "darkslateblue": rgb(72, 61, 139),
    "darkslategray": rgb(47, 79, 79),
    "darkslategrey": rgb(47, 79, 79),
    "darkturquoise": rgb(0, 206, 209),
    "darkviolet": rgb(148, 0, 211),
    "deeppink": rgb(255, 20, 147),
    "deepskyblue": rgb(0, 191, 255),
    "dimgray": rgb(105, 105, 105),
    "dimgrey": rgb(105, 105, 105),
    "dodgerblue": rgb(30, 144, 255),
    "firebrick": rgb(178, 34, 34),
    "floralwhite": rgb(255, 250, 240),
    "forestgreen": rgb(34, 139, 34),
    "fuchsia": rgb(255, 0, 255),
    "gainsboro": rgb(220, 220, 220),
    "ghostwhite": rgb(248, 248, 255),
    "gold": rgb(255, 215, 0),
    "goldenrod": rgb(218, 165, 32),
    "gray": rgb(128, 128, 128),
    "green": rgb(0, 128, 0),
    "greenyellow": rgb(173, 255, 47),
    "grey": rgb(128, 128, 128),
    "honeydew": rgb(240, 255, 240),
    "hotpink": rgb(255, 105, 180),
    "indianred": rgb(205, 92, 92),
    "indigo": rgb(75, 0, 130),
    "ivory": rgb(255, 255, 240),
    "khaki": rgb(240, 230, 140),
    "lavender": rgb(230, 230, 250),
    "lavenderblush": rgb(255, 240, 245),
    "lawngreen": rgb(124, 252, 0),
    "lemonchiffon": rgb(255, 250, 205),
    "lightblue": rgb(173, 216, 230),
    "lightcoral": rgb(240, 128, 128),
    "lightcyan": rgb(224, 255, 255),
    "lightgoldenrodyellow": rgb(250, 250, 210),
    "lightgray": rgb(211, 211, 211),
    "lightgreen": rgb(144, 238, 144),
    "lightgrey": rgb(211, 211, 211),
    "lightpink": rgb(255, 182, 193),
    "lightsalmon": rgb(255, 160, 122),
    "lightseagreen": rgb(32, 178, 170),
    "lightskyblue": rgb(135, 206, 250),
    "lightslategray": rgb(119, 136, 153),
    "lightslategrey": rgb(119, 136, 153),
    "lightsteelblue": rgb(176, 196, 222),
    "lightyellow": rgb(255, 255, 224),
    "lime": rgb(0, 255, 0),
    "limegreen": rgb(50, 205, 50),
    "linen": rgb(250, 240, 230),
    "magenta": rgb(255, 0, 255),
    "maroon": rgb(128, 0, 0),
    "mediumaquamarine": rgb(102, 205, 170),
    "mediumblue": rgb(0, 0, 205),
    "mediumorchid": rgb(186, 85, 211),
    "mediumpurple": rgb(147, 112, 219),
    "mediumseagreen": rgb(60, 179, 113),
    "mediumslateblue": rgb(123, 104, 238),
    "mediumspringgreen": rgb(0, 250, 154),
    "mediumturquoise": rgb(72, 209, 204),
    "mediumvioletred": rgb(199, 21, 133),
    "midnightblue": rgb(25, 25, 112),
    "mintcream": rgb(245, 255, 250),
    "mistyrose": rgb(255, 228, 225),
    "moccasin": rgb(255, 228, 181),
    "navajowhite": rgb(255, 222, 173),
    "navy": rgb(0, 0, 128),
    "oldlace": rgb(253, 245, 230),
    "olive": rgb(128, 128, 0),
    "olivedrab": rgb(107, 142, 35),
    "orange": rgb(255, 165, 0),
    "orangered": rgb(255, 69, 0),
    "orchid": rgb(218, 112, 214),
    "palegoldenrod": rgb(238, 232, 170),
    "palegreen": rgb(152, 251, 152),
    "paleturquoise": rgb(175, 238, 238),
    "palevioletred": rgb(219, 112, 147),
    "papayawhip": rgb(255, 239, 213),
    "peachpuff": rgb(255, 218, 185),
    "peru": rgb(205, 133, 63),
    "pink": rgb(255, 192, 203),
    "plum": rgb(221, 160, 221),
    "powderblue": rgb(176, 224, 230),
    "purple": rgb(128, 0, 128),
    "rebeccapurple": rgb(102, 51, 153),
    "red": rgb(255, 0, 0),
    "rosybrown": rgb(188, 143, 143),
    "royalblue": rgb(65, 105, 225),
    "saddlebrown": rgb(139, 69, 19),
    "salmon": rgb(250, 128, 114),
    "sandybrown": rgb(244, 164, 96),
    "seagreen": rgb(46, 139, 87),
    "seashell": rgb(255, 245, 238),
    "sienna": rgb(160, 82, 45),
    "silver": rgb(192, 192, 192),
    "skyblue": rgb(135, 206, 235),
    "slateblue": rgb(106, 90, 205),
    "slategray": rgb(112, 128, 144),
    "slategrey": rgb(112, 128, 144),
    "snow": rgb(255, 250, 250),
    "springgreen": rgb(0, 255, 127),
    "steelblue": rgb(70, 130, 180),
    "tan": rgb(210, 180, 140),
    "teal": rgb(0, 128, 128),
    "thistle": rgb(216, 191, 216),
    "tomato": rgb(255, 99, 71),
    "turquoise": rgb(64, 224, 208),
    "violet": rgb(238, 130, 238),
    "wheat": rgb(245, 222, 179),
    "white": rgb(255, 255, 255),
    "whitesmoke": rgb(245, 245, 245),
    "yellow": rgb(255, 255, 0),
    "yellowgreen": rgb(154, 205, 50),
  ]
}

/// A CSS color value as drawdoc reads it.
public enum CSSColorValue: Equatable, Sendable {
  /// An sRGB color with its opacity, 0…1; the opacity is 1 unless the text gave an alpha
  /// (`rgba()`, `rgb(… / a)`, `#rgba` or `#rrggbbaa`).
  case color(Color, opacity: Double)
  /// The keyword `none`: nothing is painted.
  case none
  /// The keyword `currentColor`: the value of the `color` property.
  case currentColor
  /// The keyword `transparent`: transparent black.
  case transparent
}
