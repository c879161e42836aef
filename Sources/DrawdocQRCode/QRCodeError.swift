/// Why a QR code cannot be made.
package enum QRCodeError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The bytes are more than the largest symbol, version 40, holds at that error correction
  /// level: `limit` bytes.
  case tooLong(byteCount: Int, limit: Int, correction: QRCode.Correction)

  package var description: String {
    switch self {
    case .tooLong(let byteCount, let limit, let correction):
      "cannot make a QR code of \(byteCount) bytes: at error correction level "
        + "\(correction.letter) the largest QR code (version 40) holds at most \(limit) bytes; "
        + "shorten the text or choose a lower level"
    }
  }
}
