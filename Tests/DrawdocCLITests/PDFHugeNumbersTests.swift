import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import Foundation
import Testing

/// The pixels of an uncompressed RGB TIFF file as `pdftocairo -tiff -tiffcompression none`
/// writes it: little-endian, one image, strips of 8-bit red, green and blue, in order.
private func decodeTIFF(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
  #expect(bytes.starts(with: [0x49, 0x49, 42, 0]), "not a little-endian TIFF file")
  func number(_ offset: Int, _ size: Int) -> Int {
    (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }
  // The first image's directory: a count, then entries of tag, type, count and value.
  let directory = number(4, 4)
  var fields: [Int: (type: Int, count: Int, value: Int)] = [:]
  for entry in 0..<number(directory, 2) {
    let at = directory + 2 + 12 * entry
    fields[number(at, 2)] = (number(at + 2, 2), number(at + 4, 4), number(at + 8, 4))
  }
  /// The values of a field of SHORTs (type 3) or LONGs (type 4), inline or at an offset.
  func values(_ tag: Int) throws -> [Int] {
    let field = try #require(fields[tag], "no TIFF tag \(tag)")
    let size = field.type == 3 ? 2 : 4
    if field.count * size <= 4 {
      return (0..<field.count).map { (field.value >> (8 * size * $0)) & (size == 2 ? 0xFFFF : -1) }
    }
    return (0..<field.count).map { number(field.value + size * $0, size) }
  }
  let width = try values(256)[0]
  let height = try values(257)[0]
  #expect(try values(259) == [1], "compressed")
  #expect(try values(277) == [3], "not three samples a pixel")
  #expect(try values(258) == [8, 8, 8], "not 8 bits a sample")
  var rgb: [UInt8] = []
  for (offset, count) in zip(try values(273), try values(279)) {
    rgb += bytes[offset..<offset + count]
  }
  #expect(rgb.count == width * height * 3)
  return (width, height, rgb)
}

/// A rectangle of 1e21 × 1.8e308 (`Samples/tricky-numbers.svg`) drawn by poppler's two
/// renderers, which leave out a path of huge numbers: the PDF file writes each rectangle's
/// part on the page, so both draw it.
@Suite struct PDFHugeNumbersTests {
  /// `pdftoppm` (poppler's Splash) and `pdftocairo` (cairo) at 96 dpi, 0.75 pt a pixel,
  /// against drawdoc's own picture of the drawing on white, the exact one: the page is the
  /// sample's 1024 × 768 canvas under a black rectangle of opacity 0.1 (a gray of 229.5, 25
  /// levels below white), with a strip 0.3 px tall on top of it along the first row. Left
  /// out, the big rectangle leaves every pixel 25 or more levels too light.
  ///
  /// On the first row, cairo covers each pixel by its fraction, as drawdoc does; Splash
  /// widens a fill thinner than a pixel to a whole pixel, so there the strip is drawn at its
  /// full opacity: up to a layer of 0.1 darker than drawdoc's (23 levels of the gray).
  @Test(arguments: ["pdftoppm", "pdftocairo"])
  func popplerDrawsARectangleOfHugeNumbers(_ renderer: String) throws {
    let path = try #require(program(renderer), "\(renderer) is missing: \(installTools)")
    let box = try Sandbox()
    let svg = sample("tricky-numbers.svg")
    let pdf = "\(box.work)/tricky.pdf"
    box.succeed("convert", svg, pdf)
    let plane = try SVGImporter.importDrawing(contentsOfFile: svg, now: .now).drawing.plane
    let picture = try Rasterizer.render(plane, background: Color(red: 255, green: 255, blue: 255))

    let drawn: (width: Int, height: Int, rgb: [UInt8])
    if renderer == "pdftoppm" {
      let run = try runProgram(path, ["-r", "96", "-singlefile", pdf, "\(box.work)/drawn"])
      #expect(run.status == 0, "\(run.standardError)")
      drawn = try decodePPM(box.read("\(box.work)/drawn.ppm"))
    } else {
      let run = try runProgram(
        path,
        ["-tiff", "-tiffcompression", "none", "-r", "96", "-singlefile", pdf, "\(box.work)/drawn"])
      #expect(run.status == 0, "\(run.standardError)")
      drawn = try decodeTIFF(box.read("\(box.work)/drawn.tif"))
    }
    try #require(drawn.width == picture.width && drawn.height == picture.height)
    // The first row holds the thin strip, which each renderer anti-aliases its own way.
    var worst = 0
    var worstFirstRow = 0
    for pixel in 0..<(drawn.width * drawn.height) {
      for channel in 0..<3 {
        let difference = abs(
          Int(drawn.rgb[pixel * 3 + channel]) - Int(picture.pixels[pixel * 4 + channel]))
        if pixel < drawn.width {
          worstFirstRow = max(worstFirstRow, difference)
        } else {
          worst = max(worst, difference)
        }
      }
    }
    print(
      "\(renderer) against drawdoc's PNG, tricky-numbers.svg: \(worst) levels below the first row, \(worstFirstRow) on it"
    )
    #expect(worst <= 1, "\(worst) levels below the first row")
    let firstRowAllowed = renderer == "pdftoppm" ? 23 : 1
    #expect(worstFirstRow <= firstRowAllowed, "\(worstFirstRow) levels on the first row")
  }
}
