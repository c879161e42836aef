internal import CZlib

/// zlib, reached through the `CZlib` system library; the only file that touches it.
///
/// No zlib type leaves this file: callers hand in and get back Swift byte arrays.
package enum Deflate {
  /// The size of the buffer that deflate writes into before its bytes join the output.
  private static let outputBufferSize = 1 << 16

  /// Compresses a stream of pieces into one zlib stream (RFC 1950), asking for each piece
  /// in turn so that the uncompressed whole never sits in memory.
  ///
  /// - Parameters:
  ///   - pieceCount: How many pieces to ask for.
  ///   - level: A zlib compression level, 0…9, or -1 for zlib's default (6).
  ///   - fill: Called once per piece with its index, in order, and a buffer to replace with
  ///     the piece's bytes; the buffer's old contents are the previous piece.
  /// - Returns: The compressed bytes, zlib header and Adler-32 trailer included.
  /// - Throws: ``RasterError/compressionFailed(status:message:)`` if zlib fails.
  static func compress(
    pieceCount: Int, level: Int32 = Z_DEFAULT_COMPRESSION,
    fill: (_ index: Int, _ piece: inout [UInt8]) -> Void
  ) throws(RasterError) -> [UInt8] {
    var piece: [UInt8] = []
    return try compress(level: level) { (feed) throws(RasterError) in
      for index in 0..<pieceCount {
        fill(index, &piece)
        try piece.withUnsafeBufferPointer { (bytes) throws(RasterError) in
          try feed(UnsafeRawBufferPointer(bytes))
        }
      }
    }
  }

  /// Compresses the pieces `produce` hands to its `feed` function, in order, into one zlib
  /// stream (RFC 1950): the uncompressed whole never sits in memory.
  ///
  /// The stream is freed on every path, error or not.
  ///
  /// - Parameters:
  ///   - level: A zlib compression level, 0…9, or -1 for zlib's default (6).
  ///   - produce: Calls `feed` with each piece, which is read before `feed` returns.
  /// - Returns: The compressed bytes, zlib header and Adler-32 trailer included.
  /// - Throws: ``RasterError/compressionFailed(status:message:)`` if zlib fails, or what
  ///   `produce` throws.
  ///
  /// The corresponding C functions are `deflateInit_`, `deflate` and `deflateEnd`.
  static func compress(
    level: Int32 = Z_DEFAULT_COMPRESSION,
    producing produce: (_ feed: (UnsafeRawBufferPointer) throws(RasterError) -> Void)
      throws(RasterError) -> Void
  ) throws(RasterError) -> [UInt8] {
    // zlib keeps a pointer back to the stream, so it needs an address that never moves.
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer {
      stream.deinitialize(count: 1)
      stream.deallocate()
    }
    let initStatus = deflateInit_(stream, level, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard initStatus == Z_OK else { throw failure(initStatus, stream) }
    defer { deflateEnd(stream) }

    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: outputBufferSize)
    try produce { (piece) throws(RasterError) in
      try run(stream, input: piece, flush: Z_NO_FLUSH, buffer: &buffer, output: &output)
    }
    try run(
      stream, input: UnsafeRawBufferPointer(start: nil, count: 0), flush: Z_FINISH,
      buffer: &buffer, output: &output)
    return output
  }

  /// Compresses the pieces `produce` hands to `feed` into one zlib stream (RFC 1950) at zlib's
  /// default level, as ``compress(level:producing:)`` does: for the texts other tools' files
  /// carry compressed (Excalidraw's scene).
  package static func zlibStream(
    producing produce: (_ feed: (UnsafeRawBufferPointer) throws(RasterError) -> Void)
      throws(RasterError) -> Void
  ) throws(RasterError) -> [UInt8] {
    try compress(producing: produce)
  }

  /// Feeds `input` to deflate and appends everything it writes to `output`; with
  /// `Z_FINISH`, goes on until the stream ends.
  ///
  /// The corresponding C function is `deflate`.
  private static func run(
    _ stream: UnsafeMutablePointer<z_stream>, input: UnsafeRawBufferPointer, flush: Int32,
    buffer: inout [UInt8], output: inout [UInt8]
  ) throws(RasterError) {
    // `avail_in` is 32 bits wide, so a huge input goes in slices.
    let sliceLength = Int(UInt32.max / 2)
    let source = input.baseAddress?.assumingMemoryBound(to: UInt8.self)
    var offset = 0
    repeat {
      let end = min(input.count, offset + sliceLength)
      let finishing = flush == Z_FINISH && end == input.count
      // deflate only reads its input; zlib's header just does not say so.
      stream.pointee.next_in = source.map { UnsafeMutablePointer(mutating: $0 + offset) }
      stream.pointee.avail_in = UInt32(end - offset)
      let status = drain(
        stream, flush: finishing ? Z_FINISH : Z_NO_FLUSH, buffer: &buffer, output: &output)
      stream.pointee.next_in = nil
      stream.pointee.avail_in = 0
      guard status == Z_OK || status == Z_STREAM_END else { throw failure(status, stream) }
      offset = end
    } while offset < input.count
  }

  /// Calls deflate until it has taken all its input (and, when finishing, ended the
  /// stream), moving each buffer of output to `output`; returns the last status that was
  /// not a harmless "no progress".
  ///
  /// The corresponding C function is `deflate`.
  private static func drain(
    _ stream: UnsafeMutablePointer<z_stream>, flush: Int32, buffer: inout [UInt8],
    output: inout [UInt8]
  ) -> Int32 {
    while true {
      let (status, produced) = step(stream, into: &buffer) { deflate($0, flush) }
      output.append(contentsOf: buffer[0..<produced])
      switch status {
      case Z_STREAM_END:
        return Z_STREAM_END
      case Z_OK, Z_BUF_ERROR:
        if flush != Z_FINISH {
          // Room left in the buffer means deflate has taken all the input it was given;
          // "no progress possible" only means there was nothing to do.
          if produced < buffer.count { return Z_OK }
        } else if status == Z_BUF_ERROR && produced == 0 {
          return Z_BUF_ERROR  // finishing yet stuck: stop rather than loop
        }
      default:
        return status
      }
    }
  }

  /// Makes one call of deflate or inflate write into `buffer`, from its start.
  ///
  /// - Returns: The call's status and how many bytes it wrote.
  private static func step(
    _ stream: UnsafeMutablePointer<z_stream>, into buffer: inout [UInt8],
    _ call: (UnsafeMutablePointer<z_stream>) -> Int32
  ) -> (status: Int32, produced: Int) {
    buffer.withUnsafeMutableBufferPointer { target in
      stream.pointee.next_out = target.baseAddress
      stream.pointee.avail_out = UInt32(target.count)
      let status = call(stream)
      let produced = target.count - Int(stream.pointee.avail_out)
      stream.pointee.next_out = nil
      stream.pointee.avail_out = 0
      return (status, produced)
    }
  }

  /// The error for a zlib status, with zlib's own message when it gave one.
  private static func failure(
    _ status: Int32, _ stream: UnsafeMutablePointer<z_stream>
  ) -> RasterError {
    .compressionFailed(status: Int(status), message: message(status, stream))
  }

  /// Decompresses one zlib stream (RFC 1950), refusing to make more than `limit` bytes.
  ///
  /// A small stream that would inflate without bound (a "zip bomb") costs little memory on
  /// its way to the limit: the output is kept only while it is within
  /// ``ratioLimit(compressedCount:)`` of the compressed bytes read so far (100 times them,
  /// and at least 1 MiB). Past that the stream is most likely a bomb: what was kept is let go
  /// and the rest only counted, a buffer at a time, up to `limit`; a stream that ends within
  /// `limit` after all is inflated a second time, kept. Either way the output is exactly the
  /// stream's, and `limit` alone decides a refusal.
  ///
  /// The stream is freed on every path, error or not.
  ///
  /// - Parameters:
  ///   - bytes: The compressed bytes: exactly one zlib stream, nothing after it.
  ///   - limit: The most bytes the output may hold.
  ///   - raw: `true` for a raw deflate stream (RFC 1951, no zlib header or trailer), as
  ///     draw.io writes its diagrams.
  /// - Returns: The decompressed bytes.
  /// - Throws: ``RasterError/decompressedTooLarge(limit:)`` past `limit`;
  ///   ``RasterError/decompressionFailed(message:)`` for a damaged or truncated stream, or
  ///   bytes after its end.
  package static func decompress(
    _ bytes: ArraySlice<UInt8>, limit: Int, raw: Bool = false
  ) throws(RasterError) -> [UInt8] {
    var output: [UInt8] = []
    var keeping = true
    let total = try inflateStream(bytes, limit: limit, raw: raw) { piece, consumed in
      guard keeping else { return }
      if output.count + piece.count <= ratioLimit(compressedCount: consumed) {
        output.append(contentsOf: piece)
      } else {
        keeping = false
        output = []
      }
    }
    guard !keeping else { return output }
    output.reserveCapacity(total)
    _ = try inflateStream(bytes, limit: limit, raw: raw) { piece, _ in
      output.append(contentsOf: piece)
    }
    return output
  }

  /// Inflates one zlib (or raw deflate) stream, handing each buffer of output to `take` with
  /// the count of compressed bytes read so far, and refusing to make more than `limit` bytes.
  ///
  /// - Returns: How many bytes the stream inflates to.
  ///
  /// The corresponding C functions are `inflateInit2_`, `inflate` and `inflateEnd`.
  private static func inflateStream(
    _ bytes: ArraySlice<UInt8>, limit: Int, raw: Bool,
    into take: (_ piece: ArraySlice<UInt8>, _ consumed: Int) -> Void
  ) throws(RasterError) -> Int {
    let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
    stream.initialize(to: z_stream())
    defer {
      stream.deinitialize(count: 1)
      stream.deallocate()
    }
    let initStatus = inflateInit2_(
      stream, raw ? -15 : 15, zlibVersion(), Int32(MemoryLayout<z_stream>.size))
    guard initStatus == Z_OK else {
      throw .decompressionFailed(message: message(initStatus, stream))
    }
    defer { inflateEnd(stream) }

    var total = 0
    var buffer = [UInt8](repeating: 0, count: outputBufferSize)
    try bytes.withUnsafeBufferPointer { (source) throws(RasterError) in
      var offset = 0
      while true {
        if stream.pointee.avail_in == 0 && offset < source.count {
          // `avail_in` is 32 bits wide, so a huge input goes in slices.
          let length = min(source.count - offset, Int(UInt32.max / 2))
          stream.pointee.next_in = UnsafeMutablePointer(
            mutating: source.baseAddress.map { $0 + offset })
          stream.pointee.avail_in = UInt32(length)
          offset += length
        }
        let (status, produced) = step(stream, into: &buffer) { inflate($0, Z_NO_FLUSH) }
        guard produced <= limit - total else { throw .decompressedTooLarge(limit: limit) }
        total += produced
        take(buffer[0..<produced], offset - Int(stream.pointee.avail_in))
        switch status {
        case Z_STREAM_END:
          guard stream.pointee.avail_in == 0 && offset == source.count else {
            throw .decompressionFailed(message: "there are bytes after the end of the stream")
          }
          return
        case Z_OK:
          continue
        case Z_BUF_ERROR where stream.pointee.avail_in == 0 && offset == source.count:
          throw .decompressionFailed(message: "the stream ends too early")
        case Z_BUF_ERROR:
          continue
        default:
          throw .decompressionFailed(message: message(status, stream))
        }
      }
    }
    return total
  }

  /// zlib's message for a status, its own when it gave one.
  private static func message(_ status: Int32, _ stream: UnsafeMutablePointer<z_stream>) -> String {
    stream.pointee.msg.map { String(cString: $0) } ?? String(cString: zError(status))
  }

  /// Continues a CRC-32 (the one PNG and zlib use) over more bytes.
  ///
  /// - Parameters:
  ///   - bytes: The bytes to add.
  ///   - crc: The CRC of everything before them, 0 to start.
  /// - Returns: The CRC of everything so far.
  ///
  /// The corresponding C function is `crc32`.
  static func crc32(_ bytes: ArraySlice<UInt8>, continuing crc: UInt32 = 0) -> UInt32 {
    bytes.withUnsafeBufferPointer { buffer in
      var value = UInt(crc)
      var offset = 0
      // The length argument is 32 bits wide, so a huge buffer goes in slices.
      while offset < buffer.count {
        let length = min(buffer.count - offset, Int(UInt32.max / 2))
        value = CZlib.crc32(value, buffer.baseAddress.map { $0 + offset }, UInt32(length))
        offset += length
      }
      return UInt32(truncatingIfNeeded: value)
    }
  }
}
