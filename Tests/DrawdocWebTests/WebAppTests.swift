import DrawdocHTTP
import DrawdocModel
import DrawdocPDF
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

@testable import DrawdocWeb

/// A store with one drawing, and the app over it, called in process (no socket).
final class AppFixture {
  let folder: String
  let store: DocumentStore
  let app: WebApp
  let token = "0123456789abcdef0123456789abcdef"
  let port: UInt16 = 8765
  let id: Identifier

  convenience init(rectangles: Int = 3) throws {
    var plane = try Plane(title: "Web")
    var factory = RectangleFactory(seed: 1)
    for _ in 0..<rectangles { try plane.add(factory.makeRectangle(for: plane)) }
    try self.init(plane: plane)
  }

  /// A store whose one drawing is `plane`, at version 1.
  init(plane: Plane) throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-web-\(UUID().uuidString)").path
    store = try DocumentStore(root: folder)
    app = try WebApp(store: store, token: token, port: port)
    id = try store.create(plane, at: Timestamp(secondsSince1970: 1_800_000_000)).id
  }

  deinit {
    app.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A request as a page of this server sends it: Host, token and, for changes, Origin.
  func call(
    _ method: String, _ target: String, json: String? = nil, headers: [(String, String)]? = nil
  ) throws -> HTTPResponse {
    var fields = HTTPHeaders(
      headers ?? [
        ("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)"),
        ("Origin", "http://127.0.0.1:\(port)"),
      ])
    if json != nil { fields.add("Content-Type", "application/json") }
    return app.respond(
      to: try HTTPRequest(
        method: method, target: target, headers: fields, body: Array((json ?? "").utf8)))
  }

  func object(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
  }

  var version: Int { (try? store.revision(of: id).version) ?? 0 }
}

@Suite struct WebAppTests {
  @Test func theAPIChangesTheDrawingThroughTheStoreWithItsHistory() throws {
    let fixture = try AppFixture()
    let first = try #require(fixture.store.drawing(fixture.id).plane.rectangles.first)
    let patched = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits",
      json: #"{"edits": [{"set": "\#(first.id)", "to": {"color": "teal", "alpha": "4"}}]}"#)
    #expect(patched.status == .ok)
    #expect(try fixture.object(patched)["version"] as? Int == 2)
    let after = try #require(try fixture.store.drawing(fixture.id).plane[first.id])
    #expect(after.color == (try Color(red: 0, green: 128, blue: 128)))
    #expect(after.alpha == (try Alpha(level: 4)))
    #expect(
      try fixture.store.history(of: fixture.id).versions.first?.change
        == "set color and alpha of \(first.id)")

    let added = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits",
      json: #"{"edits": [{"add": {"x": "1", "y": 2, "width": "3", "height": "4"}}]}"#)
    #expect(added.status == .ok)
    let rectangleId = try #require((try fixture.object(added)["added"] as? [String])?.first)
    let rectangle = try #require(
      try fixture.store.drawing(fixture.id).plane[Identifier(rectangleId)])
    #expect(rectangle.point == (try Point(x: 1, y: 2)))
    #expect(rectangle.size == (try Size(width: 3, height: 4)))

    let undone = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/undo", json: #"{"version": 3}"#)
    #expect(undone.status == .ok)
    #expect(try fixture.store.drawing(fixture.id).plane.count == 3)
  }

  @Test func aRefusedValueHasTheCommandLinesMessageAndChangesNothing() throws {
    let fixture = try AppFixture()
    let first = try #require(fixture.store.drawing(fixture.id).plane.rectangles.first)
    let before = try fixture.store.drawing(fixture.id)
    for (to, message) in [
      (
        #"{"alpha": "11"}"#,
        "'11' is not a valid alpha: expected a whole number from 1 to 10"
      ),
      (#"{"x": "abc"}"#, "'abc' is not a valid x: expected a finite number"),
      (#"{"width": "0"}"#, "'0' is not a valid width: expected a number greater than 0"),
      (
        ##"{"color": "#12345"}"##,
        "'#12345' is not a valid color: expected #rgb, #rrggbb, rgb(r,g,b) with channels 0…255 (or 0%…100%), or a CSS color name such as teal"
      ),
    ] {
      let response = try fixture.call(
        "POST", "/api/drawings/\(fixture.id)/edits",
        json: #"{"edits": [{"set": "\#(first.id)", "to": \#(to)}]}"#)
      #expect(response.status == .badRequest, "\(to)")
      #expect(try fixture.object(response)["error"] as? String == "step 1: " + message)
    }
    #expect(try fixture.store.drawing(fixture.id) == before)
  }

  @Test func aStepOnAVersionThatIsNoLongerCurrentIsAConflict() throws {
    let fixture = try AppFixture()
    let rectangles = try fixture.store.drawing(fixture.id).plane.rectangles
    // Another view changes the first rectangle: version 2.
    try fixture.store.update(fixture.id, at: .now) { drawing in
      try drawing.plane.updateAlpha(of: rectangles[0].id, to: try Alpha(level: 1))
      return .set([.alpha], of: rectangles[0].id)
    }
    // Undo made on an old version would take back someone else's change: refused.
    let undo = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/undo", json: #"{"version": 1}"#)
    #expect(undo.status == .conflict)
    #expect(try fixture.object(undo)["version"] as? Int == 2)
    #expect(try fixture.store.drawing(fixture.id).plane[rectangles[0].id]?.alpha.level == 1)
    let rename = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/rename", json: #"{"version": 1, "title": "Late"}"#)
    #expect(rename.status == .conflict)
    #expect(try fixture.store.drawing(fixture.id).plane.title == "Web")
    let unversioned = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/undo", json: #"{"all": true}"#)
    #expect(unversioned.status == .badRequest)
  }

  /// What a page does with `GET …/changes`: takes out `removed`, then inserts `put` in order,
  /// each at its index, into the rectangles and the file lines it read before.
  func applied(_ changes: [String: Any], to page: (lines: [String], rectangles: [NSDictionary]))
    throws -> (lines: [String], rectangles: [NSDictionary])
  {
    let removed = Set(try #require(changes["removed"] as? [String]))
    var lines = page.lines.filter { line in
      !removed.contains { line.contains("data-id=\"\($0)\"") }
    }
    var rectangles = page.rectangles.filter { !removed.contains($0["id"] as? String ?? "") }
    for entry in try #require(changes["put"] as? [[String: Any]]) {
      let index = try #require(entry["index"] as? Int)
      lines.insert(try #require(entry["svg"] as? String), at: index)
      rectangles.insert(try #require(entry["rectangle"] as? NSDictionary), at: index)
    }
    return (lines, rectangles)
  }

  /// The rectangle lines of the file and the rectangles of the JSON form, as the page reads them.
  func pageView(_ fixture: AppFixture) throws -> (lines: [String], rectangles: [NSDictionary]) {
    let read = try fixture.object(try fixture.call("GET", "/api/drawings/\(fixture.id)"))
    let svg = try #require(read["svg"] as? String)
    let drawing = try #require(read["drawing"] as? [String: Any])
    return (
      svg.split(separator: "\n").filter { $0.hasPrefix("  <rect") }.map { $0 + "\n" },
      try #require(drawing["rectangles"] as? [NSDictionary])
    )
  }

  @Test func aPageCatchesUpWithWhatChangedSinceItsVersion() throws {
    let fixture = try AppFixture(rectangles: 6)
    let page = try pageView(fixture)
    let ids = page.rectangles.map { $0["id"] as! String }
    let drawing = "/api/drawings/\(fixture.id)"
    for (method, path, body) in [
      ("POST", "\(drawing)/edits", #"{"edits": [{"set": "\#(ids[0])", "to": {"color": "teal"}}]}"#),
      ("POST", "\(drawing)/edits", #"{"edits": [{"add": {}}]}"#),
      ("POST", "\(drawing)/edits", #"{"edits": [{"remove": "\#(ids[2])"}]}"#),
      // Changed and moved: taken out and put back once.
      ("POST", "\(drawing)/edits", #"{"edits": [{"order": ["\#(ids[0])"], "to": "front"}]}"#),
      ("POST", "\(drawing)/edits", #"{"edits": [{"order": ["\#(ids[5])"], "to": "backward"}]}"#),
      ("POST", "\(drawing)/rename", #"{"version": 6, "title": "Caught up"}"#),
    ] {
      #expect(try fixture.call(method, path, json: body).status == .ok, "\(method) \(path)")
    }
    let answer = try fixture.object(try fixture.call("GET", "\(drawing)/changes?since=1"))
    #expect(answer["version"] as? Int == 7)
    #expect((answer["undo"] as? [String: Any])?["change"] as? String == #"renamed to "Caught up""#)
    let changes = try #require(answer["changes"] as? [String: Any])
    #expect(changes["title"] as? String == "Caught up")
    #expect(changes["count"] as? Int == 6)
    let put = try #require(changes["put"] as? [[String: Any]])
    let putIds = put.compactMap { ($0["rectangle"] as? [String: Any])?["id"] as? String }
    #expect(putIds.count == Set(putIds).count)
    #expect(putIds.contains(ids[0]))
    let now = try pageView(fixture)
    let caughtUp = try applied(changes, to: page)
    #expect(caughtUp.lines == now.lines)
    #expect(caughtUp.rectangles == now.rectangles)
    #expect(try applied(changes, to: page).lines != page.lines)

    let same = try fixture.object(try fixture.call("GET", "\(drawing)/changes?since=7"))
    let nothing = try #require(same["changes"] as? [String: Any])
    #expect((nothing["removed"] as? [Any])?.isEmpty == true)
    #expect((nothing["put"] as? [Any])?.isEmpty == true)
  }

  @Test func aPageReadsTheWholeDrawingWhenChangesCannotBringItUpToDate() throws {
    let fixture = try AppFixture()
    let drawing = "/api/drawings/\(fixture.id)"
    // A version the history does not keep.
    let unknown = try fixture.object(try fixture.call("GET", "\(drawing)/changes?since=9"))
    #expect(unknown["changes"] is NSNull)
    #expect(unknown["version"] as? Int == 1)
    // Another canvas.
    var wider = try fixture.store.drawing(fixture.id)
    wider.plane = try Plane(
      size: Size(width: 2000, height: 768), title: wider.plane.title,
      rectangles: wider.plane.rectangles)
    _ = try fixture.store.save(wider, as: .replace(fixture.id), title: nil, at: .now)
    let resized = try fixture.object(try fixture.call("GET", "\(drawing)/changes?since=1"))
    #expect(resized["changes"] is NSNull)
    #expect(resized["version"] as? Int == 2)
    // Not a version.
    let wrong = try fixture.call("GET", "\(drawing)/changes?since=latest")
    #expect(wrong.status == .badRequest)
    #expect(
      try fixture.object(wrong)["error"] as? String
        == "'latest' is not a valid since: expected a version number, a whole number from 1 ('drawdoc history DOC' lists them)"
    )
  }

  @Test func exportsAreByteForByteWhatTheLibraryWrites() throws {
    let fixture = try AppFixture()
    let drawing = try fixture.store.drawing(fixture.id)
    for format in DrawingExport.Format.allCases {
      let response = try fixture.call(
        "GET", "/api/drawings/\(fixture.id)/export?format=\(format.rawValue)&scale=2")
      #expect(response.status == .ok)
      let expected = try DrawingExport.bytes(
        drawing, as: format, scale: format == .png ? 2 : 1)
      #expect(response.bodyBytes == expected, "\(format)")
      #expect(response.headers["Content-Type"] == format.mediaType)
      #expect(
        response.headers["Content-Disposition"]
          == "attachment; filename=\"Web.\(format.rawValue)\"")
    }
    // PDF is DrawdocPDF's, not one of DrawingExport's formats.
    let pdf = try fixture.call("GET", "/api/drawings/\(fixture.id)/export?format=pdf")
    #expect(pdf.status == .ok)
    #expect(pdf.bodyBytes == drawing.pdf())
    #expect(pdf.headers["Content-Type"] == "application/pdf")
    #expect(pdf.headers["Content-Disposition"] == "attachment; filename=\"Web.pdf\"")
    let bad = try fixture.call("GET", "/api/drawings/\(fixture.id)/export?format=gif")
    #expect(bad.status == .badRequest)
    // A picture past the bound on pixels (1024 × 768 at 8 is 8,192 × 6,144) is refused before
    // a pixel is made, with the limit in the message; the same scale is fine for SVG.
    let huge = try fixture.call(
      "GET", "/api/drawings/\(fixture.id)/export?format=png&scale=8")
    #expect(huge.status == .contentTooLarge)
    #expect((try fixture.object(huge)["error"] as? String)?.contains("33554432 pixels") == true)
    #expect(
      try fixture.call("GET", "/api/drawings/\(fixture.id)/export?format=svg&scale=8").status
        == .ok)
  }

  @Test func theGateWantsTheTokenTheHostAndForChangesTheOrigin() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    let bearer = ("Authorization", "Bearer \(fixture.token)")
    let origin = ("Origin", "http://127.0.0.1:\(fixture.port)")
    let listing = "/api/drawings"
    #expect(try fixture.call("GET", listing, headers: [host, bearer]).status == .ok)
    #expect(
      try fixture.call(
        "GET", listing, headers: [host, ("authorization", "bearer \(fixture.token)")]
      )
      .status == .ok)
    for refused in [
      [host], [host, ("Authorization", "Bearer wrong")],
      [host, ("Authorization", "Basic \(fixture.token)")],
      [host, ("Authorization", "Bearer \(fixture.token)x")],
      [host, bearer, bearer],
      // The cookie the server once used opens nothing any more.
      [host, ("Cookie", "drawdoc_\(fixture.port)=\(fixture.token)")],
    ] {
      let response = try fixture.call("GET", listing, headers: refused)
      #expect(response.status == .unauthorized, "\(refused)")
      #expect(response.headers["Content-Type"] == "application/json", "\(refused)")
    }
    // The token in the address opens nothing by itself: only the page's script reads it.
    #expect(
      try fixture.call("GET", "\(listing)?token=\(fixture.token)", headers: [host]).status
        == .unauthorized)
    #expect(
      try fixture.call("GET", listing, headers: [("Host", "evil.example:8765"), bearer]).status
        == .forbidden)
    #expect(
      try fixture.call("GET", listing, headers: [("Host", "127.0.0.1:9999"), bearer]).status
        == .forbidden)
    let create = "/api/drawings"
    #expect(
      try fixture.call("POST", create, json: "{}", headers: [host, bearer]).status == .forbidden)
    #expect(
      try fixture.call(
        "POST", create, json: "{}", headers: [host, bearer, ("Origin", "https://evil.example")]
      ).status == .forbidden)
    #expect(
      try fixture.call(
        "POST", create, json: "{}",
        headers: [host, bearer, ("Origin", "http://127.0.0.1:\(fixture.port + 1)")]
      ).status == .forbidden)
    #expect(
      try fixture.call("POST", create, json: "{}", headers: [host, bearer, origin]).status
        == .created)
    #expect(
      try fixture.call("TRACE", listing, headers: [host, bearer]).status == .methodNotAllowed)
    #expect(
      fixture.app.isCredentialed(
        try HTTPRequest(method: "GET", target: "/", headers: HTTPHeaders([host, bearer]))))
    #expect(
      !fixture.app.isCredentialed(
        try HTTPRequest(method: "GET", target: "/", headers: HTTPHeaders([host]))))
    // Every answer keeps pages to what this server sends.
    let page = try fixture.call("GET", "/", headers: [host])
    #expect(page.headers["Content-Security-Policy"]?.contains("default-src 'none'") == true)
    #expect(page.headers["Content-Security-Policy"]?.contains("script-src 'self'") == true)
    #expect(page.headers["Set-Cookie"] == nil)
  }

  @Test func thePageShellsNeedNoTokenAndABrowserWithoutOneIsToldHowToGetIn() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    for path in ["/", "/?token=\(fixture.token)", "/drawings/\(fixture.id)", "/assets/common.js"] {
      let response = try fixture.call("GET", path, headers: [host])
      #expect(response.status == .ok, "\(path)")
      // A shell holds no data: no drawing's id or title, no token.
      let text = String(decoding: response.bodyBytes, as: UTF8.self)
      #expect(!text.contains(fixture.token), "\(path)")
      #expect(!text.contains("\(fixture.id)") && !text.contains(">Web<"), "\(path)")
    }
    // A browser that navigates to the API without the token gets a page that says how to
    // get in; a script gets JSON.
    let navigation = try fixture.call(
      "GET", "/api/drawings/\(fixture.id)/svg",
      headers: [host, ("Accept", "text/html,application/xhtml+xml,*/*;q=0.8")])
    #expect(navigation.status == .unauthorized)
    #expect(navigation.headers["Content-Type"] == "text/html; charset=utf-8")
    let page = String(decoding: navigation.bodyBytes, as: UTF8.self)
    #expect(page.contains("drawdoc serve") && page.contains("?token="))
    #expect(navigation.headers["Content-Security-Policy"] != nil)
    // The session check a page makes with a token it was given.
    #expect(
      try fixture.call(
        "GET", "/api/session", headers: [host, ("Authorization", "Bearer \(fixture.token)")]
      ).status == .noContent)
    #expect(
      try fixture.call("GET", "/api/session", headers: [host, ("Authorization", "Bearer 00")])
        .status == .unauthorized)
  }

  @Test func aBodyMustBeExactlyJSON() throws {
    let fixture = try AppFixture()
    let host = ("Host", "127.0.0.1:\(fixture.port)")
    let bearer = ("Authorization", "Bearer \(fixture.token)")
    let origin = ("Origin", "http://127.0.0.1:\(fixture.port)")
    for (type, status) in [
      ("application/json", HTTPStatus.created), ("application/json; charset=utf-8", .created),
      ("Application/JSON", .created), ("application/jsonx", .unsupportedMediaType),
      ("application/json-patch+json", .unsupportedMediaType), ("text/plain", .unsupportedMediaType),
    ] {
      let response = fixture.app.respond(
        to: try HTTPRequest(
          method: "POST", target: "/api/drawings",
          headers: HTTPHeaders([host, bearer, origin, ("Content-Type", type)]),
          body: Array("{}".utf8)))
      #expect(response.status == status, "\(type)")
    }
  }

  @Test func pagesAndAssetsAreBuiltInAndNothingElseIsServed() throws {
    let fixture = try AppFixture()
    for path in ["/", "/drawings/\(fixture.id)", "/assets/app.css", "/assets/editor.js"] {
      #expect(try fixture.call("GET", path).status == .ok, "\(path)")
    }
    for path in ["/assets/../Package.swift", "/assets/passwd", "/drawings/../../etc", "/nothing"] {
      let status = (try? fixture.call("GET", path).status) ?? .badRequest
      #expect(status == .notFound || status == .badRequest, "\(path)")
    }
  }

  /// The scripts are ES modules: each page loads its own with `<script type="module">`, which
  /// imports `common.js`. A browser runs a module only when it is served with a JavaScript
  /// type, and the policy (`script-src 'self'`) allows this server's files but no inline script.
  @Test func pagesLoadTheirScriptsAsModulesAndEveryModuleIsServedAsJavaScript() throws {
    let fixture = try AppFixture()
    var modules: [String] = []
    for (path, script) in [("/", "drawings.js"), ("/drawings/\(fixture.id)", "editor.js")] {
      let page = String(decoding: try fixture.call("GET", path).bodyBytes, as: UTF8.self)
      #expect(page.contains(#"<script type="module" src="/assets/\#(script)"></script>"#))
      #expect(page.contains(#"<link rel="stylesheet" href="/assets/app.css">"#))
      #expect(!page.contains("<script>"), "\(path) has an inline script")
      modules.append(script)
      // And every module the page preloads, which its script imports or will.
      modules += page.matches(of: #/<link rel="modulepreload" href="/assets/([a-z]+\.js)">/#).map {
        String($0.output.1)
      }
    }
    // Every module a module imports, followed to the end.
    var served: Set<String> = []
    while let name = modules.popLast() {
      guard served.insert(name).inserted else { continue }
      let response = try fixture.call("GET", "/assets/\(name)")
      #expect(response.status == .ok, "\(name)")
      #expect(response.headers["Content-Type"] == "text/javascript; charset=utf-8", "\(name)")
      let text = String(decoding: response.bodyBytes, as: UTF8.self)
      modules += text.matches(of: #/\bfrom "\./([a-z]+\.js)";/#).map { String($0.output.1) }
      // And every worker it starts.
      modules += text.matches(of: #/new Worker\(new URL\("\./([a-z]+\.js)"/#).map {
        String($0.output.1)
      }
    }
    #expect(
      served == [
        "actions.js", "arrange.js", "clipboard.js", "commands.js", "common.js", "devices.js",
        "difference.js", "drawings.js", "editor.js", "firstread.js", "geometry.js", "gestures.js",
        "history.js",
        "keys.js", "layers.js", "menus.js", "overlay.js", "overview.js", "overviewworker.js",
        "pagedrawing.js", "panel.js",
        "picture.js", "pictureparts.js", "presence.js", "snap.js", "steps.js", "store.js",
        "swatches.js",
        "toolstate.js", "tools.js", "viewport.js",
      ])
    let style = try fixture.call("GET", "/assets/app.css")
    #expect(style.headers["Content-Type"] == "text/css; charset=utf-8")
  }
}
