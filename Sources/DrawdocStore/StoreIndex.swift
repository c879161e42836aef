import DrawdocJSON
import DrawdocModel
import DrawdocSVG

import DrawdocSystem

/// The cache in `index.json`: for each drawing file, its signature (size and modification
/// time) and its ``IndexEntry``, or why it is damaged. A record whose signature no longer
/// matches the file is stale and is read again from the file.
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
    output.append(contentsOf: "\n]}\n".utf8)
    return output
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
      guard case .string(let idText)? = item["id"], let id = try? Identifier(idText),
        case .number(let size)? = item["fileSize"],
        case .number(let seconds)? = item["fileSeconds"],
        case .number(let nanoseconds)? = item["fileNanoseconds"]
      else { return nil }
      let signature = StoreFiles.Signature(
        size: Int64(size), modifiedSeconds: Int64(seconds), modifiedNanoseconds: Int64(nanoseconds))
      if case .string(let reason)? = item["damaged"] {
        records[id] = Record(signature: signature, content: .damaged(reason))
        continue
      }
      guard case .string(let title)? = item["title"],
        case .number(let count)? = item["rectangles"], let rectangleCount = Int(exactly: count),
        case .number(let width)? = item["width"], case .number(let height)? = item["height"],
        let canvas = try? Size(width: width, height: height),
        case .string(let createdText)? = item["created"], let created = try? Timestamp(createdText),
        case .string(let modifiedText)? = item["modified"],
        let modified = try? Timestamp(modifiedText)
      else { return nil }
      records[id] = Record(
        signature: signature,
        content: .entry(
          IndexEntry(
            id: id, title: title, created: created, modified: modified,
            rectangleCount: rectangleCount, size: canvas)))
    }
  }

  init() {}

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
      guard cursor.expect(#"{"id": ""#), let id = cursor.identifier(),
        cursor.expect(#"", "fileSize": "#),
        let size = cursor.integer(), cursor.expect(#", "fileSeconds": "#),
        let seconds = cursor.integer(), cursor.expect(#", "fileNanoseconds": "#),
        let nanoseconds = cursor.integer()
      else { return nil }
      let signature = StoreFiles.Signature(
        size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds)
      if cursor.expect(#", "damaged": "#) {
        guard let reason = cursor.string(), cursor.expect("}") else { return nil }
        index.records[id] = Record(signature: signature, content: .damaged(reason))
        continue
      }
      guard cursor.expect(#", "title": "#), let title = cursor.string(),
        cursor.expect(#", "rectangles": "#), let count = cursor.integer(),
        cursor.expect(#", "width": "#), let width = cursor.number(),
        cursor.expect(#", "height": "#), let height = cursor.number(),
        cursor.expect(#", "created": ""#), let created = cursor.timestamp(),
        cursor.expect(#"", "modified": ""#), let modified = cursor.timestamp(),
        cursor.expect(#""}"#), let canvas = try? Size(width: width, height: height)
      else { return nil }
      index.records[id] = Record(
        signature: signature,
        content: .entry(
          IndexEntry(
            id: id, title: title, created: created, modified: modified,
            rectangleCount: Int(count), size: canvas)))
    }
    guard cursor.expect("\n]}\n") || cursor.expect("]}\n"), cursor.atEnd else { return nil }
    return index
  }
}

/// A cursor over index bytes for the fast path: every read either matches and moves on, or
/// returns `nil`/`false` so that the caller falls back to the general reader.
private struct LayoutCursor {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  var atEnd: Bool { position == bytes.count }

  mutating func expect(_ literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count else { return false }
    let matches =
      bytes.baseAddress.map { Memory.equal($0 + position, literal.utf8Start, count: count) }
      ?? false
    if matches { position += count }
    return matches
  }

  mutating func identifier() -> Identifier? {
    guard position + 11 <= bytes.count else { return nil }
    let id = Identifier(utf8: UnsafeBufferPointer(rebasing: bytes[position..<position + 11]))
    if id != nil { position += 11 }
    return id
  }

  mutating func integer() -> Int64? {
    var value: Int64 = 0
    var negative = false
    if position < bytes.count, bytes[position] == UInt8(ascii: "-") {
      negative = true
      position += 1
    }
    let start = position
    while position < bytes.count, bytes[position] &- 0x30 < 10, position - start < 18 {
      value = value * 10 + Int64(bytes[position] &- 0x30)
      position += 1
    }
    return position > start ? (negative ? -value : value) : nil
  }

  /// A number as the writer writes it: whole numbers directly, others through the shared
  /// JSON number reader.
  mutating func number() -> Double? {
    let start = position
    if let whole = integer(), position < bytes.count, ",}".utf8.contains(bytes[position]),
      bytes[start] != UInt8(ascii: "-") || whole != 0
    {
      return Double(whole)
    }
    position = start
    while position < bytes.count, !",}".utf8.contains(bytes[position]) { position += 1 }
    guard case .number(let value)? = try? JSONValue.parse(Array(bytes[start..<position])) else {
      return nil
    }
    return value
  }

  /// A JSON string; one without escapes is decoded in place, others by the JSON reader.
  mutating func string() -> String? {
    guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
    var end = position + 1
    var escaped = false
    while end < bytes.count, bytes[end] != UInt8(ascii: "\"") {
      if bytes[end] == UInt8(ascii: "\\") {
        escaped = true
        end += 1
      }
      end += 1
    }
    guard end < bytes.count else { return nil }
    defer { position = end + 1 }
    if escaped {
      guard case .string(let text)? = try? JSONValue.parse(Array(bytes[position...end])) else {
        return nil
      }
      return text
    }
    return String(validating: bytes[(position + 1)..<end], as: UTF8.self)
  }

  mutating func timestamp() -> Timestamp? {
    guard position + 20 <= bytes.count else { return nil }
    let time = Timestamp(utf8: UnsafeBufferPointer(rebasing: bytes[position..<position + 20]))
    guard let time else { return nil }
    position += 20
    return time
  }
}
