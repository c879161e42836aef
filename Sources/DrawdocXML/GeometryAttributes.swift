import DrawdocModel

extension Rectangle {
  /// Appends the rectangle's attributes `x="X" y="Y" width="W" height="H"`, numbers in their
  /// shortest exact form: an SVG `rect`'s, and the `mxGeometry`'s of a draw.io file, which are
  /// written alike.
  ///
  /// - Parameter output: The text so far.
  package func appendGeometryAttributes(to output: inout [UInt8]) {
    output.append(literal: #"x=""#)
    ShortestDecimal.append(point.x, to: &output)
    output.append(literal: #"" y=""#)
    ShortestDecimal.append(point.y, to: &output)
    output.append(literal: #"" width=""#)
    ShortestDecimal.append(size.width, to: &output)
    output.append(literal: #"" height=""#)
    ShortestDecimal.append(size.height, to: &output)
    output.append(UInt8(ascii: "\""))
  }
}
