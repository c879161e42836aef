import DrawdocEditing
import DrawdocHTTP

/// The one layer every request passes before any route sees it (the server's own bounds on
/// sizes and times come before): the Host must name this server on the loopback address
/// (against DNS rebinding); the request must carry the access token, once in the address and
/// then in an HttpOnly, SameSite=Strict cookie; a request that changes anything must be POST,
/// PUT, PATCH or DELETE from a page of this server (its Origin). Every response gets the
/// headers that keep pages to what this server sends.
struct AccessGate: HTTPResponder {
  let token: String
  let port: UInt16
  let routes: any HTTPResponder

  /// The name of the cookie that carries the token: one per port, as cookies do not tell
  /// ports apart.
  var cookieName: String { "drawdoc_\(port)" }

  /// The origins of this server's pages.
  var origins: Set<String> { ["http://127.0.0.1:\(port)", "http://localhost:\(port)"] }

  func respond(to request: HTTPRequest) -> HTTPResponse {
    secured(refusal(request) ?? routes.respond(to: request))
  }

  /// The same checks on the head alone, before the server reads a body.
  func admit(_ head: HTTPRequest) -> HTTPResponse? {
    refusal(head).map(secured)
  }

  /// Whether the request carries the token in its cookie: its connection is then trusted.
  func isCredentialed(_ head: HTTPRequest) -> Bool {
    guard let cookie = cookieValue(head) else { return false }
    return Self.same(cookie, token)
  }

  /// The server's own answers carry the same header fields as the app's.
  var headersForEveryResponse: HTTPHeaders { HTTPHeaders(Self.headers) }

  private func secured(_ response: HTTPResponse) -> HTTPResponse {
    var response = response
    for (name, value) in Self.headers { response.headers.add(name, value) }
    return response
  }

  /// A refusal, or `nil` to let the request through.
  private func refusal(_ request: HTTPRequest) -> HTTPResponse? {
    let host = request.headers["Host"]?.lowercased() ?? ""
    guard host == "127.0.0.1:\(port)" || host == "localhost:\(port)" else {
      return WebError.refused(
        .forbidden,
        "this server answers only to 127.0.0.1:\(port) and localhost:\(port), not '\(host)'"
      ).response
    }
    let safe = ["GET", "HEAD"].contains(request.method)
    guard safe || ["POST", "PUT", "PATCH", "DELETE"].contains(request.method) else {
      return WebError.refused(
        .methodNotAllowed, "\(request.method) is not a method this server takes"
      )
      .response
    }
    if let offered = request.query["token"] {
      guard safe, Self.same(offered, token) else {
        return WebError.refused(
          .unauthorized,
          "the token in the address is not this server's: use the address 'drawdoc serve' printed"
        ).response
      }
      // The token leaves the address for a cookie that only this server's pages send. The
      // page then goes on by itself: a navigation it starts is same-site, so the strict
      // cookie goes with it, where a redirect of the first (cross-site) one would not.
      var headers = HTTPHeaders()
      headers.add("Set-Cookie", "\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
      headers.add("Content-Type", "text/html; charset=utf-8")
      return HTTPResponse(
        status: .ok, headers: headers, body: .bytes(HandoffPage.html(leadingTo: request.path)))
    }
    guard let cookie = cookieValue(request), Self.same(cookie, token) else {
      return WebError.refused(
        .unauthorized,
        "open the address 'drawdoc serve' printed (it holds the access token) to use this server"
      )
      .response
    }
    if !safe {
      guard let origin = request.headers["Origin"], origins.contains(origin.lowercased()) else {
        return WebError.refused(
          .forbidden, "a change must come from a page of this server (its Origin), not another site"
        ).response
      }
    }
    return nil
  }

  private func cookieValue(_ request: HTTPRequest) -> String? {
    for header in request.headers.values("Cookie") {
      for pair in header.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2 else { continue }
        if parts[0].trimmingCharacters(in: " ") == cookieName {
          return String(parts[1].trimmingCharacters(in: " "))
        }
      }
    }
    return nil
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
        + "connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
    ),
    ("X-Content-Type-Options", "nosniff"),
    ("Referrer-Policy", "no-referrer"),
    ("Cache-Control", "no-store"),
    ("Cross-Origin-Opener-Policy", "same-origin"),
    ("Cross-Origin-Resource-Policy", "same-origin"),
  ]
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in blank: Character) -> Substring {
    var text = Substring(self)
    while text.first == blank { text = text.dropFirst() }
    while text.last == blank { text = text.dropLast() }
    return text
  }
}
