/// Why the server refused a request before any responder saw it: each case is answered with
/// its status and its message, and the connection is closed.
package enum HTTPError: Error, Equatable, Sendable {
  /// The request line or a header field does not follow RFC 9112.
  case malformed(String)
  /// The request line and header fields together are longer than the limit.
  case headTooLarge(limit: Int)
  /// The body is longer than the limit.
  case bodyTooLarge(limit: Int)
  /// A body without a `Content-Length` (chunked, for instance), which this server does not read.
  case lengthRequired
  /// `Expect: 100-continue` or another expectation.
  case expectationFailed(String)
  /// A version other than HTTP/1.0 and HTTP/1.1.
  case versionNotSupported(String)
  /// The client sent too slowly.
  case timedOut
  /// The path holds something that could climb out of where it points.
  case forbiddenPath(String)
  /// The `Cookie` header fields, which the server drops unread, are longer than the limit.
  case cookiesTooLarge(limit: Int)

  /// The status the server answers with.
  package var status: HTTPStatus {
    switch self {
    case .malformed, .forbiddenPath: return .badRequest
    case .headTooLarge, .cookiesTooLarge: return .headerFieldsTooLarge
    case .bodyTooLarge: return .contentTooLarge
    case .lengthRequired: return .lengthRequired
    case .expectationFailed: return .expectationFailed
    case .versionNotSupported: return .versionNotSupported
    case .timedOut: return .requestTimeout
    }
  }
}

extension HTTPError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .malformed(let what): return "malformed request: \(what)"
    case .headTooLarge(let limit):
      return "the request line and header fields are longer than \(limit) bytes"
    case .bodyTooLarge(let limit): return "the body is longer than \(limit) bytes"
    case .lengthRequired:
      return "a body needs a Content-Length: chunked request bodies are not read"
    case .expectationFailed(let value):
      return "Expect: \(value) is not supported: send the body with the request"
    case .versionNotSupported(let version):
      return "\(version) is not supported: use HTTP/1.1"
    case .timedOut: return "the request did not arrive in time"
    case .forbiddenPath(let why): return "the path is refused: \(why)"
    case .cookiesTooLarge(let limit):
      return "the Cookie header fields are longer than \(limit) bytes: this server uses no "
        + "cookie, so clear the cookies the browser keeps for this host"
    }
  }
}

/// Why the server could not start, or had to stop.
package enum HTTPServerError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The address (`host:port`) could not be bound.
  case cannotListen(address: String, reason: String)
  /// The system would not give what the server waits with (a poller, a wake-up descriptor,
  /// its threads).
  case cannotStart(reason: String)
  /// The server was serving and had to stop: the system failed it in a way it cannot get
  /// over (its sockets can no longer be watched), and it closed every connection rather than
  /// leave clients waiting.
  case stoppedByFailure(reason: String)

  package var description: String {
    switch self {
    case .cannotListen(let address, let reason):
      return "cannot listen on \(address): \(reason)"
        + (address.hasSuffix(":0") ? "" : ": choose another port, or 0 for any free one")
    case .cannotStart(let reason):
      return "cannot start the server: \(reason)"
    case .stoppedByFailure(let reason):
      return "the server stopped: \(reason)"
    }
  }
}
