import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocRaster
import DrawdocSystem

/// The drawing app: its pages, its JSON API and its event stream, over one store. Every change
/// goes through the same store operations as the command line — locked, atomic, thumbnails
/// and history updated — and every page hears every change, wherever it was made, through the
/// store's change stream.
///
/// Its routes are ``Routes/table``, all behind ``AccessGate``; docs/serve.md lists them for
/// clients.
package struct WebApp: HTTPResponder {
  private let gate: AccessGate
  private let broadcast: ChangeBroadcast

  /// Makes the app, and starts following the store's changes for its pages.
  ///
  /// - Parameters:
  ///   - store: The store it serves.
  ///   - token: The access token its pages send (``DrawdocStore/DocumentStore/accessToken(renewing:)``).
  ///   - port: The port the server listens on (the Host and Origin it accepts name it).
  ///   - environment: The environment its syncs run git with (`PATH` finds git).
  /// - Throws: ``DrawdocStore/StoreError`` if the store's change journal cannot be read.
  package init(
    store: DocumentStore, token: String, port: UInt16,
    environment: [String: String] = CurrentProcess.environment()
  ) throws(StoreError) {
    self.init(
      store: store, token: token, port: port, broadcast: try ChangeBroadcast(store: store),
      environment: environment)
  }

  /// Makes the app with a broadcast made beforehand (before the port was known).
  ///
  /// - Parameters:
  ///   - store: The store it serves.
  ///   - token: The access token its pages send.
  ///   - port: The port the server listens on.
  ///   - network: The door on the network, when the server listens there in TLS.
  ///   - broadcast: The follower of `store`'s changes that its event streams hear.
  ///   - environment: The environment its syncs run git with (`PATH` finds git).
  package init(
    store: DocumentStore, token: String, port: UInt16, network: NetworkAccess? = nil,
    broadcast: ChangeBroadcast, environment: [String: String] = CurrentProcess.environment()
  ) {
    self.broadcast = broadcast
    // A device or a link taken out (here, or by `drawdoc devices revoke` in another process)
    // loses its streams within a second: the records' files are looked at 5 times a second.
    network?.watch(every: 0.2) { [weak broadcast, weak network] in
      guard let network else { return }
      broadcast?.closeStreams { !network.stillValid($0) }
    }
    gate = AccessGate(
      token: token, port: port,
      routes: Routes(
        store: store, broadcast: broadcast, network: network, environment: environment),
      network: network)
  }

  package func respond(to request: HTTPRequest) -> HTTPResponse {
    gate.respond(to: request)
  }

  package func admit(_ head: HTTPRequest) -> HTTPResponse? {
    gate.admit(head)
  }

  package func isCredentialed(_ head: HTTPRequest) -> Bool {
    gate.isCredentialed(head)
  }

  package var headersForEveryResponse: HTTPHeaders { gate.headersForEveryResponse }

  package func memoryEstimate(of request: HTTPRequest) -> Int {
    gate.memoryEstimate(of: request)
  }

  /// Stops following the store; every event stream ends.
  package func stop() {
    broadcast.stop()
  }

  /// How many event streams are open.
  package var eventStreams: Int { broadcast.streamCount }

  /// The server's bounds for the app: its requests are JSON objects, the largest an edit of
  /// every rectangle of a large drawing (or its undo: about 130 bytes a rectangle), so a body
  /// is at most 16 MiB. Only a request with the token has its body read.
  package static let limits = HTTPLimits(bodyBytes: 16 << 20)
}

/// The app's routes, behind the gate.
struct Routes: VisitorResponder {
  let store: DocumentStore
  let broadcast: ChangeBroadcast
  /// The door on the network, if the server listens there.
  let network: NetworkAccess?
  /// The environment syncs run git with.
  let environment: [String: String]
  var editing: Editing { Editing(store: store) }
  /// Whether a sync is running (``syncRoute(_:_:)``).
  let syncs = SyncSlot()
  /// Who is in each drawing, and which changes the routes made (`PresenceRoutes.swift`).
  let presence = PresenceBoard()
  let origins = ChangeOrigins()

  init(
    store: DocumentStore, broadcast: ChangeBroadcast, network: NetworkAccess? = nil,
    environment: [String: String]
  ) {
    self.store = store
    self.broadcast = broadcast
    self.network = network
    self.environment = environment
    followOrigins()
  }

  func respond(to request: HTTPRequest, as visitor: Visitor) -> HTTPResponse {
    let (route, values): (Route, [String: String])
    switch Self.table.lookup(request.method, request.pathSegments) {
    case .found(let found, let foundValues): (route, values) = (found, foundValues)
    case .wrongMethod(let allowed): return WebError.methodNotAllowed(request, allowed: allowed)
    case .none: return notFound(request).response
    }
    // A route the gate answers (the proof, pairing) is nothing behind it.
    guard let handler = route.answer else { return notFound(request).response }
    let match = RouteMatch(request: request, visitor: visitor, values: values)
    let answer = { () -> HTTPResponse in
      do {
        return try handler(self, match)
      } catch {
        return WebError(error).response
      }
    }
    guard route.changesStore else { return answer() }
    // A change made here reaches the pages at once, not when the file system tells.
    defer { broadcast.changed() }
    return claiming(request, answer)
  }

  // MARK: - Pages

  func editorPage(_ match: RouteMatch) throws -> HTTPResponse {
    _ = try match.drawing()
    return Page.editor
  }

  func asset(_ match: RouteMatch) throws -> HTTPResponse {
    guard let asset = Assets.named(match["NAME"]) else { throw notFound(match.request) }
    return asset
  }

  // MARK: - Reading

  func listing() throws -> HTTPResponse {
    let sequence = try store.lastSequence()
    let listing = try store.list()
    var drawings: [JSONValue] = []
    var damaged: [JSONValue] = []
    for row in listing.drawings {
      switch row {
      case .drawing(let entry): drawings.append(ListingView.object(entry))
      case .damaged(let id, let reason): damaged.append(ListingView.damaged(id, reason: reason))
      }
    }
    return json(
      .object([
        ("sequence", .number(Double(sequence))), ("drawings", .array(drawings)),
        ("damaged", .array(damaged)),
        ("trash", .array(try store.trashedDrawings().map(ListingView.object))),
      ]))
  }

  func drawing(_ id: Identifier) throws -> HTTPResponse {
    file(try DrawingView.json(store: store, id: id), type: "application/json")
  }

  func changes(_ id: Identifier, _ request: HTTPRequest) throws -> HTTPResponse {
    let since = try UserValue.version(request.query["since"] ?? "", field: "since")
    return json(try DrawingChanges.body(store: store, id: id, since: since))
  }

  func svg(_ id: Identifier) throws -> HTTPResponse {
    file(try Export.bytes(try store.drawing(id), as: .svg), type: "image/svg+xml")
  }

  func thumbnail(_ id: Identifier) throws -> HTTPResponse {
    file(try store.thumbnail(of: id), type: "image/png")
  }

  func export(_ id: Identifier, _ query: [String: String]) throws -> HTTPResponse {
    let formatName = query["format"] ?? "svg"
    guard let format = Export.Format(rawValue: formatName.lowercased()) else {
      throw InvalidValue(
        field: "format", value: formatName, expected: Export.Format.names)
    }
    var options = Export.Options()
    if format.isPNG {
      options.scale =
        try query["scale"].map { (text) throws in try UserValue.length(text, field: "scale") }
        ?? 1
      options.background = try query["background"].flatMap { $0.isEmpty ? nil : $0 }.map {
        (text) throws in try UserValue.color(text, field: "background")
      }
    }
    let drawing =
      try query["version"].map { (text) throws in
        try store.drawing(id, version: try UserValue.version(text, field: "version"))
      } ?? store.drawing(id)
    // A picture's memory (its pixels) and its core are the server's heavy budget and lane:
    // a large one is refused with 503 before the drawing is read (MemoryEstimate.swift).
    var response = file(
      try Export.bytes(drawing, as: format, options: options), type: format.mediaType)
    response.headers.add(
      "Content-Disposition", "attachment; filename=\"\(Self.fileName(drawing)).\(format.rawValue)\""
    )
    return response
  }

  /// A file name from the title: letters, digits and a few marks; else the id.
  static func fileName(_ drawing: Drawing) -> String {
    let kept = drawing.plane.title.unicodeScalars.prefix(60).map { scalar -> Character in
      let allowed =
        (scalar.value < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)))
        || "-_ ".unicodeScalars.contains(scalar)
      return allowed ? Character(scalar) : "-"
    }
    let name = String(kept).trimmingDashesAndBlanks()
    return name.isEmpty ? drawing.id.description : name
  }

  // MARK: - Changing

  func create(_ fields: RequestFields) throws -> HTTPResponse {
    let title = try UserValue.title(try fields.text("title") ?? "")
    let size = try Size(
      width: try fields.text("width").map { (text) throws in
        try UserValue.length(text, field: "width")
      } ?? Plane.defaultSize.width,
      height: try fields.text("height").map { (text) throws in
        try UserValue.length(text, field: "height")
      } ?? Plane.defaultSize.height)
    let count =
      try fields.text("random").map { (text) throws in
        try UserValue.count(text, field: "random", range: 0...100_000)
      } ?? 0
    let drawing = try editing.create(title: title, size: size, randomRectangles: count)
    return json(.object([("id", .string(drawing.id.description))]), status: .created)
  }

  func trash(_ id: Identifier) throws -> HTTPResponse {
    try editing.delete(id)
    return json(.object([("trashed", .string(id.description))]))
  }

  func restoreFromTrash(_ match: RouteMatch) throws -> HTTPResponse {
    try editing.restoreFromTrash(try match.drawing())
    return json(.object([("restored", .string(match["ID"]))]))
  }

  func rename(_ id: Identifier, _ request: HTTPRequest) throws -> HTTPResponse {
    let fields = try RequestFields(request)
    let title = try UserValue.title(try fields.text("title") ?? "")
    return versioned(try editing.rename(id, to: title, basedOn: (try fields.version(), nil)))
  }

  func duplicate(_ id: Identifier, _ request: HTTPRequest) throws -> HTTPResponse {
    let title = try RequestFields(request).text("title").map { (text) throws in
      try UserValue.title(text)
    }
    let copy = try editing.duplicate(id, title: title)
    return json(.object([("id", .string(copy.id.description))]), status: .created)
  }

  /// `action` is `undo` or `redo`.
  func step(_ action: String, _ id: Identifier, _ request: HTTPRequest) throws -> HTTPResponse {
    let version = try RequestFields(request).version()
    let made =
      action == "undo"
      ? try editing.undo(id, basedOn: version)
      : try editing.redo(id, basedOn: version)
    return json(
      .object([("version", .number(Double(made.number))), ("change", .string(made.change))]))
  }

  func edits(_ id: Identifier, _ request: HTTPRequest) throws -> HTTPResponse {
    let applied = try editing.apply(try EditRequest.steps(try RequestFields(request)), to: id)
    return json(EditRequest.answer(applied))
  }

  /// The answer to an edit: the version it made (or the current one, when it changed nothing).
  private func versioned(_ revision: Revision) -> HTTPResponse {
    json(.object([("version", .number(Double(revision.version)))]))
  }

  // MARK: - Helpers

  func notFound(_ request: HTTPRequest) -> WebError {
    WebError.notFound(request)
  }

  func json(_ value: JSONValue, status: HTTPStatus = .ok) -> HTTPResponse {
    var response = file(value.serialized + [0x0A], type: "application/json")
    response.status = status
    return response
  }

  func file(_ bytes: [UInt8], type: String) -> HTTPResponse {
    var headers = HTTPHeaders()
    headers.add("Content-Type", type)
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(bytes))
  }
}

extension StringProtocol {
  fileprivate func trimmingDashesAndBlanks() -> String {
    var text = Substring(self)
    while text.first == " " || text.first == "-" { text = text.dropFirst() }
    while text.last == " " || text.last == "-" { text = text.dropLast() }
    return String(text)
  }
}
