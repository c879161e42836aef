import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// `GET /api/events`: the store's changes as Server-Sent Events, one per change, from any
/// process, in the store's order, through the server's one ``ChangeBroadcast``. Each event's
/// `id` is its sequence, so a page that loses the connection comes back with `Last-Event-ID`
/// (or `?since=N`, for a page that read the store at sequence N) and misses nothing; when the
/// events it missed are no longer kept in memory, it gets one `reload` event instead.
///
/// An editor page adds `drawing=ID&page=PAGE` (its own random id): it is then present in that
/// drawing while the stream is open, and hears the others' presence on it (``PresenceBoard``).
enum EventStream {
  static func response(
    broadcast: ChangeBroadcast, presence: PresenceBoard, visitor: Visitor, request: HTTPRequest
  ) -> HTTPResponse {
    let since: Int?
    let present: (drawing: Identifier, page: String)?
    do {
      since = try (request.headers["Last-Event-ID"] ?? request.query["since"]).map {
        (text) throws(InvalidValue) in
        try UserValue.count(text, field: "since", range: 0...Int.max)
      }
      present = try presentPage(request.query)
      // A link's visitor is present in its own drawing only.
      if let linked = visitor.linkedDrawing, let present, present.drawing != linked {
        throw WebError(
          status: .forbidden, message: "this link opens one drawing (\(linked)) and nothing else")
      }
    } catch {
      return WebError(error).response
    }
    // Read here, on the worker: `open` runs on the server's event loop.
    let journalEnd = broadcast.journalEnd(for: since)
    var headers = HTTPHeaders()
    headers.add("Content-Type", "text/event-stream")
    return HTTPResponse(
      status: .ok, headers: headers,
      body: .stream(open: { stream in
        broadcast.add(stream, since: since, visitor: visitor, journalEnd: journalEnd)
        if let present {
          presence.join(stream, drawing: present.drawing, page: present.page, visitor: visitor)
        }
      }))
  }

  /// The drawing and page of `?drawing=ID&page=PAGE`: both, or neither.
  private static func presentPage(_ query: [String: String]) throws -> (Identifier, String)? {
    guard query["drawing"] != nil || query["page"] != nil else { return nil }
    let drawing = try UserValue.identifier(query["drawing"] ?? "", field: "drawing")
    guard let page = query["page"], PresenceUpdate.isPageId(page) else {
      throw WebError(
        status: .badRequest,
        message: "page must come with drawing: the page's id, 8 to 64 letters, digits, - or _")
    }
    return (drawing, page)
  }
}
