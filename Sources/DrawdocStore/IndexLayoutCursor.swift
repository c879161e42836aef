import DrawdocJSON
import DrawdocModel
import DrawdocSystem

/// A cursor over index bytes for the fast path of `index.json` and `index.log`: every read either matches and moves on, or
/// returns `nil`/`false` so that the caller falls back to the general reader.
struct LayoutCursor {
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

  /// One record, exactly as ``StoreIndex/serialized`` writes it.
  mutating func record() -> (Identifier, StoreIndex.Record)? {
    guard expect(#"{"id": ""#), let id = identifier(), expect(#"", "fileSize": "#),
      let size = integer(), expect(#", "fileSeconds": "#),
      let seconds = integer(), expect(#", "fileNanoseconds": "#),
      let nanoseconds = integer()
    else { return nil }
    let signature = StoreFiles.Signature(
      size: size, modifiedSeconds: seconds, modifiedNanoseconds: nanoseconds)
    if expect(#", "damaged": "#) {
      guard let reason = string(), expect("}") else { return nil }
      return (id, .init(signature: signature, content: .damaged(reason)))
    }
    guard expect(#", "title": "#), let title = string(),
      expect(#", "rectangles": "#), let count = integer(),
      expect(#", "width": "#), let width = number(),
      expect(#", "height": "#), let height = number(),
      expect(#", "created": ""#), let created = timestamp(),
      expect(#"", "modified": ""#), let modified = timestamp(),
      expect(#""}"#), let canvas = try? Size(width: width, height: height)
    else { return nil }
    return (
      id,
      .init(
        signature: signature,
        content: .entry(
          IndexEntry(
            id: id, title: title, created: created, modified: modified,
            rectangleCount: Int(count), size: canvas)))
    )
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
