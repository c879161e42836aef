import Foundation
import Testing

// The 44 inputs from resvg's public test suite in Fixtures/conformance/resvg/ (copied unchanged;
// where they come from and their licence: Fixtures/conformance/README.md) import to the planes
// and warnings written by hand in Fixtures/conformance/NAME.expected.json; the format is the one
// of Samples/foreign/ (see Samples/foreign/README.md and Fixtures/conformance/README.md).

/// The hand-written expectations, one `NAME.expected.json` per input.
private let expectationFolder = repositoryRoot.appendingPathComponent(
  "Tests/DrawdocSVGTests/Fixtures/conformance")

/// The resvg inputs, `NAME.svg`.
private let inputFolder = expectationFolder.appendingPathComponent("resvg")

/// How many inputs were copied from resvg (Fixtures/conformance/README.md lists them).
private let inputCount = 44

/// The names (without `.expected.json`) of the expectations, sorted.
private func conformanceNames() -> [String] {
  let files = (try? FileManager.default.contentsOfDirectory(atPath: expectationFolder.path)) ?? []
  let suffix = ".expected.json"
  return files.filter { $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.sorted()
}

/// Why a test fails when the inputs are not where they should be.
private func missingInputs(_ what: String) -> Comment {
  """
  \(what): the resvg conformance inputs belong in \(inputFolder.path), a folder of the \
  repository; Fixtures/conformance/README.md says how to copy them again from resvg
  """
}

@Suite("Conformance: resvg inputs")
struct ConformanceTests {
  @Test("every input has an expectation and every expectation an input")
  func inputsAndExpectationsPair() throws {
    let names = conformanceNames()
    #expect(names.count == inputCount, "expectations in \(expectationFolder.path)")

    var isFolder: ObjCBool = false
    try #require(
      FileManager.default.fileExists(atPath: inputFolder.path, isDirectory: &isFolder)
        && isFolder.boolValue,
      missingInputs("missing folder"))
    let inputs = try FileManager.default.contentsOfDirectory(atPath: inputFolder.path)
      .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    #expect(inputs.count == inputCount, "inputs in \(inputFolder.path)")
    #expect(
      Set(inputs).subtracting(names).sorted() == [], "inputs without an expectation")
    #expect(
      Set(names).subtracting(inputs).sorted() == [], "expectations without an input")
  }

  @Test(
    "each resvg input imports to its hand-written plane and warnings",
    arguments: conformanceNames())
  func conformance(_ name: String) throws {
    let input = inputFolder.appendingPathComponent("\(name).svg")
    try #require(
      FileManager.default.fileExists(atPath: input.path), missingInputs("missing \(name).svg"))
    let bytes = [UInt8](try Data(contentsOf: input))
    let expectation = try ExpectedImport.load(
      expectationFolder.appendingPathComponent("\(name).expected.json"))
    try expectation.check(bytes)
  }
}
