import Foundation
import Testing

// Every SVG file in Samples/foreign/ (made by Inkscape and scour) imports to the plane and the
// warnings written by hand in NAME.expected.json beside it; the format is described in
// Samples/foreign/README.md.

private let foreignFolder = repositoryRoot.appendingPathComponent("Samples/foreign")

/// The names of the foreign SVG files that have an expectation beside them.
private func foreignSampleNames() -> [String] {
  let names =
    (try? FileManager.default.contentsOfDirectory(atPath: foreignFolder.path)) ?? []
  return names.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }
    .filter { names.contains("\($0).expected.json") }.sorted()
}

@Suite("Foreign samples")
struct ForeignSampleTests {
  @Test func thereAreForeignSamples() {
    #expect(foreignSampleNames().count >= 10)
  }

  @Test(
    "each foreign sample imports to its expected plane and warnings",
    arguments: foreignSampleNames())
  func foreignSample(_ name: String) throws {
    let bytes = [UInt8](try Data(contentsOf: foreignFolder.appendingPathComponent("\(name).svg")))
    let written = try ExpectedImport.load(
      foreignFolder.appendingPathComponent("\(name).expected.json"))
    try written.check(bytes)
  }
}
