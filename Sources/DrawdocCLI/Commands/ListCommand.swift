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

  static func table(_ rows: [ListedDrawing]) -> String {
    guard !rows.isEmpty else { return "No drawings yet: 'drawdoc new' makes one.\n" }
    var cells = [["ID", "TITLE", "RECTANGLES", "CREATED", "MODIFIED"]]
    for row in rows {
      switch row {
      case .drawing(let entry):
        cells.append([
          entry.id.description, DisplayText.single(entry.title), String(entry.rectangleCount),
          LocalTime.format(entry.created), LocalTime.format(entry.modified),
        ])
      case .damaged(let id, _):
        cells.append([id.description, "(damaged: drawdoc validate shows why)", "-", "-", "-"])
      }
    }
    let widths = (0..<5).map { column in cells.map { $0[column].count }.max() ?? 0 }
    var text = ""
    text.reserveCapacity(cells.count * (widths.reduce(0, +) + 10))
    for row in cells {
      for (column, cell) in row.enumerated() {
        let padding = String(repeating: " ", count: widths[column] - cell.count)
        if column > 0 { text += "  " }
        // Counts are right-aligned; the last column is not padded, so no line ends in blanks.
        text += column == 2 ? padding + cell : column == 4 ? cell : cell + padding
      }
      text += "\n"
    }
    return text
  }
}
