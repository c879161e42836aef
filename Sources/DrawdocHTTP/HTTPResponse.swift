/// A response: status, header fields and a body, whole or streamed.
package struct HTTPResponse: Sendable {
  /// What the body is.
  package enum Body: Sendable {
    /// These bytes (the server adds `Content-Length`).
    case bytes([UInt8])
    /// Bytes written as they come, until the closure returns or a write fails; the connection
    /// then closes (the body ends with it). For Server-Sent Events.
    case stream(@Sendable (HTTPStreamWriter) -> Void)
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

/// Where a streamed body goes.
package protocol HTTPStreamWriter: Sendable {
  /// Sends bytes at once.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: `false` when the client is gone: the stream should end.
  func write(_ bytes: [UInt8]) -> Bool
}

/// What answers requests: the application, behind the server.
package protocol HTTPResponder: Sendable {
  /// Answers one request. Runs on the request's connection thread; many run at once.
  ///
  /// - Parameter request: The request.
  /// - Returns: The response.
  func respond(to request: HTTPRequest) -> HTTPResponse

  /// Looks at a request before its body is read (``HTTPRequest/body`` is empty): a refusal
  /// returned here is sent at once and the body is never read, so a client that may not use
  /// the server cannot make it hold a body. The default admits everything.
  ///
  /// - Parameter head: The request line and header fields.
  /// - Returns: A refusal, or `nil` to read the body and call ``respond(to:)``.
  func admit(_ head: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
  package func admit(_ head: HTTPRequest) -> HTTPResponse? { nil }
}
