import DrawdocModel

import DrawdocSystem

/// Shows times to people in their local time zone (`TZ`), as `2026-11-21 09:05`.
final class LocalTime {
  /// The zone's offset from UTC by quarter hour: every zone changes its offset on a quarter
  /// hour, so a listing of thousands of drawings asks the C library once per distinct quarter.
  private var offsets: [Int64: Int64] = [:]
  /// The last quarter asked for: a listing sorted by time asks for the same one in a row.
  private var lastQuarter: Int64?
  private var lastOffset: Int64 = 0

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
    if quarter == lastQuarter {
      offset = lastOffset
    } else if let known = offsets[quarter] {
      offset = known
    } else {
      offset = WallClock.utcOffset(atSecondsSince1970: seconds)
      offsets[quarter] = offset
    }
    lastQuarter = quarter
    lastOffset = offset
    // The calendar of the shifted moment is the local one.
    let (year, month, day, second) = Timestamp(secondsSince1970: seconds + offset).components
    // Sixteen bytes made in a register-sized tuple and appended at once.
    var field: (UInt64, UInt64) = (0, 0)
    withUnsafeMutableBytes(of: &field) { bytes in
      func twoDigits(_ value: Int, at index: Int) {
        bytes[index] = 0x30 &+ UInt8(truncatingIfNeeded: value / 10)
        bytes[index + 1] = 0x30 &+ UInt8(truncatingIfNeeded: value % 10)
      }
      twoDigits(year / 100 % 100, at: 0)
      twoDigits(year % 100, at: 2)
      bytes[4] = 0x2D
      twoDigits(month, at: 5)
      bytes[7] = 0x2D
      twoDigits(day, at: 8)
      bytes[10] = 0x20
      twoDigits(second / 3600, at: 11)
      bytes[13] = 0x3A
      twoDigits(second / 60 % 60, at: 14)
      text.append(contentsOf: UnsafeRawBufferPointer(bytes))
    }
  }

  /// Formats one moment with a fresh cache.
  static func format(_ timestamp: Timestamp) -> String { LocalTime().format(timestamp) }

  /// The local date and time of a moment, to the second: `2026-11-21 09:05:12`.
  func formatWithSeconds(_ timestamp: Timestamp) -> String {
    var text: [UInt8] = []
    append(timestamp, to: &text)
    let second = Int(((timestamp.secondsSince1970 % 60) + 60) % 60)
    text += [0x3A, 0x30 &+ UInt8(second / 10), 0x30 &+ UInt8(second % 10)]
    return String(decoding: text, as: UTF8.self)
  }
}
