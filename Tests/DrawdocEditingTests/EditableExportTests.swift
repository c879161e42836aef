import Drawdoc
import DrawdocEditing
import DrawdocModel
import DrawdocRaster
import DrawdocTestSupport
import DrawdocXML
import Testing

/// The editable pictures: draw.io's `.drawio.svg` and `.drawio.png`, Excalidraw's
/// `.excalidraw.svg` and `.excalidraw.png`, each the drawing's picture carrying the program's
/// own file where that program puts it, and read back by drawdoc as the same drawing.
@Suite struct EditableExportTests {
  static let editable: [Export.Format] = [.drawioSVG, .drawioPNG, .excalidrawSVG, .excalidrawPNG]

  /// Random drawings, whose numbers cover the whole range of `Double`, and titles markup.
  static func drawings(seed: UInt64, count: Int = 12) throws -> [Drawing] {
    var random = RandomDrawings(generator: SeededRandomNumberGenerator(seed: seed))
    return try (0..<count).map { _ in try random.drawing() }
  }

  /// A picture of at most 64 pixels a side, whatever the random canvas.
  static func small(_ drawing: Drawing) -> Export.Options {
    let side = max(drawing.plane.size.width, drawing.plane.size.height)
    return Export.Options(scale: min(1, 64 / side))
  }

  @Test(arguments: editable)
  func readsBackAsTheSameDrawing(format: Export.Format) throws {
    for (index, drawing) in try Self.drawings(seed: 37).enumerated() {
      let bytes = try Export.bytes(drawing, as: format, options: Self.small(drawing))
      // By the double extension, by the single one and without a name: the content tells.
      let single = format.isPNG ? "copy.png" : "copy.svg"
      for name in ["plan.\(format.rawValue)", single, "-"] {
        let back = try ForeignDrawing.importDrawing(
          bytes, name: name, now: Timestamp(secondsSince1970: 0))
        #expect(back.warnings.isEmpty, "drawing \(index) as \(name): \(back.warnings)")
        #expect(bitwiseEqual(back.drawing, drawing), "drawing \(index) as \(name)")
      }
    }
  }

  /// The SVG pictures are drawdoc's SVG file, but for the root: its size is the same, its
  /// drawdoc attributes are gone (no reader takes it for a drawdoc file), and what the program
  /// needs is there: draw.io's file in `content`, Excalidraw's payload in `<metadata>`.
  @Test func theSVGPicturesAreDrawdocsPictureWithTheProgramsFile() throws {
    for drawing in try Self.drawings(seed: 41) {
      let plain = try Export.bytes(drawing, as: .svg)
      let drawIO = try Export.bytes(drawing, as: .drawioSVG)
      let root = try XMLTree.readRoot(drawIO)
      let plainRoot = try XMLTree.readRoot(plain)
      #expect(root.name == "svg")
      for name in ["width", "height", "viewBox"] {
        #expect(root.attribute(name) == plainRoot.attribute(name), "\(name)")
      }
      for name in ["data-drawdoc", "data-id", "data-created", "data-modified"] {
        #expect(root.attribute(name) == nil, "\(name)")
      }
      #expect(
        root.attribute("content")
          == String(decoding: try Export.bytes(drawing, as: .drawio), as: UTF8.self))
      #expect(after(root: drawIO) == after(root: plain))

      let excalidraw = try Export.bytes(drawing, as: .excalidrawSVG)
      let start = Array(
        ("<!-- svg-source:excalidraw --><metadata><!-- payload-type:application/vnd.excalidraw+json "
          + "--><!-- payload-version:2 --><!-- payload-start -->").utf8)
      let children = after(root: excalidraw)
      #expect(children.starts(with: start))
      let end = Array("<!-- payload-end --></metadata>".utf8)
      let close = try #require(children.firstRange(of: end))
      #expect(Array(children[close.upperBound...]) == after(root: plain))
      let excalidrawRoot = try XMLTree.readRoot(excalidraw)
      #expect(excalidrawRoot.attributes.map(\.name) == ["width", "height", "viewBox"])
    }
  }

  /// The PNG pictures are the plain picture's pixels, with one `tEXt` chunk more where the
  /// program puts it: draw.io's file URL-encoded, keyword `mxfile`, before the pixels (draw.io
  /// stops looking at the first `IDAT`); Excalidraw's, keyword its media type, just before
  /// `IEND` (Excalidraw reads the first `tEXt` chunk: there is no other). Neither carries
  /// drawdoc's own `iTXt` chunk.
  @Test func thePNGPicturesAreThePlainPicturesWithTheProgramsChunk() throws {
    for drawing in try Self.drawings(seed: 43) {
      let options = Self.small(drawing)
      var plainOptions = options
      plainOptions.embed = false
      let plain = chunks(try Export.bytes(drawing, as: .png, options: plainOptions))

      let drawIO = chunks(try Export.bytes(drawing, as: .drawioPNG, options: options))
      let drawIOText = try #require(drawIO.firstIndex { $0.type == "tEXt" })
      #expect(drawIO.map(\.type) == ["IHDR", "tEXt"] + plain.dropFirst().map(\.type))
      #expect(drawIOText == 1)
      #expect(drawIO.filter { $0.type != "tEXt" }.map(\.data) == plain.map(\.data))
      let keyword = Array("mxfile\0".utf8)
      let text = drawIO[drawIOText].data
      #expect(text.starts(with: keyword))
      let encoded = Array(text.dropFirst(keyword.count))
      #expect(encoded.allSatisfy { unreserved.contains($0) || $0 == UInt8(ascii: "%") })
      #expect(percentDecoded(encoded) == (try Export.bytes(drawing, as: .drawio)))

      let excalidraw = chunks(try Export.bytes(drawing, as: .excalidrawPNG, options: options))
      #expect(excalidraw.map(\.type) == plain.dropLast().map(\.type) + ["tEXt", "IEND"])
      #expect(excalidraw.filter { $0.type != "tEXt" }.map(\.data) == plain.map(\.data))
      let payload = excalidraw[excalidraw.count - 2].data
      #expect(payload.starts(with: Array("application/vnd.excalidraw+json\0".utf8)))
    }
  }

  /// The format is told by the double extension, in any case, before the single one.
  @Test func theDoubleExtensionNamesTheEditablePicture() {
    #expect(Export.Format(path: "a/plan.drawio.svg") == .drawioSVG)
    #expect(Export.Format(path: "plan.DRAWIO.PNG") == .drawioPNG)
    #expect(Export.Format(path: "v1.drawio/plan.Excalidraw.Svg") == .excalidrawSVG)
    #expect(Export.Format(path: "plan.excalidraw.png") == .excalidrawPNG)
    #expect(Export.Format(path: "plan.drawio.svg/") == nil)
    #expect(Export.Format(path: "drawio.svg") == .svg)
    #expect(Export.Format(path: "plan.drawio.pdf") == .pdf)
    #expect(Export.Format(rawValue: "drawio.svg") == .drawioSVG)
    for format in Self.editable {
      #expect(format.isBinary == format.isPNG)
      #expect(format.mediaType == (format.isPNG ? "image/png" : "image/svg+xml"))
    }
  }

  /// The bytes after the root's start tag.
  private func after(root svg: [UInt8]) -> [UInt8] {
    guard let open = svg.firstRange(of: Array("<svg".utf8)),
      let close = svg[open.upperBound...].firstIndex(of: UInt8(ascii: ">"))
    else { return [] }
    return Array(svg[(close + 1)...])
  }

  /// What `encodeURIComponent` leaves as it is.
  private let unreserved = Set(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.!~*'()".utf8)

  private func percentDecoded(_ text: [UInt8]) -> [UInt8]? {
    var bytes: [UInt8] = []
    var index = 0
    while index < text.count {
      if text[index] == UInt8(ascii: "%") {
        guard index + 2 < text.count,
          let byte = UInt8(
            String(decoding: text[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(byte)
        index += 3
      } else {
        bytes.append(text[index])
        index += 1
      }
    }
    return bytes
  }

  /// A PNG file's chunks, each its type and data, walked here by PNG's own layout.
  private func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
    var chunks: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
      chunks.append((type, Array(png[(offset + 8)..<(offset + 8 + length)])))
      offset += 12 + length
    }
    return chunks
  }
}
