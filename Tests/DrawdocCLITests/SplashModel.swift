import DrawdocModel

/// The 8-bit arithmetic of poppler's Splash rasterizer (what `pdftoppm` draws with), written
/// out for filled rectangles with whole-number edges, so that a test can say what pdftoppm
/// must draw for a PDF that holds exactly a drawing's rectangles.
///
/// Splash keeps a straight (not premultiplied) 8-bit color and an 8-bit alpha per pixel,
/// starting transparent. A fill of opacity `o` has the source alpha `aS = round(255 · o)`
/// (halves up); over a pixel `(cD, aD)` it makes
/// `aR = aS + aD − div255(aS · aD)` and `cR = ⌊((aR − aS) · cD + aS · cS) / aR⌋`.
/// pdftoppm then puts the page on white paper: `div255(aR · cR + (255 − aR) · 255)`, where
/// `div255(x) = (x + (x >> 8) + 0x80) >> 8`. Each step rounds to 8 bits, so its result
/// drifts from the exact picture (drawdoc's PNG) as translucent layers stack up.
enum SplashModel {
  /// The RGB pixels pdftoppm draws for the plane's rectangles, bottom first, on white.
  static func draw(_ plane: Plane) -> [UInt8] {
    let width = Int(plane.size.width)
    let height = Int(plane.size.height)
    var colors = [Int](repeating: 0, count: width * height * 3)
    var alphas = [Int](repeating: 0, count: width * height)
    for rectangle in plane.rectangles {
      let sourceAlpha = (Int(rectangle.alpha.level) * 255 + 5) / 10
      let source = [rectangle.color.red, rectangle.color.green, rectangle.color.blue].map(Int.init)
      let left = max(0, Int(rectangle.point.x))
      let top = max(0, Int(rectangle.point.y))
      let right = min(width, Int(rectangle.point.x + rectangle.size.width))
      let bottom = min(height, Int(rectangle.point.y + rectangle.size.height))
      guard left < right, top < bottom else { continue }
      for y in top..<bottom {
        for x in left..<right {
          let pixel = y * width + x
          let destinationAlpha = alphas[pixel]
          let result = sourceAlpha + destinationAlpha - div255(sourceAlpha * destinationAlpha)
          for channel in 0..<3 {
            let destination = colors[pixel * 3 + channel]
            colors[pixel * 3 + channel] =
              ((result - sourceAlpha) * destination + sourceAlpha * source[channel]) / result
          }
          alphas[pixel] = result
        }
      }
    }
    var rgb = [UInt8](repeating: 0, count: width * height * 3)
    for pixel in 0..<(width * height) {
      let alpha = alphas[pixel]
      for channel in 0..<3 {
        let paper = (255 - alpha) * 255
        rgb[pixel * 3 + channel] = UInt8(div255(alpha * colors[pixel * 3 + channel] + paper))
      }
    }
    return rgb
  }

  /// Splash's rounded division by 255 of a product of two 8-bit values.
  private static func div255(_ value: Int) -> Int { (value + (value >> 8) + 0x80) >> 8 }
}
