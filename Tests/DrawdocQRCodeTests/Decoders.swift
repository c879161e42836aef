import DrawdocQRCode
import DrawdocSystem
import DrawdocTestSupport
import Testing

/// A test's independent tool went wrong or is missing.
struct DecoderFailure: Error, CustomStringConvertible {
  let description: String
}

/// The independent tools the QR codes are checked with: zbarimg (Debian's zbar-tools), which
/// reads a code from a picture, and rsvg-convert (librsvg2-bin), which draws the SVG.
enum Decoders {
  /// A program on `PATH`, or a failure that says which package brings it.
  static func program(_ name: String, package: String) throws -> String {
    let path = CurrentProcess.environmentVariable("PATH") ?? "/usr/bin:/bin"
    guard let found = ChildProcess.find(name, in: path) else {
      throw DecoderFailure(
        description: "\(name) is missing: bash .ci/setup installs it "
          + "(sudo apt-get install \(package))")
    }
    return found
  }

  /// What zbarimg reads in a picture (any format it knows, given on standard input): the
  /// bytes of the one QR code in it.
  static func zbarimg(_ picture: [UInt8]) throws -> [UInt8] {
    let outcome = try ChildProcess.run(
      try program("zbarimg", package: "zbar-tools"),
      // Binary: the bytes as the code holds them, with no guess at their text encoding.
      ["--raw", "-q", "-Sbinary", "-"], environment: [:], in: "/", input: picture)
    guard outcome.status == 0 else {
      throw DecoderFailure(
        description: "zbarimg found no code (exit status \(outcome.status)): \(outcome.errorText)"
      )
    }
    return outcome.output
  }

  /// What zbarimg reads in a PGM image of modules, 2 pixels a module (it reads a large code
  /// several times faster than at 3 or 4), with a light quiet zone of 4 modules.
  static func zbarimg(modules: [[Bool]]) throws -> [UInt8] {
    try zbarimg(QRCodePicture.pgm(modules, scale: 2, margin: 4, marginIsDark: false))
  }

  /// A PNG image of an SVG document, drawn by rsvg-convert `zoom` times its size.
  static func rsvgConvert(_ svg: String, zoom: Int) throws -> [UInt8] {
    let outcome = try ChildProcess.run(
      try program("rsvg-convert", package: "librsvg2-bin"),
      ["--format", "png", "--zoom", "\(zoom)"],
      environment: [:], in: "/", input: Array(svg.utf8))
    guard outcome.status == 0 else {
      throw DecoderFailure(description: "rsvg-convert failed: \(outcome.errorText)")
    }
    return outcome.output
  }
}

/// The pairing address the tests encode, padded with `#` and letters to `length` bytes.
func pairingAddress(length: Int) -> [UInt8] {
  let address = Array("https://studio.local:8443/pair#code=ABCD-EFGH".utf8)
  let padding = (0..<max(0, length - address.count)).map { UInt8(ascii: "a") + UInt8($0 % 26) }
  return Array((address + padding).prefix(length))
}
