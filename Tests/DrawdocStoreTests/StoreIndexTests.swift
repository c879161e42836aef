import DrawdocModel
import Foundation
import Testing

@testable import DrawdocStore

@Suite struct StoreIndexTests {
  private func sampleIndex() throws -> StoreIndex {
    var index = StoreIndex()
    let titles = ["Plain", "Quotes \" and \\ and\nnew lines\t", "Unicode ✓ 😀", ""]
    for (offset, title) in titles.enumerated() {
      let id = try Identifier("aaa-aaa-aa\(offset)")
      let entry = IndexEntry(
        id: id, title: title, created: try Timestamp("2026-01-0\(offset + 1)T00:00:00Z"),
        modified: try Timestamp("2026-11-21T08:05:1\(offset)Z"), rectangleCount: offset * 1000,
        size: try Size(width: 1024.5 + Double(offset), height: 0.1 + 0.2))
      index.records[id] = .init(
        signature: .init(
          size: 1000 + Int64(offset), modifiedSeconds: 1_795_248_000,
          modifiedNanoseconds: 999_999_999),
        content: .entry(entry))
    }
    let damaged = try Identifier("bad-000-000")
    index.records[damaged] = .init(
      signature: .init(size: 3, modifiedSeconds: -5, modifiedNanoseconds: 0),
      content: .damaged("4:74: fill=\"#ebc64z\" is not a color"))
    return index
  }

  @Test func theFastReaderReadsWhatTheWriterWrites() throws {
    let index = try sampleIndex()
    let fast = try #require(index.serialized.withUnsafeBufferPointer(StoreIndex.readWrittenLayout))
    #expect(fast == index)
    #expect(index.serialized.withUnsafeBufferPointer(StoreIndex.init(serialized:)) == index)
  }

  @Test func anotherLayoutGoesThroughTheGeneralReader() throws {
    let index = try sampleIndex()
    // The same members, spaced and ordered differently, as a person editing the file might.
    var text = String(decoding: index.serialized, as: UTF8.self)
    text = text.replacingOccurrences(of: "\"fileSize\": ", with: "\"fileSize\":")
    text = text.replacingOccurrences(
      of: "{\"format\": \"drawdoc-index\", \"version\": 1, ",
      with: "{ \"version\": 1, \"format\": \"drawdoc-index\", ")
    #expect(Array(text.utf8).withUnsafeBufferPointer(StoreIndex.readWrittenLayout) == nil)
    #expect(Array(text.utf8).withUnsafeBufferPointer(StoreIndex.init(serialized:)) == index)
  }

  @Test(arguments: [
    "", "{}", "[", "{\"format\": \"drawdoc-index\", \"version\": 2, \"drawings\": []}",
  ])
  func somethingElseIsNoIndex(_ text: String) {
    #expect(Array(text.utf8).withUnsafeBufferPointer(StoreIndex.init(serialized:)) == nil)
  }
}

@Suite struct StoreIndexLogLineTests {
  private let id: Identifier

  init() throws { id = try Identifier("aaa-bbb-ccc") }

  private func record(title: String) throws -> StoreIndex.Record {
    .init(
      signature: .init(size: 10, modifiedSeconds: 1_795_248_000, modifiedNanoseconds: 5),
      content: .entry(
        IndexEntry(
          id: id, title: title, created: try Timestamp("2026-01-01T00:00:00Z"),
          modified: try Timestamp("2026-01-02T00:00:00Z"), rectangleCount: 3,
          size: try Size(width: 10.5, height: 20))))
  }

  private func line(_ record: StoreIndex.Record?) -> String {
    String(decoding: StoreIndex.logLine(id, record), as: UTF8.self)
  }

  private func applied(_ text: String, to index: StoreIndex = StoreIndex()) -> (StoreIndex, Int) {
    var index = index
    let skipped = Array(text.utf8).withUnsafeBufferPointer { index.apply(log: $0) }
    return (index, skipped)
  }

  @Test func aRecordsLineAndARemovalLineReadBackInOrder() throws {
    let first = try record(title: "Quotes \" and \\ and\nnew lines ✓")
    let second = try record(title: "Second")
    let text = line(first) + line(nil) + line(second)
    #expect(text.split(separator: "\n").count == 3)
    let (index, skipped) = applied(text)
    #expect(skipped == 0)
    #expect(index.records == [id: second])
    let (removed, _) = applied(line(nil), to: index)
    #expect(removed.records.isEmpty)
  }

  @Test func aLineWrittenAnotherWayGoesThroughTheGeneralReader() throws {
    let written = line(try record(title: "T"))
      .replacingOccurrences(of: "\"fileSize\": ", with: "\"fileSize\":")
    let (index, skipped) = applied(written)
    #expect(skipped == 0)
    #expect(index.records[id] == (try record(title: "T")))
  }

  @Test(arguments: ["garbage\n", "{\"id\": \"aaa-bbb-ccc\"}\n", "[1]\n"])
  func aLineThatIsNoRecordIsSkipped(_ other: String) throws {
    let (index, skipped) = applied(line(try record(title: "T")) + other)
    #expect(skipped == 1)
    #expect(index.records[id] == (try record(title: "T")))
  }

  @Test func aLastLineWithoutItsLineFeedIsSkipped() throws {
    let (index, skipped) = applied(String(line(try record(title: "T")).dropLast()))
    #expect(skipped == 1)
    #expect(index.records.isEmpty)
  }
}
