import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// The routes of a drawing's history, which the editor's history panel uses:
///
/// | method and path | what |
/// |---|---|
/// | `GET /api/drawings/ID/history` | the kept versions, as `drawdoc history --json` prints them |
/// | `GET /api/drawings/ID/versions/N` | version N's SVG file |
/// | `POST /api/drawings/ID/restore` | `{"version": N}`: version N again, as a new version |
extension Routes {
  /// Answers a history route of drawing `id`; `api` is the path after `/api`.
  func historyRoute(_ method: String, _ id: Identifier, _ api: [String], _ request: HTTPRequest)
    throws -> HTTPResponse
  {
    switch (method, api[2], api.count) {
    case ("GET", "history", 3):
      // A drawing in the trash has its history too, as for `drawdoc history ID`.
      let history = try store.history(of: id)
      return file(
        HistoryView.json(history, limit: store.settings.historyLimit), type: "application/json")
    case ("GET", "versions", 4):
      let version = try UserValue.version(api[3], field: "version")
      let drawing = try store.drawing(id, version: version)
      return file(try Export.bytes(drawing, as: .svg), type: "image/svg+xml")
    case ("POST", "restore", 3):
      return try restore(id, RequestFields(request))
    default: throw notFound(request)
    }
  }

  /// Makes version `version` current again, as `drawdoc restore` does: by the store's restore,
  /// which makes a new version that undo can take back. Restoring the current version writes
  /// nothing; its answer's `change` is then `null`.
  private func restore(_ id: Identifier, _ fields: RequestFields) throws -> HTTPResponse {
    guard let text = try fields.text("version") else {
      throw WebError(status: .badRequest, message: "give the version to restore (\"version\")")
    }
    let version = try UserValue.version(text, field: "version")
    let current = try editing.restore(id, version: version)
    let change: JSONValue = current.number == version ? .null : .string(current.change)
    return json(.object([("version", .number(Double(current.number))), ("change", change)]))
  }
}
