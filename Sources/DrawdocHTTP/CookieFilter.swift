/// Drops the `Cookie` header fields of a request head as its bytes come in, before they count
/// against the head's limit (``HTTPLimits/headBytes``).
///
/// The server uses no cookie, yet a browser sends every cookie set for the host, whatever
/// the port: a page served by any other program on `127.0.0.1` can set enough of them to make
/// every request's head too large. So a `Cookie` line is never kept: its bytes are checked
/// for control characters, as every field value is, counted against ``maximumBytes``, and
/// dropped. The request a responder sees has no `Cookie` field.
///
/// The filter works on the bytes of a connection's input from the start of a head; it keeps
/// its place between reads, so each byte is looked at once.
package struct CookieFilter {
  /// The most bytes of `Cookie` fields one head may carry, dropped unread: past them the
  /// request is refused with 431. A browser sends at most about 720 KB of them (180 cookies
  /// of 4 KB for a host).
  package static let maximumBytes = 1 << 20

  private enum Place {
    /// In the request line.
    case requestLine
    /// At `start`, the start of a line not yet known to be a `Cookie` field or not.
    case lineStart(Int)
    /// In a line that is kept.
    case keptLine
    /// In a `Cookie` line, whose bytes are dropped; after a carriage return or not.
    case cookieLine(afterReturn: Bool)
    /// Past the empty line that ends the head: the body, or the next request.
    case ended
  }

  private var place = Place.requestLine
  /// How many bytes of the input are looked at.
  private var checked = 0
  /// How many bytes of `Cookie` fields were dropped.
  private var dropped = 0

  /// A filter at the start of a head.
  package init() {}

  /// The name of the field, and its colon, in lower case.
  private static let name = Array("cookie:".utf8)

  /// Looks at the bytes of `input` not yet looked at, and removes those of `Cookie` fields.
  ///
  /// - Parameter input: The connection's input, from the start of the head.
  /// - Returns: The index from which bytes were removed, if any were.
  /// - Throws: ``HTTPError/malformed(_:)`` for a control character in a `Cookie` field;
  ///   ``HTTPError/cookiesTooLarge(limit:)`` past ``maximumBytes``.
  package mutating func filter(_ input: inout [UInt8]) throws(HTTPError) -> Int? {
    var removedFrom: Int?
    var index = checked
    scan: while index < input.count {
      switch place {
      case .ended:
        index = input.count
      case .requestLine, .keptLine:
        guard let lineFeed = input[index...].firstIndex(of: 0x0A) else {
          index = input.count
          break
        }
        index = lineFeed + 1
        place = .lineStart(index)
      case .lineStart(let start):
        switch Self.kind(ofLineAt: start, in: input) {
        case .undecided:
          index = start
          break scan
        case .end: place = .ended
        case .kept: place = .keptLine
        case .cookie:
          input.removeSubrange(start..<(start + Self.name.count))
          try count(Self.name.count)
          removedFrom = removedFrom ?? start
          place = .cookieLine(afterReturn: false)
        }
        index = start
      case .cookieLine(var afterReturn):
        var end = index
        var lineEnded = false
        while end < input.count {
          let byte = input[end]
          end += 1
          if byte == 0x0A {
            lineEnded = true
            break
          }
          // A carriage return only ends a line, before its line feed.
          guard !afterReturn, byte == 0x09 || byte >= 0x20 && byte != 0x7F || byte == 0x0D
          else { throw .malformed("a header field value with a control character") }
          afterReturn = byte == 0x0D
        }
        input.removeSubrange(index..<end)
        try count(end - index)
        removedFrom = removedFrom ?? index
        place = lineEnded ? .lineStart(index) : .cookieLine(afterReturn: afterReturn)
        if !lineEnded { break scan }
      }
    }
    checked = index
    return removedFrom
  }

  private mutating func count(_ bytes: Int) throws(HTTPError) {
    dropped += bytes
    guard dropped <= Self.maximumBytes else {
      throw .cookiesTooLarge(limit: Self.maximumBytes)
    }
  }

  private enum LineKind { case undecided, end, kept, cookie }

  /// What the line starting at `start` is, as far as its bytes tell: the empty line that ends
  /// the head, a `Cookie` field (its name in any case, then the colon), another line, or not
  /// known until more bytes come.
  private static func kind(ofLineAt start: Int, in input: [UInt8]) -> LineKind {
    guard start < input.count else { return .undecided }
    if input[start] == 0x0A { return .end }
    if input[start] == 0x0D {
      guard start + 1 < input.count else { return .undecided }
      return input[start + 1] == 0x0A ? .end : .kept
    }
    for offset in 0..<name.count {
      guard start + offset < input.count else { return .undecided }
      let byte = input[start + offset]
      // ASCII letters to lower case; the colon and other bytes stay.
      let lowered = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
      if lowered != name[offset] { return .kept }
    }
    return .cookie
  }
}
