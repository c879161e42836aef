import DrawdocModel

/// The error type of the closures ``writtenPieces(pieceSize:_:)`` takes, never thrown: with
/// `Never`, the Swift 6.3 compiler crashes on the closures' reabstraction.
package struct NoFailure: Error {}

/// The pieces `PieceWriter` hands on of the text `make` appends.
///
/// - Parameters:
///   - pieceSize: About how many bytes each piece holds.
///   - make: Appends the text to `output`, calling `handOn` between its parts.
/// - Returns: The pieces, in order.
package func writtenPieces(
  pieceSize: Int,
  _ make: (_ output: inout [UInt8], _ handOn: (inout [UInt8]) throws(NoFailure) -> Void)
    throws(NoFailure) -> Void
) -> [[UInt8]] {
  var pieces: [[UInt8]] = []
  do {
    try PieceWriter.write(
      pieceSize: pieceSize, to: { (piece) throws(NoFailure) in pieces.append(Array(piece)) },
      make)
  } catch {
    preconditionFailure("nothing throws NoFailure")
  }
  return pieces
}
