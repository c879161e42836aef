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
/// Routes (all behind ``AccessGate``):
///
/// | method and path | what |
/// |---|---|
/// | `GET /` | the drawings page |
/// | `GET /drawings/ID` | the editor page |
/// | `GET /assets/NAME` | the pages' styles and scripts |
/// | `GET /api/drawings` | the drawings and the trash |
/// | `POST /api/drawings` | a new drawing: `title`, `width`, `height`, `random` |
/// | `GET /api/drawings/ID` | a drawing, its version, undo and redo |
/// | `DELETE /api/drawings/ID` | moves it to the trash |
/// | `POST /api/drawings/ID/rename` | `version`, `title` |
/// | `POST /api/drawings/ID/duplicate` | `title` (optional) |
/// | `POST /api/drawings/ID/undo`, `…/redo` | `version` |
/// | `POST /api/drawings/ID/edits` | `edits`: steps applied as one change (``EditRequest``); answers with notices and the steps that undo it |
/// | `POST /api/drawings/ID/rectangles` | `version` and fields; those missing from the factory |
/// | `PATCH /api/drawings/ID/rectangles/RECT` | `version` and the fields to set |
/// | `DELETE /api/drawings/ID/rectangles/RECT` | `version` |
/// | `POST /api/drawings/ID/rectangles/RECT/raise`, `…/lower` | `version`, `all` |
/// | `GET /api/drawings/ID/changes?since=V` | what changed since version V (``DrawingChanges``) |
/// | `GET /api/drawings/ID/svg` | the drawing file, which the editor draws |
/// | `GET /api/drawings/ID/thumbnail` | the thumbnail |
/// | `GET /api/drawings/ID/export?format=svg\|png\|json\|pdf\|drawio\|excalidraw&scale=S&background=C` | a download, byte for byte what `drawdoc export` writes |
/// | `GET /api/drawings/ID/history` | the kept versions, as `drawdoc history --json` prints them |
/// | `GET /api/drawings/ID/versions/N` | version N's SVG file |
/// | `POST /api/drawings/ID/restore` | `version`: that version again, as a new one; `HistoryRoutes.swift` |
/// | `POST /api/trash/ID/restore` | back from the trash |
/// | `GET /api/events?since=N&drawing=ID&page=PAGE` | Server-Sent Events: one per store change; an editor page's presence events too (`EventStream`) |
/// | `POST /api/drawings/ID/presence` | `page`, `pointer`, `selection`, `view`, or `leave`: never stored (``PresenceUpdate``) |
/// | `GET /api/session` | 204 when the request carries the token |
/// | `GET /api/proof?nonce=N` | the server's proof that it holds the token, needing none (``ServerProof``) |
/// | `GET /api/sync`, `POST /api/sync` | the sync's status, and a sync (`SyncRoutes.swift`) |
/// | `POST /api/import` | `svg`: SVG, draw.io or Excalidraw text; the rectangles import mode keeps of it and its warnings (``ImportRoute``); changes nothing |
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
    if let answer = presenceRoute(request, visitor) { return answer }
    let answer = { () -> HTTPResponse in
      do {
        return try route(request, visitor)
      } catch {
        return WebError(error).response
      }
    }
    guard request.method != "GET" && request.method != "HEAD" else { return answer() }
    // A change made here reaches the pages at once, not when the file system tells.
    defer { broadcast.changed() }
    return claiming(request, answer)
  }

  private func route(_ request: HTTPRequest, _ visitor: Visitor) throws -> HTTPResponse {
    let path = request.pathSegments
    let method = request.method == "HEAD" ? "GET" : request.method
    switch (method, path.count) {
    case ("GET", 0): return Page.drawings
    case ("GET", 2) where path[0] == "assets":
      guard let asset = Assets.named(path[1]) else { throw notFound(request) }
      return asset
    case ("GET", 2) where path[0] == "drawings":
      _ = try drawingId(path[1])
      return Page.editor
    default: break
    }
    guard path.first == "api", path.count >= 2 else { throw notFound(request) }
    let api = Array(path.dropFirst())
    switch (method, api[0], api.count) {
    case ("GET", "events", 1):
      return EventStream.response(
        broadcast: broadcast, presence: presence, visitor: visitor, request: request)
    case ("GET", "session", 1): return HTTPResponse(status: .noContent)
    case ("GET", "drawings", 1): return try listing()
    case ("POST", "drawings", 1): return try create(RequestFields(request))
    case ("POST", "import", 1): return json(try ImportRoute.answer(try RequestFields(request)))
    case (_, "sync", 1): return try syncRoute(method, request)
    case (_, "devices", _), (_, "links", _), (_, "pairing", _):
      return try deviceRoute(method, api, request)
    case (_, "drawings", 2...): return try drawingRoute(method, api, request)
    case ("POST", "trash", 3) where api[2] == "restore":
      try editing.restoreFromTrash(try drawingId(api[1]))
      return json(.object([("restored", .string(api[1]))]))
    default: throw notFound(request)
    }
  }

  private func drawingRoute(_ method: String, _ api: [String], _ request: HTTPRequest) throws
    -> HTTPResponse
  {
    let id = try drawingId(api[1])
    let action = api.count > 2 ? api[2] : ""
    switch (method, action, api.count) {
    case ("GET", "", 2): return try drawing(id)
    case ("DELETE", "", 2):
      try editing.delete(id)
      return json(.object([("trashed", .string(id.description))]))
    case ("GET", "changes", 3):
      let since = try UserValue.version(request.query["since"] ?? "", field: "since")
      return json(try DrawingChanges.body(store: store, id: id, since: since))
    case ("GET", "svg", 3):
      return file(try Export.bytes(try store.drawing(id), as: .svg), type: "image/svg+xml")
    case ("GET", "thumbnail", 3): return file(try store.thumbnail(of: id), type: "image/png")
    case ("GET", "export", 3): return try export(id, request.query)
    case ("POST", "rename", 3):
      let fields = try RequestFields(request)
      let title = try UserValue.title(try fields.text("title") ?? "")
      return versioned(try editing.rename(id, to: title, basedOn: (try fields.version(), nil)))
    case ("POST", "duplicate", 3):
      let title = try RequestFields(request).text("title").map { (text) throws in
        try UserValue.title(text)
      }
      let copy = try editing.duplicate(id, title: title)
      return json(.object([("id", .string(copy.id.description))]), status: .created)
    case ("POST", "undo", 3), ("POST", "redo", 3):
      let version = try RequestFields(request).version()
      let made =
        action == "undo"
        ? try editing.undo(id, basedOn: version)
        : try editing.redo(id, basedOn: version)
      return json(
        .object([("version", .number(Double(made.number))), ("change", .string(made.change))]))
    case ("POST", "edits", 3):
      let applied = try editing.apply(try EditRequest.steps(try RequestFields(request)), to: id)
      return json(EditRequest.answer(applied))
    case (_, "rectangles", _): return try rectangleRoute(method, id, api, request)
    case ("GET", "history", 3), ("GET", "versions", 4), ("POST", "restore", 3):
      return try historyRoute(method, id, api, request)
    default: throw notFound(request)
    }
  }

  private func rectangleRoute(
    _ method: String, _ id: Identifier, _ api: [String], _ request: HTTPRequest
  ) throws -> HTTPResponse {
    let fields = try RequestFields(request)
    switch (method, api.count) {
    case ("POST", 3):
      let (revision, added) = try editing.add(
        try fields.rectangleEdit(), to: id, basedOn: (try fields.version(), []))
      return json(
        .object([
          ("version", .number(Double(revision.version))),
          ("rectangle", .string(added.first?.description ?? "")),
        ]))
    case ("PATCH", 4):
      let rectangle = try UserValue.identifier(api[3], field: "rectangle")
      let values = try fields.rectangleEdit()
      guard !values.isEmpty else {
        throw WebError(
          status: .badRequest,
          message: "give at least one of x, y, width, height, color, alpha to change")
      }
      return versioned(
        try editing.set(values, of: rectangle, in: id, basedOn: (try fields.version(), [rectangle]))
      )
    case ("DELETE", 4):
      let rectangle = try UserValue.identifier(api[3], field: "rectangle")
      return versioned(
        try editing.remove(rectangle, from: id, basedOn: (try fields.version(), [rectangle])))
    case ("POST", 5) where api[4] == "raise" || api[4] == "lower":
      let rectangle = try UserValue.identifier(api[3], field: "rectangle")
      return versioned(
        try editing.move(
          rectangle, in: id, api[4] == "raise" ? .up : .down, allTheWay: try fields.flag("all"),
          basedOn: (try fields.version(), [rectangle])))
    default: throw notFound(request)
    }
  }

  // MARK: - Reading

  private func listing() throws -> HTTPResponse {
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

  private func drawing(_ id: Identifier) throws -> HTTPResponse {
    file(try DrawingView.json(store: store, id: id), type: "application/json")
  }

  private func export(_ id: Identifier, _ query: [String: String]) throws -> HTTPResponse {
    let formatName = query["format"] ?? "svg"
    guard let format = Export.Format(rawValue: formatName.lowercased()) else {
      throw InvalidValue(
        field: "format", value: formatName, expected: "svg, png, json, pdf, drawio or excalidraw")
    }
    var options = Export.Options()
    if format == .png {
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

  private func create(_ fields: RequestFields) throws -> HTTPResponse {
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

  /// The answer to an edit: the version it made (or the current one, when it changed nothing).
  private func versioned(_ revision: Revision) -> HTTPResponse {
    json(.object([("version", .number(Double(revision.version)))]))
  }

  // MARK: - Helpers

  private func drawingId(_ text: String) throws -> Identifier {
    try UserValue.identifier(text, field: "drawing")
  }

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
