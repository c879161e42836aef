import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocStore
import DrawdocSystem
import DrawdocTestSupport
import DrawdocWeb
import Foundation
import Testing

/// The attack of ``AttackTests`` on the real app: 2,000 idle and 500 slow-loris connections
/// without the token, and 300 of the app's own event streams with it, while a page with the
/// token reads the drawings, changes one and hears of it; afterwards every connection and
/// stream is given back.
@Suite struct AppAttackTests {
  @Test func theAppAnswersItsPageWithinASecondUnderAttackAndGivesEverythingBack() throws {
    if let missing = try Attack.missingDescriptors() {
      Issue.record(Comment(rawValue: missing))
      return
    }
    let app = try ServedApp(limits: WebApp.limits)
    let port = app.server.port
    let attack = Attack(
      port: port,
      streamRequest:
        "GET /api/events HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
      streamMarker: "event: change")
    var threads: [SystemThread] = []
    threads.append(try #require(SystemThread.start { attack.openIdleConnections(2000) }))
    threads.append(try #require(SystemThread.start { attack.keepSlowConnections(500) }))
    threads.append(try #require(SystemThread.start { attack.openStreams(300) }))

    var latencies: [Double] = []
    var failures: [String] = []
    var page: RawClient?
    let ends = MonotonicClock.seconds() + 4
    var round = 0
    while MonotonicClock.seconds() < ends {
      round += 1
      let asked = MonotonicClock.seconds()
      do {
        // A page keeps its connection; every third request comes on a fresh one.
        if page == nil || round % 3 == 0 { page = try RawClient(port: port) }
        let client = try #require(page)
        if round % 5 == 0 {
          let version = try app.store.revision(of: app.id).version
          let body = #"{"version": \#(version), "title": "Round \#(round)"}"#
          client.send(
            "POST /api/drawings/\(app.id)/rename HTTP/1.1\r\nHost: \(app.host)\r\n"
              + "\(app.credential)\r\nOrigin: http://\(app.host)\r\n"
              + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n"
              + body)
        } else {
          client.send(
            "GET /api/drawings HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n")
        }
        let status = client.readResponse()?.status ?? 0
        if status != 200 {
          failures.append("round \(round): \(status)")
          page = nil
        }
      } catch {
        failures.append("round \(round): \(error)")
        page = nil
      }
      latencies.append(MonotonicClock.seconds() - asked)
      // Kept a sleep: the pace of the page's requests during the attack, not a wait for a state.
      MonotonicClock.sleep(seconds: 0.02)
    }
    attack.running.store(false, ordering: .relaxed)
    for thread in threads { thread.join() }
    #expect(failures.isEmpty, "\(failures.prefix(10))")
    #expect(latencies.count > 20, "only \(latencies.count) answers in 4 s")
    #expect((latencies.max() ?? 0) < 1, "slowest answer: \(latencies.max() ?? 0) s")
    // Every one of the app's streams heard the page's changes.
    #expect(attack.streamsThatReceivedTicks() == 300)

    page = nil
    attack.closeEverything()
    #expect(
      eventually(within: 10) { app.server.openConnections == 0 && app.app.eventStreams == 0 },
      "\(app.server.openConnections) connections, \(app.app.eventStreams) streams after 10 s")
    print(
      "app attack test: \(latencies.count) answers, the slowest in \(latencies.max() ?? 0) s")
  }
}
