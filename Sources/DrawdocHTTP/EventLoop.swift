import DrawdocSystem

/// The server's one thread of socket work: it waits on every socket at once
/// (``ReadinessPoller``), accepts, reads heads and bodies, hands whole requests to the
/// workers, writes responses and streams, and enforces every deadline and bound. Nothing on
/// it waits for a client. Everything here runs on that thread: each method that touches the
/// loop's state checks so first (``assertInLoop(_:)``, in debug builds).
final class EventLoop {
  let server: HTTPServer
  var limits: HTTPLimits { server.limits }
  var responder: any HTTPResponder { server.responder }
  let workers: WorkerPool
  /// The open connections, by descriptor.
  var connections: [Int32: Connection] = [:]
  var untrustedCount = 0
  var trustedCount = 0
  var streamCount = 0
  /// Untrusted connections, oldest first, for eviction; entries of connections that closed or
  /// became trusted are passed over.
  var untrustedOrder: [ConnectionKey] = []
  var untrustedOrderStart = 0
  private var nextSerial: UInt64 = 0
  /// No connection's deadline is before this (it may be earlier than the first one).
  var nextDeadline = Double.infinity
  private var lastScan = 0.0
  /// Set while accepting waits because no descriptor is left, or for the next try to watch a
  /// listener again.
  private var acceptPausedUntil: Double?
  /// Whether the poller watches each listener (by its index in ``HTTPServer/listeners``).
  private var listenerWatched: [Bool]
  /// The tries to watch the listeners again that failed in a row.
  private var listenerRetries = 0
  /// Why the loop must end, when the system failed it past getting over it.
  private var fatalFailure: HTTPServerError?
  /// The thread the loop runs on (``SystemThread/currentNumber``): the one that made it.
  private let thread = SystemThread.currentNumber
  /// Connections to read again at once: their TLS session holds input while their socket,
  /// which the poller watches, is empty.
  var readAgain: [ConnectionKey] = []
  /// Where every read goes first, before the bytes a connection keeps are copied to it.
  let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 << 10, alignment: 16)

  /// The most connections accepted between two looks at the sockets, so that connections
  /// already accepted are read before newer ones can evict them.
  private static let acceptBatch = 128
  /// How often, at most, every connection's deadline is looked at.
  private static let scanInterval = 0.05

  /// Makes the loop on the thread that will run it, and starts the workers.
  ///
  /// - Throws: ``HTTPServerError/cannotStart(reason:)`` when no worker thread starts.
  init(server: HTTPServer) throws(HTTPServerError) {
    self.server = server
    listenerWatched = Array(repeating: false, count: server.listeners.count)
    workers = try WorkerPool(
      limits: server.limits, budget: server.heavyBudget, responder: server.responder,
      mailbox: server.mailbox, system: server.system, log: server.log)
  }

  deinit { readBuffer.deallocate() }

  var now: Double { MonotonicClock.seconds() }

  /// Stops the process, in debug builds, when the caller is not on the loop's thread: the
  /// loop's state (connections, counts, deadlines) is touched there only, without a lock.
  /// As swift-nio's `preconditionInEventLoop`; release builds check nothing.
  func assertInLoop(_ function: StaticString = #function) {
    assert(
      SystemThread.currentNumber == thread,
      "EventLoop.\(function) touches the loop's state and runs on its thread only")
  }

  /// Serves until the server stops, then closes everything.
  ///
  /// - Throws: ``HTTPServerError/stoppedByFailure(reason:)`` when the system fails the loop
  ///   past getting over it.
  func run() throws(HTTPServerError) {
    assertInLoop()
    let listeners = Dictionary(
      uniqueKeysWithValues: server.listeners.enumerated().map {
        ($1.socket.descriptor.rawValue, $0)
      })
    let wakeUp = server.mailbox.wakeUp.descriptor
    do throws(Errno) {
      for (index, listener) in server.listeners.enumerated() {
        try watch(listener.socket.descriptor, as: .listener, .read)
        listenerWatched[index] = true
      }
      try watch(wakeUp, as: .wakeUp, .read)
    } catch {
      shutDown()
      throw .stoppedByFailure(
        reason: "the system would not watch its sockets (\(error)): free memory or "
          + "descriptors, then start it again")
    }
    while !server.isStopping && fatalFailure == nil {
      let events: [ReadinessPoller.Event]
      do throws(Errno) {
        events = try server.poller.wait(timeout: timeout(now: now))
      } catch {
        fatalFailure = .stoppedByFailure(
          reason: "waiting on its sockets failed (\(error)); start it again")
        break
      }
      var acceptable: [Int] = []
      for event in events {
        if let listener = listeners[event.descriptor.rawValue] {
          acceptable.append(listener)
        } else if event.descriptor == wakeUp {
          server.mailbox.wakeUp.drain()
        } else if let connection = connections[event.descriptor.rawValue] {
          handle(event, on: connection)
        }
      }
      // Only now, with every event of this wait handled: a descriptor closed above and
      // reused by a new connection cannot get an event meant for the old one.
      deliverMessages()
      readHeldInput()
      for listener in acceptable { acceptConnections(from: server.listeners[listener]) }
      expireDeadlines()
    }
    shutDown()
    if let fatalFailure { throw fatalFailure }
  }

  /// Changes what the poller waits for on a descriptor, through the server's system.
  private func watch(
    _ descriptor: FileDescriptor, as what: ServerSystem.Watched,
    _ interest: ReadinessPoller.Interest, previously: ReadinessPoller.Interest = []
  ) throws(Errno) {
    try server.system.watch(server.poller, descriptor, what, interest, previously)
  }

  /// How long to wait for the sockets: until the next deadline, but not to look at deadlines
  /// more often than ``scanInterval``; no limit with nothing to time.
  private func timeout(now: Double) -> Double? {
    guard readAgain.isEmpty else { return 0 }
    var due = nextDeadline
    if let paused = acceptPausedUntil { due = min(due, paused) }
    guard due < .infinity else { return nil }
    return max(0, max(due, lastScan + Self.scanInterval) - now)
  }

  private func handle(_ event: ReadinessPoller.Event, on connection: Connection) {
    if event.ready.contains(.read) || event.hungUp { readable(connection) }
    if connection.isOpen && event.ready.contains(.write) { writable(connection) }
  }

  /// Reads the connections whose TLS session holds input, as if their sockets were readable.
  private func readHeldInput() {
    assertInLoop()
    let keys = readAgain
    readAgain = []
    for key in keys {
      guard let connection = connection(for: key), connection.isOpen else { continue }
      readable(connection)
    }
  }

  // MARK: - Messages from workers and streams

  private func deliverMessages() {
    assertInLoop()
    for message in server.mailbox.takeAll() {
      switch message {
      case .responded(let key, let response, let held):
        guard let connection = connection(for: key), case .responding = connection.phase
        else { continue }
        connection.heldShare = held
        respond(connection, with: response)
      case .streamReady(let key):
        guard let connection = connection(for: key), case .streaming = connection.phase
        else { continue }
        writable(connection)
      }
    }
  }

  private func connection(for key: ConnectionKey) -> Connection? {
    guard let connection = connections[key.descriptor], connection.key == key else { return nil }
    return connection
  }

  // MARK: - Accepting, and the untrusted bound

  private func acceptConnections(from listener: ServerListener) {
    assertInLoop()
    for _ in 0..<Self.acceptBatch {
      switch server.system.accept(listener.socket) {
      case .connection(let socket): add(socket, from: listener)
      case .wouldBlock: return
      case .tooManyOpenFiles:
        // The oldest untrusted connection gives its descriptor to the newcomer.
        if evictOldestUntrusted() { continue }
        server.log.info(
          "no descriptor is left for a new connection on \(listener.address): accepting "
            + "waits \(Self.acceptPause) s")
        pauseAccepting()
        return
      case .failed(let error):
        // Out of memory or buffers, say: the listener would be ready again at once.
        guard !server.isStopping else { return }
        server.log.error(
          "accepting a connection on \(listener.address) failed (\(error)): accepting waits "
            + "\(Self.acceptPause) s and tries again")
        pauseAccepting()
        return
      }
    }
  }

  /// How long accepting waits when it fails for want of something.
  private static let acceptPause = 0.1

  /// Stops waiting on the listeners for a moment, when accepting fails for want of something
  /// that no connection here can give back. A listener the poller cannot stop watching stays
  /// watched: its connections are accepted again at its next readiness.
  private func pauseAccepting() {
    assertInLoop()
    acceptPausedUntil = now + Self.acceptPause
    for (index, listener) in server.listeners.enumerated() where listenerWatched[index] {
      do throws(Errno) {
        try watch(listener.socket.descriptor, as: .listener, [], previously: .read)
        listenerWatched[index] = false
      } catch {
        server.log.error(
          "cannot stop watching \(listener.address) for a moment (\(error)): it stays watched")
      }
    }
  }

  /// Watches again the listeners that ``pauseAccepting()`` stopped watching. A try that
  /// fails is logged and made again later, each wait longer
  /// (``ServerSystem/listenerRetrySeconds``); past the last one the loop ends, so that
  /// `drawdoc serve` stops with an error rather than keep a port that accepts nothing.
  private func watchListenersAgain() {
    assertInLoop()
    acceptPausedUntil = nil
    var failure: (ServerListener, Errno)?
    for (index, listener) in server.listeners.enumerated() where !listenerWatched[index] {
      do throws(Errno) {
        try watch(listener.socket.descriptor, as: .listener, .read)
        listenerWatched[index] = true
      } catch {
        failure = (listener, error)
      }
    }
    guard let (listener, error) = failure else {
      if listenerRetries > 0 {
        server.log.info("accepting again, after \(listenerRetries) failed tries to")
        listenerRetries = 0
      }
      return
    }
    let delays = server.system.listenerRetrySeconds
    guard listenerRetries < delays.count else {
      fatalFailure = .stoppedByFailure(
        reason: "the system would not watch \(listener.address) for connections again "
          + "(\(error)), after \(listenerRetries + 1) tries: free memory or descriptors, "
          + "then start it again")
      return
    }
    server.log.error(
      "cannot watch \(listener.address) for connections again (\(error)): trying again in "
        + "\(delays[listenerRetries]) s")
    acceptPausedUntil = now + delays[listenerRetries]
    listenerRetries += 1
  }

  private func add(_ socket: Socket, from listener: ServerListener) {
    assertInLoop()
    if untrustedCount >= limits.untrustedConnections { evictOldestUntrusted() }
    nextSerial += 1
    let transport: any Transport =
      listener.tls.map { TLSTransport(socket: socket, context: $0) } ?? socket
    let facts = ConnectionFacts(
      isSecure: listener.tls != nil, local: listener.address, peer: socket.peerAddress)
    // The handshake, when there is one, is part of the time an untrusted head has.
    let connection = Connection(
      transport: transport, facts: facts, serial: nextSerial,
      deadline: now + limits.untrustedHeadSeconds)
    connections[connection.key.descriptor] = connection
    untrustedCount += 1
    untrustedOrder.append(connection.key)
    if untrustedOrder.count - untrustedOrderStart > 2 * untrustedCount + 64 {
      untrustedOrder = untrustedOrder[untrustedOrderStart...].filter { key in
        self.connection(for: key).map { !$0.trusted } ?? false
      }
      untrustedOrderStart = 0
    }
    nextDeadline = min(nextDeadline, connection.deadline)
    publishCounts()
    // A client usually sends its request as it connects: read it now, before newer
    // connections could evict this one.
    readable(connection)
    if connection.isOpen { updateInterest(connection) }
  }

  /// Closes the untrusted connection that has been open longest.
  ///
  /// - Returns: Whether there was one.
  @discardableResult
  private func evictOldestUntrusted() -> Bool {
    assertInLoop()
    while untrustedOrderStart < untrustedOrder.count {
      let key = untrustedOrder[untrustedOrderStart]
      untrustedOrderStart += 1
      if untrustedOrderStart * 2 > untrustedOrder.count {
        untrustedOrder.removeFirst(untrustedOrderStart)
        untrustedOrderStart = 0
      }
      if let connection = connection(for: key), !connection.trusted {
        close(connection)
        return true
      }
    }
    return false
  }

  /// Moves a connection whose request is credentialed to the trusted bound.
  ///
  /// - Returns: `false` when the trusted bound is full.
  func promote(_ connection: Connection) -> Bool {
    assertInLoop()
    guard trustedCount < limits.trustedConnections else { return false }
    connection.trusted = true
    untrustedCount -= 1
    trustedCount += 1
    return true
  }

  // MARK: - Deadlines

  func setDeadline(_ connection: Connection, _ deadline: Double) {
    assertInLoop()
    connection.deadline = deadline
    nextDeadline = min(nextDeadline, deadline)
  }

  private func expireDeadlines() {
    assertInLoop()
    let now = self.now
    if let paused = acceptPausedUntil, now >= paused { watchListenersAgain() }
    guard now >= nextDeadline, now >= lastScan + Self.scanInterval else { return }
    lastScan = now
    var next = Double.infinity
    var expired: [Connection] = []
    for connection in connections.values {
      if connection.deadline <= now {
        expired.append(connection)
      } else {
        next = min(next, connection.deadline)
      }
    }
    nextDeadline = next
    for connection in expired where connection.isOpen { expire(connection) }
  }

  private func expire(_ connection: Connection) {
    assertInLoop()
    switch connection.phase {
    case .head where connection.input.isEmpty:
      // Nothing asked: the client was idle too long, or never said anything.
      close(connection)
    case .head, .body:
      refuse(connection, HTTPError.timedOut)
    case .responding:
      connection.deadline = .infinity
    case .writing, .streaming, .draining:
      close(connection)
    }
  }

  // MARK: - Interest, counts and closing

  /// Tells the poller what the connection waits for now.
  func updateInterest(_ connection: Connection) {
    assertInLoop()
    let wanted = connection.wantedInterest
    if wanted.contains(.read) && connection.transport.hasReadableInput {
      readAgain.append(connection.key)
    }
    guard wanted != connection.registered else { return }
    do throws(Errno) {
      try watch(
        connection.socket.descriptor, as: .connection, wanted, previously: connection.registered)
      connection.registered = wanted
    } catch {
      // Unwatched, it would wait for ever: only this connection goes, the others are served.
      let peer = connection.facts.peer.map(\.description) ?? "a client"
      server.log.error("cannot watch the connection from \(peer) (\(error)): it is closed")
      close(connection)
    }
  }

  func publishCounts() {
    assertInLoop()
    server.counts.publish(connections: untrustedCount + trustedCount, streams: streamCount)
  }

  /// Closes a connection at once; its stream, if any, ends, and a request a worker has not
  /// taken yet is dropped.
  func close(_ connection: Connection) {
    assertInLoop()
    guard connection.isOpen else { return }
    connection.isOpen = false
    connections[connection.key.descriptor] = nil
    if connection.trusted { trustedCount -= 1 } else { untrustedCount -= 1 }
    var ended: HTTPStream?
    switch connection.phase {
    case .responding(let cancellation): cancellation.cancel()
    case .writing: connection.heldShare?.giveBack()
    case .streaming(let stream):
      streamCount -= 1
      ended = stream
    default: break
    }
    publishCounts()
    // The socket closes with the last reference to it, the connection's; the poller forgets
    // a descriptor as it closes.
    ended?.finish()
  }

  /// Ends a connection whose last answer is written: the client reads the end of the stream,
  /// and what it still sends is read and dropped for a short while (``drainSeconds``,
  /// ``drainBytes``), so that it reads the answer rather than a reset.
  func finishGracefully(_ connection: Connection) {
    assertInLoop()
    guard !connection.peerFinished else {
      close(connection)
      return
    }
    if case .streaming(let stream) = connection.phase {
      // A stream that ended (closed by the app): its place is free from now, not when the
      // drain ends.
      streamCount -= 1
      publishCounts()
      stream.finish()
    }
    connection.transport.shutdownWriting()
    connection.phase = .draining(received: 0)
    connection.input = []
    connection.output = []
    connection.outputBody = []
    connection.writeBlocked = false
    setDeadline(connection, now + Self.drainSeconds)
    updateInterest(connection)
  }

  static let drainSeconds = 1.0
  static let drainBytes = 64 << 10

  private func shutDown() {
    assertInLoop()
    for connection in Array(connections.values) { close(connection) }
    workers.stop()
    publishCounts()
  }
}
