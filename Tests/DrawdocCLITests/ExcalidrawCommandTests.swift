import DrawdocCLI
import Foundation
import Testing

// `convert` and `save` read Excalidraw's files (docs/format.md, "Excalidraw files"); `export`
// and `convert` write them. The fixtures are those of DrawdocExcalidrawTests.

/// The path of a fixture of DrawdocExcalidrawTests.
private func excalidrawFixture(_ name: String) -> String {
  URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("DrawdocExcalidrawTests/Fixtures/\(name)").path
}

/// A zlib stream that inflates to `count` × 258 + 1 spaces (fixed Huffman codes: a literal,
/// then matches of length 258 at distance 1), with a wrong checksum: the limit must stop it
/// first.
private func deflateBomb(matches count: Int) -> [UInt8] {
  var output: [UInt8] = [0x78, 0x01]
  var buffer: UInt32 = 0
  var bits = 0
  func put(_ value: UInt32, _ length: Int) {
    buffer |= value << UInt32(bits)
    bits += length
    while bits >= 8 {
      output.append(UInt8(truncatingIfNeeded: buffer))
      buffer >>= 8
      bits -= 8
    }
  }
  func code(_ value: UInt32, _ length: Int) {  // Huffman codes go most significant bit first.
    var reversed: UInt32 = 0
    for bit in 0..<length { reversed |= (value >> UInt32(bit) & 1) << UInt32(length - 1 - bit) }
    put(reversed, length)
  }
  put(1, 1)  // the last block
  put(1, 2)  // fixed codes
  code(0x30 + 0x20, 8)  // a space
  for _ in 0..<count {
    code(0b1100_0101, 8)  // length 258
    code(0, 5)  // distance 1
  }
  code(0, 7)  // end of block
  put(0, 7)
  return output + [0, 0, 0, 0]
}

/// An SVG file as Excalidraw exports one, carrying `payload` (version 2).
private func excalidrawSVG(payload: String) -> String {
  """
  <svg version="1.1" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">
    <!-- svg-source:excalidraw -->
    <!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 -->\
  <!-- payload-start -->\(payload)<!-- payload-end -->
  </svg>

  """
}

/// The base64 of a version 2 wrapper whose `encoded` holds `binary`, one character a byte.
private func bstringPayload(_ binary: [UInt8], compressed: Bool = true) -> String {
  var wrapper = Array(
    #"{"version":"1","encoding":"bstring","compressed":\#(compressed),"encoded":""#.utf8)
  for byte in binary {
    if byte < 0x20 || byte == 0x22 || byte == 0x5C {
      wrapper += Array(String(format: "\\u%04x", byte).utf8)
    } else {
      wrapper.append(byte)
    }
  }
  wrapper += Array("\"}".utf8)
  return Data(wrapper).base64EncodedString()
}

@Suite("Excalidraw files on the command line")
struct ExcalidrawCommandTests {
  @Test func convertReadsASceneAndPrintsEachWarningWithFileAndLine() throws {
    let box = try Sandbox()
    let input = excalidrawFixture("scene-1-0.excalidraw")
    let output = "\(box.work)/out.json"
    let result = drawdoc("convert", input, output, environment: box.environment)
    #expect(result.status == 0, "\(result.standardError)")
    let form = try JSONDecoder().decode(
      DrawingForm.self, from: try Data(contentsOf: URL(fileURLWithPath: output)))
    #expect(form.title == "scene-1-0" && form.rectangles.count == 7)
    #expect(form.rectangles.first?.id == "e1d-h08-qoh")
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(lines.count == 8)
    #expect(
      lines.first
        == "\(input):1: warning: the canvas is the box around the elements, moved to the origin: "
        + "every rectangle moved by (27.72, 20.9)")
    #expect(
      lines.contains(
        "\(input):90: warning: ellipse \"gzFumerBlpGiZe285R6yG\" skipped: drawdoc keeps only "
          + "rectangles"))
  }

  @Test func embeddedScenesAreReadFromSVGAndPNG() throws {
    let box = try Sandbox()
    for name in [
      "smiley_embedded_v2.svg", "smiley_embedded_v2.png", "test_embedded_v1.svg",
      "test_embedded_v1.png",
    ] {
      let input = excalidrawFixture(name)
      let result = drawdoc("convert", input, "\(box.work)/out.json", environment: box.environment)
      #expect(result.status == 0, "\(name): \(result.standardError)")
      #expect(result.standardError.contains("text \""), "\(name)")
      #expect(result.standardError.contains("skipped: drawdoc keeps only rectangles"), "\(name)")
    }
  }

  @Test func convertAndExportWriteAScene() throws {
    let box = try Sandbox()
    let scene = "\(box.work)/fractional.excalidraw"
    var result = drawdoc(
      "convert", sample("fractional-edges.svg"), scene, environment: box.environment)
    #expect(result.status == 0 && result.standardError == "", "\(result.standardError)")
    let back = "\(box.work)/back.svg"
    result = drawdoc("convert", scene, back, environment: box.environment)
    #expect(result.status == 0 && result.standardError == "", "\(result.standardError)")
    #expect(try box.read(back) == (try sampleBytes("fractional-edges.svg")))

    let id = try box.newDrawing("--title", "Shapes")
    box.add(id, "--x", "1", "--y", "2", "--width", "3", "--height", "4", "--color", "red")
    let exported = box.run(["export", id, "--format", "excalidraw"])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardOutput.hasPrefix(#"{"type": "excalidraw", "version": 2"#))
    let file = try box.file("exported.excalidraw", exported.standardOutput)
    let svg = box.run(["convert", file, "-"])
    #expect(svg.status == 0 && svg.standardError == "")
    #expect(svg.standardOutput == box.run(["export", id]).standardOutput)
  }

  @Test func saveBringsASceneIntoTheStoreAndStrictRefusesOneWithWarnings() throws {
    let box = try Sandbox()
    let input = excalidrawFixture("scene-1-1.excalidraw")
    let strict = box.run(["save", input, "--strict"])
    #expect(strict.status == 65)
    #expect(try box.listJSON().isEmpty)
    let saved = box.run(["save", input])
    #expect(saved.status == 0, "\(saved.standardError)")
    #expect(saved.standardError.split(separator: "\n").count == 14)
    let rows = try box.listJSON()
    #expect(rows.count == 1 && rows.first?.title == "scene-1-1" && rows.first?.rectangles == 10)
  }

  @Test func aLibraryIsRefused() throws {
    let box = try Sandbox()
    let input = excalidrawFixture("fixture_library.excalidrawlib")
    let result = drawdoc("convert", input, "\(box.work)/out.svg", environment: box.environment)
    #expect(result.status == 65)
    #expect(
      result.standardError.contains(
        "\(input): a library of shapes, not a drawing: open it in Excalidraw and export a scene"))
  }

  static let hostile: [(String, String, String)] = [
    ("bad.excalidraw", #"{"type": "excalidraw", "elements": [}"#, "bad.excalidraw:1:"),
    (
      "types.excalidraw", #"{"type": "excalidraw", "elements": [{"type": "rectangle", "x": "1"}]}"#,
      ##"types.excalidraw: rectangle "#1": "x" is not a number"##
    ),
    (
      "inf.excalidraw",
      ##"{"type":"excalidraw","elements":[{"type":"rectangle","x":1e999,"y":0,"width":1,"height":1}]}"##,
      ##"inf.excalidraw: rectangle "#1": "x" is out of range: infinity"##
    ),
    (
      "huge.excalidraw",
      #"{"type":"excalidraw","elements":[{"type":"ellipse","x":-1e308,"y":0,"width":1,"height":1},"#
        + #"{"type":"ellipse","x":1e308,"y":0,"width":1e308,"height":1}]}"#,
      "huge.excalidraw: the elements spread wider than drawdoc's numbers reach"
    ),
    (
      "opacity.excalidraw",
      #"{"type":"excalidraw","elements":[{"type":"rectangle","x":0,"y":0,"width":1,"height":1,"#
        + #""backgroundColor":"red","opacity":1000}]}"#,
      ##"opacity.excalidraw: rectangle "#1": "opacity" 1000 is not in 0…100"##
    ),
    ("notype.json", #"{"type": "excalidraw"}"#, #"notype.json: the scene's "elements" is not"#),
    (
      "base64.svg", excalidrawSVG(payload: "eyJ2!!!"),
      "base64.svg: the Excalidraw payload is not base64"
    ),
    (
      "latin.svg", excalidrawSVG(payload: bstringPayload([0x78, 0x9C, 0x01], compressed: true)),
      "latin.svg: the embedded scene does not inflate: the stream ends too early"
    ),
  ]

  @Test(arguments: hostile)
  func hostileInputIsRefused(name: String, content: String, message: String) throws {
    let box = try Sandbox()
    let input = try box.file(name, content)
    let result = box.run(["convert", input, "\(box.work)/out.svg"])
    #expect(result.status == 65, "\(result.standardError)")
    #expect(result.standardError.contains(message), "\(result.standardError)")
  }

  @Test func aDeflateBombIsRefusedBeforeMemoryGrows() throws {
    let box = try Sandbox()
    // 20 000 matches: 5.2 MB of spaces from 33 kB, past 100 times that (and past 1 MiB).
    let bomb = deflateBomb(matches: 20_000)
    let svg = excalidrawSVG(payload: bstringPayload(bomb))
    let input = try box.file("bomb.excalidraw.svg", svg)
    let result = box.run(["convert", input, "\(box.work)/out.svg"])
    #expect(result.status == 65)
    #expect(
      result.standardError.contains(
        "bomb.excalidraw.svg: the embedded scene inflates to more than \(bomb.count * 100) bytes "
          + "(over 100 times its compressed size): refused as a decompression bomb"),
      "\(result.standardError)")
  }
}
