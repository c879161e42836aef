import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import DrawdocTestSupport
import Synchronization
import Testing

/// A responder whose heavy requests wait for the test: `GET /heavy?bytes=N` is estimated at N
/// bytes and, once its work starts, counts itself and blocks until the test lets one through
/// (``release(_:)``), then answers `answer` bytes (default a line); `GET /light` is answered at
/// once.
final class HeldWorkResponder: HTTPResponder {
  /// How many heavy requests' work has started, and ended.
  let started = Atomic(0)
  let finished = Atomic(0)
  private let passes = BlockingQueue<Bool>()

  func memoryEstimate(of request: HTTPRequest) -> Int {
    request.path == "/heavy" ? Int(request.query["bytes"] ?? "") ?? 0 : 0
  }

  func respond(to request: HTTPRequest) -> HTTPResponse {
    guard request.path == "/heavy" else {
      return HTTPResponse(status: .ok, body: .bytes(Array("\(request.path)\n".utf8)))
    }
    started.add(1, ordering: .relaxed)
    _ = passes.pop()
    let body =
      request.query["answer"].flatMap { Int($0) }.map { [UInt8](repeating: 0x61, count: $0) }
      ?? Array("/heavy\n".utf8)
    defer { finished.add(1, ordering: .relaxed) }
    return HTTPResponse(status: .ok, body: .bytes(body))
  }

  /// Lets `count` heavy requests finish their work.
  func release(_ count: Int) {
    for _ in 0..<count { passes.push(true) }
  }

  deinit { passes.close() }
}

/// The heavy lane and its budget, through the real server: heavy work never holds the
/// workers of light requests, and a heavy request whose share of the budget does not fit is
/// refused with 503 and `Retry-After` before its work starts.
@Suite struct HeavyLaneTests {
  static let limits = HTTPLimits(
    workers: 2, heavyRequestBytes: 1000, heavyWorkers: 2, heavyBudgetBytes: 10_000)

  /// A server with two light and two heavy workers, past 1,000 bytes heavy, a budget of
  /// 10,000.
  static func serve() throws -> (HeldWorkResponder, HTTPServer) {
    let responder = HeldWorkResponder()
    let server = try HTTPServer(port: 0, limits: limits, responder: responder)
    server.start()
    return (responder, server)
  }

  /// Lets any heavy work still held finish, and stops the server.
  static func end(_ responder: HeldWorkResponder, _ server: HTTPServer) {
    responder.release(8)
    server.stop()
  }

  @Test func aLightRequestIsAnsweredWhileEveryHeavyWorkerIsHeld() throws {
    let (responder, server) = try Self.serve()
    defer { Self.end(responder, server) }
    // Three heavy requests of 3,000 bytes: two run and hold both heavy workers, the third
    // waits for one with its share taken; more than the two light workers.
    let heavy = try (0..<3).map { _ in try RawClient(port: server.port) }
    for client in heavy { client.send("GET /heavy?bytes=3000 HTTP/1.1\r\nHost: x\r\n\r\n") }
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 2 })
    #expect(eventually(within: 10) { server.heavyBudget.counts.held == 3 })
    for _ in 0..<3 {
      let light = try RawClient(port: server.port)
      light.send("GET /light HTTP/1.1\r\nHost: x\r\n\r\n")
      let answer = light.readResponse()
      #expect(answer?.status == 200)
      #expect(answer.map { String(decoding: $0.body, as: UTF8.self) } == "/light\n")
    }
    #expect(responder.started.load(ordering: .relaxed) == 2)
    responder.release(3)
    for client in heavy { #expect(client.readResponse()?.status == 200) }
    #expect(eventually(within: 10) { server.heavyBudget.counts.heldBytes == 0 })
    #expect(server.heavyBudget.counts.taken == 3)
  }

  @Test func aHeavyRequestPastTheBudgetIsAnswered503BeforeItsWorkStarts() throws {
    let (responder, server) = try Self.serve()
    defer { Self.end(responder, server) }
    let first = try RawClient(port: server.port)
    first.send("GET /heavy?bytes=6000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 1 })
    // 6,000 of 10,000 are held: 5,000 more do not fit, and its work never starts.
    let second = try RawClient(port: server.port)
    second.send("GET /heavy?bytes=5000 HTTP/1.1\r\nHost: x\r\n\r\n")
    let refused = second.readResponse()
    #expect(refused?.status == 503)
    #expect(refused?.head.contains("\r\nRetry-After: 2\r\n") == true, "\(refused?.head ?? "")")
    #expect(
      refused.map { String(decoding: $0.body, as: UTF8.self) }?.contains("try again") == true)
    #expect(server.heavyBudget.counts.refused == 1)
    #expect(responder.started.load(ordering: .relaxed) == 1)
    // 4,000 bytes would fit, but the room for the 5,000 refused is kept.
    second.send("GET /heavy?bytes=4000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(second.readResponse()?.status == 503)
    #expect(responder.started.load(ordering: .relaxed) == 1)
    responder.release(1)
    #expect(first.readResponse()?.status == 200)
    #expect(eventually(within: 10) { server.heavyBudget.counts.heldBytes == 0 })
    // The connection stays usable, and the 5,000 asked again fit.
    second.send("GET /heavy?bytes=5000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 2 })
    responder.release(1)
    #expect(second.readResponse()?.status == 200)
    #expect(eventually(within: 10) { server.heavyBudget.counts.heldBytes == 0 })
  }

  @Test func aRequestAboveTheWholeBudgetTakesItAll() throws {
    let (responder, server) = try Self.serve()
    defer { Self.end(responder, server) }
    let huge = try RawClient(port: server.port)
    huge.send("GET /heavy?bytes=50000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 1 })
    #expect(server.heavyBudget.counts.heldBytes == 10_000)
    let other = try RawClient(port: server.port)
    other.send("GET /heavy?bytes=1001 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(other.readResponse()?.status == 503)
    // A request of 1,000 bytes is light: it is not weighed against the budget.
    other.send("GET /heavy?bytes=1000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 2 })
    responder.release(2)
    #expect(other.readResponse()?.status == 200)
    #expect(huge.readResponse()?.status == 200)
    #expect(eventually(within: 10) { server.heavyBudget.counts.heldBytes == 0 })
  }

  @Test func aShareIsHeldUntilItsAnswerIsWritten() throws {
    let (responder, server) = try Self.serve()
    defer { Self.end(responder, server) }
    // 64 MiB for a client that reads nothing yet: more than the socket's buffers take.
    let slow = try RawClient(port: server.port)
    slow.send("GET /heavy?bytes=6000&answer=\(64 << 20) HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(eventually(within: 10) { responder.started.load(ordering: .relaxed) == 1 })
    responder.release(1)
    #expect(eventually(within: 10) { responder.finished.load(ordering: .relaxed) == 1 })
    // Its work is done, its answer not yet read: the share is still held.
    let other = try RawClient(port: server.port)
    other.send("GET /heavy?bytes=6000 HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(other.readResponse()?.status == 503)
    #expect(server.heavyBudget.counts.heldBytes == 6000)
    #expect(slow.readResponse()?.body.count == 64 << 20)
    #expect(eventually(within: 10) { server.heavyBudget.counts.heldBytes == 0 })
  }
}
