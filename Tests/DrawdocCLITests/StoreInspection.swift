import Foundation
import Testing

// What the crash, concurrency and change-stream tests read back from a store: the JSON that
// `history`, `trash` and `watch` print, and the store's change journal.

/// The number of versions of each drawing a store keeps unless told otherwise
/// (`StoreSettings.defaultHistoryLimit`; `drawdoc config history-limit` changes it).
let defaultHistoryLimit = 100

/// `history DOC --json`, decoded (`Schema/drawdoc-history.schema.json`).
struct KeptHistory: Decodable {
  struct Step: Decodable {
    var change: String
    var version: Int
  }

  struct Entry: Decodable {
    var version: Int
    var time: String
    var rectangles: Int
    var title: String
    var change: String
  }

  var id: String
  var title: String
  var trashed: String?
  var limit: Int
  var undo: Step?
  var redo: Step?
  /// Newest (the current version) first.
  var versions: [Entry]

  /// The problem with the version numbers, if any: they must run without a gap from the
  /// current one down to the oldest the store keeps.
  func numberingProblem(limit: Int = defaultHistoryLimit) -> String? {
    guard let top = versions.first?.version else { return "no version is listed" }
    let expected = Array(stride(from: top, through: max(1, top - limit + 1), by: -1))
    let listed = versions.map(\.version)
    return listed == expected ? nil : "versions \(listed), expected \(expected)"
  }
}

/// One row of `trash --json` (`Schema/drawdoc-trash.schema.json`).
struct TrashListingRow: Decodable {
  var id: String
  var title: String
  var rectangles: Int
  var version: Int
  var trashed: String
}

/// One event of `watch --json` and one line of `changes.log`
/// (`Schema/drawdoc-event.schema.json`).
struct StoreEventLine: Decodable, Equatable {
  var sequence: Int
  var event: String
  var id: String
  var version: Int
  var time: String
  var title: String
  var change: String

  /// Whether the event made a new version of its drawing.
  var makesVersion: Bool { ["created", "changed", "renamed"].contains(event) }

  /// Reads one line, or returns `nil` for a line that is not an event.
  init?(line: some StringProtocol) {
    guard let event = try? JSONDecoder().decode(Self.self, from: Data(line.utf8)) else {
      return nil
    }
    self = event
  }
}

extension Sandbox {
  /// `history DOC --json`: how it ended, and the history if it exited 0.
  func keptHistory(_ document: String) throws -> (CommandResult, KeptHistory?) {
    let result = run(["history", document, "--json"])
    guard result.status == 0 else { return (result, nil) }
    return (
      result, try JSONDecoder().decode(KeptHistory.self, from: Data(result.standardOutput.utf8))
    )
  }

  /// `trash --json`, expecting success.
  func trashListing(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> [TrashListingRow]
  {
    let result = run(["trash", "--json"])
    #expect(result.status == 0, "trash: \(result.standardError)", sourceLocation: sourceLocation)
    guard result.status == 0 else { return [] }
    return try JSONDecoder().decode([TrashListingRow].self, from: Data(result.standardOutput.utf8))
  }

  /// The lines of the store's change journal, `STORE/changes.log`, without their line feeds.
  func journalLines() throws -> [String] {
    let path = "\(store)/changes.log"
    guard FileManager.default.fileExists(atPath: path) else { return [] }
    return try String(contentsOfFile: path, encoding: .utf8)
      .split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// The events of the change journal; a line that is not an event (one a crash cut short)
  /// is left out.
  func journalEvents() throws -> [StoreEventLine] {
    try journalLines().compactMap { StoreEventLine(line: $0) }
  }
}

/// The problem with a run of events, if any: sequence numbers must follow one another with no
/// gap and no repeat.
func sequenceProblem(_ events: [StoreEventLine]) -> String? {
  for (earlier, later) in zip(events, events.dropFirst())
  where later.sequence != earlier.sequence + 1 {
    return "event \(later.sequence) follows event \(earlier.sequence)"
  }
  return nil
}
