import DrawdocHTTP
import DrawdocHTTPTestSupport
import DrawdocModel
import DrawdocStore
import DrawdocTestSupport
import DrawdocWeb
import Foundation
import Testing

/// The app behind the real server, through real sockets: hostile requests change nothing in
/// the store (a byte-for-byte snapshot) and the server goes on answering.
final class ServedApp {
  let folder: String
  let store: DocumentStore
  let server: HTTPServer
  let app: WebApp
  let token = DocumentStore.makeAccessToken()
  let id: Identifier

  /// - Parameters:
  ///   - journalEvents: When more than 0, the change journal is replaced by this many
  ///     events before the server starts (a long journal, as a store used for months has).
  ///   - limits: The server's bounds.
  /// - Throws: When the store or the server cannot be made.
  init(
    journalEvents: Int = 0,
    limits: HTTPLimits = HTTPLimits(
      headSeconds: 2, bodySeconds: 2, idleSeconds: 2, trustedConnections: 64)
  ) throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-served-\(UUID().uuidString)").path
    // As `drawdoc serve` makes it: the drawings it changes kept decoded.
    store = try DocumentStore(root: folder, keepingInMemory: DrawingMemory())
    var plane = try Plane(title: "Served")
    var factory = RectangleFactory(seed: 3)
    for _ in 0..<4 { try plane.add(factory.makeRectangle(for: plane)) }
    id = try store.create(plane, at: .now).id
    // Its thumbnail is drawn after the answer: done before anything compares the store.
    store.memory?.waitForThumbnails()
    if journalEvents > 0 {
      var journal: [UInt8] = []
      for sequence in 1...journalEvents {
        journal +=
          StoreEvent(
            sequence: sequence, kind: .changed, id: id, version: 1, time: .now, title: "Served",
            change: "set x of aaa-aaa-aaa"
          ).jsonLine
      }
      try Data(journal).write(to: URL(fileURLWithPath: "\(folder)/changes.log"))
    }
    let store = self.store
    let token = self.token
    let broadcast = try ChangeBroadcast(store: store)
    server = try HTTPServer(port: 0, limits: limits) { port in
      WebApp(store: store, token: token, port: port, broadcast: broadcast)
    }
    app = WebApp(store: store, token: token, port: server.port, broadcast: broadcast)
    server.start()
  }

  deinit {
    server.stop()
    app.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  var host: String { "127.0.0.1:\(server.port)" }
  /// The header field that carries the token.
  var credential: String { "Authorization: Bearer \(token)" }

  /// Every file below the store: relative path → bytes.
  func snapshot() -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      var folderFlag: ObjCBool = false
      let path = "\(folder)/\(relative)"
      if FileManager.default.fileExists(atPath: path, isDirectory: &folderFlag),
        !folderFlag.boolValue
      {
        files[relative] = FileManager.default.contents(atPath: path)
      }
    }
    return files
  }

  func exchange(_ request: String) throws -> [UInt8] {
    let client = try RawClient(port: server.port)
    client.send(request)
    client.finishSending()
    return client.readAll()
  }

  /// Whether a good request is answered 200 within `seconds`, asked again after each 503.
  func answers(within seconds: Double) throws -> Bool {
    try eventually(within: seconds) { try stillAnswers() }
  }

  /// A good request, with the token, answered 200.
  func stillAnswers() throws -> Bool {
    statusCode(
      try exchange(
        "GET /api/drawings HTTP/1.1\r\nHost: \(host)\r\n\(credential)\r\nConnection: close\r\n\r\n"
      )) == 200
  }
}

@Suite(.serialized) struct ServedAppTests {
  @Test func hostileRequestsChangeNothingAndTheServerGoesOn() throws {
    let app = try ServedApp()
    let before = app.snapshot()
    let edits = "/api/drawings/\(app.id)/edits"
    let body = #"{"edits": [{"set": "aaa-aaa-aaa", "to": {"alpha": "2"}}]}"#
    let cases: [(String, String, Int)] = [
      (
        "no token",
        "DELETE /api/drawings/\(app.id) HTTP/1.1\r\nHost: \(app.host)\r\nOrigin: http://\(app.host)\r\n\r\n",
        401
      ),
      (
        "wrong token",
        "DELETE /api/drawings/\(app.id) HTTP/1.1\r\nHost: \(app.host)\r\nAuthorization: Bearer 0000\r\nOrigin: http://\(app.host)\r\n\r\n",
        401
      ),
      (
        "token in a POST address",
        "POST /api/drawings?token=\(app.token) HTTP/1.1\r\nHost: \(app.host)\r\nOrigin: http://\(app.host)\r\nContent-Length: 0\r\n\r\n",
        401
      ),
      (
        "wrong Host",
        "DELETE /api/drawings/\(app.id) HTTP/1.1\r\nHost: attacker.example:\(app.server.port)\r\n\(app.credential)\r\nOrigin: http://attacker.example:\(app.server.port)\r\n\r\n",
        403
      ),
      (
        "cross-origin POST",
        "POST /api/drawings HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\nOrigin: https://evil.example\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}",
        403
      ),
      (
        "a change without Origin",
        "DELETE /api/drawings/\(app.id) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
        403
      ),
      (
        "a change by GET",
        "GET /api/drawings/\(app.id)/undo HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
        405
      ),
      (
        "traversal",
        "GET /assets/../../../etc/passwd HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
        400
      ),
      (
        "encoded traversal",
        "GET /api/drawings/%2e%2e%2f%2e%2e%2fetc HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
        400
      ),
      (
        "backslashes",
        "GET /api\\drawings HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n", 400
      ),
      (
        "a drawing id that is a path",
        "GET /api/drawings/..%5c..%5cetc/svg HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n",
        400
      ),
      ("malformed", "POST \(edits)\r\n\r\n", 400),
      (
        "huge body",
        "POST \(edits) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\nOrigin: http://\(app.host)\r\nContent-Length: \(1 << 30)\r\n\r\n",
        413
      ),
      (
        "truncated body",
        "POST \(edits) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\nOrigin: http://\(app.host)\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count + 40)\r\n\r\n\(body)",
        0
      ),
      (
        "not JSON",
        "POST \(edits) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\nOrigin: http://\(app.host)\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{{{{{",
        400
      ),
      (
        "oversized head",
        "GET / HTTP/1.1\r\nHost: \(app.host)\r\nX: \(String(repeating: "y", count: 17_000))\r\n\r\n",
        431
      ),
    ]
    for (name, request, status) in cases {
      let response = try app.exchange(request)
      #expect(
        statusCode(response) == (status == 0 ? nil : status),
        "\(name): \(String(decoding: response.prefix(300), as: UTF8.self))")
      #expect(try app.stillAnswers(), "\(name)")
    }
    #expect(app.snapshot() == before)
  }

  @Test func aSlowClientAndTwoHundredConnectionsChangeNothingAndTheServerGoesOn() throws {
    // The untrusted head's deadline made 0.5 s (2 s by default).
    let app = try ServedApp(
      limits: HTTPLimits(
        headSeconds: 2, bodySeconds: 2, idleSeconds: 2, untrustedHeadSeconds: 0.5,
        trustedConnections: 64))
    let before = app.snapshot()
    let slow = try RawClient(port: app.server.port)
    for byte in "DELETE /api/drawings/\(app.id) HTTP/1.1\r\n".utf8.prefix(6) {
      slow.send([byte])
      // Kept a sleep: the pace of a slow client, a byte every 0.1 s, is the thing under test.
      Thread.sleep(forTimeInterval: 0.1)
    }
    var clients: [RawClient] = []
    for _ in 0..<200 { clients.append(try RawClient(port: app.server.port)) }
    for client in clients {
      client.send(
        "GET /api/drawings HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\nConnection: close\r\n\r\n"
      )
    }
    let statuses = clients.map { statusCode($0.readAll()) ?? 0 }
    #expect(statuses.allSatisfy { $0 == 200 || $0 == 503 }, "\(Set(statuses))")
    #expect(statusCode(slow.readAll()) == 408)
    clients.removeAll()
    // The connections just closed may still count against the bound of 64 for a moment (the
    // server drains each for up to a second): until then, 503 with Retry-After is its answer.
    #expect(try app.answers(within: 3))
    #expect(app.snapshot() == before)
  }

  @Test func theAppAnswersARequestCarryingCookiesWithItsToken() throws {
    let app = try ServedApp()
    // 240 KB of cookies in sixty fields: dropped unread by the server (its CookieTests).
    let cookies = (0..<60).map { "Cookie: c\($0)=\(String(repeating: "y", count: 4_000))\r\n" }
      .joined()
    let response = try app.exchange(
      "GET /api/drawings HTTP/1.1\r\nHost: \(app.host)\r\n\(cookies)\(app.credential)\r\n"
        + "Connection: close\r\n\r\n")
    #expect(statusCode(response) == 200)
    #expect(String(decoding: response, as: UTF8.self).contains(app.id.description))
  }

  @Test func aRequestWithoutTheTokenIsRefusedBeforeItsBodyIsRead() throws {
    let app = try ServedApp()
    let client = try RawClient(port: app.server.port)
    // 50 MiB announced, nothing sent: the refusal comes at once, from the head.
    client.send(
      "POST /api/drawings HTTP/1.1\r\nHost: \(app.host)\r\nOrigin: http://\(app.host)\r\n"
        + "Content-Type: application/json\r\nContent-Length: \(50 << 20)\r\n\r\n")
    let response = try #require(client.readResponse())
    #expect(response.status == 401)
    let wrongHost = try RawClient(port: app.server.port)
    wrongHost.send(
      "PUT /api/drawings HTTP/1.1\r\nHost: evil.example\r\nContent-Length: \(50 << 20)\r\n\r\n")
    #expect(try #require(wrongHost.readResponse()).status == 403)
  }

  @Test func everyMethodOnEveryRouteIsAnsweredAndNoneStopsTheServer() throws {
    let app = try ServedApp()
    let before = app.snapshot()
    let paths = [
      "/", "/api", "/api/drawings", "/api/drawings/\(app.id)", "/api/drawings/\(app.id)/svg",
      "/api/drawings/\(app.id)/rectangles", "/api/drawings/\(app.id)/rectangles/aaa-aaa-aaa",
      "/api/drawings/\(app.id)/edits", "/api/drawings/\(app.id)/x/y/z",
      "/api/trash", "/api/trash/\(app.id)", "/api/trash/\(app.id)/restore", "/api/events/x",
      "/assets", "/assets/x/y", "/drawings", "/drawings/\(app.id)/more", "/api/drawings/nope",
      "/api/drawings/\(app.id)/history", "/api/drawings/\(app.id)/versions/1",
      "/api/drawings/\(app.id)/versions/x", "/api/drawings/\(app.id)/restore",
    ]
    for method in ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] {
      for path in paths {
        let client = try RawClient(port: app.server.port)
        client.send(
          "\(method) \(path) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
            + "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
            + "Content-Length: 2\r\nConnection: close\r\n\r\n{}")
        let status = statusCode(client.readAll()) ?? 0
        #expect((200..<600).contains(status), "\(method) \(path)")
        #expect(try app.stillAnswers(), "\(method) \(path)")
      }
    }
    // The requests that may change something did (DELETE moved the drawing to the trash);
    // the store is whole: the drawing is in the trash, with its history.
    let after = app.snapshot()
    #expect(before["drawings/\(app.id).svg"] == after["trash/\(app.id).svg"])
    #expect(after["history/\(app.id)/versions.log"] != nil)
  }

  @Test func stalledClientsDoNotHoldUpOthers() throws {
    let app = try ServedApp()
    var stalled: [RawClient] = []
    for _ in 0..<40 {
      let client = try RawClient(port: app.server.port)
      client.send("G")
      stalled.append(client)
    }
    let started = Date()
    #expect(try app.stillAnswers())
    // The loop waits on no client: the answer does not wait for the stalled ones' timeouts.
    #expect(Date().timeIntervalSince(started) < 1.5)
    stalled.removeAll()
  }

  @Test func aPageHearsAChangeMadeElsewhereThroughTheEventStream() throws {
    let app = try ServedApp()
    let sequence = try app.store.lastSequence()
    let client = try RawClient(port: app.server.port)
    client.send(
      "GET /api/events?since=\(sequence) HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n\r\n"
    )
    try app.store.update(app.id, at: .now) { drawing in
      drawing.plane.removeAll()
      return .cleared(count: 4)
    }
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    let deadline = Date().addingTimeInterval(5)
    while !String(decoding: received, as: UTF8.self).contains("cleared 4 rectangles"),
      Date() < deadline
    {
      let count = chunk.withUnsafeMutableBytes {
        recv(client.descriptor, $0.baseAddress, $0.count, 0)
      }
      if count <= 0 { break }
      received += chunk[..<count]
    }
    let text = String(decoding: received, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
    #expect(text.contains("Content-Type: text/event-stream"))
    #expect(
      text.contains(
        "id: \(sequence + 1)\nevent: change\ndata: {\"sequence\": \(sequence + 1), \"event\": \"changed\""
      ))
  }
}
