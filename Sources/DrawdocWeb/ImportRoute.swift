import DrawdocEditing
import DrawdocHTTP
import DrawdocJSON
import DrawdocModel

/// `POST /api/import`: reads text written by any program in import mode, as `drawdoc save` and
/// `drawdoc convert` read a file (``ForeignFile``): SVG, a draw.io file (its first page), an
/// Excalidraw scene or an SVG file Excalidraw exported with its scene, or drawdoc's JSON form.
/// It answers the rectangles it keeps and a warning for each loss. The editor pastes from the
/// clipboard through it. It changes nothing in the store.
///
/// The body is `{"svg": "…"}`, whatever the text is (the name is SVG's, the first it read); the
/// answer is
/// `{"rectangles": [RECTANGLE, …], "warnings": [{"line": N, "message": "…"}, …]}`, each rectangle
/// as the drawing's JSON form writes it (`id x y width height color alpha`), bottom first, and
/// the warnings in the order of their lines. The text has the import's limits (``SVGLimits``)
/// within the app's body limit of 16 MiB.
enum ImportRoute {
  /// Imports the text of a request's body.
  ///
  /// - Parameter fields: The body's fields; `svg` holds the text.
  /// - Returns: The answer's JSON object.
  /// - Throws: ``WebError``: 400 without the text or for one that is no drawing drawdoc can
  ///   read, 413 for one past a limit of import.
  static func answer(_ fields: RequestFields) throws(WebError) -> JSONValue {
    guard case .string(let text)? = fields.value("svg"), !text.isEmpty else {
      throw WebError(
        status: .badRequest, message: "give the SVG text to import: {\"svg\": \"<svg …\"}")
    }
    let bytes = Array(text.utf8)
    let result: ForeignImport
    do {
      result = try ForeignFile.importDrawing(bytes, name: "", now: .now)
    } catch {
      let place = error.line.map { "line \($0), column \(error.column ?? 1)" }
      let message = place.map { "\(error.message) (\($0))" } ?? error.message
      if error.isLimit { throw WebError(status: .contentTooLarge, message: message) }
      let foreign =
        ForeignFile.isDrawIO(name: "", start: bytes.prefix(4096))
        ? "a draw.io file" : ForeignFile.isJSON(bytes, name: "") ? "a drawing" : "SVG"
      throw WebError(
        status: .badRequest, message: "the text is not \(foreign) that drawdoc can read: \(message)"
      )
    }
    return .object([
      ("rectangles", .array(result.drawing.plane.rectangles.map(DrawingJSON.object(for:)))),
      (
        "warnings",
        .array(
          result.warnings.map { warning in
            .object([
              ("line", .number(Double(warning.line))), ("message", .string(warning.message)),
            ])
          })
      ),
    ])
  }
}
