import DrawdocSystem

/// What the server asks of the system that can fail while it serves: watching a descriptor,
/// accepting a connection, starting a thread. The server goes to the system for these through
/// this value only, so that a test can make any of them fail and see the failure logged and
/// handled (docs/serve.md, "When the server fails"); ``live`` is the system itself.
package struct ServerSystem: Sendable {
  /// What a descriptor the poller watches is.
  package enum Watched: Sendable, Equatable {
    /// A listening socket.
    case listener
    /// The descriptor that wakes the loop for messages from other threads.
    case wakeUp
    /// A client's connection.
    case connection
  }

  /// What a thread is for.
  package enum ThreadRole: Sendable, Equatable {
    /// The event loop, for ``HTTPServer/start()``.
    case eventLoop
    /// An ordinary worker.
    case worker
    /// A worker of heavy requests.
    case heavyWorker
  }

  /// Changes what the poller waits for on a descriptor
  /// (``ReadinessPoller/set(_:interest:previously:)``).
  package var watch:
    @Sendable (
      _ poller: ReadinessPoller, _ descriptor: FileDescriptor, _ what: Watched,
      _ interest: ReadinessPoller.Interest, _ previously: ReadinessPoller.Interest
    ) throws(Errno) -> Void
  /// Takes the next connection of a listener (``Socket/acceptWithoutWaiting()``).
  package var accept: @Sendable (_ listener: Socket) -> Socket.AcceptResult
  /// Starts a detached thread (``SystemThread/start(detached:stackSize:_:)``).
  ///
  /// - Returns: Whether it started.
  package var startThread:
    @Sendable (_ role: ThreadRole, _ body: @escaping @Sendable () -> Void) -> Bool
  /// How long the loop waits before each new try to watch a listener again after a failed
  /// one; past the last, the server stops with ``HTTPServerError/stoppedByFailure(reason:)``.
  package var listenerRetrySeconds: [Double]

  /// The system itself, with about 8.5 s of tries to watch a listener again.
  package static let live = ServerSystem(
    watch: { poller, descriptor, _, interest, previously throws(Errno) in
      try poller.set(descriptor, interest: interest, previously: previously)
    },
    accept: { $0.acceptWithoutWaiting() },
    startThread: { _, body in SystemThread.start(detached: true, body) != nil },
    listenerRetrySeconds: [0.05, 0.1, 0.2, 0.4, 0.8, 1, 1, 1, 1, 1, 1, 1])
}
