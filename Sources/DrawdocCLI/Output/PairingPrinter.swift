import DrawdocModel
import DrawdocQRCode

/// How a pairing code is shown in a terminal, by `drawdoc serve --lan` and
/// `drawdoc devices pair`: the code, how long it pairs, the pairing page's address on each
/// origin the server is reached at, and the first of them as a QR code for a phone or a
/// tablet to scan.
enum PairingPrinter {
  static func print(
    code: String, expires: Timestamp, validFor seconds: Int, origins: [String],
    to output: any OutputSink
  ) {
    output.write(
      DevicesCommand.pairingText(code: code, expires: expires, for: seconds, origins: origins))
    guard let first = origins.first,
      let qr = try? QRCode(encoding: Array((first + DevicesCommand.pairingPath(code: code)).utf8))
    else { return }
    output.writeLine("Or scan this with the device's camera:")
    output.write(qr.terminalText())
  }
}
