import DrawdocEditing
import DrawdocModel

/// `drawdoc watch`: prints the store's changes as they happen.
struct WatchCommand: Command {
  static let name = "watch"
  static let abstract = "Print each change to the store (or to one drawing) as it happens."
  static let usage = "drawdoc watch [DOC] [--json] [--since VERSION]"
  static let arguments: [ArgumentSpecification] = [.document]
  static let options: [OptionSpecification] = [
    .flag("json", help: "One JSON object per line (see Schema/drawdoc-event.schema.json)."),
    .value(
      "since", placeholder: "VERSION",
      help: "First print what happened after this version (see below), then go on."),
    StoreAccess.option,
  ]
  static let discussion = """
    Runs until interrupted (Ctrl-C), printing one line per change made by any process: a
    drawing created, changed, renamed, moved to the trash, restored from it, or removed for
    good. Each change has a number in the store's order, shown as #N (JSON: "sequence"), and
    the drawing's version after it.

    --since: without DOC, VERSION is a change number: the changes after it that the journal
    still keeps are printed first (a watcher that restarts passes the last number it saw).
    With DOC, VERSION is the drawing's version: what happened to it after that version was
    made is printed first.
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String?
  let json: Bool
  let since: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = arguments.positionals.first
    json = arguments.flag("json")
    since = try arguments.value("since").map { (text) throws(CommandLineError) in
      guard let value = Int(text), value >= 0 else {
        throw .invalidValue(
          command: Self.name, option: "since", value: text,
          expected: "a whole number from 0: a change number, or with DOC a version")
      }
      return value
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store: DocumentStore
    let id: Identifier?
    if let document {
      (store, id) = try DocumentArgument.stored(
        document, arguments, context, refusingFile: .watch, includingTrash: true)
    } else {
      (store, id) = (try StoreAccess.open(arguments, context), nil)
    }
    // With DOC, the journal is read from its start to find the version asked for.
    let follower = try ChangeFollower(
      store: store, after: id == nil ? since : (since == nil ? nil : 0))
    var anchor = id == nil ? nil : since
    let localTime = LocalTime()
    while !follower.isStopped {
      let events: [StoreEvent]
      do {
        events = try follower.next()
      } catch {
        switch error {
        case .eventsNoLongerKept, .journalRestarted: break
        default: throw error
        }
        // A gap before the version asked for is found is what DOC --since skips anyway.
        if id == nil || anchor == nil { context.standardError.writeLine("warning: \(error)") }
        continue
      }
      var output: [UInt8] = []
      for event in events where id == nil || event.id == id {
        if let version = anchor {
          // Before the version asked for is found, what comes before it is passed over.
          let makesVersion = [.created, .changed, .renamed].contains(event.kind)
          if makesVersion && event.version == version {
            anchor = nil
            continue
          }
          // A trash event carries the version it found: at V, it came after V was made.
          guard event.version > version || (!makesVersion && event.version == version) else {
            continue
          }
          anchor = nil
        }
        output += json ? event.jsonLine : Array(Self.line(event, localTime).utf8)
      }
      if !output.isEmpty {
        context.standardOutput.write(output)
        // `drawdoc watch | head -3`: nobody reads any more.
        if context.standardOutput.isClosed { break }
      }
    }
    return .success
  }

  /// `#12 2026-11-24 10:05:12 changed k3j-9xa-0pq v5 "Sketch": set color of afy-kw5-t7o`.
  static func line(_ event: StoreEvent, _ localTime: LocalTime) -> String {
    "#\(event.sequence) \(localTime.formatWithSeconds(event.time)) \(event.kind.rawValue) "
      + "\(event.id) v\(event.version) \"\(DisplayText.single(event.title))\": "
      + "\(DisplayText.single(event.change, limit: 200))\n"
  }
}
