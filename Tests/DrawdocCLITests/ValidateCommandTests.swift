import DrawdocCLI
import Foundation
import Testing

@Suite struct ValidateCommandTests {
  private let samples = repositoryRoot.appendingPathComponent("Samples")

  private func sample(_ name: String) -> String {
    samples.appendingPathComponent(name).path
  }

  @Test func everySampleIsOK() throws {
    let files = try FileManager.default.contentsOfDirectory(atPath: samples.path)
      .filter { $0.hasSuffix(".svg") }.sorted().map(sample)
    #expect(files.count >= 5)
    for canonical in [false, true] {
      let arguments = ["validate"] + (canonical ? ["--canonical"] : []) + files
      let output = BufferSink()
      let error = BufferSink()
      let status = DrawdocCLI.run(
        arguments: arguments, standardOutput: output, standardError: error)
      #expect(status == 0)
      #expect(output.text == files.map { "\($0): ok\n" }.joined())
      #expect(error.text == "")
    }
  }

  @Test func aBrokenFileNamesItsLineAndColumn() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: sample("seeds-example.svg"), encoding: .utf8)
      .replacingOccurrences(of: ##"fill="#ebc641""##, with: ##"fill="#ebc64z""##)
    let broken = folder.appendingPathComponent("broken.svg").path
    try text.write(toFile: broken, atomically: true, encoding: .utf8)
    let result = drawdoc("validate", sample("seeds-example.svg"), broken)
    #expect(result.status == 65)
    #expect(result.standardOutput == "\(sample("seeds-example.svg")): ok\n")
    #expect(
      result.standardError
        == "\(broken):4:74: error: fill=\"#ebc64z\" is not a color of the format: expected '#' "
        + "and six hexadecimal digits, like #ebc641\n")
  }

  @Test func aMissingFileExitsWith66() {
    let result = drawdoc("validate", "/nonexistent/drawing.svg")
    #expect(result.status == 66)
    #expect(result.standardError == "/nonexistent/drawing.svg: error: no such file\n")
  }

  @Test func canonicalRefusesFreeSpelling() throws {
    let folder = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let text = try String(contentsOfFile: sample("seeds-example.svg"), encoding: .utf8)
      .replacingOccurrences(of: #"x="45""#, with: #"x="45.0""#)
    let file = folder.appendingPathComponent("spelled.svg").path
    try text.write(toFile: file, atomically: true, encoding: .utf8)
    #expect(drawdoc("validate", file).status == 0)
    let canonical = drawdoc("validate", "--canonical", file)
    #expect(canonical.status == 65)
    #expect(canonical.standardError.hasPrefix("\(file):4:36: error: not in canonical form"))
  }

  @Test func validateWithoutFilesIsAUsageError() {
    let result = drawdoc("validate")
    #expect(result.status == 64)
    #expect(result.standardError.contains("validate needs at least one FILE"))
    #expect(result.standardError.contains("drawdoc validate --help"))
  }
}

@Suite struct CommandLineTests {
  @Test func helpAndVersionGoToStandardOutput() {
    let help = drawdoc("--help")
    #expect(help.status == 0)
    #expect(help.standardOutput.contains("validate"))
    #expect(drawdoc("help").standardOutput == help.standardOutput)
    let version = drawdoc("--version")
    #expect(version.status == 0)
    #expect(version.standardOutput == "drawdoc \(DrawdocCLI.version)\n")
  }

  @Test func commandHelpEqualsHelpCommand() {
    let direct = drawdoc("validate", "--help")
    #expect(direct.status == 0)
    #expect(direct.standardOutput.hasPrefix("Check that files are drawdoc drawings"))
    #expect(drawdoc("help", "validate").standardOutput == direct.standardOutput)
  }

  @Test(arguments: [
    ["bogus"], ["validate", "--bogus", "x.svg"], ["help", "bogus"], ["--bogus"], [],
  ])
  func usageErrorsExitWith64(_ arguments: [String]) {
    let output = BufferSink()
    let error = BufferSink()
    let status = DrawdocCLI.run(arguments: arguments, standardOutput: output, standardError: error)
    #expect(status == 64)
    #expect(error.text.contains("Error: "))
    #expect(output.text == "")
  }
}

@Suite struct BinaryTests {
  @Test func theBinaryValidatesAndExitsWithTheRightStatus() throws {
    let good = repositoryRoot.appendingPathComponent("Samples/seeds-example.svg").path
    let ok = try runBinary(["validate", good])
    #expect(ok.status == 0)
    #expect(ok.standardOutput == "\(good): ok\n")
    let broken = try runBinary(
      ["validate", "-"], input: Data("<svg xmlns=\"http://www.w3.org/2000/svg\"><g/></svg>".utf8))
    #expect(broken.status == 65)
    #expect(broken.standardError.hasPrefix("-:1:1: error: <svg> lacks the attribute width"))
    let version = try runBinary(["--version"])
    #expect(version.status == 0)
    #expect(version.standardOutput == "drawdoc \(DrawdocCLI.version)\n")
  }
}
