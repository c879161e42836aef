import DrawdocModel

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Shows times to people in their local time zone (`TZ`), as `2026-11-21 09:05`.
final class LocalTime {
  /// The zone's offset from UTC by quarter hour: every zone changes its offset on a quarter
  /// hour, so a listing of thousands of drawings asks the C library once per distinct quarter.
  private var offsets: [Int64: Int64] = [:]

  init() {}

  /// The local date and time of a moment, to the minute.
  func format(_ timestamp: Timestamp) -> String {
    var text: [UInt8] = []
    text.reserveCapacity(16)
    append(timestamp, to: &text)
    return String(decoding: text, as: UTF8.self)
  }

  /// Appends the sixteen bytes of ``format(_:)`` without making a string.
  func append(_ timestamp: Timestamp, to text: inout [UInt8]) {
    let seconds = timestamp.secondsSince1970
    let quarter = seconds >= 0 ? seconds / 900 : (seconds - 899) / 900
    let offset: Int64
    if let known = offsets[quarter] {
      offset = known
    } else {
      var moment = time_t(seconds)
      var parts = tm()
      offset = localtime_r(&moment, &parts) != nil ? Int64(parts.tm_gmtoff) : 0
      offsets[quarter] = offset
    }
    // The calendar of the shifted moment is the local one.
    let (year, month, day, second) = Timestamp(secondsSince1970: seconds + offset).components
    func digits(_ value: Int, _ count: Int) {
      var divisor = 1
      for _ in 1..<count { divisor *= 10 }
      while divisor > 0 {
        text.append(0x30 &+ UInt8(value / divisor % 10))
        divisor /= 10
      }
    }
    digits(year, 4)
    text.append(0x2D)
    digits(month, 2)
    text.append(0x2D)
    digits(day, 2)
    text.append(0x20)
    digits(second / 3600, 2)
    text.append(0x3A)
    digits(second / 60 % 60, 2)
  }

  /// Formats one moment with a fresh cache.
  static func format(_ timestamp: Timestamp) -> String { LocalTime().format(timestamp) }
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
