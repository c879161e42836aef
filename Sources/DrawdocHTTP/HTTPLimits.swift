/// The bounds the server puts on every connection, so that no client can hold it.
///
/// A connection is *untrusted* until one of its requests is credentialed
/// (``HTTPResponder/isCredentialed(_:)``): untrusted connections have a short deadline for
/// each head, and a bound of their own, so that no number of them takes capacity from the
/// trusted ones.
package struct HTTPLimits: Sendable {
  /// The most bytes of request line and header fields together.
  package var headBytes: Int
  /// The most bytes of a body.
  package var bodyBytes: Int
  /// How long a trusted connection's head may take to arrive, from its first byte (a client
  /// that sends one byte a second is cut off here).
  package var headSeconds: Double
  /// How long a body may take to arrive.
  package var bodySeconds: Double
  /// How long an idle kept-alive trusted connection waits for its next request.
  package var idleSeconds: Double
  /// How long a write may wait for a client that does not read.
  package var writeSeconds: Double
  /// How long an untrusted connection may take for a whole head: from its start (or the end
  /// of its last response), the wait for the first byte included.
  package var untrustedHeadSeconds: Double
  /// The most untrusted connections at once: the next one closes the oldest of them.
  package var untrustedConnections: Int
  /// The most trusted connections at once, streams included: a connection that becomes
  /// trusted past it is answered 503 and closed.
  package var trustedConnections: Int
  /// The most streamed responses (``HTTPResponse/Body/stream(open:)``) at once, fewer than
  /// the trusted connections so that streams leave room for requests: past it, the request
  /// is answered 503.
  package var streams: Int
  /// The most bytes a stream may hold for a client that has not read them yet
  /// (``HTTPStream/send(_:replacingBacklogWith:)``).
  package var streamBacklogBytes: Int
  /// The threads that run ``HTTPResponder/respond(to:)`` for light requests, and weigh every
  /// request first.
  package var workers: Int
  /// A request whose ``HTTPResponder/memoryEstimate(of:)`` is more than this is *heavy*: it is
  /// answered by the heavy workers, within the heavy budget, never by the light ones.
  package var heavyRequestBytes: Int
  /// The threads that answer heavy requests.
  package var heavyWorkers: Int
  /// The most memory heavy requests may hold at once, by their estimates, from before their
  /// work starts until their answers are written (``HeavyBudget``): a heavy request whose
  /// share does not fit is answered 503 with `Retry-After` before any of its work.
  package var heavyBudgetBytes: Int

  /// Makes limits.
  ///
  /// - Parameters:
  ///   - headBytes: Request line and header fields (default 16 KiB).
  ///   - bodyBytes: A body (default 64 MiB).
  ///   - headSeconds: Time for a trusted connection's head (default 10 s).
  ///   - bodySeconds: Time for a body (default 60 s).
  ///   - idleSeconds: Time between requests on a trusted connection (default 15 s).
  ///   - writeSeconds: Time a write may wait (default 30 s).
  ///   - untrustedHeadSeconds: Time for an untrusted connection's head, waiting included
  ///     (default 2 s).
  ///   - untrustedConnections: Untrusted connections at once (default 1024).
  ///   - trustedConnections: Trusted connections at once (default 1024).
  ///   - streams: Streamed responses at once (default 500).
  ///   - streamBacklogBytes: Bytes a stream holds for a slow client (default 256 KiB).
  ///   - workers: Threads that answer light requests (default 4).
  ///   - heavyRequestBytes: The estimate past which a request is heavy (default 16 MiB).
  ///   - heavyWorkers: Threads that answer heavy requests (default 2).
  ///   - heavyBudgetBytes: Memory heavy requests may hold at once (default 512 MiB).
  package init(
    headBytes: Int = 16 << 10, bodyBytes: Int = 64 << 20, headSeconds: Double = 10,
    bodySeconds: Double = 60, idleSeconds: Double = 15, writeSeconds: Double = 30,
    untrustedHeadSeconds: Double = 2, untrustedConnections: Int = 1024,
    trustedConnections: Int = 1024, streams: Int = 500, streamBacklogBytes: Int = 256 << 10,
    workers: Int = 4, heavyRequestBytes: Int = 16 << 20, heavyWorkers: Int = 2,
    heavyBudgetBytes: Int = 512 << 20
  ) {
    self.headBytes = headBytes
    self.bodyBytes = bodyBytes
    self.headSeconds = headSeconds
    self.bodySeconds = bodySeconds
    self.idleSeconds = idleSeconds
    self.writeSeconds = writeSeconds
    self.untrustedHeadSeconds = untrustedHeadSeconds
    self.untrustedConnections = untrustedConnections
    self.trustedConnections = trustedConnections
    self.streams = streams
    self.streamBacklogBytes = streamBacklogBytes
    self.workers = workers
    self.heavyRequestBytes = heavyRequestBytes
    self.heavyWorkers = heavyWorkers
    self.heavyBudgetBytes = heavyBudgetBytes
  }

  /// These limits within what `openFiles` descriptors can hold: each connection takes one,
  /// and the process keeps some for its files (the store's). Trusted connections keep their
  /// bound as far as it fits; untrusted ones get at most what is left, so that a flood of
  /// them can never take the descriptors the server needs to answer.
  ///
  /// - Parameter openFiles: The process's limit on open files (`RLIMIT_NOFILE`, soft).
  /// - Returns: The limits, with fewer connections where they do not fit.
  package func fitting(openFiles: Int) -> HTTPLimits {
    var fitted = self
    let room = max(32, openFiles - Self.keptDescriptors)
    fitted.trustedConnections = min(trustedConnections, room / 2)
    fitted.streams = min(streams, fitted.trustedConnections)
    fitted.untrustedConnections = min(
      untrustedConnections, max(8, room - fitted.trustedConnections))
    return fitted
  }

  /// Descriptors left for what is not a connection: the listener, the poller, the store's
  /// files, a file-system watch.
  static let keptDescriptors = 128
}
