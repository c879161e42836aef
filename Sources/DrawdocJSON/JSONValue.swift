import DrawdocModel

/// A JSON value, as drawdoc reads and writes its JSON form and its store index.
///
/// Numbers are kept as `Double` and read with the same correctly rounded parser as the SVG
/// reader, so a JSON round trip is exact to the bit.
package enum JSONValue: Equatable, Sendable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// An object, its members in the order they were written.
  case object([(key: String, value: JSONValue)])

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a.bitPattern == b.bitPattern
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// The member named `key` of an object, or `nil`.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }
}

// MARK: - Writing

extension JSONValue {
  /// The compact UTF-8 text of the value, members in their order, numbers shortest.
  package var serialized: [UInt8] {
    var output: [UInt8] = []
    write(to: &output)
    return output
  }

  package func write(to output: inout [UInt8]) {
    switch self {
    case .null: output.append(contentsOf: "null".utf8)
    case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
    case .number(let value): ShortestDecimal.append(value, to: &output)
    case .string(let value): Self.writeString(value, to: &output)
    case .array(let elements):
      output.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { output.append(contentsOf: ", ".utf8) }
        element.write(to: &output)
      }
      output.append(UInt8(ascii: "]"))
    case .object(let members):
      Self.writeObject(members, to: &output) { $0.write(to: &$1) }
    }
  }

  /// An object, each member's value written by `writeValue`.
  private static func writeObject(
    _ members: [(key: String, value: JSONValue)], to output: inout [UInt8],
    writeValue: (JSONValue, inout [UInt8]) -> Void
  ) {
    output.append(UInt8(ascii: "{"))
    for (index, member) in members.enumerated() {
      if index > 0 { output.append(contentsOf: ", ".utf8) }
      writeString(member.key, to: &output)
      output.append(contentsOf: ": ".utf8)
      writeValue(member.value, &output)
    }
    output.append(UInt8(ascii: "}"))
  }

  /// The text of a whole document as drawdoc prints JSON: compact, except that each element of
  /// an array that is the value itself or a member of the top-level object stands on a line of
  /// its own, indented by two spaces; a final newline.
  package var document: [UInt8] {
    var output: [UInt8] = []
    switch self {
    case .array(let elements):
      Self.writeLines(elements, to: &output)
    case .object(let members):
      Self.writeObject(members, to: &output) { value, output in
        if case .array(let elements) = value {
          Self.writeLines(elements, to: &output)
        } else {
          value.write(to: &output)
        }
      }
    default:
      write(to: &output)
    }
    output.append(0x0A)
    return output
  }

  /// An array with each element on a line of its own.
  private static func writeLines(_ elements: [JSONValue], to output: inout [UInt8]) {
    output.append(UInt8(ascii: "["))
    for (index, element) in elements.enumerated() {
      output.append(contentsOf: (index == 0 ? "\n  " : ",\n  ").utf8)
      element.write(to: &output)
    }
    output.append(contentsOf: (elements.isEmpty ? "]" : "\n]").utf8)
  }

  private static func writeString(_ string: String, to output: inout [UInt8]) {
    output.append(UInt8(ascii: "\""))
    // Measured, then written in place: a file's text of 100,000 rectangles (12 MB, in the
    // app's drawing view, a quote every few bytes) was a fifth of the request's time appended
    // byte by byte.
    var string = string
    string.withUTF8 { bytes in
      var length = bytes.count
      for byte in bytes where needsEscape(byte) {
        length += shortEscape(byte) == nil ? 5 : 1
      }
      var at = output.count
      output.append(contentsOf: repeatElement(0, count: length))
      output.withUnsafeMutableBufferPointer { written in
        for byte in bytes {
          guard needsEscape(byte) else {
            written[at] = byte
            at += 1
            continue
          }
          written[at] = UInt8(ascii: "\\")
          if let letter = shortEscape(byte) {
            written[at + 1] = letter
            at += 2
          } else {
            written[at + 1] = UInt8(ascii: "u")
            written[at + 2] = UInt8(ascii: "0")
            written[at + 3] = UInt8(ascii: "0")
            written[at + 4] = hexDigits[Int(byte >> 4)]
            written[at + 5] = hexDigits[Int(byte & 15)]
            at += 6
          }
        }
      }
    }
    output.append(UInt8(ascii: "\""))
  }

  /// Whether a JSON string cannot hold the byte as it is: a quote, a backslash, a control
  /// character.
  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
  }

  /// The letter after the backslash of a byte's two-character escape, or nil for `\u00XX`.
  private static func shortEscape(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"): byte
    case 0x0A: UInt8(ascii: "n")
    case 0x0D: UInt8(ascii: "r")
    case 0x09: UInt8(ascii: "t")
    default: nil
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)
}

// MARK: - Reading

/// Why JSON text could not be read.
package struct JSONSyntaxError: Error, Equatable, Sendable {
  /// What was wrong.
  package let message: String
  /// The 1-based line.
  package let line: Int
  /// The 1-based column.
  package let column: Int

  /// The message of text nested deeper than ``JSONValue/maximumDepth``.
  static let nestingMessage = "nested too deeply"

  /// Whether the text is past the reader's limit (nesting deeper than
  /// ``JSONValue/maximumDepth``) rather than wrong.
  package var isLimit: Bool { message == Self.nestingMessage }
}

extension JSONValue {
  /// The deepest nesting the reader accepts, so hostile input cannot exhaust the stack.
  package static let maximumDepth = 64

  /// Parses JSON text (RFC 8259).
  ///
  /// - Parameter bytes: UTF-8 text.
  /// - Returns: The value.
  /// - Throws: ``JSONSyntaxError`` with the location of the first problem.
  package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONValue {
    var reader = JSONReader(bytes: bytes)
    reader.skipBlanks()
    let value = try reader.value(depth: 0)
    reader.skipBlanks()
    guard reader.index == bytes.count else { throw reader.error("unexpected text after the value") }
    return value
  }
}

private struct JSONReader {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  func error(_ message: String) -> JSONSyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return JSONSyntaxError(message: message, line: line, column: column)
  }

  mutating func skipBlanks() {
    while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
  }

  mutating func expect(_ literal: String, _ value: JSONValue) throws(JSONSyntaxError) -> JSONValue {
    let literalBytes = Array(literal.utf8)
    guard bytes[index...].starts(with: literalBytes) else { throw error("expected a value") }
    index += literalBytes.count
    return value
  }

  mutating func value(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    guard depth < JSONValue.maximumDepth else { throw error(JSONSyntaxError.nestingMessage) }
    guard index < bytes.count else { throw error("expected a value, found the end") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth)
    case UInt8(ascii: "["): return try array(depth: depth)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try expect("true", .bool(true))
    case UInt8(ascii: "f"): return try expect("false", .bool(false))
    case UInt8(ascii: "n"): return try expect("null", .null)
    default: return .number(try number())
    }
  }

  mutating func object(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    skipBlanks()
    if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipBlanks()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw error("expected a member name in quotes")
      }
      let key = try string()
      skipBlanks()
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
        throw error("expected ':' after a member name")
      }
      index += 1
      skipBlanks()
      members.append((key, try value(depth: depth + 1)))
      skipBlanks()
      guard index < bytes.count else { throw error("expected ',' or '}', found the end") }
      if bytes[index] == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or '}'") }
      index += 1
    }
  }

  mutating func array(depth: Int) throws(JSONSyntaxError) -> JSONValue {
    index += 1
    var elements: [JSONValue] = []
    skipBlanks()
    if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
      index += 1
      return .array(elements)
    }
    while true {
      skipBlanks()
      elements.append(try value(depth: depth + 1))
      skipBlanks()
      guard index < bytes.count else { throw error("expected ',' or ']', found the end") }
      if bytes[index] == UInt8(ascii: "]") {
        index += 1
        return .array(elements)
      }
      guard bytes[index] == UInt8(ascii: ",") else { throw error("expected ',' or ']'") }
      index += 1
    }
  }

  mutating func number() throws(JSONSyntaxError) -> Double {
    let start = index
    if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
    let digitsStart = index
    while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
    let integerDigits = index - digitsStart
    guard integerDigits > 0, integerDigits == 1 || bytes[digitsStart] != UInt8(ascii: "0") else {
      index = start
      throw error("expected a value")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      let fractionStart = index
      while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
      guard index > fractionStart else { throw error("expected digits after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")
      {
        index += 1
      }
      let exponentStart = index
      while index < bytes.count, bytes[index] &- 0x30 < 10 { index += 1 }
      guard index > exponentStart else { throw error("expected digits in the exponent") }
    }
    let parsed = bytes[start..<index].withUnsafeBufferPointer { NumberParser.parse($0) }
    guard let parsed else { throw error("expected a number") }
    return parsed
  }

  mutating func string() throws(JSONSyntaxError) -> String {
    index += 1
    var pendingRun = index
    var utf8: [UInt8] = []
    while true {
      guard index < bytes.count else { throw error("unterminated string") }
      let byte = bytes[index]
      if byte == UInt8(ascii: "\""), utf8.isEmpty {
        // No escape: decode the run in place; it is valid UTF-8 exactly when decoding did not
        // have to repair it.
        let run = bytes[pendingRun..<index]
        index += 1
        var text = String(decoding: run, as: UTF8.self)
        let unchanged = text.withUTF8 { decoded in
          run.withUnsafeBufferPointer { original in
            decoded.elementsEqual(original)
          }
        }
        guard unchanged else {
          index = pendingRun
          throw error("a string is not valid UTF-8")
        }
        return text
      }
      if byte == UInt8(ascii: "\"") {
        utf8.append(contentsOf: bytes[pendingRun..<index])
        index += 1
        break
      }
      if byte < 0x20 { throw error("a control character in a string must be escaped") }
      if byte != UInt8(ascii: "\\") {
        index += 1
        continue
      }
      utf8.append(contentsOf: bytes[pendingRun..<index])
      index += 1
      guard index < bytes.count else { throw error("unterminated escape") }
      let escaped = bytes[index]
      index += 1
      switch escaped {
      case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
      case UInt8(ascii: "n"): utf8.append(0x0A)
      case UInt8(ascii: "r"): utf8.append(0x0D)
      case UInt8(ascii: "t"): utf8.append(0x09)
      case UInt8(ascii: "b"): utf8.append(0x08)
      case UInt8(ascii: "f"): utf8.append(0x0C)
      case UInt8(ascii: "u"):
        let escapeStart = index - 2
        var code = try hexQuad()
        if (0xD800..<0xDC00).contains(code), bytes[index...].starts(with: Array(#"\u"#.utf8)) {
          index += 2
          let low = try hexQuad()
          if (0xDC00..<0xE000).contains(low) {
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
        }
        guard let scalar = Unicode.Scalar(code) else {
          index = escapeStart
          throw error("\\u\(String(code, radix: 16)) is a lone surrogate, not a character")
        }
        utf8.append(contentsOf: String(Character(scalar)).utf8)
      default:
        throw error("unknown escape")
      }
      pendingRun = index
    }
    guard let text = String(validating: utf8, as: UTF8.self) else {
      throw error("a string is not valid UTF-8")
    }
    return text
  }

  mutating func hexQuad() throws(JSONSyntaxError) -> UInt32 {
    guard index + 4 <= bytes.count else { throw error("expected four hexadecimal digits") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = Color.hexValue(bytes[index]) else {
        throw error("expected four hexadecimal digits")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }
}
