import DrawdocModel
import Foundation
import Testing

/// `SHA256` and `HMAC`: the published test vectors (NIST's examples for SHA-256, RFC 4231 for
/// HMAC-SHA256), and the same digests as `openssl dgst` for lengths around a block's edges.
@Suite struct HMACTests {
  /// NIST's examples (FIPS 180-4, "SHA256.pdf" of the Cryptographic Standards and Guidelines
  /// examples, and the one-block and two-block messages of FIPS 180-2's appendix B).
  static let digests: [(String, String)] = [
    ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
    ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
    (
      "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
      "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
    ),
    (
      "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmnhijklmnoijklmnopjklmnopqklmnopqr"
        + "lmnopqrsmnopqrstnopqrstu",
      "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1"
    ),
  ]

  @Test func sha256GivesNISTsDigests() {
    for (message, digest) in Self.digests {
      #expect(HMAC.hex(SHA256.hash(Array(message.utf8))) == digest, "\(message)")
    }
  }

  @Test func sha256OfAMillionAs() {
    var hasher = SHA256()
    let thousand = [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
    for _ in 0..<1000 { hasher.update(thousand) }
    #expect(
      HMAC.hex(hasher.finalize())
        == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
  }

  @Test func hmacGivesRFC4231sCodes() {
    let bytes = { (hex: String) -> [UInt8] in
      var result: [UInt8] = []
      var index = hex.startIndex
      while index < hex.endIndex {
        let next = hex.index(index, offsetBy: 2)
        result.append(UInt8(hex[index..<next], radix: 16) ?? 0)
        index = next
      }
      return result
    }
    let large = [UInt8](repeating: 0xaa, count: 131)
    // Test cases 1, 2, 3, 4, 6 and 7 (case 5 truncates the code, which drawdoc never does).
    let cases: [([UInt8], [UInt8], String)] = [
      (
        [UInt8](repeating: 0x0b, count: 20), Array("Hi There".utf8),
        "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
      ),
      (
        Array("Jefe".utf8), Array("what do ya want for nothing?".utf8),
        "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
      ),
      (
        [UInt8](repeating: 0xaa, count: 20), [UInt8](repeating: 0xdd, count: 50),
        "773ea91e36800e46854db8ebd09181a72959098b3ef8c122d9635514ced565fe"
      ),
      (
        bytes("0102030405060708090a0b0c0d0e0f10111213141516171819"),
        [UInt8](repeating: 0xcd, count: 50),
        "82558a389a443c0ea4cc819899f2083a85f0faa3e578f8077a2e3ff46729665b"
      ),
      (
        large, Array("Test Using Larger Than Block-Size Key - Hash Key First".utf8),
        "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
      ),
      (
        large,
        Array(
          ("This is a test using a larger than block-size key and a larger than block-size "
            + "data. The key needs to be hashed before being used by the HMAC algorithm.").utf8),
        "9b09ffa71b942fcb27635fbcd5b0e944bfdc63644f0713938a7f51535c3a35e2"
      ),
    ]
    for (key, message, code) in cases {
      #expect(HMAC.hex(HMAC.sha256(key: key, message: message)) == code, "\(code)")
    }
  }

  /// Lengths on both sides of where the padding needs a second block (55, 56), of a block
  /// (64) and of two; keys as the server's tokens are (32 hexadecimal digits) and longer than
  /// a block.
  @Test func bothAgreeWithOpenSSL() throws {
    var generator = SystemRandomNumberGenerator()
    for length in [0, 1, 55, 56, 63, 64, 65, 119, 120, 128, 1000] {
      let message = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      #expect(
        HMAC.hex(SHA256.hash(message)) == (try openSSL(["dgst", "-sha256"], input: message)),
        "SHA-256 of \(length) bytes")
      let token = HMAC.hex((0..<16).map { _ in UInt8.random(in: 0...255, using: &generator) })
      for key in [token, String(repeating: "k", count: 65), String(length)] {
        #expect(
          HMAC.hex(HMAC.sha256(key: Array(key.utf8), message: message))
            == (try openSSL(["dgst", "-sha256", "-hmac", key], input: message)),
          "HMAC of \(length) bytes under a key of \(key.count)")
      }
    }
  }
}

/// What `openssl ARGUMENTS` prints for `input` on its standard input: the hexadecimal digest
/// that ends its line.
private func openSSL(_ arguments: [String], input: [UInt8]) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["openssl"] + arguments
  let standardInput = Pipe()
  let output = Pipe()
  process.standardInput = standardInput
  process.standardOutput = output
  process.standardError = FileHandle.nullDevice
  try process.run()
  standardInput.fileHandleForWriting.write(Data(input))
  try standardInput.fileHandleForWriting.close()
  let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
  process.waitUntilExit()
  guard process.terminationStatus == 0,
    let digest = text.split(separator: " ").last?.trimmingCharacters(in: .whitespacesAndNewlines)
  else { throw OpenSSLFailed(arguments: arguments) }
  return digest
}

private struct OpenSSLFailed: Error {
  let arguments: [String]
}
