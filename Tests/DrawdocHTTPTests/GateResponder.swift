import DrawdocHTTP
import DrawdocSystem
import DrawdocTestSupport
import Synchronization

/// A responder with credentials and streams, for the bounds of the event loop: a request is
/// credentialed with `Authorization: Bearer secret`. `/ok` answers `ok`; `/stream` answers a
/// stream that a ticker thread feeds with a line every 100 ms; `/held` answers a stream that
/// the test feeds itself (``streams``); `/refuse` is refused from its head (403). Every
/// response, its own and the server's, carries `X-Every: yes`.
final class GateResponder: HTTPResponder {
  /// The streams open now, by number.
  let streams = Mutex<[Int: HTTPStream]>([:])
  /// How many times a stream's `open` ran, and how many of its `onClose` actions.
  let opened = Atomic(0)
  let closed = Atomic(0)
  /// When the last `onClose` action ran (monotonic seconds).
  let lastClose = Mutex<Double>(0)
  private let nextNumber = Atomic(0)
  private let ticking = Atomic(true)
  private let ticker = Mutex<SystemThread?>(nil)

  init(ticking: Bool = false) {
    guard ticking else { return }
    let thread = SystemThread.start { [self] in
      var line = 0
      while self.ticking.load(ordering: .relaxed) {
        // Kept a sleep: the pace of the stream's lines, what the tests of streams read.
        MonotonicClock.sleep(seconds: 0.1)
        line += 1
        let bytes = Array("data: tick \(line)\n\n".utf8)
        for stream in streams.withLock({ Array($0.values) }) { stream.send(bytes) }
      }
    }
    ticker.withLock { $0 = thread }
  }

  /// Ends the ticker thread.
  func stopTicking() {
    ticking.store(false, ordering: .relaxed)
    ticker.withLock { thread in
      thread?.join()
      thread = nil
    }
  }

  var headersForEveryResponse: HTTPHeaders { HTTPHeaders([("X-Every", "yes")]) }

  func isCredentialed(_ head: HTTPRequest) -> Bool {
    head.headers["Authorization"] == "Bearer secret"
  }

  func admit(_ head: HTTPRequest) -> HTTPResponse? {
    guard head.path == "/refuse" else { return nil }
    return HTTPResponse(
      status: .forbidden, headers: HTTPHeaders([("X-Every", "yes")]),
      body: .bytes(Array("refused\n".utf8)))
  }

  func respond(to request: HTTPRequest) -> HTTPResponse {
    var headers = HTTPHeaders([("X-Every", "yes")])
    switch request.path {
    case "/stream", "/held":
      headers.add("Content-Type", "text/event-stream")
      return HTTPResponse(
        status: .ok, headers: headers,
        body: .stream { [self] stream in
          opened.add(1, ordering: .relaxed)
          let number = nextNumber.add(1, ordering: .relaxed).newValue
          stream.onClose { [self] in
            streams.withLock { $0[number] = nil }
            lastClose.withLock { $0 = MonotonicClock.seconds() }
            closed.add(1, ordering: .relaxed)
          }
          if !stream.isClosed { streams.withLock { $0[number] = stream } }
        })
    default:
      headers.add("Content-Type", "text/plain")
      return HTTPResponse(status: .ok, headers: headers, body: .bytes(Array("ok\n".utf8)))
    }
  }

  /// The one open stream, once there is exactly one.
  func onlyStream() -> HTTPStream? {
    func only() -> HTTPStream? { streams.withLock { $0.count == 1 ? $0.values.first : nil } }
    _ = eventually { only() != nil }
    return only()
  }
}
