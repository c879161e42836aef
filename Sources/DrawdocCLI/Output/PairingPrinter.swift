import DrawdocQRCode

/// How a pairing code is shown in a terminal: its address, the code alone (to type it), and
/// the address as a QR code for a phone or a tablet to scan.
enum PairingPrinter {
  static func print(address: String, code: String, to output: any OutputSink) {
    output.writeLine("Pair a device: open \(address)")
    output.writeLine("  (code \(code): it pairs one device, within 10 minutes), or scan:")
    if let qr = try? QRCode(encoding: Array(address.utf8)) {
      output.write(qr.terminalText())
    }
  }
}
