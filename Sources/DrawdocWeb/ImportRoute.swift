import DrawdocHTTP
import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// `POST /api/import`: reads SVG text written by any program in import mode, as `drawdoc save`
/// and `drawdoc convert` read a file, and answers the rectangles it keeps and a warning for each
/// loss. The editor pastes SVG from the clipboard through it. It changes nothing in the store.
///
/// The body is `{"svg": "<svg …"}`; the answer is
/// `{"rectangles": [RECTANGLE, …], "warnings": [{"line": N, "message": "…"}, …]}`, each rectangle
/// as the drawing's JSON form writes it (`id x y width height color alpha`), bottom first, and
/// the warnings in the order of their lines. The text has the import's limits (``SVGLimits``)
/// within the app's body limit of 16 MiB.
enum ImportRoute {
  /// Imports the SVG text of a request's body.
  ///
  /// - Parameter fields: The body's fields; `svg` holds the text.
  /// - Returns: The answer's JSON object.
  /// - Throws: ``WebError``: 400 without `svg` or for a text that is not SVG, 413 for one past
  ///   a limit of import.
  static func answer(_ fields: RequestFields) throws(WebError) -> JSONValue {
    guard case .string(let text)? = fields.value("svg"), !text.isEmpty else {
      throw WebError(
        status: .badRequest, message: "give the SVG text to import: {\"svg\": \"<svg …\"}")
    }
    let result: ImportResult
    do {
      result = try SVGImporter.importDrawing(Array(text.utf8), now: .now)
    } catch {
      let place = "line \(error.line ?? 1), column \(error.column ?? 1)"
      if case .limitExceeded = error {
        throw WebError(status: .contentTooLarge, message: "\(error.message) (\(place))")
      }
      throw WebError(
        status: .badRequest,
        message: "the text is not SVG that drawdoc can read: \(error.message) (\(place))")
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
