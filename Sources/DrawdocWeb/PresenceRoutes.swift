import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// Presence (`POST /api/drawings/ID/presence`, ``PresenceBoard``) and the noting of the
/// changes the routes make (``ChangeOrigins``), so that the others' show as the terminal's.
extension Routes {
  /// Hears the store's changes that no route made, and tells the pages of their drawings.
  func followOrigins() {
    let presence = self.presence
    let origins = self.origins
    broadcast.listen { events in
      for event in origins.take(events) { presence.terminalChanged(event) }
    }
  }

  /// The answer to `POST /api/drawings/ID/presence`: 204, or an error; nothing is stored, so
  /// the route does not change the store (``Route/changesStore``), nor wakes the change follower.
  func presence(_ match: RouteMatch) throws -> HTTPResponse {
    let drawing = try match.drawing()
    let update = try PresenceUpdate(match.request)
    if update.leave {
      presence.leave(drawing: drawing, page: update.page, visitor: match.visitor)
    } else {
      try presence.post(update, drawing: drawing, visitor: match.visitor)
    }
    return HTTPResponse(status: .noContent)
  }

  /// Answers a request that may change the store, noting the changes it makes as the pages'.
  func claiming(_ request: HTTPRequest, _ answer: () -> HTTPResponse) -> HTTPResponse {
    let path = request.pathSegments
    // A copy is a new drawing: its route may change any.
    let drawing =
      path.count >= 3 && path[0] == "api" && path[1] == "drawings"
        && path.dropFirst(3).first != "duplicate"
      ? try? Identifier(path[2]) : nil
    let claim = origins.begin(drawing: drawing, after: (try? store.lastSequence()) ?? 0)
    let response = answer()
    // Unreadable now (rare): the claim covers nothing, and its change shows as the terminal's.
    for event in origins.end(claim, through: (try? store.lastSequence()) ?? 0) {
      presence.terminalChanged(event)
    }
    return response
  }
}
