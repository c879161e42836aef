import DrawdocSystem
import Synchronization

/// The hostile clients, each kind on a thread of its own.
package final class Attack: Sendable {
  /// Descriptors an attack needs: both ends of every connection, and room to spare.
  package static let descriptorsNeeded = 6000

  /// Raises this process's limit on open files to the hard one.
  ///
  /// - Returns: What to do when even that is too low for an attack (a test records it and
  ///   ends); `nil` when the attack can run.
  package static func missingDescriptors() throws -> String? {
    try CurrentProcess.raiseOpenFileLimitToHard()
    let limit = try CurrentProcess.openFileLimit()
    guard limit.soft >= descriptorsNeeded else {
      return """
        this test needs about \(descriptorsNeeded) open files, and the hard limit \
        (RLIMIT_NOFILE) is \(limit.hard): raise it (ulimit -Hn) and run it again
        """
    }
    return nil
  }

  package let port: UInt16
  /// What each event stream sends to open, and what shows that it has heard from the server.
  package let streamRequest: String
  package let streamMarker: String
  private let idle = Mutex<[RawClient]>([])
  private let slow = Mutex<[RawClient]>([])
  private let streams = Mutex<[RawClient]>([])
  package let slowReconnections = Atomic(0)
  /// Whether the slow clients go on.
  package let running = Atomic(true)

  package init(port: UInt16, streamRequest: String, streamMarker: String = "data: tick") {
    self.port = port
    self.streamRequest = streamRequest
    self.streamMarker = streamMarker
  }

  /// Connects and sends nothing, as fast as it can.
  package func openIdleConnections(_ count: Int) {
    for _ in 0..<count {
      guard let client = try? RawClient(port: port) else { continue }
      idle.withLock { $0.append(client) }
    }
  }

  /// Keeps `count` connections sending a byte of a request every 0.5 s or so, each connected
  /// again when the server cuts it off, while ``running``.
  package func keepSlowConnections(_ count: Int) {
    let request = Array(
      "GET /ok HTTP/1.1\r\nHost: x\r\nX-Slow: \(String(repeating: "y", count: 200))".utf8)
    var clients: [(client: RawClient, sent: Int)] = []
    for _ in 0..<count {
      if let client = try? RawClient(port: port) { clients.append((client, 0)) }
    }
    while running.load(ordering: .relaxed) {
      let round = MonotonicClock.seconds()
      for index in clients.indices {
        if clients[index].client.hasBeenAnsweredOrCut || clients[index].sent == request.count {
          guard let client = try? RawClient(port: port) else { continue }
          clients[index] = (client, 0)
          slowReconnections.add(1, ordering: .relaxed)
        }
        let sent = clients[index].sent
        clients[index].client.send([request[sent]])
        clients[index].sent = sent + 1
      }
      // Kept a sleep: the slow clients' pace, a byte every 0.5 s, is the attack under test.
      MonotonicClock.sleep(seconds: max(0, 0.5 - (MonotonicClock.seconds() - round)))
    }
    slow.withLock { $0 = clients.map(\.client) }
  }

  /// Opens credentialed event streams.
  package func openStreams(_ count: Int) {
    for _ in 0..<count {
      guard let client = try? RawClient(port: port) else { continue }
      client.send(streamRequest)
      streams.withLock { $0.append(client) }
    }
  }

  /// How many streams have their head and at least one tick.
  package func streamsThatReceivedTicks() -> Int {
    streams.withLock { clients in
      clients.filter { client in
        let text = String(decoding: client.readWhatIsThere(), as: UTF8.self)
        return text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.contains(streamMarker)
      }.count
    }
  }

  package func closeEverything() {
    idle.withLock { $0 = [] }
    slow.withLock { $0 = [] }
    streams.withLock { $0 = [] }
  }
}
