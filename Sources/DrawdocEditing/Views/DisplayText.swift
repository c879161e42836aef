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
      // By scalar: CR LF is one `Character` of two control characters.
      if character.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
        for scalar in character.unicodeScalars {
          if scalar.value < 0x20 || scalar.value == 0x7F {
            shown += scalar.escaped(asASCII: true)
          } else {
            shown.unicodeScalars.append(scalar)
          }
        }
      } else {
        shown.append(character)
      }
      count += 1
    }
    return shown
  }
}
