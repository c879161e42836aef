/// Text made safe for HTML.
package enum HTMLText {
  /// Escapes text for HTML content and attribute values: `&`, `<`, `>`, `"` and `'` become
  /// character references.
  ///
  /// The text is looked at byte by byte, never by `Character`: a quote followed by a combining
  /// mark (`"` and U+0301) is one `Character`, which is not equal to `"`, yet the HTML parser
  /// reads the quote alone and ends the attribute there.
  package static func escape(_ text: String) -> String {
    var escaped: [UInt8] = []
    escaped.reserveCapacity(text.utf8.count)
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): escaped += "&amp;".utf8
      case UInt8(ascii: "<"): escaped += "&lt;".utf8
      case UInt8(ascii: ">"): escaped += "&gt;".utf8
      case UInt8(ascii: "\""): escaped += "&quot;".utf8
      case UInt8(ascii: "'"): escaped += "&#39;".utf8
      default: escaped.append(byte)
      }
    }
    return String(decoding: escaped, as: UTF8.self)
  }
}
