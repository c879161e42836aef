/// A response: status, header fields and a body, whole or streamed.
package struct HTTPResponse: Sendable {
  /// What the body is.
  package enum Body: Sendable {
    /// These bytes (the server adds `Content-Length`).
    case bytes([UInt8])
    /// A long-lived body (Server-Sent Events): the server writes the head, then calls `open`
    /// once with the stream (on a worker or the loop — it must not block), and writes what is
    /// sent through it as the client reads it. HEAD gets the head only and `open` is not
    /// called. The connection closes when the stream ends.
    case stream(open: @Sendable (HTTPStream) -> Void)
  }

  /// The status.
  package var status: HTTPStatus
  /// The header fields (the server adds `Content-Length` and `Connection`).
  package var headers: HTTPHeaders
  /// The body.
  package var body: Body

  /// Makes a response.
  ///
  /// - Parameters:
  ///   - status: The status.
  ///   - headers: The header fields.
  ///   - body: The body.
  package init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: Body = .bytes([])) {
    self.status = status
    self.headers = headers
    self.body = body
  }

  /// The bytes of a whole body (empty for a stream).
  package var bodyBytes: [UInt8] {
    if case .bytes(let bytes) = body { return bytes }
    return []
  }
}

/// What answers requests: the application, behind the server.
package protocol HTTPResponder: Sendable {
  /// Answers one request. Runs on one of the server's worker threads (``HTTPLimits/workers``,
  /// or ``HTTPLimits/heavyWorkers`` for a heavy request), never on its event loop: it may wait
  /// (for a lock, a file). Several run at once.
  ///
  /// - Parameter request: The request.
  /// - Returns: The response.
  func respond(to request: HTTPRequest) -> HTTPResponse

  /// Looks at a request before its body is read (``HTTPRequest/body`` is empty): a refusal
  /// returned here is sent at once and the body is never read, so a client that may not use
  /// the server cannot make it hold a body. Runs on the server's event loop: it must be quick
  /// and never wait. The default admits everything.
  ///
  /// - Parameter head: The request line and header fields.
  /// - Returns: A refusal, or `nil` to read the body and call ``respond(to:)``.
  func admit(_ head: HTTPRequest) -> HTTPResponse?

  /// Whether a request carries the credentials of a client that may use the server (a valid
  /// token, say): its connection is then *trusted*, with the longer deadlines and the bound
  /// of ``HTTPLimits/trustedConnections``, and no untrusted connection can close it. Runs on
  /// the server's event loop, before ``admit(_:)``: it must be quick and never wait. The
  /// default trusts no request.
  ///
  /// - Parameter head: The request line and header fields (``HTTPRequest/body`` is empty).
  /// - Returns: Whether the request is credentialed.
  func isCredentialed(_ head: HTTPRequest) -> Bool

  /// About how many bytes of memory answering a request will hold at its most, decided before
  /// any of its work: from the body's size, the size of a file it reads, the pixels of a
  /// picture it makes. Runs on a worker, before ``respond(to:)``: it may look at a file's size
  /// or its first bytes, never do the work. A request estimated past
  /// ``HTTPLimits/heavyRequestBytes`` is heavy: it is answered by workers of its own within
  /// ``HTTPLimits/heavyBudgetBytes``, or refused with 503 and `Retry-After` before its work
  /// starts (``HeavyBudget``). The default is 0: every request is light.
  ///
  /// - Parameter request: The whole request, body included.
  /// - Returns: Bytes.
  func memoryEstimate(of request: HTTPRequest) -> Int

  /// Header fields the server adds to every response it makes itself (its own refusals: 400,
  /// 408, 411, 413, 417, 431, 503, 505); the responder adds them to its own responses. The
  /// default is none.
  var headersForEveryResponse: HTTPHeaders { get }
}

extension HTTPResponder {
  package func admit(_ head: HTTPRequest) -> HTTPResponse? { nil }

  package func isCredentialed(_ head: HTTPRequest) -> Bool { false }

  package func memoryEstimate(of request: HTTPRequest) -> Int { 0 }

  package var headersForEveryResponse: HTTPHeaders { HTTPHeaders() }
}
