import DrawdocModel
import Testing

@Suite struct TimestampTests {
  // Expected seconds computed with Python's calendar.timegm, an independent implementation.
  @Test(arguments: [
    ("1970-01-01T00:00:00Z", Int64(0)),
    ("2026-11-21T08:00:00Z", 1_795_248_000),
    ("2000-02-29T23:59:59Z", 951_868_799),
    ("0001-01-01T00:00:00Z", -62_135_596_800),
    ("1969-12-31T23:59:59Z", -1),
  ])
  func parsesAndPrintsUTC(_ text: String, _ seconds: Int64) throws {
    let timestamp = try Timestamp(text)
    #expect(timestamp.secondsSince1970 == seconds)
    #expect(timestamp.description == text)
  }

  @Test(arguments: [
    "2026-11-21 08:00:00Z", "2026-11-21T08:00:00", "2026-11-21T08:00:00+01:00",
    "2025-02-29T00:00:00Z", "2026-13-01T00:00:00Z", "2026-04-31T00:00:00Z",
    "2026-11-21T24:00:00Z", "2026-11-21T08:60:00Z", "2026-11-21T08:00:60Z",
    "0000-01-01T00:00:00Z", "2026-11-21T08:00:00.5Z", "",
  ])
  func refusesOtherText(_ text: String) {
    #expect(throws: ModelError.invalidTimestamp(text)) { try Timestamp(text) }
  }

  @Test func everyDayOfFourCenturiesRoundTrips() throws {
    var seconds: Int64 = -12_000_000_000
    while seconds < 12_000_000_000 {
      let timestamp = Timestamp(secondsSince1970: seconds)
      #expect(try Timestamp(timestamp.description) == timestamp)
      seconds += 86_400 + 3_661
    }
  }
}
