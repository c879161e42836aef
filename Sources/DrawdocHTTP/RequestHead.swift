/// The request line and header fields of a request (RFC 9112 §3 and §5), parsed strictly: a
/// server that guesses at a malformed request is one that two parties can read two ways.
struct RequestHead: Equatable {
  var method: String
  var target: String
  var version: String
  var headers: [(name: String, value: String)]

  static func == (lhs: RequestHead, rhs: RequestHead) -> Bool {
    lhs.method == rhs.method && lhs.target == rhs.target && lhs.version == rhs.version
      && lhs.headers.elementsEqual(rhs.headers) { $0.name == $1.name && $0.value == $1.value }
  }

  /// Where the head ends in `bytes`: the index after the empty line (CRLF CRLF, or LF LF).
  static func end(in bytes: [UInt8], from start: Int = 0) -> Int? {
    var index = max(0, start - 3)
    while index < bytes.count {
      if bytes[index] == 0x0A {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A { return index + 2 }
        if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
          return index + 3
        }
      }
      index += 1
    }
    return nil
  }

  /// Parses a head, without its final empty line.
  ///
  /// - Throws: ``HTTPError/malformed(_:)`` or ``HTTPError/versionNotSupported(_:)``.
  init(_ bytes: ArraySlice<UInt8>) throws(HTTPError) {
    var lines: [ArraySlice<UInt8>] = []
    var start = bytes.startIndex
    for index in bytes.indices where bytes[index] == 0x0A {
      var end = index
      if end > start, bytes[end - 1] == 0x0D { end -= 1 }
      lines.append(bytes[start..<end])
      start = index + 1
    }
    if start < bytes.endIndex { lines.append(bytes[start...]) }
    while let last = lines.last, last.isEmpty { lines.removeLast() }
    guard let requestLine = lines.first else { throw .malformed("no request line") }
    let parts = requestLine.split(separator: 0x20, omittingEmptySubsequences: false)
    guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
      throw .malformed("the request line must be METHOD TARGET HTTP/1.1, one space apart")
    }
    guard parts[0].allSatisfy(Self.isTokenByte) else {
      throw .malformed("the method is not a token")
    }
    guard parts[1].allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      throw .malformed("the target holds a space, a control character or a non-ASCII byte")
    }
    let version = String(decoding: parts[2], as: UTF8.self)
    guard version == "HTTP/1.1" || version == "HTTP/1.0" else {
      guard version.hasPrefix("HTTP/"), version.count == 8 else {
        throw .malformed("the request line ends in '\(version.prefix(20))', not HTTP/1.1")
      }
      throw .versionNotSupported(version)
    }
    method = String(decoding: parts[0], as: UTF8.self)
    target = String(decoding: parts[1], as: UTF8.self)
    self.version = version
    headers = []
    for line in lines.dropFirst() {
      guard let first = line.first else {
        throw .malformed("an empty line inside the header fields")
      }
      if first == 0x20 || first == 0x09 {
        throw .malformed("a header field folded onto the next line (obs-fold)")
      }
      guard let colon = line.firstIndex(of: 0x3A), colon > line.startIndex else {
        throw .malformed("a header field without a name and a colon")
      }
      let name = line[line.startIndex..<colon]
      guard name.allSatisfy(Self.isTokenByte) else {
        throw .malformed("a header field name with a space or another character it cannot hold")
      }
      var value = line[(colon + 1)...]
      while let byte = value.first, byte == 0x20 || byte == 0x09 { value = value.dropFirst() }
      while let byte = value.last, byte == 0x20 || byte == 0x09 { value = value.dropLast() }
      guard value.allSatisfy({ $0 == 0x09 || ($0 >= 0x20 && $0 != 0x7F) }) else {
        throw .malformed("a header field value with a control character")
      }
      headers.append(
        (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self)))
    }
  }

  /// RFC 9110's `tchar`.
  private static func isTokenByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }
}

/// The request target: path segments and query, percent-decoded, with every path that could
/// climb out of where it points refused.
enum RequestTarget {
  static func parse(_ target: String) throws(HTTPError) -> ([String], [String: String]) {
    var path = Substring(target)
    // The absolute form (RFC 9112 §3.2.2): the path is what follows the authority.
    if target.lowercased().hasPrefix("http://") {
      let rest = target.dropFirst(7)
      path = rest.firstIndex(of: "/").map { rest[$0...] } ?? "/"
    }
    guard path.hasPrefix("/") else {
      throw .malformed("the target must be a path starting with /")
    }
    var queryText: Substring = ""
    if let mark = path.firstIndex(of: "?") {
      queryText = path[path.index(after: mark)...]
      path = path[..<mark]
    }
    if let hash = queryText.firstIndex(of: "#") { queryText = queryText[..<hash] }
    guard !path.contains("\\") else { throw .forbiddenPath("it holds a backslash") }
    var segments: [String] = []
    for raw in path.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
      let bytes = try decode(raw, plusIsSpace: false)
      guard !bytes.contains(0x2F) else { throw .forbiddenPath("it holds an encoded slash") }
      guard !bytes.contains(0x5C) else { throw .forbiddenPath("it holds an encoded backslash") }
      guard !bytes.contains(0) else { throw .forbiddenPath("it holds a NUL") }
      let segment = String(decoding: bytes, as: UTF8.self)
      guard segment != "..", segment != "." else {
        throw .forbiddenPath("it holds a '.' or '..' segment")
      }
      segments.append(segment)
    }
    // `/` and `/a/` end in an empty segment, which names nothing.
    if segments.last == "" { segments.removeLast() }
    guard !segments.contains("") else { throw .forbiddenPath("it holds an empty segment (//)") }
    var query: [String: String] = [:]
    for pair in queryText.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      let name = String(decoding: try decode(parts[0], plusIsSpace: true), as: UTF8.self)
      let value =
        parts.count > 1
        ? String(decoding: try decode(parts[1], plusIsSpace: true), as: UTF8.self) : ""
      query[name] = value
    }
    return (segments, query)
  }

  /// Percent-decodes; a `%` not followed by two hexadecimal digits is refused.
  private static func decode(_ text: Substring, plusIsSpace: Bool) throws(HTTPError) -> [UInt8] {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8)[...]
    while let byte = iterator.popFirst() {
      if byte == UInt8(ascii: "%") {
        guard let high = iterator.popFirst().flatMap(hexValue),
          let low = iterator.popFirst().flatMap(hexValue)
        else { throw .malformed("a % not followed by two hexadecimal digits") }
        bytes.append(high << 4 | low)
      } else if plusIsSpace && byte == UInt8(ascii: "+") {
        bytes.append(0x20)
      } else {
        bytes.append(byte)
      }
    }
    return bytes
  }

  private static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
