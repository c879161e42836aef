import DrawdocModel

/// The fold `ref_sax` prints (`Benchmarks/Reference/ref_common.h`): per rectangle, in document
/// order, `x`, `y`, `width`, `height`, red, green, blue and `fill-opacity` added one at a time
/// to a `Double`, and every byte of the `data-id` added to an integer. Equal lines show that
/// two readers extracted the same numbers.
struct Checksum: Equatable {
  var count = 0
  var sum = 0.0
  var idSum: UInt64 = 0

  init(_ plane: Plane) {
    for rectangle in plane.rectangles {
      count += 1
      sum += rectangle.point.x
      sum += rectangle.point.y
      sum += rectangle.size.width
      sum += rectangle.size.height
      sum += Double(rectangle.color.red)
      sum += Double(rectangle.color.green)
      sum += Double(rectangle.color.blue)
      // level / 10 is one correctly rounded division: the double that "0.3" parses to.
      sum += rectangle.alpha.opacity
      for byte in rectangle.id.utf8 { idSum &+= UInt64(byte) }
    }
  }

  /// The line `ref_sax` prints: `count=N checksum=S idsum=I` (`%.6f` for S).
  var line: String {
    "count=\(count) checksum=\(Text.cFormat("%.6f", sum)) idsum=\(idSum)"
  }
}
