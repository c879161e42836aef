import DrawdocModel
import Foundation

/// The repository's root folder, found from this file's path.
let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// Every drawing in `Samples/`, by file name.
func sampleFiles() throws -> [URL] {
  let folder = repositoryRoot.appendingPathComponent("Samples")
  return try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
    .filter { $0.pathExtension == "svg" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
}
