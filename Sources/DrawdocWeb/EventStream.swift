import DrawdocEditing
import DrawdocHTTP
import DrawdocStore
import DrawdocSystem

/// `GET /api/events`: the store's changes as Server-Sent Events, one per change, from any
/// process, in the store's order. Each event's `id` is its sequence, so a page that loses the
/// connection comes back with `Last-Event-ID` and misses nothing; `?since=N` does the same for
/// a page that read the store at sequence N.
enum EventStream {
  /// How long a quiet stream waits before a comment line keeps it open (and finds a page that
  /// has gone).
  static let keepAliveSeconds = 15.0

  static func response(store: DocumentStore, request: HTTPRequest) -> HTTPResponse {
    let since: Int?
    do {
      since = try (request.headers["Last-Event-ID"] ?? request.query["since"]).map {
        (text) throws(InvalidValue) in
        try UserValue.count(text, field: "since", range: 0...Int.max)
      }
    } catch {
      return WebError(error).response
    }
    let follower: ChangeFollower
    do {
      follower = try ChangeFollower(store: store, after: since)
    } catch {
      return WebError(error).response
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/event-stream")
    return HTTPResponse(
      status: .ok, headers: headers,
      body: .stream { stream in
        // `open` must not wait: the follower waits on a thread of its own, which ends when
        // the stream closes (the client went away, or the server stopped).
        stream.onClose { follower.stop() }
        let thread = SystemThread.start(detached: true, stackSize: 512 << 10) {
          follow(follower, into: stream)
        }
        if thread == nil { stream.close() }
      })
  }

  /// Sends the follower's events into the stream until it closes.
  private static func follow(_ follower: ChangeFollower, into stream: HTTPStream) {
    guard stream.send(Array("retry: 1000\n\n".utf8)) else { return }
    while !follower.isStopped {
      var text = ""
      do {
        let events = try follower.next(timeout: keepAliveSeconds)
        if events.isEmpty { text = ": still here\n\n" }
        for event in events {
          text += "id: \(event.sequence)\nevent: change\ndata: "
          text += String(decoding: event.jsonLine.dropLast(), as: UTF8.self) + "\n\n"
        }
      } catch {
        // Events were dropped before this page read them: it reloads what it shows.
        switch error {
        case StoreError.eventsNoLongerKept, StoreError.journalRestarted: break
        default:
          stream.close()
          return
        }
        text = "event: reload\ndata: {}\n\n"
      }
      guard stream.send(Array(text.utf8)) else { return }
    }
  }
}
