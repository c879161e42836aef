import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// One version of a drawing as a page shows it: the drawing's JSON form, its file's text, and
/// the version with its undo and redo, all of one version, so that what the page draws,
/// hit-tests and offers to undo agree. The file is decoded outside the store's lock, which the
/// version is then checked under (``DrawdocStore/DocumentStore/snapshotDecodedOutsideTheLock(of:)``):
/// a page opening a big drawing does not make every other request to the store wait.
package enum DrawingView {
  /// The view of the current version, as JSON: the journal's last event, the version, undo,
  /// redo, the file's text (`svg`) and the drawing's JSON form (`drawing`), as
  /// `drawdoc open --json` prints it.
  package static func json(store: DocumentStore, id: Identifier) throws -> [UInt8] {
    let sequence = try store.lastSequence()
    let (revision, history) = try store.snapshotDecodedOutsideTheLock(of: id)
    var body = JSONValue.object(
      HistoryView.versionMembers(sequence: sequence, revision: revision, history: history) + [
        ("svg", .string(String(decoding: SVGEncoder.encode(revision.drawing), as: UTF8.self)))
      ]
    ).serialized
    // The drawing's JSON form goes in whole, as it is written.
    body.removeLast()
    body.append(contentsOf: ", \"drawing\": ".utf8)
    body.append(contentsOf: DrawingJSON.encode(revision.drawing).dropLast())
    body.append(contentsOf: "}\n".utf8)
    return body
  }

  /// A rectangle as the drawing's JSON form writes it, for the views that list rectangles
  /// (`drawdoc layers --json`, `drawdoc diff --json`, the app's import).
  package static func object(for rectangle: Rectangle) -> JSONValue {
    DrawingJSON.object(for: rectangle)
  }
}
