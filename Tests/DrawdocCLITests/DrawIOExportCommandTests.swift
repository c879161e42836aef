import Foundation
import Testing

// The editable exports of draw.io on the command line: a `.drawio.svg` (the root's `content`
// attribute) or `.drawio.png` (a `tEXt` chunk `mxfile`) is read for the draw.io file it
// carries, not for its picture.

/// `text` as an XML attribute value in double quotes, as draw.io escapes it.
private func escaped(_ text: String) -> String {
  text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    .replacingOccurrences(of: "\n", with: "&#xa;")
}

/// An SVG file whose picture is one black square and whose root carries `content`.
private func svg(content: String) -> String {
  """
  <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" content="\(content)">\
  <rect width="10" height="10"/></svg>

  """
}

/// `png` with a `tEXt` chunk (its CRC computed here) inserted after its header.
private func withText(_ png: [UInt8], keyword: String, text: [UInt8]) -> [UInt8] {
  let body = Array("tEXt\(keyword)\0".utf8) + text
  var crc: UInt32 = 0xFFFF_FFFF
  for byte in body {
    crc ^= UInt32(byte)
    for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
  }
  crc = ~crc
  let bigEndian = { (value: UInt32) in
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
  }
  let chunk = bigEndian(UInt32(body.count - 4)) + body + bigEndian(crc)
  // The signature (8 bytes) and IHDR (25) come first.
  return Array(png[..<33]) + chunk + Array(png[33...])
}

@Suite("draw.io's SVG and PNG exports on the command line")
struct DrawIOExportCommandTests {
  /// A sample drawing written as a draw.io file, and the sample.
  func drawIOFile(_ box: Sandbox) throws -> (mxfile: String, original: String) {
    let original = sample("tricky-numbers.svg")
    let drawio = "\(box.work)/tricky.drawio"
    let written = drawdoc("convert", original, drawio, environment: box.environment)
    #expect(written.status == 0, "\(written.standardError)")
    return (try String(contentsOfFile: drawio, encoding: .utf8), original)
  }

  func convertsBackToTheOriginal(_ input: String, _ original: String, _ box: Sandbox) throws {
    let result = drawdoc("convert", input, "\(box.work)/back.svg", environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/back.svg"))
        == Data(contentsOf: URL(fileURLWithPath: original)), "\(input)")
  }

  @Test func aDrawIOSVGIsReadForTheFileItCarriesByNameOrByContent() throws {
    let box = try Sandbox()
    let (mxfile, original) = try drawIOFile(box)
    let text = svg(content: escaped(mxfile))
    try convertsBackToTheOriginal(try box.file("plan.drawio.svg", text), original, box)
    // Content-sniffed: the name says nothing of draw.io.
    try convertsBackToTheOriginal(try box.file("plan.svg", text), original, box)
  }

  @Test func aDrawIOPNGIsReadForTheFileItCarries() throws {
    let box = try Sandbox()
    let (mxfile, original) = try drawIOFile(box)
    let picture = drawdoc(
      "convert", original, "\(box.work)/picture.png", environment: box.environment)
    #expect(picture.status == 0, "\(picture.standardError)")
    let png = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/picture.png")))
    let encoded = mxfile.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    let input = try box.file(
      "plan.drawio.png", withText(png, keyword: "mxfile", text: Array(encoded.utf8)))
    try convertsBackToTheOriginal(input, original, box)
  }

  @Test func aBrokenCarriedFileIsRefusedNotReadAsAPicture() throws {
    let box = try Sandbox()
    let cases = [
      ("broken.drawio.svg", svg(content: "&lt;mxfile&gt;&lt;diagram&gt;"), "the SVG file carries"),
      ("entity.drawio.svg", svg(content: "&lt;mxfile&gt;&bogus;"), "bogus"),
      ("other.drawio.svg", svg(content: "hello"), "does not hold an <mxfile>"),
      (
        "none.drawio.svg", svg(content: "").replacingOccurrences(of: " content=\"\"", with: ""),
        "an <svg> without a content attribute"
      ),
    ]
    for (name, text, message) in cases {
      let input = try box.file(name, text)
      let result = drawdoc("convert", input, "\(box.work)/out.svg", environment: box.environment)
      #expect(result.status == 65, "\(name)")
      #expect(result.standardError.hasPrefix("Error: \(input):1:"), "\(result.standardError)")
      #expect(result.standardError.contains(message), "\(result.standardError)")
    }
    let badEscape = try box.file(
      "bad.drawio.png",
      withText(try pngPicture(box), keyword: "mxfile", text: Array("%3Cmxfile%ZZ".utf8)))
    let result = drawdoc("convert", badEscape, "\(box.work)/out.svg", environment: box.environment)
    #expect(result.status == 65)
    #expect(result.standardError.contains("malformed %-escape"), "\(result.standardError)")
  }

  @Test func anOrdinarySVGIsStillReadAsAnSVG() throws {
    let box = try Sandbox()
    let input = try box.file("plain.svg", svg(content: "hello"))
    let result = drawdoc("convert", input, "\(box.work)/out.json", environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
  }

  func pngPicture(_ box: Sandbox) throws -> [UInt8] {
    let out = "\(box.work)/p.png"
    #expect(
      drawdoc("convert", sample("tricky-numbers.svg"), out, environment: box.environment).status
        == 0)
    return [UInt8](try Data(contentsOf: URL(fileURLWithPath: out)))
  }
}
