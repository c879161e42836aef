import DrawdocHTTP
import DrawdocModel
import Foundation
import Testing

@testable import DrawdocWeb

/// The one table of routes: what docs/serve.md promises clients, and how a path or a method
/// that no route has is answered.
@Suite struct RouteTableTests {
  /// The method and path of every row of docs/serve.md's tables that starts with a method,
  /// without the query (`/api/events?since=N` is `/api/events`).
  static func documentedRoutes() throws -> [String] {
    let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("docs/serve.md")
    let text = try String(contentsOf: docs, encoding: .utf8)
    return text.split(separator: "\n").compactMap { line in
      guard
        let row = line.firstMatch(
          of: #/^\| (GET|POST|PATCH|PUT|DELETE|HEAD) \| `(/[^`?]*)[^`]*` \|/#)
      else { return nil }
      return "\(row.output.1) \(row.output.2)"
    }
  }

  @Test func docsListEveryRouteOfTheTableOnceAndNoOther() throws {
    let documented = try Self.documentedRoutes()
    let table = Routes.table.map { "\($0.method) \($0.pattern)" }
    #expect(table.count == Set(table).count, "a route is in the table twice")
    #expect(documented.count == Set(documented).count, "a route is in docs/serve.md twice")
    #expect(
      Set(table).subtracting(documented).sorted() == [], "routes that docs/serve.md leaves out")
    #expect(
      Set(documented).subtracting(table).sorted() == [], "routes docs/serve.md has, the app not")
  }

  @Test func aPathNoRouteHasIs404() throws {
    let fixture = try AppFixture()
    let rectangle = try #require(fixture.store.drawing(fixture.id).plane.rectangles.first?.id)
    let drawing = "/api/drawings/\(fixture.id)"
    // The per-rectangle routes are gone: the page and every client edit by `…/edits`.
    for (method, path) in [
      ("GET", "/api/nothing"), ("POST", "\(drawing)/rectangles"),
      ("PATCH", "\(drawing)/rectangles/\(rectangle)"),
      ("DELETE", "\(drawing)/rectangles/\(rectangle)"),
      ("POST", "\(drawing)/rectangles/\(rectangle)/raise"),
      ("POST", "\(drawing)/rectangles/\(rectangle)/lower"), ("GET", "/api/drawings/x/y/z/w"),
    ] {
      let response = try fixture.call(method, path, json: #"{"version": 1}"#)
      #expect(response.status == .notFound, "\(method) \(path)")
      #expect(
        try fixture.object(response)["error"] as? String == "nothing is at \(method) \(path)")
    }
    #expect(fixture.version == 1)
  }

  @Test func aPathWithAMethodItsRoutesDoNotTakeIs405WithAllow() throws {
    let fixture = try AppFixture()
    let drawing = "/api/drawings/\(fixture.id)"
    for (method, path, allowed) in [
      ("GET", "\(drawing)/undo", "POST"), ("PUT", drawing, "GET, HEAD, DELETE"),
      ("PATCH", "/api/sync", "GET, HEAD, POST"), ("DELETE", "/", "GET, HEAD"),
      ("GET", "\(drawing)/presence", "POST"), ("POST", "\(drawing)/svg", "GET, HEAD"),
    ] {
      let response = try fixture.call(method, path, json: "{}")
      #expect(response.status == .methodNotAllowed, "\(method) \(path)")
      #expect(response.headers["Allow"] == allowed, "\(method) \(path)")
      #expect(
        try fixture.object(response)["error"] as? String
          == "\(method) is not a method of \(path): it takes \(allowed)")
    }
    #expect(fixture.version == 1)
    #expect(try fixture.store.trashedDrawings().isEmpty)
  }

  /// Every route the app answers itself is reached by its method and path: none is answered
  /// as a path or a method the app does not know.
  @Test func everyRouteOfTheTableIsReachedByItsMethodAndPath() throws {
    let fixture = try AppFixture()
    let values = ["ID": fixture.id.description, "N": "1", "NAME": "app.css"]
    // The drawing goes to the trash last, and comes back from it after.
    let routes = Routes.table.filter { $0.answer != nil }.sorted {
      ($0.method == "DELETE" ? 1 : 0, $0.pattern.hasPrefix("/api/trash") ? 1 : 0)
        < ($1.method == "DELETE" ? 1 : 0, $1.pattern.hasPrefix("/api/trash") ? 1 : 0)
    }
    for route in routes {
      let path = route.pattern.split(separator: "/").map { values[String($0)] ?? String($0) }
      let target = "/" + path.joined(separator: "/")
      let response = try fixture.call(
        route.method, target, json: route.method == "GET" ? nil : #"{"version": 1}"#)
      #expect(
        ![.notFound, .methodNotAllowed].contains(response.status)
          || !String(decoding: response.bodyBytes, as: UTF8.self).contains("nothing is at")
            && !String(decoding: response.bodyBytes, as: UTF8.self).contains("not a method of"),
        "\(route.method) \(target): \(response.status.code)")
    }
  }
}
