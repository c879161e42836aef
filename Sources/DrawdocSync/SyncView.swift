import DrawdocEditing
import DrawdocJSON
import DrawdocModel

/// What a sync did and how far a store is from its remote, as text for people and as JSON:
/// said once for `drawdoc sync` and the app's Sync button.
package enum SyncView {
  // MARK: - Text

  /// What `drawdoc sync` prints: the counts, then one line for each drawing brought in, kept
  /// or refused. The conflicts are not in it: each has a line of its own.
  ///
  /// - Parameter report: What the sync did.
  /// - Returns: The lines, each ended.
  package static func text(_ report: SyncReport) -> String {
    var text =
      "synced with \(report.remote): sent \(drawings(report.sent)), received "
      + "\(drawings(report.received.count))\n"
    for drawing in report.received {
      let what: String
      switch drawing.kind {
      case .added: what = "new here"
      case .changed: what = "changed"
      case .trashed: what = "deleted on the other side: moved to the trash"
      case .restored: what = "brought back from the trash: the other side has it"
      }
      text += "\(drawing.id) \(ComparedValue.title(drawing.title)): \(what)\n"
    }
    for drawing in report.kept {
      text +=
        "\(drawing.id) \(ComparedValue.title(drawing.title)): kept: changed "
        + (drawing.changedHere
          ? "here and deleted on the other side" : "on the other side and deleted here")
        + "\n"
    }
    for refused in report.refused {
      text += "\(refused.id): not brought in: \(refused.reason)\n"
    }
    return text
  }

  /// One line about a conflict, after `conflict: `: the drawing, then as `drawdoc merge` says
  /// it (``ConflictView/text(_:ours:theirs:)``).
  ///
  /// - Parameter conflict: A conflict of the sync.
  /// - Returns: The line, without `conflict: ` and without its end.
  package static func text(_ conflict: SyncReport.Conflict) -> String {
    "\(conflict.id) \(ComparedValue.title(conflict.title)): "
      + ConflictView.text(conflict.conflict, ours: conflict.ours, theirs: conflict.theirs)
  }

  /// `1 drawing`, `2 drawings`.
  package static func drawings(_ count: Int) -> String {
    count == 1 ? "1 drawing" : "\(count) drawings"
  }

  // MARK: - JSON

  /// What `drawdoc sync --json` prints: `remote`, `time`, `sent`, `received`, `kept`,
  /// `conflicts` (each as `drawdoc merge --json` writes one, with its `drawing` and `title`
  /// first), `refused` and `complete` (whether nothing was left out).
  ///
  /// - Parameters:
  ///   - report: What the sync did.
  ///   - withLines: Whether to add `lines`: each conflict's line as `drawdoc sync` writes it
  ///     on standard error (`conflict: …`), for the app to show as it is.
  /// - Returns: The object.
  package static func json(_ report: SyncReport, withLines: Bool = false) -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = [
      ("remote", .string(report.remote)),
      ("time", .string(report.time.description)),
      ("sent", .number(Double(report.sent))),
      (
        "received",
        .array(
          report.received.map {
            .object([
              ("id", .string($0.id.description)), ("title", .string($0.title)),
              ("kind", .string($0.kind.rawValue)),
            ])
          })
      ),
      (
        "kept",
        .array(
          report.kept.map {
            .object([
              ("id", .string($0.id.description)), ("title", .string($0.title)),
              ("changedHere", .bool($0.changedHere)),
            ])
          })
      ),
      ("conflicts", .array(report.conflicts.map(json(_:)))),
      (
        "refused",
        .array(
          report.refused.map {
            .object([("id", .string($0.id.description)), ("reason", .string($0.reason))])
          })
      ),
      ("complete", .bool(report.complete)),
    ]
    if withLines {
      fields.append(("lines", .array(report.conflicts.map { .string("conflict: \(text($0))") })))
    }
    return .object(fields)
  }

  /// A conflict's object: its `drawing` and `title`, then as `drawdoc merge --json` writes it
  /// (``ConflictView/json(_:ours:theirs:)``).
  ///
  /// - Parameter conflict: A conflict of the sync.
  /// - Returns: The object.
  package static func json(_ conflict: SyncReport.Conflict) -> JSONValue {
    var fields: [(key: String, value: JSONValue)] = [
      ("drawing", .string(conflict.id.description)), ("title", .string(conflict.title)),
    ]
    if case .object(let details) = ConflictView.json(
      conflict.conflict, ours: conflict.ours, theirs: conflict.theirs)
    {
      fields += details
    }
    return .object(fields)
  }

  /// What `drawdoc sync --status --json` prints and `GET /api/sync` answers:
  /// `{"remote": URL|null, "lastSync": TIME|null, "changedHere": N, "changedThere": N,
  /// "leftOut": N}`.
  ///
  /// - Parameter status: The status.
  /// - Returns: The object.
  package static func json(_ status: SyncStatus) -> JSONValue {
    .object([
      ("remote", status.remote.map { .string($0) } ?? .null),
      ("lastSync", status.lastSync.map { .string($0.description) } ?? .null),
      ("changedHere", .number(Double(status.changedHere))),
      ("changedThere", .number(Double(status.changedThere))),
      ("leftOut", .number(Double(status.leftOut))),
    ])
  }
}
