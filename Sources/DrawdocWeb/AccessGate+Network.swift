import DrawdocHTTP
import DrawdocModel

/// The gate's rules for requests that came in TLS, on the network side:
///
/// - the Host must be one of the names the certificate covers, on a TLS listener's port;
/// - the page shells, the pairing page and its downloads (the authority's certificate and
///   profile) need nothing; pairing a device (`POST /api/pair`) needs a code, not a token;
/// - everything else needs a paired device's token or a shared link's, never the store's own
///   (which stays on this machine); the server's proof is not offered (TLS proves the server);
/// - a device may do everything but manage devices, links and syncs; a link opens its drawing
///   only, to edit or only to view;
/// - a change must come from a page of this server (its `https://` Origin).
extension AccessGate {
  func networkAdmission(_ request: HTTPRequest, fresh: Bool) -> Admission {
    guard let network else {
      return .refused(
        WebError.refused(.forbidden, "this server does not serve the network").response)
    }
    let host = request.headers["Host"]?.lowercased() ?? ""
    guard network.accepts(host: host) else {
      return .refused(
        WebError.refused(
          .forbidden,
          "this server answers on the network only to the names its certificate covers ("
            + network.hosts.sorted().joined(separator: ", ") + "), not '\(host)'"
        ).response)
    }
    if let refusal = Self.methodRefusal(request) { return .refused(refusal) }
    if Self.isProof(request) {
      return .refused(
        WebError.refused(
          .notFound,
          "the server's proof is for the pages of its own machine: on the network, TLS proves "
            + "the server"
        ).response)
    }
    let safe = Self.isSafe(request)
    let path = request.pathSegments
    if safe && (Self.isShell(path) || PairingRoute.isPublic(path)) {
      return PairingRoute.isPublic(path) ? .pairing : .open
    }
    if !safe, let refusal = originRefusal(request, network) { return .refused(refusal) }
    if !safe && Routes.table.access(request.method, path) == .pairing { return .pairing }
    let offered = bearer(request)
    let visitor = offered.flatMap {
      network.visitor(forToken: $0, from: request.connection.peer, fresh: fresh)
    }
    guard let visitor else {
      if safe && Self.wantsPage(request) { return .refused(Page.getIn) }
      return .refused(
        WebError.refused(
          .unauthorized,
          bearer(request) == nil
            ? "this request needs a paired device's token or a shared link: pair this device "
              + "with the code 'drawdoc serve --lan' shows, or open the link you were given"
            : "this device or link is not paired with this server, or was taken out: pair it "
              + "again with a new code ('drawdoc devices pair')"
        ).response)
    }
    if let refusal = Self.scopeRefusal(request, of: visitor) { return .refused(refusal) }
    return .visitor(visitor)
  }

  private func originRefusal(_ request: HTTPRequest, _ network: NetworkAccess) -> HTTPResponse? {
    guard let origin = request.headers["Origin"], network.accepts(origin: origin.lowercased())
    else {
      return WebError.refused(
        .forbidden, "a change must come from a page of this server (its Origin), not another site"
      ).response
    }
    return nil
  }

  /// What a device or a link may not do, by the scope of the request's route
  /// (``Route/scope``).
  static func scopeRefusal(_ request: HTTPRequest, of visitor: Visitor) -> HTTPResponse? {
    let found = Routes.table.route(request.method, request.pathSegments)
    switch visitor.access {
    case .owner: return nil
    case .device:
      guard found?.route.scope == .owner else { return nil }
      return WebError.refused(
        .forbidden,
        "devices, links and syncs are managed on the machine that serves, not from a device"
      ).response
    case .link(_, let drawing, let canEdit):
      return linkRefusal(found, drawing: drawing, canEdit: canEdit)
    }
  }

  /// A link opens its drawing and nothing else: reading it, its history and exports, the
  /// event stream and presence; with an edit link, its changes too.
  private static func linkRefusal(
    _ found: (route: Route, values: [String: String])?, drawing: Identifier, canEdit: Bool
  ) -> HTTPResponse? {
    let scope = found?.route.scope
    if scope == .links { return nil }
    let itsDrawing =
      found.map {
        $0.route.pattern.hasPrefix("/api/drawings/ID") && $0.values["ID"] == drawing.description
      }
      ?? false
    guard itsDrawing else {
      return WebError.refused(
        .forbidden, "this link opens one drawing (\(drawing)) and nothing else"
      ).response
    }
    if scope == .linkedDrawing || (scope == .linkedDrawingEdit && canEdit) { return nil }
    guard canEdit else {
      return WebError.refused(
        .forbidden, "this link opens the drawing to view only: changes are refused"
      ).response
    }
    return WebError.refused(
      .forbidden, "this link may change the drawing's rectangles, not the drawing itself"
    ).response
  }
}
