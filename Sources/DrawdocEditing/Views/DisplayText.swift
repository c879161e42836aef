/// Makes text from files safe to print in a table: control characters escaped, long text cut.
package enum DisplayText {
  /// `text` on one line: control characters escaped, and cut to `limit` characters, the last
  /// of them `…`, when it is longer.
  package static func single(_ text: String, limit: Int = 40) -> String {
    if text.utf8.count < limit, text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
    var shown = ""
    var count = 0
    for character in text {
      if count == limit - 1 {
        shown += "…"
        break
      }
      if let scalar = character.unicodeScalars.first, character.unicodeScalars.count == 1,
        scalar.value < 0x20 || scalar.value == 0x7F
      {
        shown += scalar.escaped(asASCII: true)
      } else {
        shown.append(character)
      }
      count += 1
    }
    return shown
  }
}
