import DrawdocEditing
import DrawdocModel
import DrawdocTestSupport
import Testing

/// The one export of the command line and the app: written a piece at a time, every format's
/// pieces are the file's bytes.
@Suite struct ExportTests {
  @Test(arguments: Export.Format.allCases)
  func thePiecesAreTheFilesBytes(format: Export.Format) throws {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 31))
    for index in 0..<20 {
      let drawing = try random.drawing()
      for dated in [false, true] {
        // A picture of at most 256 pixels a side, whatever the random canvas.
        let side = max(drawing.plane.size.width, drawing.plane.size.height)
        let options = Export.Options(scale: min(1, 256 / side), dated: dated)
        let file = try Export.prepare(drawing, as: format, options: options)
        var pieces: [UInt8] = []
        file.write { (piece) throws(Never) in pieces.append(contentsOf: piece) }
        #expect(pieces == file.bytes, "drawing \(index), \(format)")
        #expect(file.bytes == (try Export.bytes(drawing, as: format, options: options)))
      }
    }
  }

  /// Each format is the file its extension names, and starts as such a file does.
  @Test func eachFormatIsTheFileItsExtensionNames() throws {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 5))
    let drawing = try random.drawing()
    let starts: [Export.Format: String] = [
      .svg: "<?xml", .png: "\u{89}PNG", .json: "{", .pdf: "%PDF-", .drawio: "<mxfile",
      .excalidraw: "{", .drawioSVG: "<?xml", .drawioPNG: "\u{89}PNG", .excalidrawSVG: "<?xml",
      .excalidrawPNG: "\u{89}PNG",
    ]
    for format in Export.Format.allCases {
      #expect(Export.Format(path: "folder.v2/plan.\(format.rawValue.uppercased())") == format)
      let bytes = try Export.bytes(drawing, as: format)
      let start = Array((starts[format] ?? "").unicodeScalars.map { UInt8($0.value) })
      #expect(Array(bytes.prefix(start.count)) == start, "\(format)")
    }
    #expect(Export.Format(path: "plan.v2/file") == nil)
    #expect(Export.Format(path: "plan.txt") == nil)
  }
}
