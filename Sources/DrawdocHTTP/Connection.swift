import DrawdocSystem

/// One client connection: reads requests one after another (persistent connections, RFC 9112
/// §9.3), each within the limits, answers them, and closes on an error, on `Connection: close`,
/// after HTTP/1.0, after a streamed body, or when the client is idle too long.
struct Connection {
  let socket: Socket
  let limits: HTTPLimits
  let responder: any HTTPResponder

  func serve() {
    socket.setWriteTimeout(seconds: limits.writeSeconds)
    var buffer: [UInt8] = []
    while true {
      let request: HTTPRequest
      do {
        switch try readRequest(&buffer) {
        case .none: return
        case .refused(let refusal):
          _ = socket.write(
            HTTPServer.head(
              refusal.status, refusal.headers, contentLength: refusal.bodyBytes.count,
              close: true) + refusal.bodyBytes)
          return
        case .request(let read): request = read
        }
      } catch {
        let message = Array("\(error)\n".utf8)
        _ = socket.write(
          HTTPServer.head(
            error.status, HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")]),
            contentLength: message.count, close: true) + message)
        return
      }
      let response = responder.respond(to: request)
      let closing =
        request.version == "HTTP/1.0"
        || request.headers["Connection"]?.lowercased().contains("close") == true
      switch response.body {
      case .bytes(let bytes):
        let body = request.method == "HEAD" ? [] : bytes
        guard
          socket.write(
            HTTPServer.head(
              response.status, response.headers, contentLength: bytes.count, close: closing)
              + body),
          !closing
        else { return }
      case .stream(let produce):
        guard
          socket.write(
            HTTPServer.head(response.status, response.headers, contentLength: nil, close: true))
        else { return }
        if request.method != "HEAD" { produce(SocketStreamWriter(socket: socket)) }
        return
      }
    }
  }

  /// What reading a request gave.
  private enum Reading {
    /// The client closed, or stayed idle between requests.
    case none
    /// The responder refused the request from its head; its body was not read.
    case refused(HTTPResponse)
    /// A whole request.
    case request(HTTPRequest)
  }

  /// Reads the next request.
  private func readRequest(_ buffer: inout [UInt8]) throws(HTTPError) -> Reading {
    // The head: bounded in size and in time from its first byte.
    var headEnd = RequestHead.end(in: buffer)
    var deadline: Double? = buffer.isEmpty ? nil : now() + limits.headSeconds
    var scanned = 0
    while headEnd == nil {
      guard buffer.count <= limits.headBytes else { throw .headTooLarge(limit: limits.headBytes) }
      socket.setReadTimeout(seconds: deadline.map { $0 - now() } ?? limits.idleSeconds)
      switch socket.read(into: &buffer, upTo: 4096) {
      case .bytes:
        if deadline == nil { deadline = now() + limits.headSeconds }
      case .closed, .failed:
        return .none
      case .timedOut:
        if deadline == nil { return .none }
      }
      if let deadline, now() >= deadline, RequestHead.end(in: buffer) == nil {
        throw .timedOut
      }
      headEnd = RequestHead.end(in: buffer, from: scanned)
      scanned = buffer.count
    }
    guard let headEnd else { return .none }
    guard headEnd <= limits.headBytes + 4 else { throw .headTooLarge(limit: limits.headBytes) }
    let head = try RequestHead(buffer[..<headEnd])
    let headers = HTTPHeaders(head.headers.map { ($0.name, $0.value) })
    let (segments, query) = try RequestTarget.parse(head.target)
    if head.version == "HTTP/1.1" {
      guard headers.values("Host").count == 1 else {
        throw .malformed("an HTTP/1.1 request needs exactly one Host header field")
      }
    }
    if let expectation = headers["Expect"] { throw .expectationFailed(expectation) }
    if headers["Transfer-Encoding"] != nil { throw .lengthRequired }
    let lengths = Set(
      headers.values("Content-Length").flatMap { $0.split(separator: ",") }.map {
        $0.trimmingBlanks()
      })
    guard lengths.count <= 1 else { throw .malformed("Content-Length fields that disagree") }
    var bodyLength = 0
    if let text = lengths.first {
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.count <= 18,
        let length = Int(text)
      else { throw .malformed("Content-Length is not a number of bytes") }
      bodyLength = length
    }
    if let refusal = responder.admit(
      HTTPRequest(
        method: head.method, target: head.target, pathSegments: segments, query: query,
        version: head.version, headers: headers, body: []))
    {
      return .refused(refusal)
    }
    guard bodyLength <= limits.bodyBytes else { throw .bodyTooLarge(limit: limits.bodyBytes) }
    // The body: bounded in time as a whole.
    let bodyDeadline = now() + limits.bodySeconds
    while buffer.count < headEnd + bodyLength {
      let remaining = bodyDeadline - now()
      guard remaining > 0 else { throw .timedOut }
      socket.setReadTimeout(seconds: remaining)
      switch socket.read(into: &buffer, upTo: min(1 << 20, headEnd + bodyLength - buffer.count)) {
      case .bytes: continue
      case .timedOut: throw .timedOut
      case .closed, .failed: return .none
      }
    }
    let body = Array(buffer[headEnd..<(headEnd + bodyLength)])
    buffer.removeFirst(headEnd + bodyLength)
    return .request(
      HTTPRequest(
        method: head.method, target: head.target, pathSegments: segments, query: query,
        version: head.version, headers: headers, body: body))
  }

  private func now() -> Double { MonotonicClock.seconds() }
}

/// Writes a streamed body straight to the connection.
private struct SocketStreamWriter: HTTPStreamWriter {
  let socket: Socket

  func write(_ bytes: [UInt8]) -> Bool { socket.write(bytes) }
}

extension StringProtocol {
  fileprivate func trimmingBlanks() -> String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
