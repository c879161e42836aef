import DrawdocEditing
import DrawdocModel
import DrawdocTestSupport
import Testing

/// `drawdoc export` writes a whole export a piece at a time: the pieces are the file's bytes.
@Suite struct WholeExportTests {
  @Test(arguments: [WholeExport.pdf, .drawio, .excalidraw])
  func thePiecesAreTheFilesBytes(format: WholeExport) throws {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: 31))
    for index in 0..<20 {
      let drawing = try random.drawing()
      for dated in [false, true] {
        var pieces: [UInt8] = []
        format.write(drawing, dated: dated) { (piece) throws(Never) in
          pieces.append(contentsOf: piece)
        }
        #expect(pieces == format.bytes(drawing, dated: dated), "drawing \(index), \(format)")
      }
    }
  }
}
