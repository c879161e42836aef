import DrawdocModel

/// Reads the number lists of SVG attributes — path data, transform lists, `viewBox` — a
/// token at a time, with every separator SVG allows: blanks, one comma between blanks, and
/// none at all where a sign or a second decimal point starts the next number (`M10-5`,
/// `0.5.5` is `0.5 0.5`).
struct NumberScanner {
  private let bytes: [UInt8]
  /// The index of the next unread byte.
  private(set) var index = 0

  /// Starts at the beginning of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Whether only blanks are left.
  var isAtEnd: Bool {
    var scanner = self
    scanner.skipBlanks()
    return scanner.index >= bytes.count
  }

  /// The next byte after any blanks, without reading it.
  mutating func peekAfterBlanks() -> UInt8? {
    skipBlanks()
    return index < bytes.count ? bytes[index] : nil
  }

  /// Reads one byte; the caller has looked at it with ``peekAfterBlanks()``.
  mutating func advance() {
    index += 1
  }

  /// Skips blanks.
  mutating func skipBlanks() {
    while index < bytes.count, Self.isBlank(bytes[index]) { index += 1 }
  }

  /// Skips blanks and at most one comma, as between two numbers.
  mutating func skipSeparator() {
    skipBlanks()
    if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
      index += 1
      skipBlanks()
    }
  }

  /// Reads the ASCII letters after any blanks, such as a function name or a path command.
  mutating func word() -> ArraySlice<UInt8> {
    skipBlanks()
    let start = index
    while index < bytes.count, Self.isLetter(bytes[index]) { index += 1 }
    return bytes[start..<index]
  }

  /// Whether a number starts after the blanks.
  mutating func numberFollows() -> Bool {
    skipBlanks()
    guard index < bytes.count else { return false }
    let byte = bytes[index]
    return Self.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
      || byte == UInt8(ascii: ".")
  }

  /// Reads a number in SVG's grammar after any blanks: `sign? (digits ('.' digits?)? |
  /// '.' digits) ([eE] sign? digits)?`.
  ///
  /// - Returns: The finite value, or `nil` (and the position unchanged) if no finite number
  ///   starts here.
  mutating func number() -> Double? {
    skipBlanks()
    let start = index
    var cursor = index
    if cursor < bytes.count,
      bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+")
    {
      cursor += 1
    }
    var digits = 0
    while cursor < bytes.count, Self.isDigit(bytes[cursor]) {
      cursor += 1
      digits += 1
    }
    if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
      var fraction = cursor + 1
      var fractionDigits = 0
      while fraction < bytes.count, Self.isDigit(bytes[fraction]) {
        fraction += 1
        fractionDigits += 1
      }
      if digits > 0 || fractionDigits > 0 {
        cursor = fraction
        digits += fractionDigits
      }
    }
    guard digits > 0 else { return nil }
    // An exponent counts only when digits follow it, so `10em` leaves `em` unread.
    if cursor < bytes.count,
      bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E")
    {
      var exponent = cursor + 1
      if exponent < bytes.count,
        bytes[exponent] == UInt8(ascii: "-") || bytes[exponent] == UInt8(ascii: "+")
      {
        exponent += 1
      }
      let exponentStart = exponent
      while exponent < bytes.count, Self.isDigit(bytes[exponent]) { exponent += 1 }
      if exponent > exponentStart { cursor = exponent }
    }
    let value = bytes[start..<cursor].withUnsafeBufferPointer { NumberParser.parse($0) }
    guard let value, value.isFinite else { return nil }
    index = cursor
    return value
  }

  /// The bytes not read yet, without leading blanks.
  mutating func rest() -> ArraySlice<UInt8> {
    skipBlanks()
    return bytes[index...]
  }

  /// XML's blanks, which SVG's list grammars also use (and a form feed, which CSS adds).
  static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
  }

  static func isLetter(_ byte: UInt8) -> Bool {
    (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte)
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }
}
