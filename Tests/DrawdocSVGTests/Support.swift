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

/// Equality to the bit: `==` on `Double` treats `-0.0` and `0.0` as equal.
func bitwiseEqual(_ lhs: Drawing, _ rhs: Drawing) -> Bool {
  func bits(_ drawing: Drawing) -> [UInt64] {
    var bits = [drawing.plane.size.width.bitPattern, drawing.plane.size.height.bitPattern]
    for rectangle in drawing.plane.rectangles {
      bits += [
        rectangle.point.x.bitPattern, rectangle.point.y.bitPattern,
        rectangle.size.width.bitPattern, rectangle.size.height.bitPattern,
      ]
    }
    return bits
  }
  return lhs == rhs && bits(lhs) == bits(rhs)
}
