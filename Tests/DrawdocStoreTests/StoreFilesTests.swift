import DrawdocSVG
import Foundation
import Testing

@testable import DrawdocStore

@Suite struct StoreFilesTests {
  /// Enough files for the signatures to be read on two threads (from 512 files on), with
  /// sizes and times that differ from file to file.
  @Test func signaturesOfManyFilesAreEachFilesOwn() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-signatures-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for index in 0..<1500 {
      let path = "\(folder)/file-\(index).svg"
      #expect(FileManager.default.createFile(atPath: path, contents: Data(count: index)))
      try FileManager.default.setAttributes(
        [.modificationDate: Date(timeIntervalSince1970: 1_000_000 + Double(index))],
        ofItemAtPath: path)
    }
    #expect(FileManager.default.createFile(atPath: "\(folder)/other.txt", contents: Data()))
    #expect(FileManager.default.createFile(atPath: "\(folder)/.a.svg.1.2.tmp", contents: Data()))

    var sawMeanwhile = false
    var temporaries: [String] = []
    let signatures = try StoreFiles.signatures(
      in: folder, suffix: ".svg", temporaries: &temporaries
    ) { sawMeanwhile = true }
    #expect(sawMeanwhile)
    #expect(signatures.count == 1500)
    #expect(temporaries == [".a.svg.1.2.tmp"])
    var seen = Set<String>()
    for (name, signature) in signatures {
      seen.insert(name)
      let index = try #require(Int(name.dropFirst(5).dropLast(4)), "\(name)")
      #expect(signature.size == Int64(index), "\(name)")
      #expect(signature.modifiedSeconds == 1_000_000 + Int64(index), "\(name)")
    }
    #expect(seen.count == 1500)
  }
}
