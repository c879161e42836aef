import DrawdocSystem
import DrawdocTLS
import Synchronization

/// A small HTTP/1.1 server on `127.0.0.1` (RFC 9110, 9112): it reads requests with bounds on
/// every size and time (``HTTPLimits``), hands each to a responder, and writes its response.
///
/// One thread, the event loop, does every read and write, without ever waiting for a
/// client: an idle or slow connection costs a descriptor and a few bytes, not a thread. A
/// few worker threads run the responder, and a few more its heavy requests, within a budget
/// of memory decided before their work starts (``HeavyBudget``). A connection is untrusted until one of its requests
/// is credentialed (``HTTPResponder/isCredentialed(_:)``); untrusted connections have short
/// deadlines and a bound of their own, past which the oldest of them is closed, so that they
/// never take capacity from trusted ones.
///
/// What it implements, and refuses, is said in docs/serve.md ("The HTTP layer"). A failure of
/// the system while it serves is logged (category `http`) and either got over or ends
/// ``run()`` with an error ("When the server fails").
package final class HTTPServer: Sendable {
  /// The port of the first listener.
  package var port: UInt16 { listeners[0].address.port }
  /// Where it listens, in the order asked, with the ports the system chose.
  package var addresses: [SocketAddress] { listeners.map(\.address) }
  let listeners: [ServerListener]
  let limits: HTTPLimits
  let responder: any HTTPResponder
  let poller: ReadinessPoller
  let mailbox: LoopMailbox
  let counts = Counts()
  /// Where it goes to the system for what can fail while it serves.
  let system: ServerSystem
  /// Where its failures are told.
  let log: ServerLog
  private let failed = Mutex<HTTPServerError?>(nil)
  /// What heavy requests hold of ``HTTPLimits/heavyBudgetBytes`` (its counts tell tests and
  /// diagnostics what it did).
  package let heavyBudget: HeavyBudget
  private let stopping = Atomic(false)
  private let running = Atomic(false)

  /// Starts listening; ``run()`` then serves.
  ///
  /// - Parameters:
  ///   - port: The port, or 0 for a free one.
  ///   - limits: The bounds on each connection.
  ///   - system: Where it goes to the system; tests make it fail there.
  ///   - log: Where its failures are told.
  ///   - responder: What answers requests.
  /// - Throws: ``HTTPServerError``.
  package convenience init(
    port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(), system: ServerSystem = .live,
    log: ServerLog = .standard, responder: any HTTPResponder
  ) throws(HTTPServerError) {
    try self.init(
      listeningOn: [Listening(address: SocketAddress.loopback(port: port))], limits: limits,
      system: system, log: log
    ) { _ in responder }
  }

  /// Starts listening on `127.0.0.1:port`, with a responder made once the port is known (an
  /// app whose checks name its own port, when the port was chosen by the system).
  ///
  /// - Parameters:
  ///   - port: The port, or 0 for a free one.
  ///   - limits: The bounds on each connection.
  ///   - makeResponder: Makes what answers requests, from the port.
  /// - Throws: ``HTTPServerError``.
  package convenience init(
    port: UInt16 = 0, limits: HTTPLimits = HTTPLimits(),
    makeResponder: (UInt16) -> any HTTPResponder
  ) throws(HTTPServerError) {
    try self.init(
      listeningOn: [Listening(address: SocketAddress.loopback(port: port))],
      limits: limits
    ) { addresses in makeResponder(addresses[0].port) }
  }

  /// Starts listening on every address asked, plain or in TLS, with a responder made once the
  /// ports are known (an app whose checks name its own addresses, when a port was chosen by
  /// the system). The process's soft limit on open files is raised to its hard limit, as
  /// every connection holds a descriptor.
  ///
  /// - Parameters:
  ///   - listening: Where to listen (a port 0 picks a free one), and how.
  ///   - limits: The bounds on each connection, shared by every listener.
  ///   - system: Where it goes to the system; tests make it fail there.
  ///   - log: Where its failures are told.
  ///   - makeResponder: Makes what answers requests, from the addresses with their ports.
  /// - Throws: ``HTTPServerError``.
  package init(
    listeningOn listening: [Listening], limits: HTTPLimits = HTTPLimits(),
    system: ServerSystem = .live, log: ServerLog = .standard,
    makeResponder: ([SocketAddress]) -> any HTTPResponder
  ) throws(HTTPServerError) {
    precondition(!listening.isEmpty, "a server listens somewhere")
    self.system = system
    self.log = log
    do throws(Errno) {
      try CurrentProcess.raiseOpenFileLimitToHard()
    } catch {
      log.info("the limit on open files stays where it was (\(error)): fewer connections fit")
    }
    var listeners: [ServerListener] = []
    for wanted in listening {
      do throws(Errno) {
        let (socket, address) = try Socket.listen(on: wanted.address, backlog: 4096)
        socket.setNonBlocking()
        listeners.append(ServerListener(socket: socket, address: address, tls: wanted.tls))
      } catch {
        throw .cannotListen(address: wanted.address.description, reason: error.description)
      }
    }
    self.listeners = listeners
    do throws(Errno) {
      poller = try ReadinessPoller()
      mailbox = LoopMailbox(wakeUp: try WakeUpSignal())
    } catch {
      throw .cannotStart(reason: error.description)
    }
    self.limits =
      (try? CurrentProcess.openFileLimit()).map {
        limits.fitting(openFiles: Int(clamping: $0.soft))
      } ?? limits
    heavyBudget = HeavyBudget(limit: limits.heavyBudgetBytes)
    self.responder = makeResponder(listeners.map(\.address))
  }

  /// Serves on this thread until ``stop()``; returns then, with every connection closed.
  /// Only the first call serves; others return at once.
  ///
  /// - Throws: ``HTTPServerError/cannotStart(reason:)`` when no worker thread starts, and
  ///   ``HTTPServerError/stoppedByFailure(reason:)`` when the system fails the loop past
  ///   getting over it; either is logged first, and every connection is closed.
  package func run() throws(HTTPServerError) {
    guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
    do {
      try EventLoop(server: self).run()
    } catch {
      fail(error)
      throw error
    }
  }

  /// Starts ``run()`` on a thread of its own. A failure is logged and kept in ``failure``,
  /// and the server stops: its listeners refuse connections rather than hold them unanswered.
  package func start() {
    let server = self
    let started = system.startThread(.eventLoop) {
      // Logged and kept by `run()`.
      do { try server.run() } catch {}
    }
    if !started {
      fail(
        .cannotStart(
          reason: "the system would start no thread for its event loop: too many "
            + "threads or too little memory; end other programs and start it again"))
    }
  }

  /// Why the server stopped of itself, if it did; `nil` while it serves, or after ``stop()``.
  package var failure: HTTPServerError? { failed.withLock { $0 } }

  /// Logs a failure that ends the server, keeps it, and stops.
  private func fail(_ error: HTTPServerError) {
    failed.withLock { $0 = $0 ?? error }
    log.error("\(error)")
    stop()
  }

  /// Stops accepting connections and closes every one, streams included, within a moment;
  /// ``run()`` returns then. A response a worker is still making is dropped.
  package func stop() {
    stopping.store(true, ordering: .releasing)
    for listener in listeners { listener.socket.shutdown() }
    mailbox.wakeUp.signal()
  }

  var isStopping: Bool { stopping.load(ordering: .acquiring) }

  /// How many connections are open now (streams, and connections being closed, included).
  package var openConnections: Int { counts.connections.load(ordering: .relaxed) }

  /// How many streamed responses are open now.
  package var openStreams: Int { counts.streams.load(ordering: .relaxed) }

  /// What the loop counts, for other threads to read.
  final class Counts: Sendable {
    let connections = Atomic(0)
    let streams = Atomic(0)

    func publish(connections: Int, streams: Int) {
      self.connections.store(connections, ordering: .relaxed)
      self.streams.store(streams, ordering: .relaxed)
    }
  }
}

/// Where a server listens, and how: in plain HTTP, or in TLS with a certificate.
package struct Listening: Sendable {
  /// The address and port (0 for a free one).
  package var address: SocketAddress
  /// The certificate and key, for a listener in TLS; `nil` for plain HTTP.
  package var tls: TLSContext?

  package init(address: SocketAddress, tls: TLSContext? = nil) {
    self.address = address
    self.tls = tls
  }
}

/// A listening socket of the server.
struct ServerListener: Sendable {
  let socket: Socket
  let address: SocketAddress
  let tls: TLSContext?
}
