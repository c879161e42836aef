/// The declarations of a `style` attribute, `name: value; …`, in the order written.
///
/// Property names are ASCII-lowercased; values are trimmed and keep their case. Comments
/// (`/* … */`) are removed, `!important` is dropped (a `style` attribute already wins over
/// presentation attributes, and style sheets are not applied), and a `;` inside parentheses
/// or quotes does not end a declaration. A piece without a colon is skipped, as CSS does.
struct StyleDeclarations {
  /// One `name: value` pair.
  struct Declaration: Equatable {
    let name: String
    let value: String
  }

  /// The declarations, in the order written.
  let declarations: [Declaration]

  /// Parses a `style` attribute.
  ///
  /// - Parameter text: The attribute value.
  init(_ text: String) {
    var pieces: [[UInt8]] = []
    var current: [UInt8] = []
    var depth = 0
    var quote: UInt8?
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      if let open = quote {
        current.append(byte)
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count,
        bytes[index + 1] == UInt8(ascii: "*")
      {
        // A comment ends at the next `*/`, or at the end of the text.
        var end = index + 2
        while end + 1 < bytes.count,
          !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/"))
        {
          end += 1
        }
        index = end + 2
        current.append(UInt8(ascii: " "))
        continue
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
        current.append(byte)
      } else if byte == UInt8(ascii: "(") {
        depth += 1
        current.append(byte)
      } else if byte == UInt8(ascii: ")") {
        depth = max(0, depth - 1)
        current.append(byte)
      } else if byte == UInt8(ascii: ";") && depth == 0 {
        pieces.append(current)
        current = []
      } else {
        current.append(byte)
      }
      index += 1
    }
    pieces.append(current)
    var declarations: [Declaration] = []
    for piece in pieces {
      guard let colon = piece.firstIndex(of: UInt8(ascii: ":")) else { continue }
      let name = Self.trimmed(piece[..<colon]).map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
      var value = Self.trimmed(piece[(colon + 1)...])
      if let bang = value.lastIndex(of: UInt8(ascii: "!")),
        String(decoding: Self.trimmed(value[(bang + 1)...]), as: UTF8.self).lowercased()
          == "important"
      {
        value = Self.trimmed(value[..<bang])
      }
      guard !name.isEmpty else { continue }
      declarations.append(
        Declaration(
          name: String(decoding: name, as: UTF8.self), value: String(decoding: value, as: UTF8.self)
        ))
    }
    self.declarations = declarations
  }

  private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
    var slice = bytes
    while let first = slice.first, NumberScanner.isBlank(first) { slice.removeFirst() }
    while let last = slice.last, NumberScanner.isBlank(last) { slice.removeLast() }
    return slice
  }
}
