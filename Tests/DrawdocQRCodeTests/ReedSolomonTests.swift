import DrawdocQRCode
import Testing

/// Error correction codewords against worked examples.
@Suite struct ReedSolomonTests {
  /// The standard's own example: "01234567" in numeric mode, version 1-M (16 data codewords,
  /// 10 error correction codewords).
  @Test func theStandardsExampleOfVersionOneM() {
    let data: [UInt8] = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17]
    #expect(
      ReedSolomon.remainder(of: data, dividedBy: ReedSolomon.generator(degree: 10))
        == [165, 36, 212, 193, 237, 54, 199, 135, 44, 85])
  }

  /// "HELLO WORLD" in alphanumeric mode, version 1-M, the example most tutorials work through.
  @Test func helloWorldInVersionOneM() {
    let data: [UInt8] = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17]
    #expect(
      ReedSolomon.remainder(of: data, dividedBy: ReedSolomon.generator(degree: 10))
        == [196, 35, 39, 119, 235, 215, 231, 226, 93, 23])
  }

  /// The generator polynomial of degree 7 (version 1-L), whose exponents of α the standard
  /// lists: x⁷ + α⁸⁷x⁶ + α²²⁹x⁵ + α¹⁴⁶x⁴ + α¹⁴⁹x³ + α²³⁸x² + α¹⁰²x + α²¹.
  @Test func theGeneratorOfDegreeSeven() {
    // α⁸⁷ = 127, α²²⁹ = 122, α¹⁴⁶ = 154, α¹⁴⁹ = 164, α²³⁸ = 11, α¹⁰² = 68, α²¹ = 117.
    #expect(ReedSolomon.generator(degree: 7) == [127, 122, 154, 164, 11, 68, 117])
  }
}
