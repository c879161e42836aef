import DrawdocCLI
import Foundation
import Testing

/// `DrawdocCLI.version` is the one place that states drawdoc's version; every other place
/// that names it is checked here.
@Suite struct VersionTests {
  private func text(_ path: String) throws -> String {
    try String(contentsOf: repositoryRoot.appendingPathComponent(path), encoding: .utf8)
  }

  @Test func theVersionIsThreeNumbers() {
    let parts = DrawdocCLI.version.split(separator: ".", omittingEmptySubsequences: false)
    #expect(parts.count == 3)
    #expect(parts.allSatisfy { !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil })
  }

  @Test func theNewestReleaseOfTheChangelogIsTheVersion() throws {
    let releases = try text("CHANGELOG.md").split(separator: "\n")
      .filter { $0.hasPrefix("## ") && $0.dropFirst(3).first?.isNumber == true }
      .map { $0.dropFirst(3).prefix { $0 != " " } }
    #expect(releases.first.map(String.init) == DrawdocCLI.version)
  }

  @Test func eachReleaseOfTheChangelogRecordsItsCommit() throws {
    let lines = try text("CHANGELOG.md").split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated()
    where line.hasPrefix("## ") && line.dropFirst(3).first?.isNumber == true {
      let commit = lines.dropFirst(index + 1).first { !$0.isEmpty }
      #expect(commit?.hasPrefix("Release commit: ") == true, "\(line)")
    }
  }

  @Test func theReadmesPackageDependencyNamesTheVersion() throws {
    let readme = try text("README.md")
    let named = readme.components(separatedBy: #"from: ""#).dropFirst()
      .map { $0.prefix { $0 != "\"" } }
    #expect(!named.isEmpty)
    #expect(named.allSatisfy { $0 == DrawdocCLI.version })
  }
}
