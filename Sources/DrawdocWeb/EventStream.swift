import DrawdocEditing
import DrawdocHTTP

/// `GET /api/events`: the store's changes as Server-Sent Events, one per change, from any
/// process, in the store's order, through the server's one ``ChangeBroadcast``. Each event's
/// `id` is its sequence, so a page that loses the connection comes back with `Last-Event-ID`
/// (or `?since=N`, for a page that read the store at sequence N) and misses nothing; when the
/// events it missed are no longer kept in memory, it gets one `reload` event instead.
enum EventStream {
  static func response(broadcast: ChangeBroadcast, request: HTTPRequest, visitor: Visitor)
    -> HTTPResponse
  {
    let since: Int?
    do {
      since = try (request.headers["Last-Event-ID"] ?? request.query["since"]).map {
        (text) throws(InvalidValue) in
        try UserValue.count(text, field: "since", range: 0...Int.max)
      }
    } catch {
      return WebError(error).response
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/event-stream")
    return HTTPResponse(
      status: .ok, headers: headers,
      body: .stream(open: { stream in broadcast.add(stream, since: since, visitor: visitor) }))
  }
}
