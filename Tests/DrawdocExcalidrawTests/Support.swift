import DrawdocModel
import Foundation

/// The bytes of a fixture of this target's `Fixtures` folder.
func fixture(_ name: String) throws -> [UInt8] {
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures")
  return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
}

/// A rectangle written out by hand.
func rect(
  _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: String,
  _ alpha: Int
) throws -> Rectangle {
  Rectangle(
    id: try Identifier(id), point: try Point(x: x, y: y),
    size: try Size(width: width, height: height), color: try Color(hex: color),
    alpha: try Alpha(level: alpha))
}

/// The time the tests import at.
let importTime = Timestamp(secondsSince1970: 1_700_000_000)
