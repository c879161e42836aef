import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocModel
import DrawdocStore
import DrawdocTestSupport
import DrawdocWeb
import Foundation
import Testing

/// The app's event streams through real sockets: one follower and one file-system watch for
/// the whole server, streams freed as soon as their clients go, and a client that asks for
/// more than is kept told to reload instead of being sent the journal.
@Suite(.serialized) struct EventBroadcastTests {
  /// Opens an event stream and reads its head.
  private func openStream(_ app: ServedApp, since: Int? = nil) throws -> RawClient {
    let client = try RawClient(port: app.server.port)
    let query = since.map { "?since=\($0)" } ?? ""
    client.send(
      "GET /api/events\(query) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n")
    return client
  }

  /// Reads from a stream until `text` has come, or 10 s have passed.
  private func read(_ client: RawClient, until text: String) -> String {
    var received = ""
    let deadline = Date().addingTimeInterval(10)
    var chunk = [UInt8](repeating: 0, count: 65536)
    while !received.contains(text), Date() < deadline {
      let count = chunk.withUnsafeMutableBytes {
        recv(client.descriptor, $0.baseAddress, $0.count, 0)
      }
      if count <= 0 { break }
      received += String(decoding: chunk[..<count], as: UTF8.self)
    }
    return received
  }

  /// The inotify instances this process holds.
  private func inotifyInstances() -> Int {
    let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return fds.filter {
      (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)"))?
        .contains("inotify") == true
    }.count
  }

  @Test func everyStreamHearsEveryChangeThroughOneWatchAndGoesWhenItsClientDoes() throws {
    let app = try ServedApp()
    let watchesBefore = inotifyInstances()
    var streams: [RawClient] = []
    for _ in 0..<50 { streams.append(try openStream(app)) }
    #expect(eventually { app.app.eventStreams == 50 })
    #if os(Linux)
      // One watch for the server, whatever the number of streams: a watch per stream would
      // add 50. (Other tests of this process may open a few of their own meanwhile.)
      #expect(inotifyInstances() - watchesBefore < 25)
    #endif
    // A change through the server and one from another process's store value.
    let version = try app.store.revision(of: app.id).version
    let rename = try app.exchange(
      "POST /api/drawings/\(app.id)/rename HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
        + "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(#"{"version": \#(version), "title": "Heard"}"#.utf8.count)\r\n"
        + "Connection: close\r\n\r\n"
        + #"{"version": \#(version), "title": "Heard"}"#)
    #expect(statusCode(rename) == 200)
    try DocumentStore(root: app.folder).update(app.id, at: .now) { drawing in
      try drawing.plane.rename(to: "Heard again")
      return .renamed(to: "Heard again")
    }
    for stream in streams {
      let received = read(stream, until: "Heard again")
      #expect(received.contains(#""title": "Heard""#) && received.contains("Heard again"))
    }
    // Clients that close free their streams at once, not at the next keep-alive (15 s on).
    streams.removeAll()
    #expect(eventually { app.app.eventStreams == 0 })
  }

  @Test func aStreamAsksForWhatItMissedAndGetsItOrOneReload() throws {
    let app = try ServedApp()
    let start = try app.store.lastSequence()
    for title in ["one", "two", "three"] {
      try app.store.update(app.id, at: .now) { drawing in
        try drawing.plane.rename(to: title)
        return .renamed(to: title)
      }
    }
    // What it missed since `start` is kept: it is sent, in order, and nothing is reloaded.
    let catching = try openStream(app, since: start)
    let caught = read(catching, until: #""title": "three""#)
    let one = try #require(caught.range(of: #""title": "one""#))
    let three = try #require(caught.range(of: #""title": "three""#))
    #expect(one.lowerBound < three.lowerBound)
    #expect(!caught.contains("event: reload"))
    // A sequence the journal never reached: one reload.
    let ahead = try openStream(app, since: start + 1_000)
    #expect(read(ahead, until: "event: reload").contains("event: reload"))
  }

  @Test func aJournalThatCannotBeReadMakesNoFloodOfReloads() throws {
    let app = try ServedApp()
    let stream = try openStream(app)
    #expect(read(stream, until: "retry: 1000").contains("retry: 1000"))
    // The journal becomes a folder: every read of it fails.
    let journal = "\(app.folder)/changes.log"
    try FileManager.default.removeItem(atPath: journal)
    try FileManager.default.createDirectory(atPath: journal, withIntermediateDirectories: false)
    // Kept a sleep: what is under test is how much the stream gets over a while (a flood
    // would be many reloads a second); no condition marks the end of a while.
    Thread.sleep(forTimeInterval: 1)
    let received = String(decoding: stream.readWhatIsThere(), as: UTF8.self)
    #expect(!received.contains("event: reload"), "\(received.prefix(200))")
    #expect(received.utf8.count < 1024)
  }

  @Test func fiftyStreamsAskingForAWholeLongJournalEachGetOneReloadNotAReplay() throws {
    let app = try ServedApp(journalEvents: 20_000)
    let before = residentBytes()
    var streams: [RawClient] = []
    for _ in 0..<50 { streams.append(try openStream(app, since: 0)) }
    for stream in streams {
      let received = read(stream, until: "event: reload")
      #expect(received.contains("event: reload"))
      #expect(!received.contains("event: change"))
    }
    // Memory stays near where it was: the journal (3.6 MB) is not read for each of them,
    // which would take 180 MB. (Other tests of this process run meanwhile: a wide margin.)
    #expect(residentBytes() - before < 64 << 20)
  }

  private func residentBytes() -> Int {
    let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
    let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
    return (Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0) * 1024
  }
}
