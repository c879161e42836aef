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
