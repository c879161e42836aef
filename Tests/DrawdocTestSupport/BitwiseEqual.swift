import DrawdocModel

/// Equality to the bit: `==` on `Double` treats `-0.0` and `0.0` as equal.
package func bitwiseEqual(_ lhs: Drawing, _ rhs: Drawing) -> Bool {
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
