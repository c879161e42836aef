import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import Foundation
import Synchronization
import Testing

/// What a server logged, kept for a test, which waits on a condition for a message.
final class LogRecorder: Sendable {
  private let messages = Mutex<[(ServerLog.Level, String)]>([])
  private let arrived = NSCondition()

  /// A server's log whose messages are kept here.
  var log: ServerLog {
    ServerLog { level, message in self.keep(level, message) }
  }

  private func keep(_ level: ServerLog.Level, _ message: String) {
    arrived.lock()
    messages.withLock { $0.append((level, message)) }
    arrived.broadcast()
    arrived.unlock()
  }

  /// The messages logged at `level`, in order.
  func logged(_ level: ServerLog.Level) -> [String] {
    messages.withLock { $0.filter { $0.0 == level }.map(\.1) }
  }

  /// Waits until a message at `level` holds `words`, or `seconds` pass.
  ///
  /// - Returns: The first such message, or `nil`.
  func waitFor(_ level: ServerLog.Level, containing words: String, seconds: Double = 20) -> String?
  {
    let deadline = Date().addingTimeInterval(seconds)
    arrived.lock()
    defer { arrived.unlock() }
    while true {
      if let found = logged(level).first(where: { $0.contains(words) }) { return found }
      guard arrived.wait(until: deadline) else { return nil }
    }
  }
}

/// The system as it is, but with `Errno` ENOMEM wherever `failing` says, and no thread for the
/// roles `noThread` says.
func failingSystem(
  retries: [Double] = [0.01, 0.01],
  watch failing: @escaping @Sendable (ServerSystem.Watched, ReadinessPoller.Interest) -> Bool = {
    _, _ in false
  },
  accept refusing: @escaping @Sendable () -> Bool = { false },
  noThread: @escaping @Sendable (ServerSystem.ThreadRole) -> Bool = { _ in false }
) -> ServerSystem {
  var system = ServerSystem.live
  let live = ServerSystem.live
  system.watch = { poller, descriptor, what, interest, previously throws(Errno) in
    if failing(what, interest) { throw Errno(rawValue: 12) }
    try live.watch(poller, descriptor, what, interest, previously)
  }
  system.accept = { listener in
    refusing() ? .failed(Errno(rawValue: 12)) : live.accept(listener)
  }
  system.startThread = { role, body in noThread(role) ? false : live.startThread(role, body) }
  system.listenerRetrySeconds = retries
  return system
}

/// The system as it is, but the first accept fails, and then the listener cannot be watched
/// again `times` times (its first watch, as the loop starts, works).
func listenerNotWatchedAgain(times: Int, retries: [Double]) -> ServerSystem {
  let refuseAccept = Countdown(1)
  let failRearm = Countdown()
  return failingSystem(
    retries: retries,
    watch: { what, interest in what == .listener && interest == .read && failRearm.take() },
    accept: {
      guard refuseAccept.take() else { return false }
      failRearm.arm(times)
      return true
    })
}

/// Says yes as many times as it was armed for, then no.
final class Countdown: Sendable {
  private let left: Atomic<Int>
  init(_ count: Int = 0) { left = Atomic(count) }
  func arm(_ count: Int) { left.store(count, ordering: .relaxed) }
  func take() -> Bool { left.subtract(1, ordering: .relaxed).newValue >= 0 }
}

/// Answers every request, and weighs it by its body: a body past
/// ``HTTPLimits/heavyRequestBytes`` makes it heavy.
struct WeighingResponder: HTTPResponder {
  func respond(to request: HTTPRequest) -> HTTPResponse {
    HTTPResponse(status: .ok, body: .bytes(Array("weighed\n".utf8)))
  }

  func memoryEstimate(of request: HTTPRequest) -> Int { request.body.count }
}

private let request = "GET /alive HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
private let heavyRequest =
  "POST /heavy HTTP/1.1\r\nHost: x\r\nContent-Length: 200\r\nConnection: close\r\n\r\n"
  + String(repeating: "x", count: 200)
/// ENOMEM, as the C library words it.
private let noMemory = "Cannot allocate memory"

/// Failures of the system under the server, made on purpose through ``ServerSystem``: each is
/// logged, and either got over (the server goes on answering) or ends the server with an
/// error, never a server that keeps its port and answers nothing.
@Suite struct ServerFailureTests {
  @Test func aConnectionThePollerCannotWatchIsClosedAloneAndLogged() throws {
    let recorder = LogRecorder()
    let failNext = Countdown(1)
    let server = try HTTPServer(
      port: 0, system: failingSystem(watch: { what, _ in what == .connection && failNext.take() }),
      log: recorder.log, responder: EchoResponder())
    server.start()
    defer { server.stop() }
    let unwatched = try RawClient(port: server.port)
    let message = try #require(recorder.waitFor(.error, containing: "cannot watch the connection"))
    #expect(message.hasSuffix("(\(noMemory)): it is closed"))
    // It was closed before it asked anything: its request gets no answer.
    unwatched.send(request)
    #expect(unwatched.readAll() == [])
    let next = try RawClient(port: server.port)
    next.send(request)
    #expect(statusCode(next.readAll()) == 200)
    #expect(server.failure == nil)
  }

  @Test func aListenerNotWatchedAgainIsTriedAgainUntilItIs() throws {
    let recorder = LogRecorder()
    let system = listenerNotWatchedAgain(times: 2, retries: [0.01, 0.01, 0.01])
    let server = try HTTPServer(
      port: 0, system: system, log: recorder.log, responder: EchoResponder())
    server.start()
    defer { server.stop() }
    let client = try RawClient(port: server.port)
    client.send(request)
    #expect(statusCode(client.readAll()) == 200)
    #expect(recorder.waitFor(.info, containing: "accepting again, after 2 failed tries") != nil)
    let address = "127.0.0.1:\(server.port)"
    #expect(
      recorder.logged(.error) == [
        "accepting a connection on \(address) failed (\(noMemory)): accepting waits 0.1 s and "
          + "tries again",
        "cannot watch \(address) for connections again (\(noMemory)): trying again in 0.01 s",
        "cannot watch \(address) for connections again (\(noMemory)): trying again in 0.01 s",
      ])
    #expect(server.failure == nil)
  }

  @Test func aListenerNeverWatchedAgainEndsTheServerWithAnError() throws {
    let recorder = LogRecorder()
    let system = listenerNotWatchedAgain(times: 1_000, retries: [0.01, 0.01])
    let server = try HTTPServer(
      port: 0, system: system, log: recorder.log, responder: EchoResponder())
    let port = server.port
    server.start()
    defer { server.stop() }
    let client = try RawClient(port: port)
    client.send(request)
    let stopped = try #require(recorder.waitFor(.error, containing: "the server stopped"))
    let expected = HTTPServerError.stoppedByFailure(
      reason: "the system would not watch 127.0.0.1:\(port) for connections again "
        + "(\(noMemory)), after 3 tries: free memory or descriptors, then start it again")
    #expect(stopped == expected.description)
    #expect(server.failure == expected)
    // The connection waiting to be accepted is cut, and the port takes no new one.
    #expect(statusCode(client.readAll()) == nil)
    #expect(throws: (any Error).self) { try RawClient(port: port) }
  }

  @Test func aLoopThatCannotWatchItsSocketsEndsRunWithAnError() throws {
    let recorder = LogRecorder()
    let server = try HTTPServer(
      port: 0, system: failingSystem(watch: { what, _ in what == .wakeUp }), log: recorder.log,
      responder: EchoResponder())
    let expected = HTTPServerError.stoppedByFailure(
      reason: "the system would not watch its sockets (\(noMemory)): free memory or "
        + "descriptors, then start it again")
    #expect(throws: expected) { try server.run() }
    #expect(recorder.logged(.error) == [expected.description])
    #expect(server.failure == expected)
    #expect(throws: (any Error).self) { try RawClient(port: server.port) }
  }

  @Test func aServerWhoseWorkersDoNotStartEndsRunWithAnError() throws {
    let recorder = LogRecorder()
    let server = try HTTPServer(
      port: 0, limits: HTTPLimits(workers: 3), system: failingSystem(noThread: { $0 == .worker }),
      log: recorder.log, responder: EchoResponder())
    let expected = HTTPServerError.cannotStart(
      reason: "the system would start none of its 3 worker threads: too many threads or too "
        + "little memory; end other programs and start it again")
    #expect(throws: expected) { try server.run() }
    #expect(recorder.logged(.error) == [expected.description])
    #expect(throws: (any Error).self) { try RawClient(port: server.port) }
  }

  @Test func aServerWhoseLoopHasNoThreadStopsAtOnce() throws {
    let recorder = LogRecorder()
    let server = try HTTPServer(
      port: 0, system: failingSystem(noThread: { $0 == .eventLoop }), log: recorder.log,
      responder: EchoResponder())
    server.start()
    let expected = HTTPServerError.cannotStart(
      reason: "the system would start no thread for its event loop: too many threads or too "
        + "little memory; end other programs and start it again")
    #expect(server.failure == expected)
    #expect(recorder.logged(.error) == [expected.description])
    // Refused, rather than held by a listener nobody accepts from.
    #expect(throws: (any Error).self) { try RawClient(port: server.port) }
  }

  @Test func workersThatDoNotStartAreLoggedAndTheOthersAnswer() throws {
    let recorder = LogRecorder()
    let noThread = Countdown(1)
    let server = try HTTPServer(
      port: 0, limits: HTTPLimits(workers: 3),
      system: failingSystem(noThread: { $0 == .worker && noThread.take() }), log: recorder.log,
      responder: EchoResponder())
    server.start()
    defer { server.stop() }
    let client = try RawClient(port: server.port)
    client.send(request)
    #expect(statusCode(client.readAll()) == 200)
    #expect(
      recorder.logged(.error) == [
        "the system would start only 2 of 3 worker threads: requests wait for those"
      ])
    #expect(server.failure == nil)
  }

  @Test func heavyRequestsWithoutAThreadAreAnswered503UntilOneStarts() throws {
    let recorder = LogRecorder()
    // Both heavy workers of the first heavy request; those of the next one start.
    let noThread = Countdown(2)
    let server = try HTTPServer(
      port: 0, limits: HTTPLimits(heavyRequestBytes: 100, heavyWorkers: 2),
      system: failingSystem(noThread: { $0 == .heavyWorker && noThread.take() }),
      log: recorder.log, responder: WeighingResponder())
    server.start()
    defer { server.stop() }
    let first = try RawClient(port: server.port)
    first.send(heavyRequest)
    let refused = String(decoding: first.readAll(), as: UTF8.self)
    #expect(refused.hasPrefix("HTTP/1.1 503 "))
    #expect(refused.contains("\r\nRetry-After: 2\r\n"))
    #expect(
      refused.hasSuffix(
        "\r\n\r\nthe server cannot start a thread for large requests now (the system refused "
          + "it); try again in a moment\n"))
    #expect(server.heavyBudget.counts.heldBytes == 0)
    #expect(
      recorder.logged(.error) == [
        "the system would start none of the 2 threads for large requests: they are answered 503 "
          + "until one starts"
      ])
    let second = try RawClient(port: server.port)
    second.send(heavyRequest)
    #expect(statusCode(second.readAll()) == 200)
  }
}
