import DrawdocJSON
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocStore
import Testing

/// An export prepared and written a piece at a time is the file `DrawingExport.bytes` makes,
/// which is what each format's own encoder makes.
@Suite struct DrawingExportTests {
  private func drawing(rectangles: Int) throws -> Drawing {
    var plane = try Plane(size: Size(width: 640, height: 480), title: "Export & \"pieces\"")
    var factory = RectangleFactory(seed: 21)
    for _ in 0..<rectangles { try plane.add(factory.makeRectangle(for: plane)) }
    let time = try Timestamp("2026-11-21T08:00:00Z")
    return Drawing(id: try Identifier("exp-ort-000"), created: time, modified: time, plane: plane)
  }

  @Test(arguments: [0, 1, 9_000])
  func everyFormatWrittenInPiecesIsTheWholeFile(rectangles: Int) throws {
    let drawing = try drawing(rectangles: rectangles)
    for format in DrawingExport.Format.allCases {
      let file = try DrawingExport.prepare(drawing, as: format, scale: 0.5)
      #expect(file.format == format)
      let whole = try DrawingExport.bytes(drawing, as: format, scale: 0.5)
      for pieceSize in [1, 4096, 1 << 20] {
        var joined: [UInt8] = []
        file.write(pieceSize: pieceSize) { joined.append(contentsOf: $0) }
        #expect(joined == whole, "\(format) in pieces of \(pieceSize)")
      }
      #expect(file.bytes == whole)
      switch format {
      case .svg: #expect(whole == SVGEncoder.encode(drawing))
      case .json: #expect(whole == DrawingJSON.encode(drawing))
      case .png:
        #expect(whole == (try DrawingPNG.encode(drawing, scale: 0.5)))
        #expect(try DrawingPNG.embeddedSVG(in: whole) == SVGEncoder.encode(drawing))
      }
    }
  }

  @Test func aPictureThatCannotBeMadeFailsBeforeAnythingIsWritten() throws {
    let drawing = try drawing(rectangles: 3)
    #expect(throws: RasterError.self) {
      _ = try DrawingExport.prepare(drawing, as: .png, scale: 1e9)
    }
  }
}
