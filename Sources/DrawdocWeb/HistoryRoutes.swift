import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// The routes of a drawing's history, which the editor's history panel uses (``Routes/table``):
/// its kept versions, as `drawdoc history --json` prints them; version N's SVG file; and
/// `{"version": N}` made current again, as a new version.
extension Routes {
  func history(_ id: Identifier) throws -> HTTPResponse {
    // A drawing in the trash has its history too, as for `drawdoc history ID`.
    let history = try store.history(of: id)
    return file(
      HistoryView.json(history, limit: store.settings.historyLimit), type: "application/json")
  }

  func version(_ id: Identifier, _ match: RouteMatch) throws -> HTTPResponse {
    let version = try UserValue.version(match["N"], field: "version")
    let drawing = try store.drawing(id, version: version)
    return file(try Export.bytes(drawing, as: .svg), type: "image/svg+xml")
  }

  /// Makes version `version` current again, as `drawdoc restore` does: by the store's restore,
  /// which makes a new version that undo can take back. Restoring the current version writes
  /// nothing; its answer's `change` is then `null`.
  func restore(_ id: Identifier, _ fields: RequestFields) throws -> HTTPResponse {
    guard let text = try fields.text("version") else {
      throw WebError(status: .badRequest, message: "give the version to restore (\"version\")")
    }
    let version = try UserValue.version(text, field: "version")
    let current = try editing.restore(id, version: version)
    let change: JSONValue = current.number == version ? .null : .string(current.change)
    return json(.object([("version", .number(Double(current.number))), ("change", change)]))
  }
}
