import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import DrawdocTLS
import Foundation
import Testing

/// The server's TLS listener through independent clients: curl and openssl, trusting a
/// certificate made by the openssl command line (not by drawdoc).
@Suite struct TLSListenerTests {
  /// Answers `/hello` with a line and `/big` with 3 MiB, so that writes wait for room.
  struct Responder: HTTPResponder {
    static let big = [UInt8]((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 9) })

    func respond(to request: HTTPRequest) -> HTTPResponse {
      var headers = HTTPHeaders()
      headers.add("Content-Type", "application/octet-stream")
      switch request.path {
      case "/hello":
        let secure = request.connection.isSecure ? "in TLS" : "in plain text"
        return HTTPResponse(
          status: .ok, headers: headers, body: .bytes(Array("hello \(secure)\n".utf8)))
      case "/big": return HTTPResponse(status: .ok, headers: headers, body: .bytes(Self.big))
      default: return HTTPResponse(status: .notFound)
      }
    }
  }

  /// A self-signed certificate for 127.0.0.2, made by `openssl req`.
  static func certificate(in folder: String) throws -> (certificate: String, key: String) {
    let certificate = "\(folder)/cert.pem"
    let key = "\(folder)/key.pem"
    let made = try ChildProcess.run(
      "/usr/bin/env",
      [
        "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256",
        "-nodes", "-keyout", key, "-out", certificate, "-days", "2", "-subj", "/CN=drawdoc test",
        "-addext", "subjectAltName=IP:127.0.0.2",
      ], environment: ProcessInfo.processInfo.environment, in: folder)
    try #require(made.status == 0, "openssl req: \(made.errorText)")
    return (certificate, key)
  }

  static func server(_ folder: String, limits: HTTPLimits = HTTPLimits()) throws -> HTTPServer {
    let (certificate, key) = try certificate(in: folder)
    let context = try TLSContext(
      certificateChainPEM: Array(try Data(contentsOf: URL(fileURLWithPath: certificate))),
      privateKeyPEM: Array(try Data(contentsOf: URL(fileURLWithPath: key))))
    let server = try HTTPServer(
      listeningOn: [
        Listening(address: try #require(SocketAddress(host: "127.0.0.2", port: 0)), tls: context)
      ], limits: limits
    ) { _ in Responder() }
    server.start()
    return server
  }

  static func curl(_ arguments: [String]) throws -> ChildProcess.Outcome {
    try ChildProcess.run(
      "/usr/bin/env", ["curl", "-sS", "--max-time", "20"] + arguments,
      environment: ProcessInfo.processInfo.environment, in: "/")
  }

  @Test func curlTrustingTheCertificateIsAnsweredInTLS() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let server = try Self.server(folder.path)
    defer { server.stop() }
    let port = server.port
    let hello = try Self.curl([
      "--cacert", "\(folder.path)/cert.pem", "https://127.0.0.2:\(port)/hello",
    ])
    #expect(hello.status == 0, "\(hello.errorText)")
    #expect(hello.outputText == "hello in TLS\n")
    // Two requests on one connection, the second a body larger than the socket takes at once.
    let both = try Self.curl([
      "--cacert", "\(folder.path)/cert.pem", "-o", "/dev/null", "-o", "\(folder.path)/big",
      "https://127.0.0.2:\(port)/hello", "https://127.0.0.2:\(port)/big",
    ])
    #expect(both.status == 0, "\(both.errorText)")
    let big = try Data(contentsOf: URL(fileURLWithPath: "\(folder.path)/big"))
    #expect(Array(big) == Responder.big)
  }

  @Test func aClientThatDoesNotTrustTheCertificateIsNotAnswered() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let server = try Self.server(folder.path)
    defer { server.stop() }
    let refused = try Self.curl(["https://127.0.0.2:\(server.port)/hello"])
    // 60: the peer's certificate cannot be verified.
    #expect(refused.status == 60, "\(refused.errorText)")
  }

  @Test func plainHTTPToTheTLSPortIsToldToUseHTTPS() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    let server = try Self.server(folder.path)
    defer { server.stop() }
    let client = try RawClient(port: server.port, host: "127.0.0.2")
    client.send("GET /hello HTTP/1.1\r\nHost: 127.0.0.2\r\n\r\n")
    let answer = String(decoding: client.readAll(), as: UTF8.self)
    #expect(answer.hasPrefix("HTTP/1.1 400 "))
    #expect(answer.contains("speaks HTTPS only"))
    #expect(answer.contains("https://"))
  }

  @Test func aHandshakeNeverFinishedHoldsNothingPastItsDeadline() throws {
    let folder = try ScratchFolder()
    defer { folder.remove() }
    var limits = HTTPLimits()
    limits.untrustedHeadSeconds = 0.5
    let server = try Self.server(folder.path, limits: limits)
    defer { server.stop() }
    let client = try RawClient(port: server.port, host: "127.0.0.2")
    // The first bytes of a ClientHello's record, and nothing more.
    client.send([22, 3, 1, 0, 200, 1, 0])
    // The server closes it at its deadline: the client reads the end of the stream (within
    // its own 20 s bound), and the server holds no connection.
    #expect(client.readAll().isEmpty)
    #expect(server.openConnections == 0)
  }
}

/// A folder of its own under the system's temporary folder, for one test.
struct ScratchFolder {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-tls-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func remove() { try? FileManager.default.removeItem(atPath: path) }
}
