import DrawdocModel
import Testing

@testable import DrawdocJSON

/// `JSONValue`: RFC 8259 JSON read with the errors and limits of docs/format.md ("The JSON
/// form": 64 levels, a byte-order mark allowed, lone surrogates refused) and written compactly.
@Suite struct JSONValueTests {
  static func parse(_ text: String) throws(JSONSyntaxError) -> JSONValue {
    try JSONValue.parse(Array(text.utf8))
  }

  static func error(_ message: String, _ line: Int, _ column: Int) -> JSONSyntaxError {
    JSONSyntaxError(message: message, line: line, column: column)
  }

  // MARK: - Reading

  @Test(
    arguments: [
      ("null", JSONValue.null), (" true ", .bool(true)), ("false", .bool(false)),
      ("\t\r\n false\n", .bool(false)),
      // Numbers; `==` compares their bits, so `-0` is not `0`.
      ("0", .number(0)), ("-0", .number(-0.0)), ("-0.0e-0", .number(-0.0)), ("0e0", .number(0)),
      ("1", .number(1)), ("-1", .number(-1)), ("10", .number(10)), ("1.5", .number(1.5)),
      ("0.1", .number(0.1)), ("1e2", .number(100)), ("1E+2", .number(100)), ("1e-2", .number(0.01)),
      ("-1.5e-3", .number(-0.0015)), ("5e-324", .number(.leastNonzeroMagnitude)),
      ("123456789012345678901234567890", .number(1.2345678901234568e29)),
      // Out of range: infinite or zero, as the model then refuses or takes (docs/format.md).
      ("1e400", .number(.infinity)), ("-1e400", .number(-.infinity)), ("1e-400", .number(0)),
      ("-1e-400", .number(-0.0)),
      // Strings and escapes.
      (#""""#, .string("")), (#""abc""#, .string("abc")),
      (#""\"\\\/\b\f\n\r\t""#, .string("\"\\/\u{8}\u{C}\n\r\t")), (#""\u0041""#, .string("A")),
      (#""\u00e9\u00E9""#, .string("éé")), (#""\u20AC""#, .string("€")),
      (#""\u002F\u0000""#, .string("/\u{0}")), (#""a\u0000b""#, .string("a\u{0}b")),
      (#""\ud83d\ude00""#, .string("😀")), (#""\uD83D\uDE00x""#, .string("😀x")),
      (#""\udbff\udfff""#, .string("\u{10FFFF}")), (#""\uFFFF""#, .string("\u{FFFF}")),
      ("\"é€😀\"", .string("é€😀")),
      ("\"\u{7F}\u{2028}\u{FEFF}\"", .string("\u{7F}\u{2028}\u{FEFF}")),
      // Arrays and objects, blanks anywhere between tokens.
      ("[]", .array([])), ("[ ]", .array([])), (" [ 1 , 2 ] ", .array([.number(1), .number(2)])),
      ("[[]]", .array([.array([])])), ("{}", .object([])), ("{ }", .object([])),
      (#"{"a":1}"#, .object([("a", .number(1))])), (#"{"":0}"#, .object([("", .number(0))])),
      (
        #"{ "a" : 1 , "b" : [true, null] }"#,
        .object([("a", .number(1)), ("b", .array([.bool(true), .null]))])
      ),
      // Members keep their order, repeated names included.
      (
        #"{"b":1,"a":2,"b":3}"#, .object([("b", .number(1)), ("a", .number(2)), ("b", .number(3))])
      ),
      // A leading byte-order mark is skipped.
      ("\u{FEFF}[1]", .array([.number(1)])), ("\u{FEFF} 1", .number(1)),
    ] as [(String, JSONValue)])
  func reads(_ text: String, _ expected: JSONValue) throws {
    #expect(try Self.parse(text) == expected)
  }

  @Test(
    arguments: [
      // The end, and values that are not JSON.
      ("", "expected a value, found the end", 1, 1),
      ("   ", "expected a value, found the end", 1, 4),
      ("\n\n", "expected a value, found the end", 3, 1),
      ("\u{FEFF}", "expected a value, found the end", 1, 2),
      ("nul", "expected a value", 1, 1), ("True", "expected a value", 1, 1),
      ("tRUE", "expected a value", 1, 1), ("'a'", "expected a value", 1, 1),
      ("// x\n1", "expected a value", 1, 1), ("\u{0C}1", "expected a value", 1, 1),
      ("\u{A0}1", "expected a value", 1, 1), ("\u{FEFF}\u{FEFF}1", "expected a value", 1, 2),
      ("NaN", "expected a value", 1, 1), ("Infinity", "expected a value", 1, 1),
      ("-Infinity", "expected a value", 1, 1),
      // Numbers: no leading zero, no `+`, digits around the point and in the exponent.
      ("01", "expected a value", 1, 1), ("-01", "expected a value", 1, 1),
      ("-", "expected a value", 1, 1), ("+1", "expected a value", 1, 1),
      (".5", "expected a value", 1, 1),
      ("1.", "expected digits after '.'", 1, 3), ("1.e5", "expected digits after '.'", 1, 3),
      ("1e", "expected digits in the exponent", 1, 3),
      ("1e+", "expected digits in the exponent", 1, 4),
      ("1E-x", "expected digits in the exponent", 1, 4),
      ("0x10", "unexpected text after the value", 1, 2),
      ("1.5.5", "unexpected text after the value", 1, 4),
      // Text after the value.
      ("nulll", "unexpected text after the value", 1, 5),
      ("1 2", "unexpected text after the value", 1, 3),
      ("[1]]", "unexpected text after the value", 1, 4),
      ("{}}", "unexpected text after the value", 1, 3),
      // Arrays.
      ("[", "expected a value, found the end", 1, 2),
      ("[1", "expected ',' or ']', found the end", 1, 3),
      ("[1,]", "expected a value", 1, 4), ("[,1]", "expected a value", 1, 2),
      ("[1 2]", "expected ',' or ']'", 1, 4), ("[1:2]", "expected ',' or ']'", 1, 3),
      // Objects.
      ("{", "expected a member name in quotes", 1, 2),
      ("{1:2}", "expected a member name in quotes", 1, 2),
      ("{a:1}", "expected a member name in quotes", 1, 2),
      (#"{"a":1,}"#, "expected a member name in quotes", 1, 8),
      (#"{"a" 1}"#, "expected ':' after a member name", 1, 6),
      (#"{"a"}"#, "expected ':' after a member name", 1, 5),
      (#"{"a":1 "b":2}"#, "expected ',' or '}'", 1, 8), (#"{"a":1]"#, "expected ',' or '}'", 1, 7),
      (#"{"a":1"#, "expected ',' or '}', found the end", 1, 7),
      (#"{"a":}"#, "expected a value", 1, 6),
      // Strings.
      (#""abc"#, "unterminated string", 1, 5), (#""a\"#, "unterminated escape", 1, 4),
      (#""\x""#, "unknown escape", 1, 4), (#""\U0041""#, "unknown escape", 1, 4),
      (#""\'""#, "unknown escape", 1, 4), (#""\u12""#, "expected four hexadecimal digits", 1, 4),
      (#""\u12g4""#, "expected four hexadecimal digits", 1, 6),
      (#""\u""#, "expected four hexadecimal digits", 1, 4),
      ("\"a\u{01}\"", "a control character in a string must be escaped", 1, 3),
      ("\"\t\"", "a control character in a string must be escaped", 1, 2),
      ("\"\n\"", "a control character in a string must be escaped", 1, 2),
      // Lone surrogates, reported where their escape starts.
      (#""\ud800""#, #"\ud800 is a lone surrogate, not a character"#, 1, 2),
      (#""\udc00""#, #"\udc00 is a lone surrogate, not a character"#, 1, 2),
      (#""\ud83d\u0041""#, #"\ud83d is a lone surrogate, not a character"#, 1, 2),
      (#""\ud83dx""#, #"\ud83d is a lone surrogate, not a character"#, 1, 2),
      (#""\ud83d\ud83d""#, #"\ud83d is a lone surrogate, not a character"#, 1, 2),
      (#"["\uDFFF"]"#, #"\udfff is a lone surrogate, not a character"#, 1, 3),
      // Lines count line feeds; columns count characters, not bytes.
      ("[\n1,\n x]", "expected a value", 3, 2), ("[\"é\", x]", "expected a value", 1, 7),
      ("{\"😀\":\n  \"a\",,}", "expected a member name in quotes", 2, 7),
    ] as [(String, String, Int, Int)])
  func refuses(_ text: String, _ message: String, _ line: Int, _ column: Int) {
    #expect(throws: Self.error(message, line, column)) { try Self.parse(text) }
  }

  @Test(
    arguments: [
      ([0x22, 0xFF, 0x22], 2), ([0x22, 0xC0, 0x80, 0x22], 2), ([0x22, 0xED, 0xA0, 0x80, 0x22], 2),
      // Without an escape the string's first character is blamed…
      ([0x22, 0x61, 0xC3, 0x22], 2), ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], 2),
      // …with one, the end of the string, where it is checked.
      ([0x22, 0xC3, 0x5C, 0x6E, 0xA9, 0x22], 6),
    ] as [([UInt8], Int)])
  func refusesInvalidUTF8(_ bytes: [UInt8], _ column: Int) {
    #expect(throws: Self.error("a string is not valid UTF-8", 1, column)) {
      try JSONValue.parse(bytes)
    }
  }

  @Test func refusesBytesThatStartNoValue() {
    #expect(throws: Self.error("expected a value", 1, 2)) {
      try JSONValue.parse([0x5B, 0xFF, 0x5D])
    }
    // Two bytes of a byte-order mark are not one.
    #expect(throws: Self.error("expected a value", 1, 1)) { try JSONValue.parse([0xEF, 0xBB]) }
  }

  /// 64 levels, the top value being the first: 64 nested arrays, or a number in 63.
  @Test func nestsSixtyFourLevels() throws {
    func nested(_ depth: Int, _ inner: String) -> String {
      String(repeating: "[", count: depth) + inner + String(repeating: "]", count: depth)
    }
    var expected = JSONValue.array([])
    for _ in 1..<64 { expected = .array([expected]) }
    #expect(try Self.parse(nested(64, "")) == expected)
    var number = JSONValue.number(1)
    for _ in 0..<63 { number = .array([number]) }
    #expect(try Self.parse(nested(63, "1")) == number)
    #expect(throws: Self.error("nested too deeply", 1, 65)) { try Self.parse(nested(65, "")) }
    #expect(throws: Self.error("nested too deeply", 1, 65)) { try Self.parse(nested(64, "1")) }
    let objects = String(repeating: #"{"a":"#, count: 63) + "{}" + String(repeating: "}", count: 63)
    #expect(try Self.parse(objects)["a"] != nil)
    let deeper = String(repeating: #"{"a":"#, count: 64) + "{}" + String(repeating: "}", count: 64)
    #expect(throws: Self.error("nested too deeply", 1, 321)) { try Self.parse(deeper) }
    // Deep hostile input fails fast, without exhausting the stack.
    #expect(throws: Self.error("nested too deeply", 1, 65)) { try Self.parse(nested(100_000, "")) }
  }

  // MARK: - Writing

  @Test(
    arguments: [
      (JSONValue.null, "null"), (.bool(true), "true"), (.bool(false), "false"), (.number(45), "45"),
      (.number(-0.0), "-0"), (.number(1e21), "1e21"), (.number(.leastNonzeroMagnitude), "5e-324"),
      (.number(0.1 + 0.2), "0.30000000000000004"), (.string(""), #""""#),
      (.string("a\"b\\c/é😀"), #""a\"b\\c/é😀""#), (.string("\n\r\t"), #""\n\r\t""#),
      (.string("\u{0}\u{8}\u{C}\u{1F}"), #""\u0000\u0008\u000c\u001f""#),
      (.string("\u{7F}\u{2028}\u{FEFF}"), "\"\u{7F}\u{2028}\u{FEFF}\""), (.array([]), "[]"),
      (.array([.number(1), .null]), "[1, null]"), (.object([]), "{}"),
      (.object([("b", .number(1)), ("a", .array([.object([])]))]), #"{"b": 1, "a": [{}]}"#),
      (.object([("\"k\n", .string("v"))]), #"{"\"k\n": "v"}"#),
    ] as [(JSONValue, String)])
  func writes(_ value: JSONValue, _ expected: String) {
    #expect(value.serialized == Array(expected.utf8))
  }

  @Test func writesDocuments() {
    let drawing = JSONValue.object([
      ("a", .array([.number(1), .array([.number(2), .number(3)])])), ("b", .string("x")),
      ("c", .array([])), ("d", .object([("e", .array([.null]))])),
    ])
    #expect(
      String(decoding: drawing.document, as: UTF8.self)
        == "{\"a\": [\n  1,\n  [2, 3]\n], \"b\": \"x\", \"c\": [], \"d\": {\"e\": [null]}}\n")
    let list = JSONValue.array([.number(1), .object([("k", .array([.number(1), .number(2)]))])])
    #expect(String(decoding: list.document, as: UTF8.self) == "[\n  1,\n  {\"k\": [1, 2]}\n]\n")
    #expect(String(decoding: JSONValue.array([]).document, as: UTF8.self) == "[]\n")
    #expect(String(decoding: JSONValue.number(1).document, as: UTF8.self) == "1\n")
  }

  @Test func equalityAndMembers() {
    #expect(JSONValue.number(0) != .number(-0.0))
    #expect(JSONValue.number(.nan) == .number(.nan))
    #expect(JSONValue.bool(true) != .number(1))
    #expect(JSONValue.array([.null]) != .array([]))
    #expect(
      JSONValue.object([("a", .null), ("b", .null)]) != .object([("b", .null), ("a", .null)]))
    #expect(JSONValue.object([("a", .null)]) != .object([("b", .null)]))
    let object = JSONValue.object([("a", .number(1)), ("b", .number(2)), ("a", .number(3))])
    #expect(object["a"] == .number(1))
    #expect(object["b"] == .number(2))
    #expect(object["c"] == nil)
    #expect(JSONValue.array([.number(1)])["a"] == nil)
  }

  // MARK: - Round trips

  /// Random trees — every kind of value, finite numbers from random bit patterns, strings of
  /// control characters, quotes, backslashes, BMP and astral characters — read back from their
  /// compact text and from their document text as the same tree, to the bit.
  @Test func randomTreesRoundTrip() throws {
    var random = SeededRandomNumberGenerator(seed: 0x5EED_0301)
    for _ in 0..<20_000 {
      let value = Self.randomValue(depth: 0, using: &random)
      let text = value.serialized
      let read = try JSONValue.parse(text)
      #expect(read == value, "\(String(decoding: text, as: UTF8.self))")
      #expect(read.serialized == text)
      #expect(try JSONValue.parse(value.document) == value)
      if read != value { break }
    }
  }

  static func randomValue(depth: Int, using random: inout SeededRandomNumberGenerator) -> JSONValue
  {
    switch random.next() % (depth >= 5 ? 4 : 6) {
    case 0: return .null
    case 1: return .bool(random.next() % 2 == 0)
    case 2:
      let value =
        random.next() % 2 == 0
        ? Double(bitPattern: random.next())
        : Double(Int.random(in: -999...999, using: &random)) / 100
      return .number(value.isFinite ? value : 0)
    case 3: return .string(randomString(using: &random))
    case 4:
      return .array(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
          randomValue(depth: depth + 1, using: &random)
        })
    default:
      return .object(
        (0..<Int.random(in: 0...4, using: &random)).map { _ in
          (randomString(using: &random), randomValue(depth: depth + 1, using: &random))
        })
    }
  }

  static func randomString(using random: inout SeededRandomNumberGenerator) -> String {
    var text = ""
    for _ in 0..<Int.random(in: 0...8, using: &random) {
      let range: ClosedRange<UInt32> =
        switch random.next() % 4 {
        case 0: 0...0x7F
        case 1: 0x80...0x7FF
        case 2: 0x800...0xFFFF
        default: 0x1_0000...0x10_FFFF
        }
      if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
        text.unicodeScalars.append(scalar)
      }
    }
    return text
  }
}
