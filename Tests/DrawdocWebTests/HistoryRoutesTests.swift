import DrawdocHTTPTestSupport
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

/// The history routes, which the editor's history panel uses, through the real server.
@Suite(.serialized) struct HistoryRoutesTests {
  /// A drawing with three versions: as created (4 rectangles), one set, then cleared.
  private func servedWithHistory() throws -> ServedApp {
    let app = try ServedApp()
    try app.store.update(app.id, at: .now) { drawing in
      let first = try #require(drawing.plane.rectangles.first)
      try drawing.plane.updateAlpha(of: first.id, to: try Alpha(level: 9))
      return .set([.alpha], of: first.id)
    }
    try app.store.update(app.id, at: .now) { drawing in
      drawing.plane.removeAll()
      return .cleared(count: 4)
    }
    // Their thumbnails are drawn after the commit: done before anything compares the store.
    app.store.memory?.waitForThumbnails()
    return app
  }

  @Test func theHistoryIsWhatTheStoreKeepsNewestFirst() throws {
    let app = try servedWithHistory()
    let response = try app.request("GET", "/api/drawings/\(app.id)/history")
    #expect(response.status == 200)
    #expect(response.head.contains("Content-Type: application/json"))
    let body = try app.object(response.body)
    let history = try app.store.history(of: app.id)
    #expect(body["id"] as? String == app.id.description)
    #expect(body["title"] as? String == "Served")
    #expect(body["undo"] is [String: Any])
    let versions = try #require(body["versions"] as? [[String: Any]])
    #expect(versions.compactMap { $0["version"] as? Int } == [3, 2, 1])
    #expect(versions.compactMap { $0["rectangles"] as? Int } == [0, 4, 4])
    #expect(versions.compactMap { $0["change"] as? String } == history.versions.map(\.change))
    #expect(
      versions.compactMap { $0["time"] as? String } == history.versions.map(\.time.description))
    #expect(versions.first?["change"] as? String == "cleared 4 rectangles")
  }

  @Test func aVersionIsItsSVGFileAsTheSVGRouteServedIt() throws {
    let app = try ServedApp()
    let first = try app.request("GET", "/api/drawings/\(app.id)/svg")
    try app.store.update(app.id, at: .now) { drawing in
      drawing.plane.removeAll()
      return .cleared(count: 4)
    }
    let old = try app.request("GET", "/api/drawings/\(app.id)/versions/1")
    #expect(old.status == 200)
    #expect(old.head.contains("Content-Type: image/svg+xml"))
    #expect(old.body == first.body)
    // What `drawdoc export --at 1` writes, as the export route makes it.
    #expect(old.body == (try app.request("GET", "/api/drawings/\(app.id)/export?version=1")).body)
    let current = try app.request("GET", "/api/drawings/\(app.id)/versions/2")
    #expect(current.body == (try app.request("GET", "/api/drawings/\(app.id)/svg")).body)
    #expect(current.body != first.body)
  }

  @Test func restoringMakesANewVersionThatEqualsTheOldOne() throws {
    let app = try servedWithHistory()
    let response = try app.request(
      "POST", "/api/drawings/\(app.id)/restore", json: #"{"version": 1}"#)
    #expect(response.status == 200)
    let body = try app.object(response.body)
    #expect(body["version"] as? Int == 4)
    #expect(body["change"] as? String == "restored version 1")
    let history = try app.store.history(of: app.id)
    #expect(history.versions.first?.number == 4)
    #expect(history.versions.first?.change == "restored version 1")
    #expect(try app.store.drawing(app.id).plane == app.store.drawing(app.id, version: 1).plane)
    #expect(try app.store.drawing(app.id, version: 4).plane.count == 4)
    // The version as text too: restoring version 3 clears the drawing again.
    let again = try app.request(
      "POST", "/api/drawings/\(app.id)/restore", json: #"{"version": "3"}"#)
    #expect(try app.object(again.body)["version"] as? Int == 5)
    #expect(try app.store.drawing(app.id).plane.count == 0)
  }

  @Test func restoringTheCurrentVersionWritesNothing() throws {
    let app = try servedWithHistory()
    let response = try app.request(
      "POST", "/api/drawings/\(app.id)/restore", json: #"{"version": 3}"#)
    #expect(response.status == 200)
    let body = try app.object(response.body)
    #expect(body["version"] as? Int == 3)
    #expect(body["change"] is NSNull)
    #expect(try app.store.history(of: app.id).versions.count == 3)
  }

  @Test(arguments: [
    ("GET", "history", nil), ("GET", "versions/1", nil), ("POST", "restore", #"{"version": 1}"#),
  ])
  func anUnknownDrawingIsNotFound(method: String, path: String, json: String?) throws {
    let app = try ServedApp()
    let response = try app.request(method, "/api/drawings/zzz-zzz-zzz/\(path)", json: json)
    #expect(response.status == 404)
    let error = try #require(try app.object(response.body)["error"] as? String)
    #expect(error.hasPrefix("no drawing has the id or title 'zzz-zzz-zzz'"), "\(error)")
  }

  @Test func aVersionTheHistoryDoesNotKeepIsNotFound() throws {
    let app = try servedWithHistory()
    let before = app.snapshot()
    for (method, path, json) in [
      ("GET", "versions/4", nil), ("GET", "versions/999999", nil),
      ("POST", "restore", #"{"version": 9}"#),
    ] {
      let response = try app.request(method, "/api/drawings/\(app.id)/\(path)", json: json)
      #expect(response.status == 404, "\(method) \(path)")
      let error = try #require(try app.object(response.body)["error"] as? String)
      #expect(error.contains("version"), "\(error)")
    }
    #expect(app.snapshot() == before)
  }

  @Test func aBadVersionIsRefusedWithTheCommandLinesMessage() throws {
    let app = try servedWithHistory()
    let before = app.snapshot()
    let expected =
      "expected a version number, a whole number from 1 ('drawdoc history DOC' lists them)"
    for (method, path, json) in [
      ("GET", "versions/abc", nil), ("GET", "versions/0", nil), ("GET", "versions/-1", nil),
      ("GET", "versions/1.5", nil), ("POST", "restore", #"{"version": "x"}"#),
      ("POST", "restore", #"{"version": 0}"#),
    ] {
      let response = try app.request(method, "/api/drawings/\(app.id)/\(path)", json: json)
      #expect(response.status == 400, "\(method) \(path) \(json ?? "")")
      let error = try #require(try app.object(response.body)["error"] as? String)
      #expect(error.hasSuffix(expected), "\(error)")
    }
    let missing = try app.request("POST", "/api/drawings/\(app.id)/restore", json: "{}")
    #expect(missing.status == 400)
    #expect(
      try app.object(missing.body)["error"] as? String
        == #"give the version to restore ("version")"#)
    #expect(app.snapshot() == before)
  }

  @Test func theRoutesAreBehindTheGate() throws {
    let app = try servedWithHistory()
    let before = app.snapshot()
    for (method, path) in [("GET", "history"), ("GET", "versions/1"), ("POST", "restore")] {
      let client = try RawClient(port: app.server.port)
      client.send(
        "\(method) /api/drawings/\(app.id)/\(path) HTTP/1.1\r\nHost: \(app.host)\r\n"
          + "Origin: http://\(app.host)\r\nContent-Type: application/json\r\n"
          + "Content-Length: 14\r\nConnection: close\r\n\r\n{\"version\": 1}")
      #expect(try #require(client.readResponse()).status == 401, "\(method) \(path)")
    }
    // A restore without this server's Origin changes nothing either.
    let client = try RawClient(port: app.server.port)
    client.send(
      "POST /api/drawings/\(app.id)/restore HTTP/1.1\r\nHost: \(app.host)\r\n\(app.credential)\r\n"
        + "Content-Type: application/json\r\nContent-Length: 14\r\nConnection: close\r\n\r\n"
        + "{\"version\": 1}")
    #expect(try #require(client.readResponse()).status == 403)
    #expect(app.snapshot() == before)
  }
}

extension ServedApp {
  /// A request as a page of this server sends it (token, and Origin for a change), answered
  /// with a Content-Length body.
  func request(_ method: String, _ path: String, json: String? = nil) throws -> (
    status: Int, head: String, body: [UInt8]
  ) {
    let client = try RawClient(port: server.port)
    let body = json ?? ""
    var head = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\n\(credential)\r\n"
    if method != "GET" { head += "Origin: http://\(host)\r\n" }
    if json != nil { head += "Content-Type: application/json\r\n" }
    client.send(head + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    return try #require(client.readResponse())
  }

  /// A JSON object's members.
  func object(_ body: [UInt8]) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
  }
}
