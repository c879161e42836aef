import CZlib
import DrawdocRaster

/// A small PNG reader for tests: 8-bit RGBA or RGB, not interlaced, all five row filters.
/// It checks the signature and every chunk's CRC as it goes.
enum TestPNGDecoder {
  /// One chunk as stored.
  struct Chunk {
    let type: String
    let data: [UInt8]
    let storedCRC: UInt32
  }

  /// The fields of `IHDR`.
  struct Header: Equatable {
    let width: Int
    let height: Int
    let bitDepth: UInt8
    let colorType: UInt8
    let compression: UInt8
    let filter: UInt8
    let interlace: UInt8
  }

  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A big-endian 32-bit number at `offset`.
  static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
  }

  /// The CRC-32 of a chunk's type and data, computed with zlib.
  static func crc(type: String, data: [UInt8]) -> UInt32 {
    let bytes = Array(type.utf8) + data
    let value = bytes.withUnsafeBufferPointer { crc32(0, $0.baseAddress, UInt32($0.count)) }
    return UInt32(truncatingIfNeeded: value)
  }

  /// The chunks of a PNG file, after checking its signature.
  static func chunks(_ bytes: [UInt8]) throws -> [Chunk] {
    guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
      throw TestFailure("the file does not start with the PNG signature")
    }
    var chunks: [Chunk] = []
    var offset = 8
    while offset < bytes.count {
      guard offset + 12 <= bytes.count else { throw TestFailure("truncated chunk at \(offset)") }
      let length = Int(uint32(bytes, offset))
      guard offset + 12 + length <= bytes.count else {
        throw TestFailure("chunk at \(offset) runs past the end")
      }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
      let stored = uint32(bytes, offset + 8 + length)
      chunks.append(Chunk(type: type, data: data, storedCRC: stored))
      offset += 12 + length
    }
    return chunks
  }

  /// The header of a PNG file.
  static func header(of chunks: [Chunk]) throws -> Header {
    guard let first = chunks.first, first.type == "IHDR", first.data.count == 13 else {
      throw TestFailure("the first chunk is not a 13-byte IHDR")
    }
    let data = first.data
    return Header(
      width: Int(uint32(data, 0)), height: Int(uint32(data, 4)), bitDepth: data[8],
      colorType: data[9], compression: data[10], filter: data[11], interlace: data[12])
  }

  /// The filtered scanlines: every IDAT's data joined and inflated with zlib's `uncompress`.
  static func inflatedScanlines(of chunks: [Chunk], expectedCount: Int) throws -> [UInt8] {
    let compressed = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
    var output = [UInt8](repeating: 0, count: expectedCount + 1)
    var outputLength = UInt(output.count)
    let status = output.withUnsafeMutableBufferPointer { target in
      compressed.withUnsafeBufferPointer { source in
        uncompress(target.baseAddress, &outputLength, source.baseAddress, UInt(source.count))
      }
    }
    guard status == Z_OK else { throw TestFailure("uncompress failed with status \(status)") }
    guard Int(outputLength) == expectedCount else {
      throw TestFailure("IDAT inflates to \(outputLength) bytes, expected \(expectedCount)")
    }
    return Array(output[0..<expectedCount])
  }

  /// Undoes the row filters; returns the raw rows and the filter type of each row.
  static func unfilter(
    _ scanlines: [UInt8], width: Int, height: Int, bytesPerPixel bpp: Int
  ) throws -> (rows: [UInt8], filters: [UInt8]) {
    let rowLength = width * bpp
    var raw = [UInt8](repeating: 0, count: rowLength * height)
    var filters: [UInt8] = []
    for y in 0..<height {
      let filterType = scanlines[y * (rowLength + 1)]
      filters.append(filterType)
      let input = y * (rowLength + 1) + 1
      let out = y * rowLength
      for i in 0..<rowLength {
        let x = scanlines[input + i]
        let a = i >= bpp ? Int(raw[out + i - bpp]) : 0
        let b = y > 0 ? Int(raw[out - rowLength + i]) : 0
        let c = (i >= bpp && y > 0) ? Int(raw[out - rowLength + i - bpp]) : 0
        let predictor: Int
        switch filterType {
        case 0: predictor = 0
        case 1: predictor = a
        case 2: predictor = b
        case 3: predictor = (a + b) / 2
        case 4:
          let p = a + b - c
          let pa = abs(p - a)
          let pb = abs(p - b)
          let pc = abs(p - c)
          predictor = (pa <= pb && pa <= pc) ? a : (pb <= pc ? b : c)
        default: throw TestFailure("row \(y) has unknown filter type \(filterType)")
        }
        raw[out + i] = x &+ UInt8(truncatingIfNeeded: predictor)
      }
    }
    return (raw, filters)
  }

  /// Decodes an 8-bit RGBA or RGB, non-interlaced PNG into straight-alpha RGBA, checking
  /// every chunk's CRC.
  static func decode(_ bytes: [UInt8]) throws -> RasterImage {
    let chunks = try chunks(bytes)
    for chunk in chunks where crc(type: chunk.type, data: chunk.data) != chunk.storedCRC {
      throw TestFailure("chunk \(chunk.type) has a wrong CRC")
    }
    let header = try header(of: chunks)
    guard header.bitDepth == 8, header.colorType == 6 || header.colorType == 2,
      header.interlace == 0
    else { throw TestFailure("unsupported PNG form \(header)") }
    let bpp = header.colorType == 6 ? 4 : 3
    let scanlines = try inflatedScanlines(
      of: chunks, expectedCount: header.height * (1 + header.width * bpp))
    let (rows, _) = try unfilter(
      scanlines, width: header.width, height: header.height, bytesPerPixel: bpp)
    var rgba = rows
    if bpp == 3 {
      rgba = []
      rgba.reserveCapacity(header.width * header.height * 4)
      for pixel in 0..<(header.width * header.height) {
        rgba += rows[(pixel * 3)..<(pixel * 3 + 3)]
        rgba.append(255)
      }
    }
    return try RasterImage(width: header.width, height: header.height, pixels: rgba)
  }
}
