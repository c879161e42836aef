import DrawdocModel
import DrawdocSVG

/// The cache in `index.json`: for each drawing file, its signature (size and modification
/// time) and its ``IndexEntry``, or why it is damaged. A record whose signature no longer
/// matches the file is stale and is read again from the file.
struct StoreIndex: Equatable {
  enum Content: Equatable {
    case entry(IndexEntry)
    case damaged(String)
  }

  struct Record: Equatable {
    var signature: FileSystem.Signature
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

  /// Reads `index.json`, or returns `nil` if it is not one this drawdoc wrote.
  init?(serialized bytes: [UInt8]) {
    guard let root = try? JSONValue.parse(bytes), root["format"] == .string("drawdoc-index"),
      root["version"] == .number(1), case .array(let items)? = root["drawings"]
    else { return nil }
    for item in items {
      guard case .string(let idText)? = item["id"], let id = try? Identifier(idText),
        case .number(let size)? = item["fileSize"],
        case .number(let seconds)? = item["fileSeconds"],
        case .number(let nanoseconds)? = item["fileNanoseconds"]
      else { return nil }
      let signature = FileSystem.Signature(
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
}
