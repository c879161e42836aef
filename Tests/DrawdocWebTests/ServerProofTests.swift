import DrawdocHTTP
import DrawdocWeb
import Foundation
import Testing

/// `GET /api/proof`: the server's proof that it holds the token, checked against
/// `openssl dgst -sha256 -hmac`, as a page checks it with WebCrypto.
@Suite struct ServerProofTests {
  /// What openssl makes of the message the page and the server both build.
  private func expectedProof(token: String, port: UInt16, nonce: String) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["openssl", "dgst", "-sha256", "-hmac", token]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    input.fileHandleForWriting.write(
      Data("drawdoc server proof\nport \(port)\nnonce \(nonce)".utf8))
    try input.fileHandleForWriting.close()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return String(text.split(separator: " ").last ?? "").trimmingCharacters(in: .newlines)
  }

  @Test func theProofNeedsNoTokenAndIsTheHMACOfTheNonceAndThePortUnderTheToken() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    for nonce in [String(repeating: "0", count: 32), String(repeating: "a1", count: 32)] {
      let response = try fixture.call("GET", "/api/proof?nonce=\(nonce)", headers: [host])
      #expect(response.status == .ok)
      #expect(response.headers["Content-Type"] == "application/json")
      #expect(response.headers["Cache-Control"] == "no-store")
      let proof = try #require(try fixture.object(response)["proof"] as? String)
      #expect(
        proof == (try expectedProof(token: fixture.token, port: fixture.port, nonce: nonce)))
      // Not the token, nor a code a server of another port would make.
      #expect(!proof.contains(fixture.token))
      #expect(
        proof != (try expectedProof(token: fixture.token, port: fixture.port + 1, nonce: nonce)))
    }
  }

  @Test func aNonceThatIsNotHexadecimalOfTheRightLengthIsRefused() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    for nonce in [
      "", String(repeating: "0", count: 31), String(repeating: "0", count: 129),
      String(repeating: "A", count: 32), String(repeating: "g", count: 32),
    ] {
      let response = try fixture.call("GET", "/api/proof?nonce=\(nonce)", headers: [host])
      #expect(response.status == .badRequest, "\(nonce)")
      #expect(
        (try fixture.object(response)["error"] as? String)?.contains("hexadecimal") == true)
    }
    #expect(try fixture.call("GET", "/api/proof", headers: [host]).status == .badRequest)
  }

  @Test func theProofKeepsTheGatesOtherChecks() throws {
    let fixture = try AppFixture()
    let nonce = String(repeating: "5", count: 64)
    // Another Host (DNS rebinding), and a method that is not GET, are refused as anywhere.
    #expect(
      try fixture.call("GET", "/api/proof?nonce=\(nonce)", headers: [("Host", "evil.test")])
        .status == .forbidden)
    #expect(
      try fixture.call(
        "POST", "/api/proof?nonce=\(nonce)",
        headers: [
          ("Host", "127.0.0.1:\(fixture.port)"), ("Origin", "http://127.0.0.1:\(fixture.port)"),
        ]
      ).status == .unauthorized)
    // Nothing else under /api/ opens without the token.
    #expect(
      try fixture.call(
        "GET", "/api/proofs?nonce=\(nonce)", headers: [("Host", "127.0.0.1:\(fixture.port)")]
      ).status == .unauthorized)
  }
}
