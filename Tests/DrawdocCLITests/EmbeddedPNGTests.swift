import Foundation
import Testing

/// Takes PNG files apart and puts them together with python3's `zlib` and `struct`, as an
/// independent reader of the chunk drawdoc writes. Every chunk's CRC is checked on reading.
///
/// - `types PNG`: the chunk types, in order.
/// - `text PNG`: the text of the `drawdoc` iTXt chunk, decompressed.
/// - `pixels PNG`: the decompressed IDAT data.
/// - `strip PNG`: the file without any chunk but IHDR, IDAT and IEND, as an optimiser makes it.
/// - `embed PNG FILE`: the file with FILE's bytes as the `drawdoc` chunk's text.
private let pngTool = #"""
  import struct, sys, zlib

  def chunks(png):
      assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
      offset, found = 8, []
      while offset < len(png):
          (length,) = struct.unpack(">I", png[offset : offset + 4])
          kind, data = png[offset + 4 : offset + 8], png[offset + 8 : offset + 8 + length]
          (crc,) = struct.unpack(">I", png[offset + 8 + length : offset + 12 + length])
          assert crc == zlib.crc32(kind + data), "bad CRC"
          found.append((kind.decode("ascii"), data))
          offset += 12 + length
      return found

  def write(found):
      return b"\x89PNG\r\n\x1a\n" + b"".join(
          struct.pack(">I", len(data)) + kind.encode() + data
          + struct.pack(">I", zlib.crc32(kind.encode() + data)) for kind, data in found)

  command, png = sys.argv[1], chunks(open(sys.argv[2], "rb").read())
  out = sys.stdout.buffer
  if command == "types":
      out.write(" ".join(kind for kind, _ in png).encode())
  elif command == "text":
      [data] = [data for kind, data in png if kind == "iTXt" and data.startswith(b"drawdoc\0")]
      flag, method, rest = data[8], data[9], data[10:]
      language, translated, text = rest.split(b"\0", 2)
      assert (flag, method, language, translated) == (1, 0, b"", b""), "layout"
      out.write(zlib.decompress(text))
  elif command == "pixels":
      out.write(zlib.decompress(b"".join(data for kind, data in png if kind == "IDAT")))
  elif command == "strip":
      out.write(write([c for c in png if c[0] in ("IHDR", "IDAT", "IEND")]))
  elif command == "embed":
      text = b"drawdoc\0\1\0\0\0" + zlib.compress(open(sys.argv[3], "rb").read())
      out.write(write([(k, text if k == "iTXt" else d) for k, d in png]))
  """#

/// Runs ``pngTool``; returns its standard output.
private func png(_ arguments: String...) throws -> [UInt8] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", pngTool] + arguments
  let output = Pipe()
  let errors = Pipe()
  process.standardOutput = output
  process.standardError = errors
  try process.run()
  let data = output.fileHandleForReading.readDataToEndOfFile()
  let problem = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  #expect(process.terminationStatus == 0, "python3: \(problem)")
  return Array(data)
}

private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// PNG files that carry their drawing: `export`, `convert`, `save`, `validate`.
@Suite struct EmbeddedPNGTests {
  /// A sandbox with one drawing of 12 factory rectangles, titled with characters that need
  /// escaping and that Latin-1 cannot hold.
  private func sandbox() throws -> (Sandbox, String) {
    let box = try Sandbox()
    let id = try box.newDrawing(
      "--title", "Zeichnung <1> & “ünïcode” ✓", "--random", "12", "--seed", "9", "--width", "300",
      "--height", "200")
    return (box, id)
  }

  @Test func exportCarriesTheExactSVGAndTheSamePixels() throws {
    let (box, id) = try sandbox()
    let svg = box.succeed("export", id)
    box.succeed("export", id, "-o", "\(box.work)/with.png")
    box.succeed("export", id, "--format", "png", "-o", "\(box.work)/bare.png", "--no-embed")
    #expect(text(try png("types", "\(box.work)/with.png")) == "IHDR iTXt IDAT IEND")
    #expect(text(try png("types", "\(box.work)/bare.png")) == "IHDR IDAT IEND")
    #expect(text(try png("text", "\(box.work)/with.png")) == svg)
    #expect(
      try png("pixels", "\(box.work)/with.png") == (try png("pixels", "\(box.work)/bare.png")))
    // --format png to standard output embeds too.
    let piped = box.run(["export", id, "--format", "png"])
    #expect(piped.status == 0)
    #expect(piped.standardOutput.contains("iTXtdrawdoc"))
  }

  @Test func scaleAndBackgroundChangeThePixelsNotTheDrawing() throws {
    let (box, id) = try sandbox()
    let svg = box.succeed("export", id)
    box.succeed(
      "export", id, "-o", "\(box.work)/big.png", "--scale", "2.5", "--background", "white")
    #expect(text(try png("text", "\(box.work)/big.png")) == svg)
  }

  /// The bound on a picture's pixels holds for `--scale` as for the app: 300 × 200 at 35 is
  /// 10,500 × 7,000, 73.5 million pixels, past it; refused before a pixel is made.
  @Test func aScaleThatMakesMoreThanTheBoundOfPixelsIsRefusedAndWritesNothing() throws {
    let (box, id) = try sandbox()
    let source = try box.file("small.svg", box.succeed("export", id))
    for command in [
      ["export", id, "-o", "\(box.work)/huge.png", "--scale", "35"],
      ["convert", source, "\(box.work)/huge.png", "--scale", "35"],
    ] {
      let result = box.run(command)
      #expect(result.status == 64, "\(command)")
      #expect(
        result.standardError.contains(
          "10500 × 7000 pixels, more than the limit of 33554432 pixels; use a smaller scale"),
        "\(result.standardError)")
      #expect(!FileManager.default.fileExists(atPath: "\(box.work)/huge.png"))
    }
  }

  @Test func convertEmbedsAndReadsBackBitForBit() throws {
    let (box, id) = try sandbox()
    let svg = box.succeed("export", id)
    let json = box.succeed("export", id, "--format", "json")
    let source = try box.file("source.svg", svg)
    box.succeed("convert", source, "\(box.work)/picture.png")
    #expect(text(try png("text", "\(box.work)/picture.png")) == svg)
    box.succeed("convert", "\(box.work)/picture.png", "\(box.work)/back.svg")
    box.succeed("convert", "\(box.work)/picture.png", "\(box.work)/back.json")
    #expect(text(try box.read("\(box.work)/back.svg")) == svg)
    #expect(text(try box.read("\(box.work)/back.json")) == json)
    // PNG to PNG keeps the drawing too; --no-embed leaves it out.
    box.succeed("convert", "\(box.work)/picture.png", "\(box.work)/again.png")
    #expect(text(try png("text", "\(box.work)/again.png")) == svg)
    box.succeed("convert", source, "\(box.work)/bare.png", "--no-embed")
    #expect(text(try png("types", "\(box.work)/bare.png")) == "IHDR IDAT IEND")
    // Standard input is told by its signature, too.
    let piped = try box.runBinary(
      ["convert", "-", "-"], input: Data(try box.read("\(box.work)/picture.png")))
    #expect(piped.status == 0 && piped.standardOutput == svg, "\(piped.standardError)")
  }

  @Test func saveOfAnExportedPNGIsANewVersionOfTheDrawing() throws {
    let (box, id) = try sandbox()
    let before = try box.openJSON(id)
    box.succeed("export", id, "-o", "\(box.work)/drawing.png")
    box.succeed("set", id, before.rectangles[0].id, "--color", "red")
    #expect(box.succeed("save", "\(box.work)/drawing.png") == "\(id)\n")
    let after = try box.openJSON(id)
    #expect(after.rectangles == before.rectangles)
    #expect(after.title == before.title && after.created == before.created)
    #expect(try box.listJSON().count == 1)
    // In another store it is a new drawing with the same content.
    let other = try Sandbox()
    let copy = other.succeed("save", "\(box.work)/drawing.png", "--strict")
    let saved = try other.openJSON(copy.trimmingCharacters(in: .newlines))
    #expect(saved.rectangles == before.rectangles && saved.title == before.title)
  }

  @Test func validateChecksTheDrawingAPNGCarries() throws {
    let (box, id) = try sandbox()
    let file = "\(box.work)/drawing.png"
    box.succeed("export", id, "-o", file)
    #expect(box.succeed("validate", file) == "\(file): ok\n")
    #expect(box.succeed("validate", "--canonical", file) == "\(file): ok\n")
    let piped = try box.runBinary(["validate", "-"], input: Data(try box.read(file)))
    #expect(piped.status == 0 && piped.standardOutput == "-: ok\n")
  }

  @Test func aPNGWithoutTheChunkIsRefusedAndChangesNothing() throws {
    let (box, id) = try sandbox()
    box.succeed("export", id, "-o", "\(box.work)/drawing.png")
    box.succeed("export", id, "-o", "\(box.work)/bare.png", "--no-embed")
    let stripped = try box.file("stripped.png", try png("strip", "\(box.work)/drawing.png"))
    let before = try box.snapshot()
    let reason =
      "the PNG holds no drawing: it has no iTXt chunk with the keyword 'drawdoc'. drawdoc puts "
      + "one in every PNG it exports (unless --no-embed); this PNG was made without it, or a "
      + "PNG optimiser removed it. Export the drawing again, or use its SVG file"
    for file in ["\(box.work)/bare.png", stripped] {
      for arguments in [["save", file], ["convert", file, "\(box.work)/out.svg"]] {
        let result = box.run(arguments)
        #expect(result.status == 65)
        #expect(result.standardError == "Error: \(file): \(reason)\n")
      }
      let validated = box.run(["validate", file])
      #expect(validated.status == 65)
      #expect(validated.standardError == "\(file): error: \(reason)\n")
    }
    #expect(try box.snapshot() == before)
  }

  @Test func theCarriedSVGGoesThroughTheStrictReader() throws {
    let (box, id) = try sandbox()
    let good = "\(box.work)/drawing.png"
    box.succeed("export", id, "-o", good)
    let svg = box.succeed("export", id)
    // Each broken drawing is refused with the error validate gives for the SVG file itself,
    // at the same line and column, and the store is left as it was.
    let broken = [
      svg.replacingOccurrences(of: "fill=\"#", with: "fill=\"#z"),
      svg.replacingOccurrences(
        of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
        with: "<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY a \"aaaa\">]>"),
      svg.replacingOccurrences(of: "</svg>", with: "<rect/></svg>"),
      // A title far past its limit: 10 MB that compress about 30 times (more than 100 times
      // would be refused before the reader sees it, as a decompression bomb).
      svg.replacingOccurrences(
        of: "<title>",
        with: "<title>"
          + String(
            (0..<250_001).flatMap { _ in
              [Character](repeating: "x", count: 39) + [
                "abcdefghijklmnopqrstuvwxyz".randomElement()!
              ]
            })),
      svg.replacingOccurrences(of: "</svg>\n", with: ""),
    ]
    let before = try box.snapshot()
    for (number, content) in broken.enumerated() {
      let plain = try box.file("broken-\(number).svg", content)
      let picture = try box.file("broken-\(number).png", try png("embed", good, plain))
      let direct = box.run(["validate", plain])
      #expect(direct.status == 65)
      let location = try #require(
        direct.standardError.firstMatch(of: #/\.svg(:\d+:\d+: error: .*)\n/#))
      #expect(try box.read(picture).count < 1_000_000)
      let carried = box.run(["validate", picture])
      #expect(carried.status == 65)
      #expect(
        carried.standardError
          == "\(picture)\(location.output.1) (in the drawing embedded in the PNG)\n")
      let saved = box.run(["save", picture])
      #expect(saved.status == 65)
      #expect(saved.standardError.hasPrefix("Error: \(picture):"), "\(saved.standardError)")
    }
    let after = try box.snapshot().filter { !$0.key.hasPrefix("work/broken-") }
    #expect(after == before)
  }

  @Test func thumbnailsNeverCarryTheDrawing() throws {
    let (box, id) = try sandbox()
    #expect(text(try png("types", "\(box.store)/thumbnails/\(id).png")) == "IHDR IDAT IEND")
  }

  @Test func noEmbedIsForPNGOutputOnly() throws {
    let (box, id) = try sandbox()
    for arguments in [
      ["export", id, "--no-embed"], ["export", id, "-o", "\(box.work)/a.json", "--no-embed"],
      [
        "convert", try box.file("a.svg", box.succeed("export", id)), "\(box.work)/b.svg",
        "--no-embed",
      ],
    ] {
      let result = box.run(arguments)
      #expect(result.status == 64)
      #expect(result.standardError.contains("it applies to PNG output only"))
    }
  }
}
