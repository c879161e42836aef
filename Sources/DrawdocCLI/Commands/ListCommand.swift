import DrawdocModel
import DrawdocStore
import DrawdocSVG
import DrawdocStore

/// `drawdoc list`: one row per drawing, newest first.
struct ListCommand: Command {
  static let name = "list"
  static let abstract = "List the drawings in the store, newest first."
  static let usage = "drawdoc list [--json]"
  static let options: [OptionSpecification] = [
    .flag("json", help: "Print a JSON array (see Schema/drawdoc-list.schema.json)."),
    StoreAccess.option,
  ]
  static let discussion = """
    Damaged drawing files are listed as damaged and left in place; a missing, damaged or
    stale index.json is rebuilt from the drawings with a warning.
    """

  let arguments: ParsedArguments
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    self.arguments = arguments
    json = arguments.flag("json")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let listing = try store.list()
    for warning in listing.warnings { context.standardError.writeLine("warning: \(warning)") }
    for case .damaged(let id, let reason) in listing.drawings {
      context.standardError.writeLine("warning: drawing \(id) is damaged: \(reason)")
    }
    if json {
      context.standardOutput.write(Self.json(listing.drawings, thumbnails: store.thumbnailState))
    } else {
      context.standardOutput.write(Self.table(listing.drawings))
    }
    return .success
  }

  static func json(_ rows: [ListedDrawing], thumbnails: (Identifier) -> Thumbnail.State)
    -> [UInt8]
  {
    var output = Array("[".utf8)
    for (offset, row) in rows.enumerated() {
      output.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
      let object: JSONValue
      switch row {
      case .drawing(let entry):
        object = .object([
          ("id", .string(entry.id.description)), ("title", .string(entry.title)),
          ("rectangles", .number(Double(entry.rectangleCount))),
          ("width", .number(entry.size.width)), ("height", .number(entry.size.height)),
          ("created", .string(entry.created.description)),
          ("modified", .string(entry.modified.description)),
          ("thumbnail", .string(thumbnails(entry.id).rawValue)),
        ])
      case .damaged(let id, let reason):
        object = .object([("id", .string(id.description)), ("damaged", .string(reason))])
      }
      object.write(to: &output)
    }
    output.append(contentsOf: (rows.isEmpty ? "]\n" : "\n]\n").utf8)
    return output
  }

  static func table(_ rows: [ListedDrawing]) -> [UInt8] {
    guard !rows.isEmpty else { return Array("No drawings yet: 'drawdoc new' makes one.\n".utf8) }
    // Widths in characters; ASCII text (the usual case) is counted by its bytes.
    func width(_ text: String) -> Int {
      text.utf8.allSatisfy { $0 < 0x80 } ? text.utf8.count : text.count
    }
    let titles = rows.map { row -> String in
      guard case .drawing(let entry) = row else { return "(damaged: drawdoc validate shows why)" }
      return DisplayText.single(entry.title)
    }
    let counts = rows.map { row -> String in
      guard case .drawing(let entry) = row else { return "-" }
      return String(entry.rectangleCount)
    }
    let titleWidth = max(5, titles.map(width).max() ?? 0)
    let countWidth = max(10, counts.map { $0.utf8.count }.max() ?? 0)
    let timeWidth = 16
    var bytes: [UInt8] = []
    bytes.reserveCapacity((rows.count + 1) * (11 + titleWidth + countWidth + 2 * timeWidth + 10))
    func pad(_ count: Int) { bytes.append(contentsOf: repeatElement(0x20, count: count)) }
    // Counts are right-aligned; the last column is not padded, so no line ends in blanks.
    func line(_ id: Identifier?, _ title: String, _ count: String, _ times: () -> Void) {
      if let id {
        id.appendUTF8(to: &bytes)
        pad(2)
      } else {
        bytes.append(contentsOf: "ID           ".utf8)
      }
      bytes.append(contentsOf: title.utf8)
      pad(titleWidth - width(title) + 2 + countWidth - count.utf8.count)
      bytes.append(contentsOf: count.utf8)
      pad(2)
      times()
      bytes.append(0x0A)
    }
    line(nil, "TITLE", "RECTANGLES") {
      bytes.append(contentsOf: "CREATED".utf8)
      pad(timeWidth - 7 + 2)
      bytes.append(contentsOf: "MODIFIED".utf8)
    }
    let localTime = LocalTime()
    for (offset, row) in rows.enumerated() {
      line(row.id, titles[offset], counts[offset]) {
        guard case .drawing(let entry) = row else {
          bytes.append(contentsOf: "-                 -".utf8)
          return
        }
        localTime.append(entry.created, to: &bytes)
        pad(2)
        localTime.append(entry.modified, to: &bytes)
      }
    }
    return bytes
  }
}
