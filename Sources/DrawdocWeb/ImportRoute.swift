import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocRaster

/// `POST /api/import`: reads a file written by any program in import mode, as `drawdoc save`
/// and `drawdoc convert` read a file (``ForeignDrawing``): SVG, a draw.io file (its first page), an
/// Excalidraw scene or an SVG file Excalidraw exported with its scene, drawdoc's JSON form, or a
/// PNG file carrying a drawing (one drawdoc exported, draw.io's `.drawio.png`, Excalidraw's
/// `.excalidraw.png`). It answers the rectangles it keeps and a warning for each loss. The editor
/// pastes from the clipboard and imports dropped files through it. It changes nothing in the
/// store.
///
/// The body is `{"svg": "…"}` for text, whatever the text is (the name is SVG's, the first it
/// read), or `{"png": "…"}` for a PNG file's bytes in base64 (RFC 4648: the standard alphabet,
/// padded, nothing else); either may come with `"name"`, the file's name, which may tell the
/// reader (`.drawio.svg`, `.drawio.png`, `.excalidraw`, `.json`). The answer is
/// `{"rectangles": [RECTANGLE, …], "warnings": [{"line": N, "message": "…"}, …]}`, each rectangle
/// as the drawing's JSON form writes it (`id x y width height color alpha`), bottom first, and
/// the warnings in the order of their lines. The file has the import's limits (``SVGLimits``)
/// within the app's body limit of 16 MiB (which bounds a PNG's bytes to 12 MiB).
enum ImportRoute {
  /// The most characters a file's name has.
  static let nameLimit = 255

  /// Imports the file of a request's body.
  ///
  /// - Parameter fields: The body's fields: `svg` holds the text, or `png` the bytes in base64;
  ///   `name` the file's name.
  /// - Returns: The answer's JSON object.
  /// - Throws: ``WebError``: 400 without the file, for a `png` that is not base64, a `name` that
  ///   is not plain text of at most 255 characters, or a file that is no drawing drawdoc can
  ///   read; 413 for one past a limit of import.
  static func answer(_ fields: RequestFields) throws(WebError) -> JSONValue {
    let name = try fileName(fields)
    let (bytes, isPNG) = try fileBytes(fields)
    let result: ForeignDrawing.Import
    do {
      // The drawing a PNG carries inflates no further than another tool's text may, so that
      // the import is weighed before its work (``Routes/importEstimate(bodyBytes:)``).
      result = try ForeignDrawing.importDrawing(
        bytes, name: name, now: .now, pngTextLimit: Deflate.maximumInflateLimit)
    } catch {
      let place = error.line.map { "line \($0), column \(error.column ?? 1)" }
      let message = place.map { "\(error.message) (\($0))" } ?? error.message
      if error.isLimit { throw WebError(status: .contentTooLarge, message: message) }
      let what = isPNG ? "PNG file" : "text"
      let isDrawing = ForeignDrawing.isPNG(bytes) || ForeignDrawing.isJSON(bytes, name: name)
      let foreign =
        ForeignDrawing.isDrawIO(name: name, start: bytes.prefix(4096))
        ? "a draw.io file" : isDrawing ? "a drawing" : "SVG"
      throw WebError(
        status: .badRequest,
        message: "the \(what) is not \(foreign) that drawdoc can read: \(message)")
    }
    return .object([
      ("rectangles", .array(result.drawing.plane.rectangles.map(DrawingView.object(for:)))),
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

  /// The file's bytes: the text of `svg`, or the base64 of `png` decoded; and whether they
  /// came as `png`.
  private static func fileBytes(_ fields: RequestFields) throws(WebError) -> (
    bytes: [UInt8], isPNG: Bool
  ) {
    let given = { (name: String) -> JSONValue? in
      if case .null? = fields.value(name) { return nil }
      return fields.value(name)
    }
    switch (given("svg"), given("png")) {
    case (.some, .some):
      throw WebError(
        status: .badRequest,
        message: "give either the text (\"svg\") or the PNG (\"png\"), not both")
    case (nil, .string(let base64)?) where !base64.isEmpty:
      guard let bytes = Base64.decodeStrictly(base64.utf8) else {
        throw WebError(
          status: .badRequest,
          message:
            "png is not base64: give the PNG file's bytes in base64 (RFC 4648: A–Z a–z 0–9 + /, "
            + "padded with =, nothing else)")
      }
      return (bytes, true)
    case (nil, .some):
      throw WebError(
        status: .badRequest, message: "png must be the PNG file's bytes in base64, not empty")
    case (.string(let text)?, nil) where !text.isEmpty:
      return (Array(text.utf8), false)
    default:
      throw WebError(
        status: .badRequest, message: "give the SVG text to import: {\"svg\": \"<svg …\"}")
    }
  }

  /// The file's name: empty without one; plain text (no control character) of at most
  /// ``nameLimit`` characters.
  private static func fileName(_ fields: RequestFields) throws(WebError) -> String {
    let name: String
    switch fields.value("name") {
    case nil, .null?: return ""
    case .string(let text)?: name = text
    default: throw WebError(status: .badRequest, message: "name must be the file's name, as text")
    }
    guard name.count <= nameLimit else {
      throw WebError(
        status: .badRequest,
        message: "name is longer than \(nameLimit) characters: give the file's name alone")
    }
    if let control = name.unicodeScalars.first(where: {
      $0.value < 0x20 || (0x7F...0x9F).contains($0.value)
    }) {
      let hex = String(control.value, radix: 16, uppercase: true)
      throw WebError(
        status: .badRequest,
        message:
          "name contains the control character U+\(String(repeating: "0", count: 4 - hex.count))\(hex): give the file's name as plain text"
      )
    }
    return name
  }
}
