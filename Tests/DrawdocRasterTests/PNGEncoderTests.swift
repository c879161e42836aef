import DrawdocModel
import DrawdocRaster
import Testing

@Suite struct PNGEncoderTests {
  /// Images that exercise each filter: noise, smooth gradients, flat areas, one pixel.
  static func sampleImages() throws -> [RasterImage] {
    var generator = SeededRandomNumberGenerator(seed: 7)
    let noise = (0..<(13 * 9 * 4)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    var gradient: [UInt8] = []
    for y in 0..<20 {
      for x in 0..<31 { gradient += [UInt8(x * 8), UInt8(y * 12), UInt8((x + y) % 256), 255] }
    }
    var stripes: [UInt8] = []
    for y in 0..<16 {
      for x in 0..<16 { stripes += y % 4 == 0 ? [0, 0, 0, 0] : [UInt8(x * 16), 40, 80, 128] }
    }
    return [
      try RasterImage(width: 13, height: 9, pixels: noise),
      try RasterImage(width: 31, height: 20, pixels: gradient),
      try RasterImage(width: 16, height: 16, pixels: stripes),
      try RasterImage(width: 1, height: 1, pixels: [1, 2, 3, 4]),
    ]
  }

  @Test func signatureHeaderAndChunkOrder() throws {
    for image in try Self.sampleImages() {
      let bytes = try PNGEncoder.encode(image)
      #expect(Array(bytes[0..<8]) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
      let chunks = try TestPNGDecoder.chunks(bytes)
      #expect(chunks.first?.type == "IHDR")
      #expect(chunks.last?.type == "IEND")
      #expect(chunks.last?.data.isEmpty == true)
      #expect(chunks.dropFirst().dropLast().allSatisfy { $0.type == "IDAT" })
      #expect(chunks.count >= 3)
      let header = try TestPNGDecoder.header(of: chunks)
      #expect(
        header
          == TestPNGDecoder.Header(
            width: image.width, height: image.height, bitDepth: 8, colorType: 6, compression: 0,
            filter: 0, interlace: 0))
    }
  }

  @Test func everyChunkHasTheRightCRC() throws {
    for image in try Self.sampleImages() {
      for chunk in try TestPNGDecoder.chunks(try PNGEncoder.encode(image)) {
        #expect(
          TestPNGDecoder.crc(type: chunk.type, data: chunk.data) == chunk.storedCRC,
          "chunk \(chunk.type)")
      }
    }
  }

  @Test func knownCRCOfIEND() throws {
    // Every PNG ends with the same twelve bytes; the CRC of "IEND" is AE 42 60 82.
    let bytes = try PNGEncoder.encode(try RasterImage(width: 1, height: 1, pixels: [0, 0, 0, 0]))
    #expect(
      Array(bytes.suffix(12)) == [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82])
  }

  @Test func inflatingAndUnfilteringGivesThePixelsBack() throws {
    var filtersSeen: Set<UInt8> = []
    for image in try Self.sampleImages() {
      let chunks = try TestPNGDecoder.chunks(try PNGEncoder.encode(image))
      let scanlines = try TestPNGDecoder.inflatedScanlines(
        of: chunks, expectedCount: image.height * (1 + image.width * 4))
      let (rows, filters) = try TestPNGDecoder.unfilter(
        scanlines, width: image.width, height: image.height, bytesPerPixel: 4)
      #expect(rows == image.pixels)
      #expect(filters.allSatisfy { $0 <= 2 })
      filtersSeen.formUnion(filters)
    }
    #expect(filtersSeen == [0, 1, 2], "the samples should make the encoder use None, Sub and Up")
  }

  @Test func largeImageSpansSeveralDeflateBuffersAndChunks() throws {
    // Noise does not compress, so the stream outgrows deflate's buffer and one IDAT chunk.
    var generator = SeededRandomNumberGenerator(seed: 11)
    let width = 700
    let height = 500
    let pixels = (0..<(width * height * 4)).map { _ in UInt8.random(in: 0...255, using: &generator)
    }
    let image = try RasterImage(width: width, height: height, pixels: pixels)
    let bytes = try PNGEncoder.encode(image)
    let chunks = try TestPNGDecoder.chunks(bytes)
    #expect(chunks.filter { $0.type == "IDAT" }.count >= 2)
    #expect(try TestPNGDecoder.decode(bytes) == image)
  }

  @Test func renderedPlaneRoundTrips() throws {
    let plane = try makePlane(
      width: 40.5, height: 30,
      [
        try makeRectangle(1, x: 2.25, y: 3.5, width: 20, height: 10, level: 4),
        try makeRectangle(
          2, x: 10, y: 8, width: 25.75, height: 19.5, color: rgb(10, 200, 90),
          level: 7),
      ])
    let image = try Rasterizer.render(plane, scale: 1.5)
    #expect(try TestPNGDecoder.decode(try PNGEncoder.encode(image)) == image)
  }

  @Test func mismatchedPixelBuffersAreRefused() {
    #expect(throws: RasterError.pixelBufferMismatch(width: 2, height: 2, byteCount: 15)) {
      try RasterImage(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: 15))
    }
    #expect(throws: RasterError.pixelBufferMismatch(width: 0, height: 3, byteCount: 0)) {
      try RasterImage(width: 0, height: 3, pixels: [])
    }
    #expect(throws: RasterError.pixelBufferMismatch(width: Int.max, height: 2, byteCount: 0)) {
      try RasterImage(width: Int.max, height: 2, pixels: [])
    }
  }

  @Test func errorMessagesSayWhatWouldBeRight() {
    let mismatch = RasterError.pixelBufferMismatch(width: 2, height: 2, byteCount: 15)
    #expect(mismatch.description.contains("2 × 2"))
    #expect(mismatch.description.contains("15 bytes"))
    #expect(mismatch.description.contains("4 bytes per pixel"))
    let compression = RasterError.compressionFailed(status: -4, message: "insufficient memory")
    #expect(compression.description.contains("insufficient memory"))
  }
}

@Suite struct PNGFileTests {
  /// A PNG written a chunk at a time is the file `encode` makes, whatever pieces it comes in:
  /// chunks whole, with lengths and CRCs that an independent reader checks.
  @Test func writtenInPartsItIsTheWholeFile() throws {
    let text = Array(("<svg>" + String(repeating: "<rect/>\n", count: 3000) + "</svg>").utf8)
    for image in try PNGEncoderTests.sampleImages() {
      for texts in [[], [try PNGText(keyword: "drawdoc", text: text)]] {
        let file = try PNGEncoder.file(image, texts: texts)
        var parts: [[UInt8]] = []
        file.write { parts.append(Array($0)) }
        let joined = Array(parts.joined())
        #expect(joined == file.bytes)
        #expect(joined == (try PNGEncoder.encode(image, texts: texts)))
        #expect(file.byteCount == joined.count)
        #expect(parts.allSatisfy { !$0.isEmpty })
        let chunks = try TestPNGDecoder.chunks(joined)
        #expect(
          chunks.map(\.type) == ["IHDR"] + texts.map { _ in "iTXt" } + ["IDAT", "IEND"])
        #expect(try TestPNGDecoder.decode(joined) == image)
        if !texts.isEmpty {
          #expect(try PNGText.text(keyword: "drawdoc", in: joined, limit: 1 << 20) == text)
        }
      }
    }
  }

  @Test func anErrorFromTheReceiverStopsTheWriting() throws {
    struct Full: Error {}
    let file = try PNGEncoder.file(try PNGEncoderTests.sampleImages()[0])
    var calls = 0
    #expect(throws: Full.self) {
      try file.write { (_) throws(Full) in
        calls += 1
        if calls == 3 { throw Full() }
      }
    }
    #expect(calls == 3)
  }
}
