import DrawdocJSON
import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// `GET /api/drawings/ID/changes?since=V`: what changed in a drawing since version V, so that
/// a page showing V catches up without reading the whole drawing again (a change reaches the
/// other pages in a few milliseconds instead of a full read, parse and redraw).
///
/// The answer has the members of `GET /api/drawings/ID` except `svg` and `drawing`, and
/// `changes`: either `null`, when the page must read the whole drawing (the canvas changed,
/// or the history no longer keeps version V), or an object with
///
/// - `title`, `modified`, `count`: the drawing's title, modification time and rectangle count;
/// - `removed`: the ids of the rectangles to take out;
/// - `put`: the rectangles to put in, each as `index` (its place in the new z-order, 0 the
///   bottom), `rectangle` (its JSON object, as `open --json` writes it) and `svg` (its line of
///   the file, as the file holds it).
///
/// A rectangle whose values or place in z-order changed is in both lists. The rectangles
/// that stay keep their order, so a page that takes out `removed` and then inserts `put` in
/// the order given, each at its `index`, holds the drawing of `version`.
///
/// A store with a ``DrawdocStore/DrawingMemory`` answers from the versions it keeps when they
/// reach back to V, without reading a drawing file; the answer is the same either way.
package enum DrawingChanges {
  package static func body(store: DocumentStore, id: Identifier, since: Int) throws -> JSONValue {
    let sequence = try store.lastSequence()
    let catchUp = try store.catchUp(id, since: since)
    let members = HistoryView.versionMembers(
      sequence: sequence, version: catchUp.version, history: catchUp.history)
    guard let found = catchUp.changes else { return .object(members + [("changes", .null)]) }
    let changes = JSONValue.object([
      ("title", .string(catchUp.title)),
      ("modified", .string(catchUp.modified.description)),
      ("count", .number(Double(catchUp.count))),
      ("removed", .array(found.removed.map { .string($0.description) })),
      (
        "put",
        .array(
          found.put.map { entry in
            var line: [UInt8] = []
            SVGEncoder.appendRectangle(entry.rectangle, at: entry.index, to: &line)
            return .object([
              ("index", .number(Double(entry.index))),
              ("rectangle", DrawingJSON.object(for: entry.rectangle)),
              ("svg", .string(String(decoding: line, as: UTF8.self))),
            ])
          })
      ),
    ])
    return .object(members + [("changes", changes)])
  }
}
