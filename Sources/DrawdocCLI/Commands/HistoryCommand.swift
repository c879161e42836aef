import DrawdocEditing
import DrawdocModel

/// `drawdoc history`: the kept versions of a drawing, newest first.
struct HistoryCommand: Command {
  static let name = "history"
  static let abstract = "List the kept versions of a drawing, newest first."
  static let usage = "drawdoc history DOC [--json]"
  static let arguments: [ArgumentSpecification] = [.document]
  static let options: [OptionSpecification] = [
    .flag("json", help: "Print JSON (see Schema/drawdoc-history.schema.json)."),
    StoreAccess.option,
  ]
  static let discussion = """
    Every change keeps the version it replaces. Version 1 is the drawing as created, and
    numbers only grow: undo, redo and restore make new versions too. 'drawdoc open DOC --at N'
    and 'drawdoc export DOC --at N' read an old version; 'drawdoc restore DOC N' makes it
    current again. A drawing in the trash has its history too (name it by its id). The store
    keeps the last 100 versions of each drawing ('drawdoc config history-limit N' sets another
    number).
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    json = arguments.flag("json")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let (store, id) = try DocumentArgument.stored(
      document, arguments, context, refusingFile: .history, includingTrash: true)
    let history = try store.history(of: id)
    let limit = store.settings.historyLimit
    context.standardOutput.write(
      json ? HistoryView.json(history, limit: limit) : Array(Self.text(history, limit: limit).utf8))
    return .success
  }

  static func text(_ history: DrawingHistory, limit: Int) -> String {
    let title = history.current.map { DisplayText.single($0.title, limit: 60) } ?? ""
    let count = history.versions.count == 1 ? "1 version" : "\(history.versions.count) versions"
    var text = "\(title.isEmpty ? "(untitled)" : title) (\(history.id)): \(count) kept"
    text += " (the store keeps \(limit))\n"
    if let trashed = history.trashed {
      text += "in the trash since \(LocalTime.format(trashed)): "
      text += "'drawdoc trash --restore \(history.id)' brings it back\n"
    }
    let numberWidth = max(7, history.versions.map { String($0.number).count }.max() ?? 0)
    let countWidth = max(10, history.versions.map { String($0.rectangleCount).count }.max() ?? 0)
    func padded(_ value: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - value.count)) + value
    }
    text += "\(padded("VERSION", numberWidth))  TIME                 "
    text += "\(padded("RECTANGLES", countWidth))  CHANGE\n"
    let localTime = LocalTime()
    for version in history.versions {
      text += "\(padded(String(version.number), numberWidth))  "
      text += "\(localTime.formatWithSeconds(version.time))  "
      text += "\(padded(String(version.rectangleCount), countWidth))  "
      text += DisplayText.single(version.change, limit: 200) + "\n"
    }
    if let undo = history.undo {
      text += "undo takes back: \(DisplayText.single(undo.change, limit: 200)) "
      text += "(back to version \(undo.version))\n"
    } else {
      text += "undo: nothing to undo\n"
    }
    if let redo = history.redo {
      text += "redo makes again: \(DisplayText.single(redo.change, limit: 200)) "
      text += "(forward to version \(redo.version))\n"
    } else {
      text += "redo: nothing to redo\n"
    }
    return text
  }
}
