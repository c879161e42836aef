import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocSystem
import DrawdocTestSupport
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
  @Test func idleSlowAndStreamingConnectionsDoNotKeepACredentialedClientWaiting() throws {
    let started = MonotonicClock.seconds()
    if let missing = try Attack.missingDescriptors() {
      Issue.record(Comment(rawValue: missing))
      return
    }
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

    let attack = Attack(port: port, streamRequest: GateServer.credentialed("/stream"))
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
      // Kept a sleep: the pace of the page's requests during the attack, not a wait for a state.
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

    // Everything closes client-side: the server gives everything back (within 10 s: a loop
    // starved of the CPU by the suite's other tests, run at once, takes its time). Other
    // tests of this process (another attack among them) open and close descriptors and
    // threads meanwhile: the descriptors counted are the sockets on this server's port, its
    // own; the threads, "back near the start", within a margin that one thread a connection
    // would go far past.
    keptAlive = nil
    attack.closeEverything()
    var figures = ""
    let released = eventually(within: 10) {
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
    #expect(released, "still open after 10 s: \(figures)")
    #expect(responder.streams.withLock { $0.isEmpty })
    #if os(Linux)
      #expect(ProcessFigures.socketsOn(port: port) <= 1, "the listener only")
    #endif
    let wall = MonotonicClock.seconds() - started
    #expect(wall < 25, "the attack test took \(wall) s")
    print(
      "attack test: \(wall) s; \(latencies.count) answers, the slowest in \(latencies.max() ?? 0) s;"
        + " \(peak.connections) connections and \(peak.streams) streams open at the end;"
        + " \(attack.slowReconnections.load(ordering: .relaxed)) slow clients connected again")
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
