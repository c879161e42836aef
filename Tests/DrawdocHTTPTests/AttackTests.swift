import DrawdocHTTP
import DrawdocSystem
import Foundation
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Thousands of hostile connections at once, through real sockets: the credentialed client is
/// answered all along, and everything is given back afterwards.
@Suite struct AttackTests {
  static let idleCount = 2000
  static let slowCount = 500
  static let streamCount = 300
  /// Descriptors the test needs: both ends of every connection, and room to spare.
  static let descriptorsNeeded = 6000

  @Test func idleSlowAndStreamingConnectionsDoNotKeepACredentialedClientWaiting() throws {
    let started = MonotonicClock.seconds()
    guard try Attack.haveDescriptors() else { return }
    let responder = GateResponder(ticking: true)
    let server = try HTTPServer(port: 0, responder: responder)
    server.start()
    defer {
      server.stop()
      responder.stopTicking()
    }
    let port = server.port
    do {
      // One request first, so that the server's threads are all running.
      let warmUp = try RawClient(port: port)
      warmUp.send(GateServer.credentialed("/ok", close: true))
      #expect(statusCode(warmUp.readAll()) == 200)
    }
    #if os(Linux)
      // On Darwin there is no /proc: the process's figures are not checked there.
      let descriptorsBefore = ProcessFigures.openDescriptors()
      let threadsBefore = ProcessFigures.threads()
    #endif

    let attack = Attack(port: port)
    var threads: [SystemThread] = []
    threads.append(try #require(SystemThread.start { attack.openIdleConnections(Self.idleCount) }))
    threads.append(
      try #require(
        SystemThread.start { attack.keepSlowConnections(Self.slowCount) }))
    threads.append(
      try #require(SystemThread.start { attack.openStreams(Self.streamCount) }))

    // The credentialed client, for about 4 s: a kept-alive connection and fresh ones in turn.
    var latencies: [Double] = []
    var failures: [String] = []
    var keptAlive: RawClient?
    let attackEnds = MonotonicClock.seconds() + 4
    var round = 0
    while MonotonicClock.seconds() < attackEnds {
      round += 1
      let asked = MonotonicClock.seconds()
      let fresh = round % 2 == 0
      do {
        let client: RawClient
        if fresh {
          client = try RawClient(port: port)
        } else {
          if keptAlive == nil { keptAlive = try RawClient(port: port) }
          client = keptAlive!
        }
        client.send(GateServer.credentialed("/ok"))
        let response = client.readResponse()
        if response?.status != 200 {
          failures.append(
            "round \(round) (\(fresh ? "fresh" : "kept alive")): \(response?.status ?? 0)")
          if !fresh { keptAlive = nil }
        }
      } catch {
        failures.append("round \(round): cannot connect: \(error)")
      }
      latencies.append(MonotonicClock.seconds() - asked)
      MonotonicClock.sleep(seconds: 0.02)
    }
    attack.running.store(false, ordering: .relaxed)
    for thread in threads { thread.join() }
    let peak = (connections: server.openConnections, streams: server.openStreams)
    let streamsAnswered = attack.streamsThatReceivedTicks()

    #expect(failures.isEmpty, "\(failures.prefix(10))")
    #expect(latencies.count > 20, "only \(latencies.count) answers in 4 s")
    #expect((latencies.max() ?? 0) < 1, "slowest answer: \(latencies.max() ?? 0) s")
    #expect(peak.streams == Self.streamCount, "\(peak)")
    #expect(streamsAnswered == Self.streamCount, "\(streamsAnswered) streams got their ticks")
    #expect(attack.slowReconnections.load(ordering: .relaxed) > 0)

    // Everything closes client-side: the server gives everything back within 2 s. Other
    // tests of this process (another attack among them) open and close descriptors and
    // threads meanwhile: the descriptors counted are the sockets on this server's port, its
    // own; the threads, "back near the start", within a margin that one thread a connection
    // would go far past.
    keptAlive = nil
    attack.closeEverything()
    var figures = ""
    let released = eventually(within: 2) {
      figures = "\(server.openConnections) connections, \(server.openStreams) streams"
      var back = server.openConnections == 0 && server.openStreams == 0
      #if os(Linux)
        let sockets = ProcessFigures.socketsOn(port: port)
        let threads = ProcessFigures.threads()
        figures += "; \(sockets) sockets on its port (the listener's included)"
        figures += "; \(descriptorsBefore) descriptors of the process before, "
        figures += "\(ProcessFigures.openDescriptors()) after"
        figures += "; \(threadsBefore) threads before, \(threads) after"
        back = back && sockets <= 1 && threads <= threadsBefore + 8
      #endif
      return back
    }
    #expect(released, "still open after 2 s: \(figures)")
    #expect(responder.streams.withLock { $0.isEmpty })
    #if os(Linux)
      #expect(ProcessFigures.socketsOn(port: port) <= 1, "the listener only")
    #endif
    let wall = MonotonicClock.seconds() - started
    #expect(wall < 15, "the attack test took \(wall) s")
    print(
      "attack test: \(wall) s; \(latencies.count) answers, the slowest in \(latencies.max() ?? 0) s;"
        + " \(peak.connections) connections and \(peak.streams) streams open at the end;"
        + " \(attack.slowReconnections.load(ordering: .relaxed)) slow clients connected again")
  }
}

/// The hostile clients, each kind on a thread of its own.
final class Attack: Sendable {
  /// Raises this process's limit on open files to the hard one, and records an issue saying
  /// what to do when even that is too low for an attack (both ends of every connection).
  ///
  /// - Returns: Whether the attack can run.
  static func haveDescriptors() throws -> Bool {
    try CurrentProcess.raiseOpenFileLimitToHard()
    let limit = try CurrentProcess.openFileLimit()
    guard limit.soft >= AttackTests.descriptorsNeeded else {
      Issue.record(
        """
        this test needs about \(AttackTests.descriptorsNeeded) open files, and the hard limit \
        (RLIMIT_NOFILE) is \(limit.hard): raise it (ulimit -Hn) and run it again
        """)
      return false
    }
    return true
  }

  let port: UInt16
  /// What each event stream sends to open, and what shows that it has heard from the server.
  let streamRequest: String
  let streamMarker: String
  private let idle = Mutex<[RawClient]>([])
  private let slow = Mutex<[RawClient]>([])
  private let streams = Mutex<[RawClient]>([])
  let slowReconnections = Atomic(0)
  /// Whether the slow clients go on.
  let running = Atomic(true)

  init(
    port: UInt16, streamRequest: String = GateServer.credentialed("/stream"),
    streamMarker: String = "data: tick"
  ) {
    self.port = port
    self.streamRequest = streamRequest
    self.streamMarker = streamMarker
  }

  /// Connects and sends nothing, as fast as it can.
  func openIdleConnections(_ count: Int) {
    for _ in 0..<count {
      guard let client = try? RawClient(port: port) else { continue }
      idle.withLock { $0.append(client) }
    }
  }

  /// Keeps `count` connections sending a byte of a request every 0.5 s or so, each connected
  /// again when the server cuts it off, while ``running``.
  func keepSlowConnections(_ count: Int) {
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
      MonotonicClock.sleep(seconds: max(0, 0.5 - (MonotonicClock.seconds() - round)))
    }
    slow.withLock { $0 = clients.map(\.client) }
  }

  /// Opens credentialed event streams.
  func openStreams(_ count: Int) {
    for _ in 0..<count {
      guard let client = try? RawClient(port: port) else { continue }
      client.send(streamRequest)
      streams.withLock { $0.append(client) }
    }
  }

  /// How many streams have their head and at least one tick.
  func streamsThatReceivedTicks() -> Int {
    streams.withLock { clients in
      clients.filter { client in
        let text = String(decoding: client.readWhatIsThere(), as: UTF8.self)
        return text.hasPrefix("HTTP/1.1 200 OK\r\n") && text.contains(streamMarker)
      }.count
    }
  }

  func closeEverything() {
    idle.withLock { $0 = [] }
    slow.withLock { $0 = [] }
    streams.withLock { $0 = [] }
  }
}

#if os(Linux)
  /// Figures of this process, from `/proc` (Linux).
  enum ProcessFigures {
    static func openDescriptors() -> Int {
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").count) ?? 0
    }

    static func threads() -> Int {
      (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }

    /// How many of this process's descriptors are TCP sockets with `port` at either end.
    static func socketsOn(port: UInt16) -> Int {
      let hexPort = String(format: ":%04X", port)
      var inodes: Set<String> = []
      for file in ["/proc/net/tcp", "/proc/net/tcp6"] {
        guard let table = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
        for line in table.split(separator: "\n").dropFirst() {
          let fields = line.split(separator: " ")
          guard fields.count > 9, fields[1].hasSuffix(hexPort) || fields[2].hasSuffix(hexPort)
          else { continue }
          inodes.insert(String(fields[9]))
        }
      }
      let descriptors =
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
      return descriptors.filter { name in
        guard
          let target = try? FileManager.default.destinationOfSymbolicLink(
            atPath: "/proc/self/fd/\(name)")
        else { return false }
        return target.hasPrefix("socket:[")
          && inodes.contains(String(target.dropFirst(8).dropLast()))
      }.count
    }
  }
#endif
