import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import DrawdocTestSupport
import Foundation
import Testing

/// A server with ``GateResponder`` on a free port, stopped when the value goes away.
final class GateServer {
  let responder: GateResponder
  let server: HTTPServer

  init(limits: HTTPLimits = HTTPLimits(), ticking: Bool = false) throws {
    responder = GateResponder(ticking: ticking)
    server = try HTTPServer(port: 0, limits: limits, responder: responder)
    server.start()
  }

  deinit {
    server.stop()
    responder.stopTicking()
  }

  var port: UInt16 { server.port }

  /// A client that has sent a credentialed request and read its answer: its connection is
  /// trusted.
  func trustedClient(path: String = "/ok") throws -> RawClient {
    let client = try RawClient(port: port)
    client.send(Self.credentialed(path))
    #expect(client.readResponse()?.status == 200)
    return client
  }

  static func credentialed(_ path: String, method: String = "GET", close: Bool = false) -> String {
    "\(method) \(path) HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer secret\r\n"
      + (close ? "Connection: close\r\n\r\n" : "\r\n")
  }
}

/// The bounds of the event loop. The deadlines are the server's own, made short (``short``)
/// so that the tests take a fraction of a second: what they check is what happens at a
/// deadline (the connection closed, or answered 408) and that it never comes before it, not
/// how long after it (a loaded machine may be late).
@Suite struct LoopBoundsTests {
  /// The untrusted connection's deadline of these tests, in seconds (2 s by default).
  static let deadline = 0.3
  static let short = HTTPLimits(untrustedHeadSeconds: deadline)

  @Test func anUntrustedConnectionThatSendsNothingIsClosedAtItsDeadline() throws {
    let test = try GateServer(limits: Self.short)
    // Read before connecting: the server's deadline starts later, so it cannot end sooner.
    let started = MonotonicClock.seconds()
    let client = try RawClient(port: test.port)
    let response = client.readAll()
    let elapsed = MonotonicClock.seconds() - started
    #expect(response.isEmpty)
    #expect(client.hasBeenAnsweredOrCut, "still open after \(elapsed) s")
    #expect(elapsed >= Self.deadline, "closed after \(elapsed) s")
  }

  @Test func anUntrustedConnectionWithHalfAHeadIsAnswered408AtItsDeadline() throws {
    let test = try GateServer(limits: Self.short)
    let started = MonotonicClock.seconds()
    let client = try RawClient(port: test.port)
    client.send("GET /ok HTTP/1.1\r\nHo")
    let response = client.readAll()
    let elapsed = MonotonicClock.seconds() - started
    #expect(statusCode(response) == 408)
    #expect(elapsed >= Self.deadline, "answered after \(elapsed) s")
  }

  @Test func anUntrustedConnectionHasTheSameDeadlineBetweenRequests() throws {
    let test = try GateServer(limits: Self.short)
    let client = try RawClient(port: test.port)
    let started = MonotonicClock.seconds()
    client.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(client.readResponse()?.status == 200)
    #expect(client.readAll().isEmpty)
    let elapsed = MonotonicClock.seconds() - started
    #expect(client.hasBeenAnsweredOrCut, "still open after \(elapsed) s")
    #expect(elapsed >= Self.deadline, "closed after \(elapsed) s")
  }

  @Test func aTrustedConnectionStaysOpenWhenIdlePastTheUntrustedDeadline() throws {
    let test = try GateServer(limits: Self.short)
    let client = try test.trustedClient()
    // An untrusted connection opened after it is cut off at its deadline: by then the
    // trusted one has been idle longer than that.
    let untrusted = try RawClient(port: test.port)
    #expect(untrusted.readAll().isEmpty)
    #expect(untrusted.hasBeenAnsweredOrCut)
    #expect(client.send(GateServer.credentialed("/ok")))
    #expect(client.readResponse()?.status == 200)
    // Once trusted, a request without credentials on the same connection is served too.
    client.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(client.readResponse()?.status == 200)
  }

  @Test func aNewUntrustedConnectionPastTheBoundClosesTheOldestButNoTrustedOne() throws {
    let test = try GateServer(limits: HTTPLimits(untrustedConnections: 4))
    let trusted = try test.trustedClient()
    var clients: [RawClient] = []
    for _ in 0..<4 {
      clients.append(try RawClient(port: test.port))
      #expect(eventually(within: 10) { test.server.openConnections == clients.count + 1 })
    }
    #expect(clients.allSatisfy { !$0.hasBeenAnsweredOrCut })
    // The fifth closes the first, and only it.
    let fifth = try RawClient(port: test.port)
    #expect(eventually(within: 10) { clients[0].hasBeenAnsweredOrCut })
    #expect(clients[0].readAll().isEmpty)
    #expect(clients[1...].allSatisfy { !$0.hasBeenAnsweredOrCut })
    #expect(!fifth.hasBeenAnsweredOrCut)
    // Many more: each evicts an untrusted one, never the trusted connection.
    var newcomers: [RawClient] = []
    for _ in 0..<20 { newcomers.append(try RawClient(port: test.port)) }
    #expect(eventually(within: 10) { test.server.openConnections == 5 })
    #expect(trusted.send(GateServer.credentialed("/ok")))
    #expect(trusted.readResponse()?.status == 200)
    #expect(eventually(within: 10) { clients.allSatisfy { $0.hasBeenAnsweredOrCut } })
    // And the newest untrusted one is served.
    newcomers[19].send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(newcomers[19].readResponse()?.status == 200)
  }

  @Test func aConnectionThatBecomesTrustedPastTheTrustedBoundIsAnswered503() throws {
    let test = try GateServer(limits: HTTPLimits(trustedConnections: 1))
    let first = try test.trustedClient()
    let second = try RawClient(port: test.port)
    second.send(GateServer.credentialed("/ok"))
    let text = String(decoding: second.readAll(), as: UTF8.self)
    #expect(statusCode(Array(text.utf8)) == 503, "\(text)")
    #expect(text.contains("Retry-After: 1\r\n"))
    #expect(text.contains("X-Every: yes\r\n"))
    // Untrusted requests still fit, and the trusted one goes on.
    let untrusted = try RawClient(port: test.port)
    untrusted.send("GET /ok HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(untrusted.readResponse()?.status == 200)
    first.send(GateServer.credentialed("/ok"))
    #expect(first.readResponse()?.status == 200)
  }

  @Test(arguments: [
    ("GARBAGE\r\n\r\n", 400),
    ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", 400),
    ("GET / HTTP/2.0\r\nHost: x\r\n\r\n", 505),
    ("POST / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", 411),
    ("POST / HTTP/1.1\r\nHost: x\r\nExpect: 100-continue\r\nContent-Length: 5\r\n\r\n", 417),
    ("POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 99999\r\n\r\n", 413),
    ("GET / HTTP/1.1\r\nHost: x\r\nX: \(String(repeating: "a", count: 20_000))\r\n\r\n", 431),
    ("GET / HTTP/1.1\r\nHost: x\r\nX: y", 408),
  ])
  func everyAnswerTheServerMakesItselfCarriesTheHeadersForEveryResponse(
    request: String, status: Int
  ) throws {
    let test = try GateServer(
      limits: HTTPLimits(bodyBytes: 1024, untrustedHeadSeconds: 0.3))
    let client = try RawClient(port: test.port)
    client.send(request)
    let text = String(decoding: client.readAll(), as: UTF8.self)
    #expect(statusCode(Array(text.utf8)) == status, "\(text.prefix(200))")
    #expect(text.components(separatedBy: "X-Every: yes\r\n").count == 2, "\(text.prefix(400))")
  }

  @Test func aStreamPastTheStreamBoundAndTheResponderOwnAnswersCarryTheHeadersOnce() throws {
    let test = try GateServer(limits: HTTPLimits(streams: 1))
    let held = try RawClient(port: test.port)
    held.send(GateServer.credentialed("/held"))
    #expect(test.responder.onlyStream() != nil)
    let refused = try RawClient(port: test.port)
    refused.send(GateServer.credentialed("/held"))
    let text = String(decoding: refused.readAll(), as: UTF8.self)
    #expect(statusCode(Array(text.utf8)) == 503, "\(text)")
    #expect(text.components(separatedBy: "X-Every: yes\r\n").count == 2, "\(text)")
    // The responder's own answers, whole or refused from the head: its fields once.
    for path in ["/ok", "/refuse"] {
      let client = try RawClient(port: test.port)
      client.send(GateServer.credentialed(path, close: true))
      let own = String(decoding: client.readAll(), as: UTF8.self)
      #expect(statusCode(Array(own.utf8)) == (path == "/ok" ? 200 : 403))
      #expect(own.components(separatedBy: "X-Every: yes\r\n").count == 2, "\(own)")
    }
  }

  @Test(arguments: [
    "GET /ok HTTP/1.1\r\nHost: x\r\nHost: x\r\n\r\n",
    "GET /ok HTTP/1.0\r\nHost: x\r\nHost: y\r\n\r\n",
    "GET /ok HTTP/1.1\r\nHost: x\r\nOrigin: http://a\r\nOrigin: http://a\r\n\r\n",
    "GET /ok HTTP/1.0\r\nOrigin: http://a\r\norigin: http://b\r\n\r\n",
  ])
  func twoHostOrTwoOriginFieldsAreRefused(request: String) throws {
    let test = try GateServer()
    let client = try RawClient(port: test.port)
    client.send(request)
    let response = client.readAll()
    #expect(statusCode(response) == 400, "\(String(decoding: response, as: UTF8.self))")
    #expect(test.responder.opened.load(ordering: .relaxed) == 0)
  }

  @Test(arguments: ["/ok", "/refuse"])
  func aClientStillSendingARefusedBodyReadsTheStatusNotAReset(path: String) throws {
    let test = try GateServer(limits: HTTPLimits(bodyBytes: 4096))
    let client = try RawClient(port: test.port)
    // /ok: the body is past the bound (413); /refuse: the responder refuses the head (403).
    client.send(
      "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Length: \(path == "/ok" ? 1 << 20 : 48 << 10)"
        + "\r\n\r\n")
    #expect(eventually { client.hasBeenAnsweredOrCut })
    // The server has answered and closed its side; the client goes on sending its body.
    let piece = [UInt8](repeating: 0x61, count: 4096)
    for _ in 0..<12 {
      #expect(client.send(piece))
      // Kept a sleep: the pace of a client that goes on sending, the thing under test.
      Thread.sleep(forTimeInterval: 0.01)
    }
    let (bytes, reset) = client.readAllNotingReset()
    #expect(statusCode(bytes) == (path == "/ok" ? 413 : 403))
    #expect(!reset)
  }

  @Test func whereOpenFilesAreFewTheBoundsShrinkToFitAndKeepRoomForTheStore() {
    let limits = HTTPLimits()
    // Room enough: the bounds as they are.
    let roomy = limits.fitting(openFiles: 1 << 20)
    #expect(roomy.trustedConnections == 1024 && roomy.untrustedConnections == 1024)
    #expect(roomy.streams == 500)
    // 1,024 open files, the usual default: trusted connections first, untrusted ones in what
    // is left, and 128 descriptors never given to connections.
    for openFiles in [256, 1024, 2048] {
      let fitted = limits.fitting(openFiles: openFiles)
      #expect(fitted.trustedConnections + fitted.untrustedConnections <= openFiles - 128)
      #expect(fitted.trustedConnections > 0 && fitted.untrustedConnections > 0)
      #expect(fitted.streams <= fitted.trustedConnections)
    }
    #expect(limits.fitting(openFiles: 1024).trustedConnections == 448)
    // Bounds set smaller than what fits stay as they are.
    let small = HTTPLimits(untrustedConnections: 4, trustedConnections: 2, streams: 1)
      .fitting(openFiles: 1 << 20)
    #expect(small.untrustedConnections == 4 && small.trustedConnections == 2 && small.streams == 1)
  }

  @Test func theServerRaisesTheSoftOpenFileLimitToTheHardOne() throws {
    let before = try CurrentProcess.openFileLimit()
    // One below: enough to see it raised, too little to trouble tests running beside this one.
    if before.hard < Int.max, before.soft == before.hard {
      try CurrentProcess.setOpenFileLimit(soft: before.hard - 1)
    }
    let test = try GateServer()
    let limit = try CurrentProcess.openFileLimit()
    #if os(Linux)
      #expect(limit.soft == limit.hard)
    #else
      #expect(limit.soft == min(limit.hard, Int(OPEN_MAX)))
    #endif
    withExtendedLifetime(test) {}
  }

  @Test func stopClosesEveryConnectionAndStream() throws {
    let test = try GateServer()
    let idle = try RawClient(port: test.port)
    let trusted = try test.trustedClient()
    let stream = try RawClient(port: test.port)
    stream.send(GateServer.credentialed("/held"))
    #expect(test.responder.onlyStream() != nil)
    #expect(test.server.openConnections == 3)
    #expect(test.server.openStreams == 1)
    test.server.stop()
    #expect(eventually(within: 10) { test.server.openConnections == 0 })
    #expect(test.server.openStreams == 0)
    #expect(test.responder.closed.load(ordering: .relaxed) == 1)
    #expect(eventually(within: 10) { [idle, trusted, stream].allSatisfy(\.hasBeenAnsweredOrCut) })
    #expect(throws: (any Error).self) { try RawClient(port: test.port) }
  }
}
