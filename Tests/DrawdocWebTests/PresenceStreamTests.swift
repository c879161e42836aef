import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocModel
import DrawdocStore
import DrawdocWeb
import Foundation
import Testing

/// Presence through real sockets: a page's post reaches the other pages of its drawing on
/// their event streams, and nothing else; a page whose stream closes is gone at once; a change
/// no page made reaches them as the terminal's.
@Suite(.serialized) struct PresenceStreamTests {
  /// Opens an editor page's event stream, present in `drawing` as `page`; `first` is what it
  /// was sent first (the others present, after the stream's head).
  private func openStream(_ app: ServedApp, drawing: Identifier, page: String) throws -> RawClient {
    try openStreamReading(app, drawing: drawing, page: page).client
  }

  private func openStreamReading(_ app: ServedApp, drawing: Identifier, page: String) throws -> (
    client: RawClient, first: String
  ) {
    let client = try RawClient(port: app.server.port)
    client.send(
      "GET /api/events?drawing=\(drawing)&page=\(page) HTTP/1.1\r\nHost: \(app.host)\r\n"
        + "\(app.credential)\r\n\r\n")
    let first = read(client, until: "retry: 1000")
    #expect(first.contains("retry: 1000"))
    return (client, first)
  }

  /// Reads from a stream until `text` has come, or `seconds` have passed.
  private func read(_ client: RawClient, until text: String, seconds: Double = 10) -> String {
    var received = ""
    let deadline = Date().addingTimeInterval(seconds)
    while !received.contains(text), Date() < deadline {
      guard let more = client.readWhatComes(within: deadline.timeIntervalSinceNow) else { break }
      received += String(decoding: more, as: UTF8.self)
    }
    return received
  }

  /// Posts a presence body; returns the status and the body of the answer.
  private func post(_ app: ServedApp, _ drawing: Identifier, _ body: String) throws -> (
    Int, String
  ) {
    let answer = try app.exchange(
      "POST /api/drawings/\(drawing)/presence HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
        + "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    let text = String(decoding: answer, as: UTF8.self)
    return (statusCode(answer) ?? 0, text)
  }

  /// The data of the first `event: NAME` in what a stream received, as JSON.
  private func event(_ name: String, in received: String) throws -> [String: Any] {
    let block = try #require(
      received.components(separatedBy: "\n\n").first { $0.contains("event: \(name)\n") })
    #expect(!block.contains("id:"), "a presence event carries no id: \(block)")
    let data = try #require(block.split(separator: "\n").first { $0.hasPrefix("data: ") })
    return try #require(
      try JSONSerialization.jsonObject(with: Data(data.dropFirst(6).utf8)) as? [String: Any])
  }

  @Test func aPostReachesTheOtherPagesOfItsDrawingOnlyAndChangesNothingStored() throws {
    let app = try ServedApp()
    let other = try app.store.create(try Plane(title: "Elsewhere"), at: .now).id
    app.store.memory?.waitForThumbnails()
    let hearing = try openStream(app, drawing: app.id, page: "page-bbbbbb")
    let sending = try openStream(app, drawing: app.id, page: "page-aaaaaa")
    let elsewhere = try openStream(app, drawing: other, page: "page-cccccc")
    let before = app.snapshot()
    let version = try app.store.revision(of: app.id).version
    let rectangle = try #require(try app.store.drawing(app.id).plane.rectangles.first).id
    // A name and colour in the body are not the page's to choose.
    let (status, _) = try post(
      app, app.id,
      ##"{"page": "page-aaaaaa", "name": "mallory", "color": "#000000", "##
        + #""pointer": {"x": 12.5, "y": 40}, "selection": ["\#(rectangle)"], "#
        + #""view": {"x": 0, "y": 0, "width": 640, "height": 480}}"#)
    #expect(status == 204)
    let heard = try event("presence", in: read(hearing, until: "event: presence"))
    #expect(heard["page"] as? String == "page-aaaaaa")
    #expect(heard["name"] as? String == "owner")
    // The second page of the name in the drawing: the next colour after the name's own.
    let ownersColor = PresenceBoard.color(for: "owner")
    #expect(heard["color"] as? String == PresenceBoard.color(for: "owner", avoiding: [ownersColor]))
    #expect(heard["color"] as? String != "#000000")
    let pointer = try #require(heard["pointer"] as? [String: Double])
    #expect(pointer == ["x": 12.5, "y": 40])
    #expect(heard["selection"] as? [String] == [rectangle.description])
    let view = try #require(heard["view"] as? [String: Double])
    #expect(view == ["x": 0, "y": 0, "width": 640, "height": 480])
    // Neither the sender nor a page of another drawing hears it.
    #expect(!read(elsewhere, until: "event: presence", seconds: 0.5).contains("event: presence"))
    #expect(!read(sending, until: "event: presence", seconds: 0.1).contains("event: presence"))
    // Nothing stored: no version, no history, not a byte of the store.
    #expect(try app.store.revision(of: app.id).version == version)
    #expect(try app.store.history(of: app.id).versions.count == version)
    #expect(app.snapshot() == before)
    // A page that joins later hears who is there at once.
    let late = try openStreamReading(app, drawing: app.id, page: "page-dddddd")
    let first = late.first + read(late.client, until: "page-aaaaaa")
    #expect(first.contains(#""page": "page-aaaaaa""#) && first.contains("event: presence"))
  }

  @Test func aPageWhoseStreamClosesIsGoneForTheOthersAtOnce() throws {
    let app = try ServedApp()
    let staying = try openStream(app, drawing: app.id, page: "page-stays")
    var leaving: RawClient? = try openStream(app, drawing: app.id, page: "page-leaves")
    #expect(
      try post(app, app.id, #"{"page": "page-leaves", "pointer": {"x": 1, "y": 2}}"#).0 == 204)
    #expect(read(staying, until: "event: presence").contains("page-leaves"))
    leaving = nil
    #expect(leaving == nil)
    let left = try event("presence", in: read(staying, until: #""left": true"#, seconds: 2))
    #expect(left["page"] as? String == "page-leaves" && left["left"] as? Bool == true)
  }

  @Test func aChangeNoPageMadeComesAsTheTerminalsAndOneThroughTheServerDoesNot() throws {
    let app = try ServedApp()
    let stream = try openStream(app, drawing: app.id, page: "page-watch")
    // Through the server, as a page makes it: not the terminal's.
    let version = try app.store.revision(of: app.id).version
    let body = #"{"version": \#(version), "title": "Renamed by a page"}"#
    let rename = try app.exchange(
      "POST /api/drawings/\(app.id)/rename HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
        + "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    #expect(statusCode(rename) == 200)
    // Another process's store, as `drawdoc set` in a terminal.
    try DocumentStore(root: app.folder).update(app.id, at: .now) { drawing in
      try drawing.plane.rename(to: "Renamed in a terminal")
      return .renamed(to: "Renamed in a terminal")
    }
    let received = read(stream, until: "event: terminal")
    let terminal = try event("terminal", in: received)
    #expect(terminal["version"] as? Int == version + 2)
    #expect(terminal["drawing"] as? String == app.id.description)
    #expect(terminal["name"] as? String == "terminal")
    #expect(received.components(separatedBy: "event: terminal").count == 2)
    // The change events keep their ids and order.
    #expect(received.contains("Renamed by a page") && received.contains("id: "))
  }
}
