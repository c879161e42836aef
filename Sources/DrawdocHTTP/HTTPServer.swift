import DrawdocSystem
import Synchronization

/// A small HTTP/1.1 server on `127.0.0.1` (RFC 9110, 9112): it reads requests with bounds on
/// every size and time (``HTTPLimits``), hands each to a responder, and writes its response.
/// Each connection has a thread of its own; past ``HTTPLimits/connections`` at once, new ones
/// are answered `503 Service Unavailable` and closed.
///
/// What it implements, and refuses, is said in docs/serve.md ("The HTTP layer").
package final class HTTPServer: Sendable {
  /// The port the server listens on.
  package let port: UInt16
  private let listener: Socket
  private let limits: HTTPLimits
  private let responder: any HTTPResponder
  private let open = Mutex<Int>(0)

  /// Starts listening; ``run()`` then serves.
  ///
  /// - Parameters:
  ///   - port: The port, or 0 for a free one.
  ///   - limits: The bounds on each connection.
  ///   - responder: What answers requests.
  /// - Throws: ``HTTPServerError/cannotListen(port:reason:)``.
  package convenience init(
    port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(), responder: any HTTPResponder
  ) throws(HTTPServerError) {
    try self.init(port: port, limits: limits) { _ in responder }
  }

  /// Starts listening, with a responder made once the port is known (an app whose checks name
  /// its own port, when the port was chosen by the system).
  ///
  /// - Parameters:
  ///   - port: The port, or 0 for a free one.
  ///   - limits: The bounds on each connection.
  ///   - makeResponder: Makes what answers requests, from the port.
  /// - Throws: ``HTTPServerError/cannotListen(port:reason:)``.
  package init(
    port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(),
    makeResponder: (UInt16) -> any HTTPResponder
  ) throws(HTTPServerError) {
    do throws(Errno) {
      (listener, self.port) = try Socket.listen(onLoopbackPort: port, backlog: 256)
    } catch {
      throw .cannotListen(port: port, reason: error.description)
    }
    self.limits = limits
    self.responder = makeResponder(self.port)
  }

  /// Accepts connections until ``stop()``; returns then.
  package func run() {
    while let socket = listener.accept() {
      let admitted = open.withLock { count -> Bool in
        guard count < limits.connections else { return false }
        count += 1
        return true
      }
      guard admitted else {
        // Answered here, without a thread: a flood of connections costs a write each.
        socket.setWriteTimeout(seconds: 1)
        _ = socket.write(
          Self.head(
            .serviceUnavailable,
            HTTPHeaders([("Retry-After", "1"), ("Content-Type", "text/plain; charset=utf-8")]),
            contentLength: 37, close: true) + Array("too many connections: try again soon\n".utf8))
        continue
      }
      // A thread of its own, detached: a connection blocks its thread on reads and writes for
      // as long as the client takes (an event stream for hours), and a pool would keep others
      // waiting behind it. It needs little stack: 128 at the default 8 MiB would reserve 1 GiB.
      let thread = SystemThread.start(detached: true, stackSize: 512 << 10) { [self] in
        defer { open.withLock { $0 -= 1 } }
        Connection(socket: socket, limits: limits, responder: responder).serve()
      }
      if thread == nil { open.withLock { $0 -= 1 } }
    }
  }

  /// Starts ``run()`` on a thread of its own.
  package func start() {
    let server = self
    _ = SystemThread.start(detached: true) { server.run() }
  }

  /// Stops accepting connections; those open finish their current request.
  package func stop() {
    listener.shutdown()
  }

  /// How many connections are open now.
  package var openConnections: Int { open.withLock { $0 } }

  /// The bytes of a response's status line and header fields.
  static func head(
    _ status: HTTPStatus, _ headers: HTTPHeaders, contentLength: Int?, close: Bool
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    for field in headers { text += "\(field.name): \(field.value)\r\n" }
    if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
    text += close ? "Connection: close\r\n\r\n" : "\r\n"
    return Array(text.utf8)
  }
}
