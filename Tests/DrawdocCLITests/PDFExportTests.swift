import DrawdocCLI
import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import Foundation
import Testing

/// What to run when qpdf or one of poppler's programs (pdftoppm, pdftocairo) is missing.
let installTools = "install qpdf and poppler-utils: apt-get install qpdf poppler-utils"

/// A program on `PATH`, else in `/usr/bin`, or `nil`.
func program(_ name: String) -> String? {
  let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
  for folder in path.split(separator: ":").map(String.init) + ["/usr/bin"] where !folder.isEmpty {
    let candidate = "\(folder)/\(name)"
    if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
  }
  return nil
}

/// The pixels of a binary PPM file (`P6`, 8 bits a channel), as pdftoppm writes it.
func decodePPM(_ bytes: [UInt8]) throws -> (width: Int, height: Int, rgb: [UInt8]) {
  // The header is four words (`P6 W H 255`), each followed by one blank.
  var words: [String] = []
  var index = 0
  while words.count < 4 {
    var word: [UInt8] = []
    while index < bytes.count, ![0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) {
      word.append(bytes[index])
      index += 1
    }
    index += 1
    words.append(String(decoding: word, as: UTF8.self))
  }
  let width = try #require(Int(words[1]))
  let height = try #require(Int(words[2]))
  #expect(words[0] == "P6" && words[3] == "255")
  let rgb = Array(bytes[index...])
  #expect(rgb.count == width * height * 3)
  return (width, height, rgb)
}

@Suite struct PDFExportTests {
  /// The drawings of `Samples/`, which qpdf checks.
  static let samples = [
    "empty-canvas.svg", "escaped-title.svg", "factory-seed-42.svg", "fractional-edges.svg",
    "seeds-example.svg", "tricky-numbers.svg",
  ]

  /// `qpdf --check` on a file: it must exit 0 and report no warning.
  private func expectQPDFFindsNothing(
    _ path: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws {
    let qpdf = try #require(program("qpdf"), "qpdf is missing: \(installTools)")
    let result = try runProgram(qpdf, ["--check", path])
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(result.standardError == "", sourceLocation: sourceLocation)
    #expect(
      result.standardOutput.contains("No syntax or stream encoding errors found"),
      sourceLocation: sourceLocation)
    #expect(!result.standardOutput.contains("WARNING"), sourceLocation: sourceLocation)
  }

  @Test(arguments: samples)
  func qpdfFindsNothingWrongWithASample(_ name: String) throws {
    let box = try Sandbox()
    let pdf = "\(box.work)/out.pdf"
    box.succeed("convert", sample(name), pdf)
    try expectQPDFFindsNothing(pdf)
    // The same drawing gives the same bytes, from `convert` and from `export --format pdf`.
    let again = "\(box.work)/again.pdf"
    box.succeed("convert", sample(name), again)
    #expect(try box.read(pdf) == box.read(again))
  }

  @Test func exportWritesWhatConvertWritesAndQPDFFindsNothingWrong() throws {
    let box = try Sandbox()
    let id = try #require(
      singleId(
        box.succeed(
          "new", "--random", "300", "--seed", "9",
          "--title", #"Q (1) \ é"#)))
    let exported = "\(box.work)/exported.pdf"
    box.succeed("export", id, "--format", "pdf", "-o", exported)
    try expectQPDFFindsNothing(exported)
    // `-o NAME.pdf` alone picks PDF; standard output takes it when it is not a terminal.
    let byName = "\(box.work)/by-name.pdf"
    box.succeed("export", id, "-o", byName)
    #expect(try box.read(byName) == box.read(exported))
    let svg = "\(box.work)/drawing.svg"
    box.succeed("export", id, "-o", svg)
    let converted = "\(box.work)/converted.pdf"
    box.succeed("convert", svg, converted)
    #expect(try box.read(converted) == box.read(exported))
    let piped = box.run(["export", id, "--format", "pdf"])
    #expect(piped.status == 0)
    #expect(piped.standardOutput.hasPrefix("%PDF-1.4\n"))
    // The title, as poppler's pdfinfo reads it back.
    let pdfinfo = try #require(program("pdfinfo"), "pdfinfo is missing: \(installTools)")
    let info = try runProgram(pdfinfo, [exported])
    let title = info.standardOutput.split(separator: "\n").first { $0.hasPrefix("Title:") }
    #expect(title.map { $0.dropFirst(6).trimmingCharacters(in: .whitespaces) } == #"Q (1) \ é"#)
  }

  /// pdftoppm at 96 dpi (0.75 pt a pixel) draws the PDF at the canvas's size in pixels. The
  /// drawings have whole-number coordinates and sizes (the factory's), so every edge falls
  /// between pixels and neither side anti-aliases: every pixel, edges included, is compared.
  /// drawdoc's PNG is checked to be exactly `PNGEncoder.encode(Rasterizer.render(…))`, whose
  /// pixels are compared, so no PNG decoder is needed.
  ///
  /// Two checks:
  /// - pdftoppm's pixels are exactly those of ``SplashModel``, poppler's 8-bit arithmetic
  ///   applied to the drawing's own rectangles: the PDF holds every rectangle, with its
  ///   position, size, color and opacity, in z-order, and nothing else;
  /// - against drawdoc's PNG, the exact picture: within 2 levels per channel where at most
  ///   three rectangles overlap. Where more translucent layers stack, poppler's rounding to 8
  ///   bits after each layer (the model's, reproduced bit for bit) drifts further: up to 3
  ///   levels in these drawings, so 4 is allowed there, and the figure is printed.
  @Test(arguments: ["factory-seed-42.svg", "seed 1", "seed 2", "seed 3"])
  func popplerDrawsWhatDrawdocDraws(_ source: String) throws {
    let pdftoppm = try #require(program("pdftoppm"), "pdftoppm is missing: \(installTools)")
    let box = try Sandbox()
    let svg: String
    if source.hasPrefix("seed ") {
      let id = try #require(
        singleId(
          box.succeed(
            "new", "--random", "60", "--seed", String(source.dropFirst(5)), "--width", "320",
            "--height", "240")))
      svg = "\(box.work)/drawing.svg"
      box.succeed("export", id, "-o", svg)
    } else {
      svg = sample(source)
    }
    let pdf = "\(box.work)/drawing.pdf"
    let png = "\(box.work)/drawing.png"
    box.succeed("convert", svg, pdf)
    box.succeed("convert", svg, png, "--background", "#ffffff", "--no-embed")
    let plane = try SVGImporter.importDrawing(contentsOfFile: svg, now: .now).drawing.plane
    let white = Color(red: UInt8(255), green: 255, blue: 255)
    let picture = try Rasterizer.render(plane, background: white)
    #expect(try PNGEncoder.encode(picture) == box.read(png))

    let drawn = try runProgram(pdftoppm, ["-r", "96", "-singlefile", pdf, "\(box.work)/poppler"])
    #expect(drawn.status == 0, "\(drawn.standardError)")
    let ppm = try decodePPM(box.read("\(box.work)/poppler.ppm"))
    #expect(ppm.width == picture.width && ppm.height == picture.height)
    let modelled = SplashModel.draw(plane)
    let unlike = modelled.indices.filter { $0 >= ppm.rgb.count || ppm.rgb[$0] != modelled[$0] }
    #expect(
      unlike.isEmpty && ppm.rgb.count == modelled.count,
      "\(unlike.count) channel values differ from poppler's arithmetic on the drawing")
    // How many rectangles cover each pixel (the edges are whole numbers).
    var depth = [Int](repeating: 0, count: picture.width * picture.height)
    for rectangle in plane.rectangles {
      let left = max(0, Int(rectangle.point.x))
      let top = max(0, Int(rectangle.point.y))
      let right = min(picture.width, Int(rectangle.point.x + rectangle.size.width))
      let bottom = min(picture.height, Int(rectangle.point.y + rectangle.size.height))
      for y in top..<max(top, bottom) {
        for x in left..<max(left, right) { depth[y * picture.width + x] += 1 }
      }
    }
    var shallowWorst = 0
    var worst = 0
    for pixel in 0..<min(ppm.width * ppm.height, depth.count) {
      for channel in 0..<3 {
        let difference = abs(
          Int(ppm.rgb[pixel * 3 + channel]) - Int(picture.pixels[pixel * 4 + channel]))
        worst = max(worst, difference)
        if depth[pixel] <= 3 { shallowWorst = max(shallowWorst, difference) }
      }
    }
    print(
      "pdftoppm against drawdoc's PNG, \(source): \(shallowWorst) levels where at most 3 overlap, \(worst) anywhere"
    )
    #expect(shallowWorst <= 2, "\(shallowWorst) levels where at most 3 rectangles overlap")
    #expect(worst <= 4, "\(worst) levels")
  }

  /// `--dates` gives a PDF the drawing's own times, which pdfinfo reads back: after an edit,
  /// the modification time is the edit's and the creation time is kept. It is PDF's only.
  @Test func datesAreTheDrawingsOwnAndOnlyWhenAskedFor() throws {
    let pdfinfo = try #require(program("pdfinfo"), "pdfinfo is missing: \(installTools)")
    let box = try Sandbox()
    let id = try #require(singleId(box.succeed("new", "--random", "3", "--seed", "1")))
    box.succeed("rename", id, "Edited")
    let svg = "\(box.work)/drawing.svg"
    box.succeed("export", id, "-o", svg)
    // The times the SVG file states, read from its root element.
    let text = String(decoding: try box.read(svg), as: UTF8.self)
    func attribute(_ name: String) throws -> String {
      let start = try #require(text.firstRange(of: "\(name)=\""))
      return String(text[start.upperBound...].prefix { $0 != "\"" })
    }
    let created = try attribute("data-created")
    let modified = try attribute("data-modified")
    let dated = "\(box.work)/dated.pdf"
    box.succeed("export", id, "-o", dated, "--dates")
    let info = try runProgram(pdfinfo, ["-isodates", dated]).standardOutput
    #expect(info.contains("CreationDate:    \(created)\n"), "\(info)")
    #expect(info.contains("ModDate:         \(modified)\n"), "\(info)")
    try expectQPDFFindsNothing(dated)
    // The same bytes again, from the SVG file too; none without --dates.
    let again = "\(box.work)/again.pdf"
    box.succeed("convert", svg, again, "--dates")
    #expect(try box.read(again) == box.read(dated))
    // A sample whose times differ, as its file states them.
    let samplePDF = "\(box.work)/sample.pdf"
    box.succeed("convert", sample("escaped-title.svg"), samplePDF, "--dates")
    let sampleInfo = try runProgram(pdfinfo, ["-isodates", samplePDF]).standardOutput
    #expect(sampleInfo.contains("CreationDate:    2026-11-21T08:00:00Z\n"), "\(sampleInfo)")
    #expect(sampleInfo.contains("ModDate:         2026-11-21T08:05:12Z\n"), "\(sampleInfo)")
    let undated = "\(box.work)/undated.pdf"
    box.succeed("export", id, "-o", undated)
    let plain = try runProgram(pdfinfo, ["-isodates", undated]).standardOutput
    #expect(!plain.contains("Date"), "\(plain)")
    for format in ["png", "svg", "json", "drawio", "excalidraw"] {
      let refused = box.run(["export", id, "--format", format, "--dates", "-o", "\(box.work)/x"])
      #expect(refused.status == 64)
      #expect(refused.standardError.contains("it applies to PDF output only"))
    }
  }

  @Test func aPDFIsNotWrittenToATerminalAndTakesNoPictureOptions() throws {
    let box = try Sandbox()
    let id = try #require(singleId(box.succeed("new", "--random", "3", "--seed", "1")))
    final class Terminal: OutputSink {
      private(set) var bytes: [UInt8] = []
      func write(_ bytes: [UInt8]) { self.bytes += bytes }
      var isTerminal: Bool { true }
      var isClosed: Bool { false }
    }
    let terminal = Terminal()
    let errors = BufferSink()
    let status = DrawdocCLI.run(
      arguments: ["export", id, "--format", "pdf"], environment: box.environment,
      standardOutput: terminal, standardError: errors)
    #expect(status == 64)
    #expect(terminal.bytes.isEmpty)
    #expect(errors.text.contains("-o FILE.pdf or a redirection: a PDF is not text"))
    let scaled = box.run(["export", id, "--format", "pdf", "--scale", "2"])
    #expect(scaled.status == 64)
    #expect(scaled.standardError.contains("it applies to PNG output only"))
    let unknown = box.run(["export", id, "-o", "\(box.work)/x.gif"])
    #expect(
      unknown.standardError.contains("expected a file name ending in .svg, .png, .json, .pdf"))
  }
}
