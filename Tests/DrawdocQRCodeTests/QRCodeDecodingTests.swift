import DrawdocQRCode
import DrawdocTestSupport
import Testing

/// Codes read back by an independent decoder, zbarimg.
@Suite struct QRCodeDecodingTests {
  /// The smallest version of level M that holds each length, from the standard's table of
  /// byte-mode capacities (14, 26, 42, 62, 84, 106, 122, 152, … 251, 287, 331, … 997, 1059).
  @Test(arguments: [(1, 1), (17, 2), (60, 4), (140, 8), (300, 13), (1000, 26)])
  func aPairingAddressDecodesToItsBytes(length: Int, version: Int) throws {
    let bytes = pairingAddress(length: length)
    let code = try QRCode(encoding: bytes)
    #expect(code.version == version)
    #expect(code.correction == .medium)
    #expect(code.size == 17 + 4 * version)
    #expect(code.modules.count == code.size && code.modules.allSatisfy { $0.count == code.size })
    #expect(try Decoders.zbarimg(modules: code.modules) == bytes)
  }

  @Test(arguments: QRCode.Correction.allCases)
  func everyCorrectionLevelDecodes(correction: QRCode.Correction) throws {
    let bytes = pairingAddress(length: 80)
    let code = try QRCode(encoding: bytes, correction: correction)
    #expect(code.correction == correction)
    #expect(try Decoders.zbarimg(modules: code.modules) == bytes)
  }

  /// The fullest code of every version, at the four levels in turn: every table row, every
  /// alignment pattern layout, every block layout of that level.
  @Test(arguments: 1...40)
  func theFullestCodeOfEveryVersionDecodes(version: Int) throws {
    let correction = QRCode.Correction.allCases[version % 4]
    let capacity = QRCode.capacity(version: version, correction: correction)
    let bytes = (0..<capacity).map { UInt8(ascii: "A") + UInt8($0 * 7 % 26) }
    let code = try QRCode(encoding: bytes, correction: correction)
    #expect(code.version == version)
    #expect(try Decoders.zbarimg(modules: code.modules) == bytes)
  }

  @Test func bytesThatAreNotTextDecodeAsTheyAre() throws {
    let bytes = (0...255).map { UInt8($0) }
    let code = try QRCode(encoding: bytes, correction: .low)
    #expect(try Decoders.zbarimg(modules: code.modules) == bytes)
  }

  @Test func textIsEncodedAsUTF8() throws {
    let code = try QRCode(encoding: "iPad dans l’atelier — café")
    #expect(
      try Decoders.zbarimg(modules: code.modules) == Array("iPad dans l’atelier — café".utf8))
  }
}
