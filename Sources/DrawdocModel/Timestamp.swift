/// A moment in UTC to the second, written `2026-11-21T08:00:00Z` (ISO 8601).
public struct Timestamp: Hashable, Comparable, Sendable {
  /// Seconds since 1970-01-01T00:00:00Z.
  public let secondsSince1970: Int64

  /// The earliest moment the text form can write: 0001-01-01T00:00:00Z.
  public static let earliest = Timestamp(secondsSince1970: -62_135_596_800)
  /// The latest moment the text form can write: 9999-12-31T23:59:59Z.
  public static let latest = Timestamp(secondsSince1970: 253_402_300_799)

  /// Makes a moment from seconds since the Unix epoch.
  ///
  /// - Parameter secondsSince1970: The moment; values outside the years 1…9999 are clamped
  ///   to ``earliest`` and ``latest`` because the text form cannot write them.
  public init(secondsSince1970: Int64) {
    self.secondsSince1970 = min(max(secondsSince1970, -62_135_596_800), 253_402_300_799)
  }

  /// Parses `YYYY-MM-DDTHH:MM:SSZ`.
  ///
  /// - Parameter text: The moment in the text form.
  /// - Throws: ``ModelError/invalidTimestamp(_:)`` for any other text or an impossible date.
  public init(_ text: String) throws(ModelError) {
    var text = text
    let parsed = text.withUTF8 { Timestamp(utf8: $0) }
    guard let parsed else { throw .invalidTimestamp(text) }
    self = parsed
  }

  /// Parses the UTF-8 bytes of `YYYY-MM-DDTHH:MM:SSZ`, or returns `nil` if they are not one.
  ///
  /// - Parameter bytes: The twenty bytes of the text form.
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { return nil }
        value = value * 10 + Int(digit)
      }
      return value
    }
    guard bytes.count == 20, bytes[4] == 0x2D, bytes[7] == 0x2D, bytes[10] == 0x54,
      bytes[13] == 0x3A, bytes[16] == 0x3A, bytes[19] == 0x5A,
      let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      year >= 1, (1...12).contains(month), day >= 1,
      day <= Timestamp.daysIn(month: month, year: year),
      hour < 24, minute < 60, second < 60
    else { return nil }
    let days = Timestamp.daysSince1970(year: year, month: month, day: day)
    self.init(secondsSince1970: Int64(days * 86_400 + hour * 3600 + minute * 60 + second))
  }

  public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
    lhs.secondsSince1970 < rhs.secondsSince1970
  }

  // MARK: - Calendar arithmetic (proleptic Gregorian, after Howard Hinnant)

  private static func daysIn(month: Int, year: Int) -> Int {
    switch month {
    case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
    case 4, 6, 9, 11: return 30
    default: return 31
    }
  }

  private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// The calendar date and the second of the day, in UTC.
  package var components: (year: Int, month: Int, day: Int, seconds: Int) {
    let seconds = Int(secondsSince1970)
    let days = (seconds >= 0 ? seconds : seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    return (year, month, day, secondOfDay)
  }
}

extension Timestamp: CustomStringConvertible {
  /// The text form, `YYYY-MM-DDTHH:MM:SSZ`.
  public var description: String {
    let (year, month, day, seconds) = components
    func padded(_ value: Int, _ width: Int) -> String {
      let digits = String(value)
      return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
    return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))T"
      + "\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))Z"
  }
}
