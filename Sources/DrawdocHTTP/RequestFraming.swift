/// A request's head, checked, and what it says of the body that follows it.
struct FramedHead {
  /// The request, with an empty body.
  var request: HTTPRequest
  /// The body's length, from `Content-Length` (0 without one).
  var bodyLength: Int

  /// Parses and checks a head (without its final empty line): the request line, the header
  /// fields, one `Host` (exactly one for HTTP/1.1), at most one `Origin`, no `Expect` and no
  /// `Transfer-Encoding`, and a `Content-Length` that is one number.
  ///
  /// - Throws: ``HTTPError`` for a head the server refuses.
  init(_ bytes: ArraySlice<UInt8>) throws(HTTPError) {
    let head = try RequestHead(bytes)
    let headers = HTTPHeaders(head.headers.map { ($0.name, $0.value) })
    let (segments, query) = try RequestTarget.parse(head.target)
    let hosts = headers.values("Host").count
    guard hosts <= 1 else { throw .malformed("more than one Host header field") }
    if head.version == "HTTP/1.1" {
      guard hosts == 1 else {
        throw .malformed("an HTTP/1.1 request needs exactly one Host header field")
      }
    }
    guard headers.values("Origin").count <= 1 else {
      throw .malformed("more than one Origin header field")
    }
    if let expectation = headers["Expect"] { throw .expectationFailed(expectation) }
    if headers["Transfer-Encoding"] != nil { throw .lengthRequired }
    // Every element of every field, empty ones kept: `Content-Length: ` and `5,` are refused,
    // not read as no length (a body then read as the next request) or as `5`.
    let elements = headers.values("Content-Length").flatMap {
      $0.split(separator: ",", omittingEmptySubsequences: false)
    }.map { $0.trimmingBlanks() }
    for text in elements {
      guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), text.utf8.count <= 18
      else { throw .malformed("Content-Length is not a number of bytes") }
    }
    let lengths = Set(elements)
    guard lengths.count <= 1 else { throw .malformed("Content-Length fields that disagree") }
    bodyLength = lengths.first.flatMap { Int($0) } ?? 0
    request = HTTPRequest(
      method: head.method, target: head.target, pathSegments: segments, query: query,
      version: head.version, headers: headers, body: [])
  }

  /// Whether the connection closes after the answer: HTTP/1.0, or `Connection: close`.
  var closesConnection: Bool {
    request.version == "HTTP/1.0"
      || request.headers["Connection"]?.lowercased().contains("close") == true
  }
}

extension HTTPRequest {
  /// The same request with its body.
  func with(body: [UInt8]) -> HTTPRequest {
    var request = HTTPRequest(
      method: method, target: target, pathSegments: pathSegments, query: query,
      version: version, headers: headers, body: body)
    request.connection = connection
    return request
  }
}

/// The bytes the server writes ahead of a body, and the answers it makes itself.
enum ResponseBytes {
  /// A response's status line and header fields.
  static func head(
    _ status: HTTPStatus, _ headers: HTTPHeaders, contentLength: Int?, close: Bool
  ) -> [UInt8] {
    var text = "HTTP/1.1 \(status.code) \(status.reason)\r\n"
    for field in headers { text += "\(field.name): \(field.value)\r\n" }
    if let contentLength { text += "Content-Length: \(contentLength)\r\n" }
    text += close ? "Connection: close\r\n\r\n" : "\r\n"
    return Array(text.utf8)
  }

  /// An answer of the server's own (a refusal), with a plain-text message, the responder's
  /// header fields for every response, and `Connection: close`.
  static func refusal(
    _ status: HTTPStatus, message: String, everyResponse: HTTPHeaders, retryAfter: Bool = false
  ) -> [UInt8] {
    let body = Array("\(message)\n".utf8)
    var headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")])
    for field in everyResponse { headers.add(field.name, field.value) }
    if retryAfter { headers.add("Retry-After", "1") }
    return head(status, headers, contentLength: body.count, close: true) + body
  }
}

extension StringProtocol {
  fileprivate func trimmingBlanks() -> String {
    var text = Substring(self)
    while text.first == " " || text.first == "\t" { text = text.dropFirst() }
    while text.last == " " || text.last == "\t" { text = text.dropLast() }
    return String(text)
  }
}
