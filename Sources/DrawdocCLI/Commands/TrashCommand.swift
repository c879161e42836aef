import DrawdocEditing
import DrawdocModel

/// `drawdoc trash`: lists the trash, brings a drawing back, or empties it.
struct TrashCommand: Command {
  static let name = "trash"
  static let abstract = "List the trash, bring a drawing back from it, or empty it."
  static let usage = "drawdoc trash [--json] | --restore ID | --empty [ID]"
  static let arguments: [ArgumentSpecification] = [ArgumentSpecification("ID", .trashedDrawing)]
  static let options: [OptionSpecification] = [
    .flag("json", help: "List as JSON (see Schema/drawdoc-trash.schema.json)."),
    .value(
      "restore", placeholder: "ID", kind: .trashedDrawing,
      help: "Bring this drawing back, with its history."),
    .flag("empty", help: "Remove every drawing in the trash for good, or only ID if given."),
    StoreAccess.option,
  ]
  static let discussion = """
    'drawdoc delete DOC' moves a drawing here with its history; list, gallery and lookups by
    title no longer see it. --restore brings it back as it was, with every version; --empty
    removes it for good. ID is a drawing's id or its exact title among those in the trash.
    """

  enum Action {
    case list(json: Bool)
    case restore(String)
    case empty(String?)
  }

  let arguments: ParsedArguments
  let action: Action

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    let restore = arguments.value("restore")
    let empty = arguments.flag("empty")
    if restore != nil && empty {
      throw .invalidValue(
        command: Self.name, option: "empty", value: "--empty",
        expected: "either --restore ID or --empty, not both")
    }
    if let restore {
      try arguments.expectPositionals(atMost: 0)
      action = .restore(restore)
    } else if empty {
      try arguments.expectPositionals(atMost: 1)
      action = .empty(arguments.positionals.first)
    } else {
      try arguments.expectPositionals(atMost: 0)
      action = .list(json: arguments.flag("json"))
    }
    if arguments.flag("json"), case .list = action {
    } else if arguments.flag("json") {
      throw .invalidValue(
        command: Self.name, option: "json", value: "--json",
        expected: "no --json with --restore or --empty: it applies to the listing")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    switch action {
    case .list(let json):
      let rows = try store.trashedDrawings()
      context.standardOutput.write(json ? Self.json(rows) : Array(Self.table(rows).utf8))
    case .restore(let name):
      let id = try store.resolveTrashed(name)
      try Editing(store: store).restoreFromTrash(id)
      context.standardOutput.writeLine(id.description)
    case .empty(let name):
      let removed = try Editing(store: store).emptyTrash(
        try name.map { (name) throws(StoreError) in
          try store.resolveTrashed(name)
        })
      context.standardOutput.write(removed.map { "\($0)\n" }.joined())
    }
    return .success
  }

  static func json(_ rows: [TrashedDrawing]) -> [UInt8] {
    ListingView.array(rows.map(ListingView.object))
  }

  static func table(_ rows: [TrashedDrawing]) -> String {
    guard !rows.isEmpty else { return "The trash is empty.\n" }
    let titles = rows.map { DisplayText.single($0.title) }
    let titleWidth = max(5, titles.map(\.count).max() ?? 0)
    func padded(_ value: String, _ width: Int, right: Bool = false) -> String {
      let blanks = String(repeating: " ", count: max(0, width - value.count))
      return right ? blanks + value : value + blanks
    }
    var text = "ID           \(padded("TITLE", titleWidth))  RECTANGLES  VERSION  DELETED\n"
    let localTime = LocalTime()
    for (row, title) in zip(rows, titles) {
      text += "\(row.id)  \(padded(title, titleWidth))  "
      text += "\(padded(String(row.rectangleCount), 10, right: true))  "
      text += "\(padded(String(row.version), 7, right: true))  \(localTime.format(row.trashed))\n"
    }
    return text
  }
}
