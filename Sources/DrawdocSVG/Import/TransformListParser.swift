/// Reads SVG's `transform` attribute: `matrix(a b c d e f)`, `translate(x [y])`,
/// `scale(x [y])`, `rotate(angle [cx cy])`, `skewX(angle)` and `skewY(angle)`, separated by
/// blanks and commas, blanks allowed before `(`; an empty list or `none` is the identity.
enum TransformListParser {
  /// Parses a transform list.
  ///
  /// - Parameter text: The attribute value.
  /// - Returns: The list as one map (the first function outermost), or `nil` if the text
  ///   is not a transform list; browsers then ignore the attribute.
  static func parse(_ text: String) -> AffineTransform? {
    var scanner = NumberScanner(Array(text.utf8))
    var result = AffineTransform.identity
    if scanner.rest().elementsEqual("none".utf8) { return result }
    var first = true
    while !scanner.isAtEnd {
      if !first { scanner.skipSeparator() }
      first = false
      let name = scanner.word()
      guard !name.isEmpty, scanner.peekAfterBlanks() == UInt8(ascii: "(") else { return nil }
      scanner.advance()
      var arguments: [Double] = []
      while scanner.peekAfterBlanks() != UInt8(ascii: ")") {
        if !arguments.isEmpty { scanner.skipSeparator() }
        guard let value = scanner.number() else { return nil }
        arguments.append(value)
      }
      scanner.advance()
      guard let function = function(String(decoding: name, as: UTF8.self), arguments) else {
        return nil
      }
      result = result.concatenating(function)
    }
    return result
  }

  private static func function(_ name: String, _ arguments: [Double]) -> AffineTransform? {
    switch (name, arguments.count) {
    case ("matrix", 6):
      return AffineTransform(
        a: arguments[0], b: arguments[1], c: arguments[2], d: arguments[3], e: arguments[4],
        f: arguments[5])
    case ("translate", 1): return .translation(arguments[0], 0)
    case ("translate", 2): return .translation(arguments[0], arguments[1])
    case ("scale", 1): return .scale(arguments[0], arguments[0])
    case ("scale", 2): return .scale(arguments[0], arguments[1])
    case ("rotate", 1): return .rotation(degrees: arguments[0])
    case ("rotate", 3):
      // rotate(a, cx, cy) turns about (cx, cy).
      return AffineTransform.translation(arguments[1], arguments[2])
        .concatenating(.rotation(degrees: arguments[0]))
        .concatenating(.translation(-arguments[1], -arguments[2]))
    case ("skewX", 1): return .skewX(degrees: arguments[0])
    case ("skewY", 1): return .skewY(degrees: arguments[0])
    default: return nil
    }
  }

}
