import DrawdocModel
import DrawdocRaster

/// A failure inside a test helper, with what went wrong.
struct TestFailure: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}

/// A color from three 8-bit channels.
func rgb(_ red: UInt8, _ green: UInt8, _ blue: UInt8) -> Color {
  Color(red: red, green: green, blue: blue)
}

/// A rectangle for tests; its id is made from `number`.
func makeRectangle(
  _ number: Int, x: Double, y: Double, width: Double, height: Double,
  color: Color = rgb(255, 0, 0), level: Int = 10
) throws -> Rectangle {
  Rectangle(
    id: Identifier(rawValue: UInt64(number)), point: try Point(x: x, y: y),
    size: try Size(width: width, height: height), color: color, alpha: try Alpha(level: level))
}

/// A plane of `width × height` holding `rectangles`, bottom first.
func makePlane(width: Double, height: Double, _ rectangles: [Rectangle]) throws -> Plane {
  try Plane(size: try Size(width: width, height: height), rectangles: rectangles)
}

extension RasterImage {
  /// The four RGBA bytes of one pixel.
  func rgba(_ x: Int, _ y: Int) -> [UInt8] {
    let offset = (y * width + x) * 4
    return Array(pixels[offset..<(offset + 4)])
  }
}
