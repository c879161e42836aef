/// The bounds the server puts on every connection, so that no client can hold it.
package struct HTTPLimits: Sendable {
  /// The most bytes of request line and header fields together.
  package var headBytes: Int
  /// The most bytes of a body.
  package var bodyBytes: Int
  /// How long a request's head may take to arrive, from its first byte (a client that sends
  /// one byte a second is cut off here).
  package var headSeconds: Double
  /// How long a body may take to arrive.
  package var bodySeconds: Double
  /// How long an idle kept-alive connection waits for its next request.
  package var idleSeconds: Double
  /// How long a write may wait for a client that does not read.
  package var writeSeconds: Double
  /// The most connections at once; the next ones are answered 503 and closed.
  package var connections: Int

  /// Makes limits.
  ///
  /// - Parameters:
  ///   - headBytes: Request line and header fields (default 16 KiB).
  ///   - bodyBytes: A body (default 64 MiB).
  ///   - headSeconds: Time for a head (default 10 s).
  ///   - bodySeconds: Time for a body (default 60 s).
  ///   - idleSeconds: Time between requests on one connection (default 15 s).
  ///   - writeSeconds: Time a write may wait (default 30 s).
  ///   - connections: Connections at once (default 128).
  package init(
    headBytes: Int = 16 << 10, bodyBytes: Int = 64 << 20, headSeconds: Double = 10,
    bodySeconds: Double = 60, idleSeconds: Double = 15, writeSeconds: Double = 30,
    connections: Int = 128
  ) {
    self.headBytes = headBytes
    self.bodyBytes = bodyBytes
    self.headSeconds = headSeconds
    self.bodySeconds = bodySeconds
    self.idleSeconds = idleSeconds
    self.writeSeconds = writeSeconds
    self.connections = connections
  }
}
