import DrawdocModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows times to people in their local time zone (`TZ`), as `2026-11-21 09:05`.
enum LocalTime {
  static func format(_ timestamp: Timestamp) -> String {
    var seconds = time_t(timestamp.secondsSince1970)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return timestamp.description }
    var buffer = [CChar](repeating: 0, count: 32)
    let count = strftime(&buffer, buffer.count, "%Y-%m-%d %H:%M", &parts)
    return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}

/// Makes text from files safe to print in a table: control characters escaped, long text cut.
enum DisplayText {
  static func single(_ text: String, limit: Int = 40) -> String {
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
