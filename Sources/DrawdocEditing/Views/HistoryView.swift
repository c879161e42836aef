import DrawdocJSON
import DrawdocModel
import DrawdocStore

/// A drawing's history as JSON: what `drawdoc history --json` prints
/// (`Schema/drawdoc-history.schema.json`) and what the app reads of undo and redo.
package enum HistoryView {
  /// An undo or redo step: the change it takes back or makes again, and the version it leads
  /// to; `null` when there is none.
  package static func step(_ step: DrawingHistory.Step?) -> JSONValue {
    step.map {
      .object([("change", .string($0.change)), ("version", .number(Double($0.version)))])
    } ?? .null
  }

  /// The whole history: the drawing, the store's limit, undo and redo, then the versions,
  /// newest first, one per line.
  package static func json(_ history: DrawingHistory, limit: Int) -> [UInt8] {
    var output = JSONValue.object([
      ("id", .string(history.id.description)),
      ("title", .string(history.current?.title ?? "")),
      ("trashed", history.trashed.map { .string($0.description) } ?? .null),
      ("limit", .number(Double(limit))), ("undo", step(history.undo)),
      ("redo", step(history.redo)),
    ]).serialized
    // The versions last, one per line.
    output.removeLast()
    output.append(contentsOf: #", "versions": ["#.utf8)
    for (offset, version) in history.versions.enumerated() {
      output.append(contentsOf: (offset == 0 ? "\n  " : ",\n  ").utf8)
      JSONValue.object([
        ("version", .number(Double(version.number))), ("time", .string(version.time.description)),
        ("rectangles", .number(Double(version.rectangleCount))),
        ("title", .string(version.title)), ("change", .string(version.change)),
      ]).write(to: &output)
    }
    output.append(contentsOf: "\n]}\n".utf8)
    return output
  }

  /// What a view of one version needs beside the drawing: the journal's last event, the
  /// version, and where undo and redo lead from it.
  package static func versionMembers(
    sequence: Int, revision: Revision, history: DrawingHistory
  ) -> [(String, JSONValue)] {
    versionMembers(sequence: sequence, version: revision.version, history: history)
  }

  /// ``versionMembers(sequence:revision:history:)`` for a version given by its number.
  package static func versionMembers(
    sequence: Int, version: Int, history: DrawingHistory
  ) -> [(String, JSONValue)] {
    [
      ("sequence", .number(Double(sequence))), ("version", .number(Double(version))),
      ("undo", step(history.undo)), ("redo", step(history.redo)),
    ]
  }
}
