import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocStore
import DrawdocSystem
import Foundation
import Testing

@testable import DrawdocWeb

/// The gate's rules for requests that came in TLS (the network side), called in process: who
/// gets in with which token, where, and what each may do.
final class NetworkFixture {
  let folder: String
  let store: DocumentStore
  let app: WebApp
  let network: NetworkAccess
  let owner = "0123456789abcdef0123456789abcdef"
  let host = "studio.local:8443"
  let id: Identifier
  let other: Identifier

  init() throws {
    folder =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-network-\(UUID().uuidString)").path
    store = try DocumentStore(root: folder)
    network = NetworkAccess(
      names: ["studio", "studio.local", "*.lan.example"], addresses: ["192.168.1.20"],
      ports: [8443], store: store,
      authority: ([1, 2, 3], [4, 5, 6]), pairingBase: "https://192.168.1.20:8443")
    app = WebApp(
      store: store, token: owner, port: 8765, network: network,
      broadcast: try ChangeBroadcast(store: store))
    let at = Timestamp(secondsSince1970: 1_800_000_000)
    var plane = try Plane(title: "Shared")
    var factory = RectangleFactory(seed: 1)
    try plane.add(factory.makeRectangle(for: plane))
    id = try store.create(plane, at: at).id
    other = try store.create(try Plane(title: "Private"), at: at).id
  }

  deinit {
    app.stop()
    try? FileManager.default.removeItem(atPath: folder)
  }

  /// A request that came in TLS, as a page of the network side sends it.
  func call(
    _ method: String, _ target: String, token: String?, json: String? = nil, host: String? = nil,
    origin: String? = nil
  ) throws -> HTTPResponse {
    var fields = HTTPHeaders([("Host", host ?? self.host)])
    if let token { fields.add("Authorization", "Bearer \(token)") }
    if method != "GET" { fields.add("Origin", origin ?? "https://\(host ?? self.host)") }
    if json != nil { fields.add("Content-Type", "application/json") }
    var request = try HTTPRequest(
      method: method, target: target, headers: fields, body: Array((json ?? "").utf8))
    request.connection = ConnectionFacts(
      isSecure: true, local: SocketAddress(host: "192.168.1.20", port: 8443),
      peer: SocketAddress(host: "192.168.1.31", port: 50000))
    return app.respond(to: request)
  }

  func pair(_ name: String) throws -> String {
    let (code, _) = try DeviceAccess(store: store).makePairingCode()
    let answer = try call(
      "POST", "/api/pair", token: nil, json: #"{"code": "\#(code)", "name": "\#(name)"}"#)
    #expect(answer.status == .created)
    let object = try JSONSerialization.jsonObject(with: Data(answer.bodyBytes)) as? [String: Any]
    return try #require(object?["token"] as? String)
  }
}

@Suite struct NetworkGateTests {
  @Test func aPairedDeviceGetsInWithItsOwnTokenAndTheStoresTokenOpensNothing() throws {
    let fixture = try NetworkFixture()
    #expect(try fixture.call("GET", "/api/drawings", token: nil).status == .unauthorized)
    #expect(try fixture.call("GET", "/api/drawings", token: fixture.owner).status == .unauthorized)
    #expect(
      try fixture.call(
        "GET", "/api/proof?nonce=" + String(repeating: "a", count: 32),
        token: nil
      ).status != .ok)
    let token = try fixture.pair("iPad in the studio")
    #expect(try fixture.call("GET", "/api/drawings", token: token).status == .ok)
    let devices = try DeviceAccess(store: fixture.store).devices()
    #expect(devices.map(\.name) == ["iPad in the studio"])
    #expect(devices.first?.address == "192.168.1.31")
    // Devices, links, pairing and syncs are the owner's.
    for (method, path) in [
      ("GET", "/api/devices"), ("POST", "/api/pairing"), ("GET", "/api/sync"),
      ("DELETE", "/api/devices/iPad%20in%20the%20studio"),
    ] {
      #expect(
        try fixture.call(method, path, token: token).status == .forbidden, "\(method) \(path)")
    }
  }

  @Test func theHostAndOriginMustBeNamesTheCertificateCovers() throws {
    let fixture = try NetworkFixture()
    let token = try fixture.pair("laptop")
    for host in ["studio.local:8443", "studio:8443", "192.168.1.20:8443", "pc.lan.example:8443"] {
      #expect(try fixture.call("GET", "/api/drawings", token: token, host: host).status == .ok)
    }
    for host in [
      "evil.example:8443", "studio.local:8765", "127.0.0.1:8443", "192.168.1.20",
      "lan.example:8443", "a.b.lan.example:8443", "*.lan.example:8443",
    ] {
      #expect(
        try fixture.call("GET", "/api/drawings", token: token, host: host).status == .forbidden,
        "\(host)")
    }
    let edit = #"{"edits": []}"#
    #expect(
      try fixture.call(
        "POST", "/api/drawings/\(fixture.id)/edits", token: token, json: edit,
        origin: "http://studio.local:8443"
      ).status == .forbidden)
    #expect(
      try fixture.call(
        "POST", "/api/drawings/\(fixture.id)/edits", token: token, json: edit,
        origin: "https://evil.example"
      ).status == .forbidden)
  }

  @Test func aViewLinkReadsItsDrawingOnlyAndEveryChangeIsRefused() throws {
    let fixture = try NetworkFixture()
    let (_, token) = try DeviceAccess(store: fixture.store).share(
      drawing: fixture.id, viewOnly: true, expiresIn: nil)
    let id = fixture.id
    for path in [
      "/api/drawings/\(id)", "/api/drawings/\(id)/svg", "/api/drawings/\(id)/history",
      "/api/drawings/\(id)/export?format=json",
    ] {
      #expect(try fixture.call("GET", path, token: token).status == .ok, "\(path)")
    }
    #expect(try fixture.call("GET", "/api/session", token: token).status == .noContent)
    for path in ["/api/drawings", "/api/drawings/\(fixture.other)", "/api/devices"] {
      #expect(try fixture.call("GET", path, token: token).status == .forbidden, "\(path)")
    }
    let rectangle = try #require(try fixture.store.drawing(id).plane.rectangles.first?.id)
    let changes: [(String, String, String)] = [
      ("POST", "/api/drawings/\(id)/edits", #"{"edits": []}"#),
      ("POST", "/api/drawings/\(id)/undo", #"{"version": 1}"#),
      ("POST", "/api/drawings/\(id)/redo", #"{"version": 1}"#),
      ("POST", "/api/drawings/\(id)/rename", #"{"version": 1, "title": "x"}"#),
      ("POST", "/api/drawings/\(id)/restore", #"{"version": 1}"#),
      ("POST", "/api/drawings/\(id)/duplicate", "{}"),
      ("DELETE", "/api/drawings/\(id)", ""),
      (
        "POST", "/api/drawings/\(id)/edits",
        #"{"edits": [{"set": "\#(rectangle)", "to": {"x": 1}}]}"#
      ),
      ("POST", "/api/drawings", #"{"title": "x"}"#),
      ("POST", "/api/import", #"{"svg": "<svg/>"}"#),
      ("POST", "/api/sync", "{}"),
      ("POST", "/api/trash/\(id)/restore", "{}"),
    ]
    for (method, path, body) in changes {
      #expect(
        try fixture.call(method, path, token: token, json: body).status == .forbidden,
        "\(method) \(path)")
    }
    #expect(try fixture.store.revision(of: id).version == 1)
  }

  @Test func anEditLinkChangesItsDrawingsRectanglesButNotTheDrawingItself() throws {
    let fixture = try NetworkFixture()
    let (_, token) = try DeviceAccess(store: fixture.store).share(
      drawing: fixture.id, viewOnly: false, expiresIn: nil)
    let rectangle = try #require(try fixture.store.drawing(fixture.id).plane.rectangles.first?.id)
    let edit = #"{"edits": [{"set": "\#(rectangle)", "to": {"x": "5"}}]}"#
    let moved = try fixture.call(
      "POST", "/api/drawings/\(fixture.id)/edits", token: token, json: edit)
    #expect(moved.status == .ok)
    #expect(try fixture.store.drawing(fixture.id).plane[rectangle]?.point.x == 5)
    #expect(
      try fixture.call("DELETE", "/api/drawings/\(fixture.id)", token: token).status
        == .forbidden)
    #expect(
      try fixture.call("POST", "/api/drawings/\(fixture.other)/edits", token: token, json: edit)
        .status == .forbidden)
  }

  @Test func anUnknownTokenIsRefusedAtTheHeadBeforeItsBodyIsRead() throws {
    let fixture = try NetworkFixture()
    let token = try fixture.pair("laptop")
    func head(_ bearer: String) throws -> HTTPRequest {
      var request = try HTTPRequest(
        method: "POST", target: "/api/import",
        headers: HTTPHeaders([
          ("Host", fixture.host), ("Origin", "https://\(fixture.host)"),
          ("Authorization", "Bearer \(bearer)"), ("Content-Type", "application/json"),
          ("Content-Length", "16000000"),
        ]))
      request.connection = ConnectionFacts(isSecure: true)
      return request
    }
    #expect(fixture.app.admit(try head(String(repeating: "f", count: 32)))?.status == .unauthorized)
    #expect(fixture.app.admit(try head(token)) == nil)
    // A link shared a moment ago is known at the head already.
    let (_, link) = try DeviceAccess(store: fixture.store).share(
      drawing: fixture.id, viewOnly: false, expiresIn: nil)
    var read = try HTTPRequest(
      method: "GET", target: "/api/drawings/\(fixture.id)",
      headers: HTTPHeaders([("Host", fixture.host), ("Authorization", "Bearer \(link)")]))
    read.connection = ConnectionFacts(isSecure: true)
    #expect(fixture.app.admit(read) == nil)
  }

  @Test func aDeviceTakenOutIsRefusedFromItsNextRequest() throws {
    let fixture = try NetworkFixture()
    let token = try fixture.pair("phone")
    #expect(try fixture.call("GET", "/api/drawings", token: token).status == .ok)
    _ = try DeviceAccess(store: fixture.store).revokeDevice(named: "phone")
    #expect(try fixture.call("GET", "/api/drawings", token: token).status == .unauthorized)
  }

  @Test func wrongPairingCodesAreBoundedAndACodePairsOnce() throws {
    let fixture = try NetworkFixture()
    let (code, _) = try DeviceAccess(store: fixture.store).makePairingCode()
    let first = try fixture.call(
      "POST", "/api/pair", token: nil, json: #"{"code": "\#(code)", "name": "one"}"#)
    #expect(first.status == .created)
    let again = try fixture.call(
      "POST", "/api/pair", token: nil, json: #"{"code": "\#(code)", "name": "two"}"#)
    #expect(again.status == .gone)
    var statuses: [Int] = []
    for _ in 0..<6 {
      statuses.append(
        try fixture.call(
          "POST", "/api/pair", token: nil, json: #"{"code": "AAAA-AAAA", "name": "x"}"#
        ).status.code)
    }
    // One used code and four unknown ones make five wrong from this address: the sixth waits.
    #expect(statuses == [403, 403, 403, 403, 429, 429])
  }

  @Test func thePairingPageAndTheAuthoritysDownloadsNeedNoToken() throws {
    let fixture = try NetworkFixture()
    #expect(try fixture.call("GET", "/pair", token: nil).status == .ok)
    let certificate = try fixture.call("GET", "/pair/drawdoc-authority.crt", token: nil)
    #expect(certificate.bodyBytes == [1, 2, 3])
    #expect(certificate.headers["Content-Type"] == "application/x-x509-ca-cert")
    let profile = try fixture.call("GET", "/pair/drawdoc.mobileconfig", token: nil)
    #expect(profile.bodyBytes == [4, 5, 6])
    #expect(try fixture.call("GET", "/", token: nil).status == .ok)
  }
}
