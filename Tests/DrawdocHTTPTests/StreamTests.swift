import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import DrawdocTestSupport
import Foundation
import Synchronization
import Testing

/// A count that closures of any thread add to.
final class Counter: Sendable {
  let value = Atomic(0)
}

@Suite struct StreamTests {
  @Test func aClientThatHangsUpEndsItsStreamAtOnce() throws {
    let test = try GateServer()
    var client: RawClient? = try RawClient(port: test.port)
    client?.send(GateServer.credentialed("/held"))
    let stream = try #require(test.responder.onlyStream())
    #expect(stream.send(Array("data: one\n\n".utf8)))
    #expect(test.server.openStreams == 1)
    let hungUp = MonotonicClock.seconds()
    client = nil
    // The loop watches the stream's socket: the hang-up is seen without a write.
    #expect(eventually(within: 10) { test.responder.closed.load(ordering: .relaxed) == 1 })
    #expect(stream.isClosed)
    let delay = test.responder.lastClose.withLock { $0 } - hungUp
    #expect(delay < 0.5, "onClose ran \(delay) s after the hang-up")
    #expect(!stream.send(Array("data: two\n\n".utf8)))
    #expect(eventually(within: 10) { test.server.openStreams == 0 })
    #expect(eventually(within: 10) { test.server.openConnections == 0 })
  }

  @Test func aStreamWritesWhatIsSentThenEndsWithClose() throws {
    // One stream at most: the next is taken only once the first has given its place back.
    let test = try GateServer(limits: HTTPLimits(streams: 1))
    let client = try RawClient(port: test.port)
    client.send(GateServer.credentialed("/held"))
    let stream = try #require(test.responder.onlyStream())
    for number in 1...3 { #expect(stream.send(Array("data: \(number)\n\n".utf8))) }
    stream.close()
    #expect(stream.isClosed)
    #expect(!stream.send(Array("data: 4\n\n".utf8)))
    // Closed already: the action runs at once.
    let ran = Counter()
    stream.onClose { ran.value.add(1, ordering: .relaxed) }
    #expect(ran.value.load(ordering: .relaxed) == 1)
    let text = String(decoding: client.readAll(), as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.contains("Connection: close\r\n"))
    #expect(!text.contains("Content-Length"))
    #expect(text.hasSuffix("\r\n\r\ndata: 1\n\ndata: 2\n\ndata: 3\n\n"))
    #expect(test.responder.closed.load(ordering: .relaxed) == 1)
    #expect(eventually(within: 10) { test.server.openStreams == 0 })
    let next = try RawClient(port: test.port)
    next.send(GateServer.credentialed("/held"))
    #expect(eventually(within: 10) { test.server.openStreams == 1 })
  }

  @Test func pastTheStreamBoundARequestIsAnswered503AndOpenIsNotCalled() throws {
    let test = try GateServer(limits: HTTPLimits(streams: 2))
    var clients: [RawClient] = []
    for _ in 0..<2 {
      let client = try RawClient(port: test.port)
      client.send(GateServer.credentialed("/held"))
      clients.append(client)
    }
    #expect(eventually(within: 10) { test.server.openStreams == 2 })
    let third = try RawClient(port: test.port)
    third.send(GateServer.credentialed("/held"))
    #expect(statusCode(third.readAll()) == 503)
    #expect(test.responder.opened.load(ordering: .relaxed) == 2)
    // Once one ends, there is room again.
    clients.removeFirst()
    #expect(eventually(within: 10) { test.server.openStreams == 1 })
    let fourth = try RawClient(port: test.port)
    fourth.send(GateServer.credentialed("/held"))
    #expect(eventually(within: 10) { test.server.openStreams == 2 })
  }

  @Test func aHeadRequestForAStreamGetsTheHeadOnly() throws {
    let test = try GateServer()
    let client = try RawClient(port: test.port)
    client.send(GateServer.credentialed("/held", method: "HEAD"))
    let text = String(decoding: client.readAll(), as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.hasSuffix("Connection: close\r\n\r\n"))
    #expect(test.responder.opened.load(ordering: .relaxed) == 0)
  }

  @Test func aClientThatDoesNotReadGetsTheReplacementNotAnEndlessBacklog() throws {
    let test = try GateServer(limits: HTTPLimits(streamBacklogBytes: 64 << 10))
    let client = try RawClient(port: test.port)
    client.send(GateServer.credentialed("/held"))
    let stream = try #require(test.responder.onlyStream())
    // 32 MiB, far more than the socket buffers hold, while the client reads nothing.
    let chunk = Array((String(repeating: "x", count: 1023) + "\n").utf8)
    let reload = Array("event: reload\n\n".utf8)
    for _ in 0..<(32 << 10) {
      #expect(stream.send(chunk, replacingBacklogWith: reload))
    }
    #expect(stream.send(Array("END\n".utf8), replacingBacklogWith: reload))
    stream.close()
    let received = client.readAll()
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.contains("event: reload\n\n"))
    #expect(text.hasSuffix("END\n"))
    #expect(received.count < 16 << 20, "\(received.count) bytes")
  }

  @Test func withoutAReplacementAStreamPastItsBacklogCloses() throws {
    let test = try GateServer(limits: HTTPLimits(streamBacklogBytes: 64 << 10))
    let client = try RawClient(port: test.port)
    client.send(GateServer.credentialed("/held"))
    let stream = try #require(test.responder.onlyStream())
    let chunk = [UInt8](repeating: 0x78, count: 1024)
    var sent = 0
    while sent < 32 << 10, stream.send(chunk) { sent += 1 }
    #expect(sent < 32 << 10)
    #expect(stream.isClosed)
    #expect(test.responder.closed.load(ordering: .relaxed) == 1)
    #expect(eventually(within: 10) { test.server.openStreams == 0 })
    _ = client.readAll()
  }
}
