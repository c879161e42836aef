import DrawdocEditing
import DrawdocModel

/// `drawdoc list`: one row per drawing, newest first.
struct ListCommand: Command {
  static let name = "list"
  static let abstract = "List the drawings in the store, newest first."
  static let usage = "drawdoc list [--json]"
  static let arguments: [ArgumentSpecification] = []
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
    ListingView.array(
      rows.map { row in
        switch row {
        case .drawing(let entry): ListingView.object(entry, thumbnail: thumbnails(entry.id))
        case .damaged(let id, let reason): ListingView.damaged(id, reason: reason)
        }
      })
  }

  static func table(_ rows: [ListedDrawing]) -> [UInt8] {
    guard !rows.isEmpty else { return Array("No drawings yet: 'drawdoc new' makes one.\n".utf8) }
    // Titles as shown, with their widths in characters; printable ASCII (the usual case) is
    // shown as it is and counted by its bytes.
    var titles: [(text: String, width: Int)] = []
    titles.reserveCapacity(rows.count)
    var titleWidth = 5
    var countWidth = 10
    for row in rows {
      let title: (text: String, width: Int)
      switch row {
      case .drawing(let entry):
        let bytes = entry.title.utf8
        if bytes.count < 40, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
          title = (entry.title, bytes.count)
        } else {
          let shown = DisplayText.single(entry.title)
          title = (shown, shown.count)
        }
        countWidth = max(countWidth, decimalDigits(entry.rectangleCount))
      case .damaged:
        let text = "(damaged: drawdoc validate shows why)"
        title = (text, text.utf8.count)
      }
      titles.append(title)
      titleWidth = max(titleWidth, title.width)
    }
    let timeWidth = 16
    var bytes: [UInt8] = []
    bytes.reserveCapacity((rows.count + 1) * (11 + titleWidth + countWidth + 2 * timeWidth + 10))
    let blanks = [UInt8](repeating: 0x20, count: 64)
    func pad(_ count: Int) {
      var left = count
      while left > 0 {
        bytes.append(contentsOf: blanks[..<min(left, blanks.count)])
        left -= blanks.count
      }
    }
    // Counts are right-aligned; the last column is not padded, so no line ends in blanks.
    bytes.append(contentsOf: "ID           TITLE".utf8)
    pad(titleWidth - 5 + 2 + countWidth - 10)
    bytes.append(contentsOf: "RECTANGLES  CREATED".utf8)
    pad(timeWidth - 7 + 2)
    bytes.append(contentsOf: "MODIFIED\n".utf8)
    let localTime = LocalTime()
    for (row, title) in zip(rows, titles) {
      row.id.appendUTF8(to: &bytes)
      pad(2)
      bytes.append(contentsOf: title.text.utf8)
      guard case .drawing(let entry) = row else {
        pad(titleWidth - title.width + 2 + countWidth - 1)
        bytes.append(contentsOf: "-  -                 -\n".utf8)
        continue
      }
      let count = entry.rectangleCount
      pad(titleWidth - title.width + 2 + countWidth - decimalDigits(count))
      appendDecimal(count, to: &bytes)
      pad(2)
      localTime.append(entry.created, to: &bytes)
      pad(2)
      localTime.append(entry.modified, to: &bytes)
      bytes.append(0x0A)
    }
    return bytes
  }

  private static func decimalDigits(_ value: Int) -> Int {
    var digits = 1
    var rest = value
    while rest >= 10 || rest <= -10 {
      rest /= 10
      digits += 1
    }
    return value < 0 ? digits + 1 : digits
  }

  private static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
    guard value >= 0 else { return bytes.append(contentsOf: String(value).utf8) }
    var divisor = 1
    while value / divisor >= 10 { divisor *= 10 }
    while divisor > 0 {
      bytes.append(0x30 &+ UInt8(truncatingIfNeeded: value / divisor % 10))
      divisor /= 10
    }
  }
}
