import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

/// Drawdoc samples opened and saved again by Inkscape and by scour must come back as the same
/// drawing: the same canvas, title and rectangles, ids included (both tools keep `data-id`).
@Suite struct ResavedSampleTests {
  /// Each re-saved file and the sample it was made from (see `Samples/foreign/README.md`).
  static let pairs: [(foreign: String, original: String)] = [
    ("inkscape-seeds-example", "seeds-example"),
    ("inkscape-plain-seeds-example", "seeds-example"),
    ("inkscape-fractional-edges", "fractional-edges"),
    ("inkscape-plain-fractional-edges", "fractional-edges"),
    ("inkscape-escaped-title", "escaped-title"),
    ("inkscape-plain-escaped-title", "escaped-title"),
    ("inkscape-path-data-id-seeds-example", "seeds-example"),
    ("scour-seeds-example", "seeds-example"),
    ("scour-stripped-seeds-example", "seeds-example"),
    ("scour-fractional-edges", "fractional-edges"),
    ("scour-stripped-fractional-edges", "fractional-edges"),
    ("scour-escaped-title", "escaped-title"),
    ("scour-stripped-escaped-title", "escaped-title"),
  ]

  @Test(arguments: pairs.map { "\($0.foreign) ← \($0.original)" })
  func aResavedSampleImportsAsTheOriginal(_ pair: String) throws {
    let names = pair.components(separatedBy: " ← ")
    let samples = repositoryRoot.appendingPathComponent("Samples")
    let original = try SVGDecoder.decode(
      contentsOfFile: samples.appendingPathComponent("\(names[1]).svg").path)
    let foreign = [UInt8](
      try Data(contentsOf: samples.appendingPathComponent("foreign/\(names[0]).svg")))
    let imported = try SVGImporter.importDrawing(foreign, now: original.modified, seed: 1)
    #expect(imported.drawing.plane == original.plane)
    #expect(imported.drawing.id == original.id)
    #expect(imported.drawing.created == original.created)
  }

  @Test func scourWithoutDescriptiveElementsLosesOnlyTheTitle() throws {
    let samples = repositoryRoot.appendingPathComponent("Samples")
    for name in ["seeds-example", "fractional-edges", "escaped-title"] {
      let original = try SVGDecoder.decode(
        contentsOfFile: samples.appendingPathComponent("\(name).svg").path)
      let foreign = [UInt8](
        try Data(contentsOf: samples.appendingPathComponent("foreign/scour-nodesc-\(name).svg")))
      let plane = try SVGImporter.importDrawing(foreign, now: original.modified, seed: 1)
        .drawing.plane
      #expect(plane.title == "")
      #expect(plane.rectangles == original.plane.rectangles)
      #expect(plane.size == original.plane.size)
    }
  }
}
