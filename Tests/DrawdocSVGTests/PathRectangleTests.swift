import Testing

@testable import DrawdocSVG

/// `PathRectangle`: path data (SVG 1.1 §8.3) that outlines an axis-aligned rectangle, as
/// docs/format.md ("Rectangle-shaped paths") reads it. Expected rectangles are
/// `[x, y, width, height]`.
@Suite struct PathRectangleTests {
  @Test(
    arguments: [
      // Absolute, with and without the close, clockwise or not, from any corner.
      ("M10 20 H110 V70 H10 Z", [10.0, 20, 100, 50]), ("M10 20 H110 V70 H10", [10, 20, 100, 50]),
      ("M10 20 H110 V70 H10 V20", [10, 20, 100, 50]),
      ("M10 20 H110 V70 H10 V20 Z", [10, 20, 100, 50]),
      ("M10 20 V70 H110 V20 Z", [10, 20, 100, 50]), ("M110 70 H10 V20 H110 Z", [10, 20, 100, 50]),
      ("M10,20 L110,20 L110,70 L10,70 Z", [10, 20, 100, 50]),
      // Implicit lines after a move, relative or not; a leading `m` is absolute.
      ("M10 20 110 20 110 70 10 70 z", [10, 20, 100, 50]),
      ("m10 20 100 0 0 50 -100 0 z", [10, 20, 100, 50]),
      ("m10 20 h100 v50 h-100 z", [10, 20, 100, 50]),
      ("M10 20 h100 v50 h-100 z", [10, 20, 100, 50]), ("m0 0 l10 0 l0 5 l-10 0 z", [0, 0, 10, 5]),
      ("M0 0 H10 10 V5 H0 Z", [0, 0, 10, 5]), ("M0 0 h5 5 v5 h-10 z", [0, 0, 10, 5]),
      // Separators: none before a sign or a second point, commas, any blanks, exponents.
      ("M10-20H110V30H10Z", [10, -20, 100, 50]), ("M.5.5h.5v.5h-.5z", [0.5, 0.5, 0.5, 0.5]),
      ("M10,20,110,20,110,70,10,70z", [10, 20, 100, 50]),
      ("  M 10 20\n\tH 110\r\n V 70 H 10 Z  ", [10, 20, 100, 50]),
      ("M1e1 2E1 H1.1e2 V7e1 H+1e1 Z", [10, 20, 100, 50]),
      // Starting mid-edge, doubled and zero-length segments, a spike back along an edge.
      ("M60 20 H110 V70 H10 V20 Z", [10, 20, 100, 50]),
      ("M10 45 V20 H110 V70 H10 Z", [10, 20, 100, 50]),
      ("M10 20 H60 H110 V70 H10 Z", [10, 20, 100, 50]),
      ("M10 20 H10 H110 V70 V70 H10 Z", [10, 20, 100, 50]),
      ("M10 20 L10 20 H110 l0 0 V70 H10 Z", [10, 20, 100, 50]),
      ("M0 0 H10 H5 V10 H0 Z", [0, 0, 5, 10]),
      // A relative length is taken as written, where the difference of the coordinates would
      // be 0.30000000000000004 and 0.09999999999999998.
      ("M0.5 0.4 h0.3 v0.1 h-0.3 z", [0.5, 0.4, 0.3, 0.1]),
      ("M0.5 0.4 l0.3 0 l0 0.1 l-0.3 0 z", [0.5, 0.4, 0.3, 0.1]),
      ("M0.5 0.4 H0.8 V0.5 H0.5 Z", [0.5, 0.4, 0.30000000000000004, 0.09999999999999998]),
      // Tiny and huge, still finite.
      ("M0 0 h5e-324 v5e-324 h-5e-324 z", [0, 0, .leastNonzeroMagnitude, .leastNonzeroMagnitude]),
      ("M-1e308 0 h1e308 v1 h-1e308 z", [-1e308, 0, 1e308, 1]),
    ] as [(String, [Double])])
  func readsRectangles(_ data: String, _ expected: [Double]) throws {
    let rectangle = try #require(PathRectangle(pathData: data))
    #expect([rectangle.x, rectangle.y, rectangle.width, rectangle.height] == expected)
  }

  @Test(arguments: [
    // Nothing, or no outline.
    "", " ", "Z", "M10 20", "M10 20 Z", "M10 20 H110", "M10 20 H110 Z", "M0 0 H10 V0 H0 Z",
    // No move first, or a second one.
    "H10 V10 H0 Z", "L10 0 L10 10 L0 10 Z", "10 20 H110", "M0 0 M5 5 H10 V10 H5 Z",
    "M0 0 H10 V10 H0 Z M20 20 H30 V30 H20 Z", "m0 0 h10 v10 h-10 z m20 20 h10 v10 h-10 z",
    // Anything after the close, or a second close.
    "M0 0 H10 V10 H0 Z H5", "M0 0 H10 V10 H0 Z Z", "M0 0 H10 V10 H0 Z 5", "M0 0 H10 V10 H0 Z,",
    // Diagonals, triangles, curves and arcs.
    "M10 20 H110 V70 Z", "M0 0 L10 10 L0 10 Z", "M0 0 H10 L10 10 H0 L1 0 Z",
    "M0 0 C1 1 2 2 3 3", "M0 0 Q1 1 2 2", "M0 0 A5 5 0 0 1 10 10", "M0 0 S1 1 2 2",
    "M0 0 T1 1", "M0 0 H10 V10 H0 Z e",
    // Six corners, eight, or twice around.
    "M0 0 H10 V10 H0 V5 H-5 V0 Z", "M0 0 H10 V5 H5 V10 H0 Z", "M0 0 H10 V10 H0 V0 H10 V10 H0 Z",
    // Missing or broken numbers.
    "M 0", "M0 0 H", "M0 0 V", "M0 0 L10", "M,0 0 H10 V10 H0 Z", "M0 0,,H10 V10 H0 Z",
    "M0 0 H10, V10 H0 Z", "M0 0 H10px V10 H0 Z", "M0 0 H1e400 V10 H0 Z", "M0 0 H10 V10 H0 Z x",
    "M0 0 H10 V10 H0 Z\u{0}",
    // Coordinates that overflow, or an outline too wide to measure.
    "M0 0 h1e308 h1e308 v1 h-1e308 h-1e308 z", "M-1e308 0 H1e308 V1 H-1e308 Z",
  ])
  func refusesOtherShapes(_ data: String) {
    #expect(PathRectangle(pathData: data) == nil)
  }
}
