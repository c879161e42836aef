import DrawdocJSON
import DrawdocModel
import DrawdocSVG

import DrawdocSystem

/// The cache in `index.json` and `index.log`: for each drawing file, its signature (size and
/// modification time) and its ``IndexEntry``, or why it is damaged. A record whose signature no
/// longer matches the file is stale and is read again from the file.
///
/// `index.json` holds every record as of its last whole write; `index.log` holds the records
/// written since, one line each, appended as drawings change (<doc:Store>): the index is
/// the first with the second applied in order.
struct StoreIndex: Equatable {
  enum Content: Equatable {
    case entry(IndexEntry)
    case damaged(String)
  }

  struct Record: Equatable {
    var signature: StoreFiles.Signature
    var content: Content
  }

  var records: [Identifier: Record] = [:]

  // MARK: - JSON

  /// The bytes of `index.json`: one drawing per line, sorted by id.
  var serialized: [UInt8] {
    var output = Array(#"{"format": "drawdoc-index", "version": 1, "drawings": ["#.utf8)
    for (offset, id) in records.keys.sorted().enumerated() {
      guard let record = records[id] else { continue }
      output.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
      Self.write(id, record, to: &output)
    }
    output.append(contentsOf: "\n]}\n".utf8)
    return output
  }

  /// One record as a JSON object, as `index.json` and `index.log` hold it.
  private static func write(_ id: Identifier, _ record: Record, to output: inout [UInt8]) {
    var members: [(key: String, value: JSONValue)] = [
      ("id", .string(id.description)),
      ("fileSize", .number(Double(record.signature.size))),
      ("fileSeconds", .number(Double(record.signature.modifiedSeconds))),
      ("fileNanoseconds", .number(Double(record.signature.modifiedNanoseconds))),
    ]
    switch record.content {
    case .entry(let entry):
      members += [
        ("title", .string(entry.title)), ("rectangles", .number(Double(entry.rectangleCount))),
        ("width", .number(entry.size.width)), ("height", .number(entry.size.height)),
        ("created", .string(entry.created.description)),
        ("modified", .string(entry.modified.description)),
      ]
    case .damaged(let reason):
      members.append(("damaged", .string(reason)))
    }
    JSONValue.object(members).write(to: &output)
  }

  /// Reads the bytes of `index.json`, or returns `nil` if they are not one this drawdoc wrote.
  init?(serialized bytes: UnsafeBufferPointer<UInt8>) {
    // The fast path reads exactly the layout `serialized` writes; anything else (an index
    // edited by hand, say) goes through the general JSON reader.
    if let fast = Self.readWrittenLayout(bytes) {
      self = fast
      return
    }
    guard let root = try? JSONValue.parse(Array(bytes)), root["format"] == .string("drawdoc-index"),
      root["version"] == .number(1), case .array(let items)? = root["drawings"]
    else { return nil }
    for item in items {
      guard let (id, record) = Self.record(in: item) else { return nil }
      records[id] = record
    }
  }

  init() {}

  /// A record from a JSON object read by the general reader, or `nil` if it is not one.
  private static func record(in item: JSONValue) -> (Identifier, Record)? {
    guard case .string(let idText)? = item["id"], let id = try? Identifier(idText),
      case .number(let size)? = item["fileSize"],
      case .number(let seconds)? = item["fileSeconds"],
      case .number(let nanoseconds)? = item["fileNanoseconds"]
    else { return nil }
    let signature = StoreFiles.Signature(
      size: Int64(size), modifiedSeconds: Int64(seconds), modifiedNanoseconds: Int64(nanoseconds))
    if case .string(let reason)? = item["damaged"] {
      return (id, Record(signature: signature, content: .damaged(reason)))
    }
    guard case .string(let title)? = item["title"],
      case .number(let count)? = item["rectangles"], let rectangleCount = Int(exactly: count),
      case .number(let width)? = item["width"], case .number(let height)? = item["height"],
      let canvas = try? Size(width: width, height: height),
      case .string(let createdText)? = item["created"], let created = try? Timestamp(createdText),
      case .string(let modifiedText)? = item["modified"],
      let modified = try? Timestamp(modifiedText)
    else { return nil }
    return (
      id,
      Record(
        signature: signature,
        content: .entry(
          IndexEntry(
            id: id, title: title, created: created, modified: modified,
            rectangleCount: rectangleCount, size: canvas)))
    )
  }

  // MARK: - The log

  /// The line `index.log` gets for a drawing: its record, or, when `record` is `nil`, that
  /// it is gone from the store (`{"id": …, "removed": true}`).
  static func logLine(_ id: Identifier, _ record: Record?) -> [UInt8] {
    var output: [UInt8] = []
    if let record {
      write(id, record, to: &output)
    } else {
      JSONValue.object([("id", .string(id.description)), ("removed", .bool(true))])
        .write(to: &output)
    }
    output.append(0x0A)
    return output
  }

  /// Applies the lines of `index.log`, in order. A line that is not a record (cut short by a
  /// crash, or edited by hand) is skipped: the record it would have set is then stale, or
  /// missing, and is read again from its drawing.
  ///
  /// - Returns: How many lines were skipped.
  @discardableResult
  mutating func apply(log bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var skipped = 0
    var start = 0
    while start < bytes.count {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A { end += 1 }
      let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
      start = end + 1
      guard !line.isEmpty else { continue }
      // A last line without its line feed was cut short.
      guard end < bytes.count, apply(logLine: line) else {
        skipped += 1
        continue
      }
    }
    return skipped
  }

  /// Applies one line of `index.log`.
  ///
  /// - Returns: Whether it was a record.
  private mutating func apply(logLine line: UnsafeBufferPointer<UInt8>) -> Bool {
    var cursor = LayoutCursor(bytes: line)
    if let (id, record) = cursor.record(), cursor.atEnd {
      records[id] = record
      return true
    }
    cursor = LayoutCursor(bytes: line)
    if cursor.expect(#"{"id": ""#), let id = cursor.identifier(),
      cursor.expect(#"", "removed": true}"#), cursor.atEnd
    {
      records[id] = nil
      return true
    }
    guard let item = try? JSONValue.parse(Array(line)) else { return false }
    if case .string(let idText)? = item["id"], let id = try? Identifier(idText),
      item["removed"] == .bool(true)
    {
      records[id] = nil
      return true
    }
    guard let (id, record) = Self.record(in: item) else { return false }
    records[id] = record
    return true
  }

  // MARK: - The fast path

  /// Reads the index line by line, expecting each member where `serialized` puts it.
  static func readWrittenLayout(_ bytes: UnsafeBufferPointer<UInt8>) -> StoreIndex? {
    var cursor = LayoutCursor(bytes: bytes)
    guard cursor.expect(#"{"format": "drawdoc-index", "version": 1, "drawings": ["#) else {
      return nil
    }
    var index = StoreIndex()
    index.records.reserveCapacity(bytes.count / 200)
    while cursor.expect("\n  ") || cursor.expect(",\n  ") {
      guard let (id, record) = cursor.record() else { return nil }
      index.records[id] = record
    }
    guard cursor.expect("\n]}\n") || cursor.expect("]}\n"), cursor.atEnd else { return nil }
    return index
  }
}
