/// Hands bytes on a piece at a time as they are made, so that a big output (a file of a
/// million rectangles, its JSON form, its text) never sits in memory whole: only one piece of
/// about `pieceSize` bytes does.
package enum PieceWriter {
  /// The size of a piece when the caller names none: big enough that each `write` call moves
  /// a lot, small enough to stay in the caches.
  package static let defaultPieceSize = 1 << 20

  /// Runs `make`, which appends bytes to a buffer and calls `handOn` with that buffer between
  /// items; `handOn` passes the buffer to `emit` once it holds `pieceSize` bytes or more, and
  /// empties it. What is left at the end is emitted last, even if empty.
  ///
  /// - Parameters:
  ///   - pieceSize: About how many bytes each piece holds.
  ///   - emit: Receives each piece, in order; a piece is valid only during its call.
  ///   - make: Appends the output, calling `handOn` as often as it likes.
  /// - Throws: Whatever `emit` (or `make`) throws; writing stops there.
  package static func write<Failure: Error>(
    pieceSize: Int, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void,
    _ make: (
      _ output: inout [UInt8], _ handOn: (inout [UInt8]) throws(Failure) -> Void
    ) throws(Failure) -> Void
  ) throws(Failure) {
    var output: [UInt8] = []
    output.reserveCapacity(pieceSize + 4096)
    // `handOn` calls `emit`, which `make` never sees.
    try withoutActuallyEscaping(emit) { (emit) throws(Failure) in
      try make(&output) { (output) throws(Failure) in
        if output.count >= pieceSize { try emitPiece(&output, to: emit) }
      }
    }
    try emitPiece(&output, to: emit)
  }

  /// Passes the buffer to `emit` and empties it.
  private static func emitPiece<Failure: Error>(
    _ output: inout [UInt8], to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    // withUnsafeBytes does not pass a typed error on: carry it out by hand.
    var failure: Failure?
    output.withUnsafeBytes { piece in
      do throws(Failure) { try emit(piece) } catch { failure = error }
    }
    if let failure { throw failure }
    output.removeAll(keepingCapacity: true)
  }
}

/// A text form of a drawing made of a header, one part per rectangle in z-order, and an end:
/// the file ``SVGEncoder`` writes and the JSON form ``DrawingJSON`` writes, each written whole
/// or a piece at a time by the same code.
package protocol RectangleListFormat {
  /// Appends what comes before the rectangles.
  static func appendHeader(of drawing: Drawing, to output: inout [UInt8])
  /// Appends the part of one rectangle, the `index`th from the bottom.
  static func appendRectangle(_ rectangle: Rectangle, at index: Int, to output: inout [UInt8])
  /// Appends what comes after the rectangles.
  static func appendEnd(of drawing: Drawing, to output: inout [UInt8])
}

extension RectangleListFormat {
  /// The whole text of a drawing.
  ///
  /// - Parameter drawing: The drawing.
  /// - Returns: The UTF-8 bytes.
  package static func text(of drawing: Drawing) -> [UInt8] {
    RectangleListText<Self>.text(of: drawing)
  }

  /// The text of a drawing a piece at a time (see ``PieceWriter``).
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - pieceSize: About how many bytes each piece holds.
  ///   - emit: Receives the bytes of ``text(of:)``, in order, one piece per call.
  /// - Throws: Whatever `emit` throws; writing stops there.
  package static func write<Failure: Error>(
    _ drawing: Drawing, pieceSize: Int, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try RectangleListText<Self>.write(drawing, pieceSize: pieceSize, to: emit)
  }
}

/// A ``RectangleListFormat`` as a ``DrawingTextFormat``: its header, its rectangles and its
/// end, `handOn` called before each rectangle.
private enum RectangleListText<Format: RectangleListFormat>: DrawingTextFormat {
  /// The header, each rectangle's part after a call of `handOn`, and the end.
  static func append<Failure: Error>(
    _ drawing: Drawing, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure) {
    Format.appendHeader(of: drawing, to: &output)
    for (index, rectangle) in drawing.plane.rectangles.enumerated() {
      try handOn(&output)
      Format.appendRectangle(rectangle, at: index, to: &output)
    }
    Format.appendEnd(of: drawing, to: &output)
  }
}

/// A text form of a drawing that one piece of code writes whole or a piece at a time: it
/// appends the text to a buffer and calls `handOn` between parts, which
/// ``write(_:pieceSize:to:)`` uses to hand the buffer on (see ``PieceWriter``) and
/// ``text(of:)`` ignores. The draw.io and Excalidraw files are such forms, and so, through
/// ``RectangleListFormat``, are the SVG file and the JSON form.
package protocol DrawingTextFormat {
  /// About how many bytes a rectangle takes, for the buffer of ``text(of:)``.
  static var bytesPerRectangle: Int { get }

  /// Appends the whole text of a drawing, calling `handOn` between its parts (before each
  /// rectangle's).
  ///
  /// - Parameters:
  ///   - drawing: The drawing.
  ///   - output: The text so far, which `handOn` may hand on and empty.
  ///   - handOn: Called between parts.
  /// - Throws: Whatever `handOn` throws; writing stops there.
  static func append<Failure: Error>(
    _ drawing: Drawing, to output: inout [UInt8],
    handOn: (inout [UInt8]) throws(Failure) -> Void
  ) throws(Failure)
}

extension DrawingTextFormat {
  /// About 112 bytes, as in an SVG file or the JSON form.
  package static var bytesPerRectangle: Int { 112 }

  /// All the text at once, in a buffer made for a quarter more than ``bytesPerRectangle``
  /// bytes a rectangle: a text a little longer than the estimate would otherwise grow the
  /// buffer to twice its size, copying it, with both in memory at once (a scene of a million
  /// rectangles took 1 GB for 470 MB of text). What is reserved and never written costs
  /// address space, not memory.
  package static func text(of drawing: Drawing) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(400 + drawing.plane.count * bytesPerRectangle / 4 * 5)
    append(drawing, to: &output) { _ in }
    return output
  }

  /// Hands ``text(of:)`` to `emit` in pieces of about `pieceSize` bytes, through
  /// ``PieceWriter``: what `emit` throws stops the writing and is thrown on.
  package static func write<Failure: Error>(
    _ drawing: Drawing, pieceSize: Int, to emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
  ) throws(Failure) {
    try PieceWriter.write(pieceSize: pieceSize, to: emit) { (output, handOn) throws(Failure) in
      try append(drawing, to: &output, handOn: handOn)
    }
  }
}
