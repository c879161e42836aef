import DrawdocHTTP

/// The one layer every request passes before any route sees it (the server's own bounds on
/// sizes and times come before):
///
/// - the Host must name this server on the loopback address (against DNS rebinding);
/// - the page shells — the two pages, their styles and scripts, which hold no data — are
///   served to anyone who gets that far, and so is the server's proof that it holds the token
///   (``ServerProof``), which a page asks for before it sends the token; everything else under
///   `/api/` needs the access token in
///   `Authorization: Bearer …`, which a page of this origin keeps in its `localStorage` (a
///   browser keeps that per scheme, host and port, so no page served by another port can read
///   it, and no browser sends it by itself, as it would a cookie);
/// - a request that changes anything must be POST, PUT, PATCH or DELETE and come from a page of
///   this server (its Origin).
///
/// Every response gets the headers that keep pages to what this server sends.
struct AccessGate: HTTPResponder {
  let token: String
  let port: UInt16
  let routes: any VisitorResponder
  /// The door on the network, when the server listens there in TLS.
  var network: NetworkAccess? = nil

  /// The origins of this server's pages.
  var origins: Set<String> { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  /// What the gate decided for a request.
  enum Admission {
    /// Answered by the gate itself.
    case refused(HTTPResponse)
    /// A page shell, a public download: no credential needed, no data given.
    case open
    /// The server's proof (loopback only).
    case proof
    /// Pairing a device with a code (network only): no credential needed.
    case pairing
    /// Let through, from this visitor.
    case visitor(Visitor)
  }

  func respond(to request: HTTPRequest) -> HTTPResponse {
    switch admission(request, fresh: true) {
    case .refused(let refusal): return secured(refusal)
    case .proof: return secured(ServerProof.response(to: request, token: token, port: port))
    case .pairing:
      guard let network else { return secured(WebError.notFound(request).response) }
      return secured(PairingRoute.respond(to: request, network: network))
    case .open: return secured(routes.respond(to: request, as: .owner))
    case .visitor(let visitor): return secured(routes.respond(to: request, as: visitor))
    }
  }

  /// The routes' estimate, for a request the gate lets through; nothing for one it refuses.
  func memoryEstimate(of request: HTTPRequest) -> Int {
    // The head was let through already; this only asks whether it still is, without noting
    // the device's visit a second time (``respond(to:)`` does, right after).
    if case .refused = admission(request, fresh: false) { return 0 }
    return routes.memoryEstimate(of: request)
  }

  /// The same checks on the head alone, before the server reads a body.
  func admit(_ head: HTTPRequest) -> HTTPResponse? {
    if case .refused(let refusal) = admission(head, fresh: false) { return secured(refusal) }
    return nil
  }

  /// Whether the request carries a credential this server takes: its connection is then one
  /// the server keeps room for.
  func isCredentialed(_ head: HTTPRequest) -> Bool {
    guard let offered = bearer(head) else { return false }
    if head.connection.isSecure {
      return network?.visitor(forToken: offered, from: head.connection.peer, fresh: false) != nil
    }
    return Self.same(offered, token)
  }

  var headersForEveryResponse: HTTPHeaders { HTTPHeaders(Self.headers) }

  private func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    for (name, value) in Self.headers { response.headers.add(name, value) }
    if network != nil {
      // Pages of the network side are HTTPS only, for a year; loopback stays plain.
      response.headers.add("Strict-Transport-Security", "max-age=31536000")
    }
    return response
  }

  /// What to do with a request; `fresh` on a worker (see ``NetworkAccess``), not on the loop.
  func admission(_ request: HTTPRequest, fresh: Bool) -> Admission {
    if request.connection.isSecure { return networkAdmission(request, fresh: fresh) }
    let host = request.headers["Host"]?.lowercased() ?? ""
    guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
      return .refused(
        WebError.refused(
          .forbidden,
          "this server answers only to 127.0.0.1:\(port) and localhost:\(port), not '\(host)'"
        ).response)
    }
    if let refusal = Self.methodRefusal(request) { return .refused(refusal) }
    let safe = Self.isSafe(request)
    if safe && Self.isProof(request) { return .proof }
    if safe && Self.isShell(request.pathSegments) { return .open }
    guard isCredentialed(request) else {
      if Self.wantsPage(request) { return .refused(Page.getIn) }
      return .refused(
        WebError.refused(
          .unauthorized,
          bearer(request) == nil
            ? "this request needs the access token (Authorization: Bearer …): open the address "
              + "'drawdoc serve' printed, whose page keeps it"
            : "the access token is not this server's: open the address 'drawdoc serve' printed "
              + "(the token changes with 'drawdoc serve --new-token')"
        ).response)
    }
    if !safe {
      guard let origin = request.headers["Origin"], origins.contains(origin.lowercased()) else {
        return .refused(
          WebError.refused(
            .forbidden,
            "a change must come from a page of this server (its Origin), not another site"
          ).response)
      }
    }
    return .visitor(.owner)
  }

  static func isSafe(_ request: HTTPRequest) -> Bool { ["GET", "HEAD"].contains(request.method) }

  /// A refusal of a method the server takes for nothing.
  static func methodRefusal(_ request: HTTPRequest) -> HTTPResponse? {
    guard !isSafe(request), !["POST", "PUT", "PATCH", "DELETE"].contains(request.method) else {
      return nil
    }
    return WebError.refused(
      .methodNotAllowed, "\(request.method) is not a method this server takes"
    ).response
  }

  /// The page shells: they hold no data, so anyone who reaches the server may load them (the
  /// page then asks for the token it keeps, or says how to get in).
  static func isShell(_ path: [String]) -> Bool {
    Routes.table.access("GET", path) == .open
  }

  /// Whether the request asks for the server's proof (`GET /api/proof`).
  static func isProof(_ request: HTTPRequest) -> Bool {
    isSafe(request) && Routes.table.access("GET", request.pathSegments) == .proof
  }

  /// Whether a browser navigated here (it asks for HTML), so a refusal is a page, not JSON.
  static func wantsPage(_ request: HTTPRequest) -> Bool {
    request.headers.values("Accept").contains { $0.lowercased().contains("text/html") }
  }

  /// The token of `Authorization: Bearer TOKEN`, when the request has exactly one such field.
  func bearer(_ request: HTTPRequest) -> String? {
    let fields = request.headers.values("Authorization")
    guard fields.count == 1 else { return nil }
    let parts = fields[0].split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
    return String(parts[1])
  }

  /// Compares in time that does not depend on where the strings differ.
  static func same(_ left: String, _ right: String) -> Bool {
    let a = Array(left.utf8)
    let b = Array(right.utf8)
    var difference = UInt8(a.count == b.count ? 0 : 1)
    for index in 0..<min(a.count, b.count) { difference |= a[index] ^ b[index] }
    return difference == 0
  }

  /// Pages use only what this server sends: no remote script, style, picture or connection.
  static let headers: [(String, String)] = [
    (
      "Content-Security-Policy",
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; "
        + "connect-src 'self'; manifest-src 'self'; form-action 'self'; base-uri 'none'; "
        + "frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
  ]
}
