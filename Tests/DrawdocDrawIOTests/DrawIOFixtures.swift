import DrawdocDrawIO
import DrawdocModel
import Foundation

/// The draw.io templates copied into DrawdocCLITests' fixtures, and what the tests compare.
enum DrawIOFixtures {
  static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("DrawdocCLITests/Fixtures/peers/drawio")

  static func bytes(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
  }

  static let now = Timestamp(secondsSince1970: 1_800_000_000)

  static func importTemplate(_ name: String) throws -> DrawIOImport {
    try DrawIOReader.importDrawing(bytes(name), now: now)
  }
}

/// A rectangle as the tests write it by hand.
struct ExpectedRectangle: Equatable, CustomStringConvertible {
  let id: String
  let x: Double
  let y: Double
  let width: Double
  let height: Double
  let color: String
  let alpha: Int

  init(
    _ id: String, _ x: Double, _ y: Double, _ width: Double, _ height: Double, _ color: String,
    _ alpha: Int
  ) {
    (self.id, self.x, self.y, self.width, self.height) = (id, x, y, width, height)
    (self.color, self.alpha) = (color.lowercased(), alpha)
  }

  init(_ rectangle: Rectangle) {
    self.init(
      rectangle.id.description, rectangle.point.x, rectangle.point.y, rectangle.size.width,
      rectangle.size.height, rectangle.color.hex, Int(rectangle.alpha.level))
  }

  var description: String { "\(id) \(x),\(y) \(width)×\(height) \(color) \(alpha)" }
}

/// The id a cell id that is not a drawdoc id gets, as docs/format.md states the rule: the
/// 64-bit FNV-1a hash of its UTF-8 bytes, modulo 36⁹, spelled in base 36. Written here again,
/// independently of the reader.
func derivedId(_ cell: String) -> String {
  var hash: UInt64 = 14_695_981_039_346_656_037
  for byte in cell.utf8 { hash = (hash ^ UInt64(byte)) &* 1_099_511_628_211 }
  var value = hash % 101_559_956_668_416
  var digits: [Character] = []
  let alphabet = Array("0123456789abcdefghijklmnopqrstuvwxyz")
  for _ in 0..<9 {
    digits.insert(alphabet[Int(value % 36)], at: 0)
    value /= 36
  }
  let text = String(digits)
  return "\(text.prefix(3))-\(text.dropFirst(3).prefix(3))-\(text.suffix(3))"
}

/// A warning reduced to what the tests check: the cell and the kind, as words.
func kinds(_ warnings: [DrawIOWarning]) -> [String] {
  warnings.map { warning in
    switch warning.kind {
    case .skipped(let cell, let reason): return "\(cell) skipped \(reason)"
    case .simplified(let cell, let losses):
      return "\(cell) kept \(losses.map { "\($0)" }.joined(separator: ","))"
    case .otherPages(let read, let names): return "pages \(read) \(names)"
    case .title: return "title"
    }
  }
}

/// A warning as the tests compare it: its line and its message, exactly.
struct ExpectedWarning: Equatable, CustomStringConvertible {
  let line: Int
  let message: String

  init(_ line: Int, _ message: String) { (self.line, self.message) = (line, message) }

  init(_ warning: DrawIOWarning) { self.init(warning.line, warning.message) }

  var description: String { "\(line): \(message)" }
}

/// Expectations that `reference_drawio.py` (beside the templates) printed from the templates:
/// an independent reading of docs/format.md's draw.io rules, not drawdoc's reader.
enum DrawIOReference {}
