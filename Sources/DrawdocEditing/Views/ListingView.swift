import DrawdocJSON
import DrawdocModel
import DrawdocStore

/// The drawings of a store and of its trash as JSON objects: what `drawdoc list --json` and
/// `drawdoc trash --json` print (`Schema/drawdoc-list.schema.json`,
/// `Schema/drawdoc-trash.schema.json`) and what the app's drawings page reads.
package enum ListingView {
  /// A drawing of the store, with the state of its thumbnail when it is known.
  package static func object(_ entry: IndexEntry, thumbnail: Thumbnail.State? = nil) -> JSONValue {
    var members: [(String, JSONValue)] = [
      ("id", .string(entry.id.description)), ("title", .string(entry.title)),
      ("rectangles", .number(Double(entry.rectangleCount))),
      ("width", .number(entry.size.width)), ("height", .number(entry.size.height)),
      ("created", .string(entry.created.description)),
      ("modified", .string(entry.modified.description)),
    ]
    if let thumbnail { members.append(("thumbnail", .string(thumbnail.rawValue))) }
    return .object(members)
  }

  /// A drawing file that cannot be read, and why.
  package static func damaged(_ id: Identifier, reason: String) -> JSONValue {
    .object([("id", .string(id.description)), ("damaged", .string(reason))])
  }

  /// A drawing in the trash.
  package static func object(_ row: TrashedDrawing) -> JSONValue {
    .object([
      ("id", .string(row.id.description)), ("title", .string(row.title)),
      ("rectangles", .number(Double(row.rectangleCount))),
      ("version", .number(Double(row.version))), ("trashed", .string(row.trashed.description)),
    ])
  }

  /// Objects as a JSON array, one per line.
  package static func array(_ objects: [JSONValue]) -> [UInt8] {
    var output = Array("[".utf8)
    for (offset, object) in objects.enumerated() {
      output.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
      object.write(to: &output)
    }
    output.append(contentsOf: (objects.isEmpty ? "]\n" : "\n]\n").utf8)
    return output
  }
}
