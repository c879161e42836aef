import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocRaster

/// What the app's requests cost in memory, known before any of their work: the server answers
/// a request estimated past ``DrawdocHTTP/HTTPLimits/heavyRequestBytes`` on its heavy lane,
/// within its budget, or refuses it with 503 before the work starts
/// (``DrawdocHTTP/HTTPResponder/memoryEstimate(of:)``).
///
/// The estimate is the file's size (or the body's) times what answering it was measured to
/// take at its peak, per byte, on a drawing of a million rectangles (docs/serve.md, "Heavy
/// requests"), rounded up; a PNG adds its pixels. It never reads the drawing: a stat of its
/// file, and for a PNG the first lines, where its canvas is.
extension Routes {
  func memoryEstimate(of request: HTTPRequest) -> Int {
    max(scaled(request.body.count, by: Self.perBodyByte), readingEstimate(request))
  }

  /// Bytes of memory per byte of a body: a JSON object parsed, and what it is made into.
  static let perBodyByte = 8

  /// An import's body: its text parsed (12 bytes a byte: an SVG file of 200,000 rectangles
  /// took 10), and whatever compressed text it holds inflated, which may be 100 times its
  /// size up to 256 MiB (``DrawdocRaster/Deflate/inflateLimit(compressedCount:)``; the app's
  /// import holds the drawing a drawdoc PNG carries to it too), with room for the buffer's
  /// growth: half as much again. A refused bomb of 10 MB took 334 MB.
  static func importEstimate(bodyBytes: Int) -> Int {
    // No product below overflows.
    let body = min(bodyBytes, Int.max / 200)
    return body * 12 + min(body * 150, Deflate.maximumInflateLimit / 2 * 3)
  }

  /// Bytes of memory per byte of a drawing's file, for each way of reading it whole, rounded
  /// up from what a drawing of a million rectangles (a file of 106 MB) took at the peak.
  enum PerFileByte {
    /// The editor's read (`GET /api/drawings/ID`): the file's text and its JSON form, in one
    /// JSON answer (3.7).
    static let view = 4
    /// The file again (`…/svg`, `…/versions/N`, an SVG or JSON export: 1.6), a PDF (1.5),
    /// the drawing decoded (a copy, a restored version, a PNG's drawing: 1.2).
    static let file = 2
    /// A draw.io file (2.5).
    static let drawIO = 3
    /// An Excalidraw scene: 5.1 measured when it took 470 bytes a rectangle; each element now
    /// carries the drawing's header too (678 bytes a rectangle with a short title), so 5.1
    /// scaled by the scene's size, 7.4, not measured again.
    static let excalidraw = 8
  }

  /// The estimate of a request that reads a drawing whole, or imports a file, by what its
  /// route holds (``Route/memory``); 0 for others.
  private func readingEstimate(_ request: HTTPRequest) -> Int {
    guard
      case .found(let route, let values) = Self.table.lookup(request.method, request.pathSegments)
    else { return 0 }
    if route.memory == .import { return Self.importEstimate(bodyBytes: request.body.count) }
    guard let id = values["ID"].flatMap({ try? Identifier($0) }) else { return 0 }
    switch route.memory {
    case .small, .import: return 0
    case .view: return scaled(store.fileSize(of: id), by: PerFileByte.view)
    case .file: return scaled(store.fileSize(of: id), by: PerFileByte.file)
    case .version:
      return scaled(
        store.fileSize(of: id, version: values["N"].flatMap { Int($0) }), by: PerFileByte.file)
    case .export: return exportEstimate(id, request.query)
    }
  }

  private func exportEstimate(_ id: Identifier, _ query: [String: String]) -> Int {
    let version = query["version"].flatMap { Int($0) }
    let size = store.fileSize(of: id, version: version)
    // An unknown format is refused before it is read (400): a picture's estimate meanwhile.
    let format = Export.Format(rawValue: (query["format"] ?? "svg").lowercased()) ?? .svg
    switch format {
    case .png, .drawioPNG, .excalidrawPNG:
      // The pixels (four bytes each, then the PNG made of them, no larger), a block of
      // accumulators, and the drawing it carries (a draw.io file URL-encoded, up to three
      // bytes for each of its own, or a compressed scene).
      let canvas = store.canvas(of: id, version: version)
      let scale = query["scale"].flatMap { Double($0) }.map { $0.isFinite ? max(0, $0) : 0 } ?? 1
      let pixels = canvas.map { canvas -> Double in
        min(
          Double(Rasterizer.maximumPixelCount),
          (canvas.width * scale).rounded(.up) * (canvas.height * scale).rounded(.up))
      }
      let carried = format == .drawioPNG ? 4 * PerFileByte.drawIO : PerFileByte.file
      return scaled(size, by: carried) + Int(pixels ?? 0) * 8 + (16 << 20)
    case .drawio: return scaled(size, by: PerFileByte.drawIO)
    // The picture and, in its content attribute, the draw.io file escaped.
    case .drawioSVG: return scaled(size, by: PerFileByte.file + 2 * PerFileByte.drawIO)
    case .excalidraw: return scaled(size, by: PerFileByte.excalidraw)
    // The picture and the scene, compressed a piece at a time.
    case .excalidrawSVG: return scaled(size, by: PerFileByte.file + 1)
    case .svg, .json, .pdf: return scaled(size, by: PerFileByte.file)
    }
  }

  private func scaled(_ bytes: Int?, by factor: Int) -> Int {
    guard let bytes else { return 0 }
    let product = bytes.multipliedReportingOverflow(by: factor)
    return product.overflow ? .max : product.partialValue
  }
}
