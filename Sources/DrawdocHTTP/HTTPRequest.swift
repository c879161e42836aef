import DrawdocSystem

/// One HTTP request, as the server read it: its head parsed and checked, its body read whole.
package struct HTTPRequest: Sendable {
  /// The method, as sent: `GET`, `POST`, …
  package let method: String
  /// The request target as sent (`/drawings/abc?x=1`).
  package let target: String
  /// The path's segments, percent-decoded: `/drawings/abc` is `["drawings", "abc"]`. The
  /// server has refused any path with a `.` or `..` segment, an encoded or back slash, or a
  /// NUL, so no segment can climb out of anything.
  package let pathSegments: [String]
  /// The query's parameters, percent-decoded (`+` is a space); the last of a repeated name.
  package let query: [String: String]
  /// `HTTP/1.1` or `HTTP/1.0`.
  package let version: String
  /// The header fields in the order sent.
  package let headers: HTTPHeaders
  /// The body (empty without one).
  package let body: [UInt8]
  /// What the server knows of the connection it came on; tests set it as they need.
  package var connection = ConnectionFacts()

  /// Makes a request, as the parser does; tests make requests this way to call a responder
  /// without a socket.
  ///
  /// - Parameters:
  ///   - method: The method.
  ///   - target: The request target in origin form (`/path?query`).
  ///   - headers: The header fields.
  ///   - body: The body.
  /// - Throws: ``HTTPError`` for a target the server would refuse.
  package init(
    method: String, target: String, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []
  ) throws(HTTPError) {
    let (segments, query) = try RequestTarget.parse(target)
    self.init(
      method: method, target: target, pathSegments: segments, query: query, version: "HTTP/1.1",
      headers: headers, body: body)
  }

  init(
    method: String, target: String, pathSegments: [String], query: [String: String],
    version: String, headers: HTTPHeaders, body: [UInt8]
  ) {
    self.method = method
    self.target = target
    self.pathSegments = pathSegments
    self.query = query
    self.version = version
    self.headers = headers
    self.body = body
  }

  /// The path, decoded: `/` and the segments.
  package var path: String { "/" + pathSegments.joined(separator: "/") }
}

/// Header fields: names compared without regard to case, values as sent.
package struct HTTPHeaders: Sendable, Sequence {
  private var fields: [(name: String, value: String)] = []

  /// No fields.
  package init() {}

  /// These fields, in order.
  ///
  /// - Parameter fields: Name and value pairs.
  package init(_ fields: [(String, String)]) {
    self.fields = fields.map { (name: $0.0, value: $0.1) }
  }

  /// Adds a field.
  ///
  /// - Parameters:
  ///   - name: Its name.
  ///   - value: Its value.
  package mutating func add(_ name: String, _ value: String) {
    fields.append((name, value))
  }

  /// The value of the first field with this name, if any.
  package subscript(name: String) -> String? {
    let lowered = name.lowercased()
    return fields.first { $0.name.lowercased() == lowered }?.value
  }

  /// Every value of fields with this name.
  ///
  /// - Parameter name: The name, in any case.
  /// - Returns: The values, in order.
  package func values(_ name: String) -> [String] {
    let lowered = name.lowercased()
    return fields.filter { $0.name.lowercased() == lowered }.map(\.value)
  }

  package func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
    fields.makeIterator()
  }
}

/// What the server knows of the connection a request came on.
package struct ConnectionFacts: Sendable, Equatable {
  /// Whether it came in TLS.
  package var isSecure: Bool
  /// The listener's address and port.
  package var local: SocketAddress?
  /// The client's address and port.
  package var peer: SocketAddress?

  package init(isSecure: Bool = false, local: SocketAddress? = nil, peer: SocketAddress? = nil) {
    self.isSecure = isSecure
    self.local = local
    self.peer = peer
  }
}
