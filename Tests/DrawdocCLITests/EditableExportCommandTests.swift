import Foundation
import Testing

// The editable pictures on the command line, through the real binary: `convert` and `export`
// pick `.drawio.svg`, `.drawio.png`, `.excalidraw.svg` and `.excalidraw.png` by the name's two
// last extensions or by `--format`, and read them back as the same drawing; the SVG pictures
// draw, in librsvg, exactly what the plain SVG export draws.

@Suite("Editable pictures on the command line")
struct EditableExportCommandTests {
  static let extensions = ["drawio.svg", "drawio.png", "excalidraw.svg", "excalidraw.png"]

  func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  @Test func convertWritesEachByItsDoubleExtensionAndReadsItBack() throws {
    let box = try Sandbox()
    for sampleName in ["seeds-example.svg", "tricky-numbers.svg", "escaped-title.svg"] {
      let original = sample(sampleName)
      for ext in Self.extensions {
        let path = "\(box.work)/Plan.\(ext.uppercased())"
        try box.succeedBinary(["convert", original, path])
        let written = try bytes(path)
        if ext.hasSuffix("png") {
          #expect(written.starts(with: [0x89, 0x50, 0x4E, 0x47]), "\(ext)")
        } else {
          let start = String(decoding: written.prefix(4096), as: UTF8.self)
          #expect(!start.contains("data-drawdoc"), "\(ext)")
          #expect(
            start.contains(ext == "drawio.svg" ? " content=\"&lt;mxfile" : "payload-start"),
            "\(ext)")
        }
        // Read back by the double extension, and by content under a plain name.
        let plain = "\(box.work)/copy.\(ext.hasSuffix("png") ? "png" : "svg")"
        try written.write(to: URL(fileURLWithPath: plain))
        for input in [path, plain] {
          let back = "\(box.work)/back.svg"
          try box.succeedBinary(["convert", input, back])
          #expect(try bytes(back) == bytes(original), "\(sampleName) through \(input)")
        }
      }
    }
  }

  @Test func exportNamesTheFormatByOutputNameOrFormatAndTakesThePictureOptions() throws {
    let box = try Sandbox()
    let id = try box.succeedBinary(["save", sample("seeds-example.svg")])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    for ext in Self.extensions {
      let named = "\(box.work)/named.\(ext)"
      try box.succeedBinary(["export", id, "-o", named])
      let streamed = try box.runBinary(["export", id, "--format", ext.uppercased()])
      if ext.hasSuffix("png") {
        // A PNG is not text: to standard output only through a redirection, as a PNG is.
        #expect(streamed.status == 0, "\(streamed.standardError)")
      } else {
        #expect(Data(streamed.standardOutput.utf8) == (try bytes(named)), "\(ext)")
      }
      let sameByFormat = "\(box.work)/by-format.bin"
      try box.succeedBinary(["export", id, "--format", ext, "-o", sameByFormat])
      #expect(try bytes(sameByFormat) == bytes(named), "\(ext)")
    }
    // The PNGs take --scale and --background; --no-embed would take away what they are.
    let scaled = "\(box.work)/scaled.drawio.png"
    try box.succeedBinary(["export", id, "-o", scaled, "--scale", "0.5", "--background", "#fff"])
    let header = try bytes(scaled)
    let width = header[16..<20].reduce(0) { $0 << 8 | Int($1) }
    #expect(width == 512)
    let refused = try box.runBinary(["export", id, "-o", "\(box.work)/x.drawio.png", "--no-embed"])
    #expect(refused.status == 64)
    #expect(
      refused.standardError.contains("carries its program's file"), "\(refused.standardError)")
    let svgScale = try box.runBinary([
      "export", id, "-o", "\(box.work)/x.drawio.svg", "--scale", "2",
    ])
    #expect(svgScale.status == 64)
    let unknown = try box.runBinary(["export", id, "--format", "drawio.pdf"])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("excalidraw.png"), "\(unknown.standardError)")
  }

  /// librsvg draws the SVG pictures pixel for pixel as it draws the plain SVG export.
  @Test func theSVGPicturesDrawAsThePlainExportInLibrsvg() throws {
    let tool = ["/usr/bin/rsvg-convert", "/usr/local/bin/rsvg-convert"].first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
    guard let tool else {
      Issue.record("rsvg-convert was not found; install it with `apt-get install librsvg2-bin`")
      return
    }
    let box = try Sandbox()
    for sampleName in ["seeds-example.svg", "fractional-edges.svg", "factory-seed-42.svg"] {
      let original = sample(sampleName)
      let plain = "\(box.work)/plain.png"
      let drawn = try runProgram(tool, [original, "-o", plain])
      #expect(drawn.status == 0, "\(drawn.standardError)")
      for ext in ["drawio.svg", "excalidraw.svg"] {
        let path = "\(box.work)/plan.\(ext)"
        try box.succeedBinary(["convert", original, path])
        let picture = "\(box.work)/picture.png"
        let result = try runProgram(tool, [path, "-o", picture])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(try bytes(picture) == bytes(plain), "\(sampleName) as \(ext)")
      }
    }
  }
}
