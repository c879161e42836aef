import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import DrawdocSync
import Foundation
import Testing

@testable import DrawdocWeb

/// Two machines' stores and a bare repository made with the real git: `there`, a store
/// synced directly, and `here`, served by the app (with a drawing memory, as `drawdoc serve`
/// opens it), whose `/api/sync` routes are called in process.
final class SyncFixture {
  let folder: String
  let remote: String
  let there: DocumentStore
  let here: DocumentStore
  let app: WebApp
  let token = "0123456789abcdef0123456789abcdef"
  let port: UInt16 = 8765

  /// Makes the stores and an empty bare repository.
  ///
  /// - Parameters:
  ///   - path: The `PATH` the app runs git with; the process's own if `nil`.
  ///   - lockTimeout: How long the served store waits for a lock, and a sync for its turn.
  /// - Throws: When git is missing or fails, or a store cannot be made.
  init(path: String? = nil, lockTimeout: Double = 10) throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-web-sync-\(UUID().uuidString)").path
    remote = "\(folder)/remote.git"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Self.git(["init", "-q", "--bare", remote])
    there = try DocumentStore(root: "\(folder)/there")
    here = try DocumentStore(
      root: "\(folder)/here", lockTimeout: lockTimeout, keepingInMemory: DrawingMemory())
    var environment = ProcessInfo.processInfo.environment
    if let path { environment["PATH"] = path }
    app = try WebApp(store: here, token: token, port: port, environment: environment)
  }

  deinit {
    app.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// Runs the real git, which must succeed.
  static func git(_ arguments: [String]) throws {
    guard
      let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    else {
      throw Missing(message: "git is missing: bash .ci/setup installs it (apt-get install git)")
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: git)
    process.arguments = arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
  }

  struct Missing: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
  }

  /// A request as the drawings page sends it.
  func call(_ method: String, _ target: String) throws -> HTTPResponse {
    var fields = HTTPHeaders([
      ("Host", "127.0.0.1:\(port)"), ("Authorization", "Bearer \(token)"),
      ("Origin", "http://127.0.0.1:\(port)"),
    ])
    if method == "POST" { fields.add("Content-Type", "application/json") }
    return app.respond(to: try HTTPRequest(method: method, target: target, headers: fields))
  }

  func object(_ response: HTTPResponse) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(response.bodyBytes)) as? [String: Any])
  }

  /// A drawing of one red rectangle, made in `store`.
  func drawing(_ title: String, in store: DocumentStore) throws -> Drawing {
    let rectangle = Rectangle(
      id: try Identifier("aaa-bbb-ccc"), point: try Point(x: 10, y: 20),
      size: try Size(width: 30, height: 40), color: try Color(red: 255, green: 0, blue: 0),
      alpha: try Alpha(level: 10))
    let plane = try Plane(
      size: try Size(width: 200, height: 100), title: title, rectangles: [rectangle])
    return try store.create(plane, at: .now)
  }
}

/// `GET /api/sync` and `POST /api/sync`, the drawings page's sync bar, with the real git.
@Suite struct SyncRoutesTests {
  @Test func aStoreWithoutARemoteAnswersNullAndASyncIsAConflict() throws {
    // git is not even on the PATH: a store without a remote never starts it.
    let fixture = try SyncFixture(path: "/nonexistent")
    let status = try fixture.call("GET", "/api/sync")
    #expect(status.status == .ok)
    #expect(
      String(decoding: status.bodyBytes, as: UTF8.self)
        == #"{"remote": null, "lastSync": null, "changedHere": 0, "changedThere": 0, "leftOut": 0}"#
        + "\n")
    let sync = try fixture.call("POST", "/api/sync")
    #expect(sync.status == .conflict)
    let message = try #require(try fixture.object(sync)["error"] as? String)
    #expect(message.hasPrefix("this store has no remote yet: name one with 'drawdoc sync"))
  }

  @Test func aSyncBringsInWhatTheOtherSideChangedThroughTheServersStore() throws {
    let fixture = try SyncFixture()
    // Both machines hold drawing D; then the other one recolors it and adds a drawing.
    let shared = try fixture.drawing("Shared", in: fixture.there)
    _ = try StoreSync(store: fixture.there, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    _ = try StoreSync(store: fixture.here, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    // The page reads D, which the server then keeps in memory.
    #expect(try fixture.call("GET", "/api/drawings/\(shared.id)").status == .ok)
    let rectangle = try Identifier("aaa-bbb-ccc")
    _ = try fixture.there.update(shared.id, at: .now) { drawing in
      try drawing.plane.updateColor(of: rectangle, to: Color(red: 0, green: 0, blue: 255))
      return .set([.color], of: rectangle)
    }
    let added = try fixture.drawing("From there", in: fixture.there)
    _ = try StoreSync(store: fixture.there, environment: ProcessInfo.processInfo.environment).sync()

    let before = try fixture.object(try fixture.call("GET", "/api/sync"))
    #expect(before["remote"] as? String == fixture.remote)
    #expect(before["lastSync"] is String)
    #expect(before["changedHere"] as? Int == 0)
    #expect(before["changedThere"] as? Int == 0, "the status does not fetch")

    let sequence = try fixture.here.lastSequence()
    let response = try fixture.call("POST", "/api/sync")
    #expect(response.status == .ok)
    let report = try fixture.object(response)
    #expect(report["remote"] as? String == fixture.remote)
    #expect(report["sent"] as? Int == 0)
    let received = try #require(report["received"] as? [[String: String]])
    #expect(
      Set(received.map { "\($0["id"] ?? "") \($0["title"] ?? "") \($0["kind"] ?? "")" })
        == ["\(added.id) From there added", "\(shared.id) Shared changed"])
    #expect((report["conflicts"] as? [Any])?.isEmpty == true)
    #expect((report["lines"] as? [String]) == [])

    // In through the store's operations: new versions, with their events, which the pages
    // follow, and the server's memory holds the new color.
    #expect(try fixture.here.lastSequence() >= sequence + 2)
    #expect(try fixture.here.drawing(added.id).plane.title == "From there")
    let read = try fixture.object(try fixture.call("GET", "/api/drawings/\(shared.id)"))
    #expect((read["svg"] as? String)?.contains(##"fill="#0000ff""##) == true)
    #expect(read["version"] as? Int == 2)

    let after = try fixture.object(try fixture.call("GET", "/api/sync"))
    #expect(after["changedHere"] as? Int == 0)
    #expect(after["changedThere"] as? Int == 0)
    #expect(after["lastSync"] as? String == report["time"] as? String)
    // A change here counts until the next sync.
    _ = try fixture.here.update(shared.id, at: .now) { drawing in
      try drawing.plane.rename(to: "Renamed here")
      return .renamed(to: "Renamed here")
    }
    #expect(try fixture.object(try fixture.call("GET", "/api/sync"))["changedHere"] as? Int == 1)
  }

  @Test func conflictsAre200WithTheirObjectsAndTheirLines() throws {
    let fixture = try SyncFixture()
    let shared = try fixture.drawing("Shared", in: fixture.there)
    _ = try StoreSync(store: fixture.there, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    _ = try StoreSync(store: fixture.here, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    let rectangle = try Identifier("aaa-bbb-ccc")
    for (store, color) in [
      (fixture.there, try Color(red: 0, green: 0, blue: 255)),
      (fixture.here, try Color(red: 0, green: 255, blue: 0)),
    ] {
      _ = try store.update(shared.id, at: .now) { drawing in
        try drawing.plane.updateColor(of: rectangle, to: color)
        return .set([.color], of: rectangle)
      }
    }
    _ = try StoreSync(store: fixture.there, environment: ProcessInfo.processInfo.environment).sync()
    let response = try fixture.call("POST", "/api/sync")
    #expect(response.status == .ok)
    let report = try fixture.object(response)
    let conflicts = try #require(report["conflicts"] as? [[String: Any]])
    #expect(conflicts.count == 1)
    #expect(conflicts.first?["drawing"] as? String == shared.id.description)
    #expect(conflicts.first?["kind"] as? String == "field")
    #expect(conflicts.first?["ours"] as? String == "#00ff00")
    #expect(conflicts.first?["theirs"] as? String == "#0000ff")
    #expect(
      report["lines"] as? [String] == [
        "conflict: \(shared.id) 'Shared': aaa-bbb-ccc color: OURS #00ff00, THEIRS #0000ff "
          + "(BASE #ff0000); kept OURS"
      ])
    #expect(try fixture.here.drawing(shared.id).plane[rectangle]?.color.hex == "#00ff00")
  }

  @Test func aRemoteThatCannotBeReachedIsABadGatewayWithGitsWords() throws {
    let fixture = try SyncFixture()
    _ = try fixture.drawing("Here", in: fixture.here)
    _ = try StoreSync(store: fixture.here, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    try FileManager.default.removeItem(atPath: fixture.remote)
    let response = try fixture.call("POST", "/api/sync")
    #expect(response.status == .badGateway)
    let message = try #require(try fixture.object(response)["error"] as? String)
    #expect(message.hasPrefix("cannot sync with \(fixture.remote): git says: "))
    #expect(message.contains("does not appear to be a git repository"))
  }

  @Test func gitMissingIsSaidNotCrashedOn() throws {
    let fixture = try SyncFixture(path: "/nonexistent")
    _ = try StoreSync(store: fixture.here, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    let status = try fixture.call("GET", "/api/sync")
    #expect(status.status == .ok)
    let object = try fixture.object(status)
    #expect(object["remote"] as? String == fixture.remote)
    #expect(object["changedHere"] is NSNull)
    #expect((object["error"] as? String)?.hasPrefix("drawdoc sync needs git") == true)
    let sync = try fixture.call("POST", "/api/sync")
    #expect(sync.status == .serviceUnavailable)
    #expect(
      (try fixture.object(sync)["error"] as? String)?.hasPrefix("drawdoc sync needs git") == true)
  }

  @Test func aRemoteThatKeepsMovingIsServiceUnavailableWithRetryAfter() throws {
    let real = try #require(
      ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      })
    let wrapper =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-moving-git-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: wrapper, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: wrapper) }
    let path = "\(wrapper):\(ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")"
    let fixture = try SyncFixture(path: path, lockTimeout: 0.5)
    // Another machine pushes right before each of this one's pushes.
    try """
    #!/bin/sh
    for argument in "$@"; do
      if [ "$argument" = push ]; then
        tree=$(\(real) --git-dir='\(fixture.remote)' rev-parse 'main^{tree}')
        commit=$(\(real) --git-dir='\(fixture.remote)' -c user.name=C -c user.email=c@c \\
          commit-tree "$tree" -p main -m 'another machine')
        \(real) --git-dir='\(fixture.remote)' update-ref refs/heads/main "$commit"
      fi
    done
    exec \(real) "$@"
    """.write(toFile: "\(wrapper)/git", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(wrapper)/git")
    _ = try fixture.drawing("There", in: fixture.there)
    _ = try StoreSync(store: fixture.there, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    _ = try StoreSync(store: fixture.here, environment: ProcessInfo.processInfo.environment).sync(
      remote: fixture.remote)
    _ = try fixture.drawing("Here", in: fixture.here)
    let response = try fixture.call("POST", "/api/sync")
    #expect(response.status == .serviceUnavailable)
    #expect(response.headers["Retry-After"] != nil)
    let message = try #require(try fixture.object(response)["error"] as? String)
    #expect(message.hasPrefix("\(fixture.remote) kept moving"), "\(message)")
  }
}
