import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// One route of the app: the method and path a request must have to take it, what it needs,
/// and who answers it. ``Routes/table`` lists every route once; the dispatch
/// (``Routes/respond(to:as:)``), the gate's open routes (``AccessGate``), the memory estimates
/// (`MemoryEstimate.swift`) are made from it, and a test holds docs/serve.md's API tables to it.
struct Route: Sendable {
  /// Who may take the route (``AccessGate`` decides).
  enum Access: Sendable {
    /// Anyone who reaches the server: a page shell, which holds no data.
    case open
    /// Anyone on this machine, without a token: the server's proof (``ServerProof``), which
    /// the gate answers itself.
    case proof
    /// Anyone on the network side: the pairing page, its downloads, and pairing with a code
    /// (``PairingRoute``), which the gate answers itself.
    case pairing
    /// Who holds the token, or a device's or a link's (with their scope: ``AccessGate``).
    case credential
  }

  /// Which credentials of the network side may take it, beyond the store's own token, which
  /// may take every route (``AccessGate/scopeRefusal(_:of:)``).
  enum Scope: Sendable {
    /// The owner only: devices, links, pairing codes and syncs are managed on the machine.
    case owner
    /// A paired device too: all that is not one drawing's alone.
    case devices
    /// A link too: the event stream and the session check.
    case links
    /// A link of the path's drawing too: reading it, and presence in it.
    case linkedDrawing
    /// A link of the path's drawing that may edit it: changing its rectangles, title and
    /// versions (not trashing or copying it).
    case linkedDrawingEdit
  }

  /// What answering holds in memory at its peak, known before its work starts: the server's
  /// heavy lane and budget go by it (`MemoryEstimate.swift`).
  enum Memory: Sendable {
    /// Nothing of note beyond the body.
    case small
    /// The drawing read whole for the editor: its file and its JSON form.
    case view
    /// The drawing's file read whole, or the drawing decoded.
    case file
    /// Version `N`'s file read whole.
    case version
    /// An export: the drawing in its format (a PNG's pixels too).
    case export
    /// A file to import: its text parsed and inflated.
    case `import`
  }

  /// Answers a request that took the route.
  typealias Handler = @Sendable (Routes, RouteMatch) throws -> HTTPResponse

  /// `GET`, `POST`, `PATCH` or `DELETE`; a `GET` route answers `HEAD` too.
  let method: String
  /// The path, one segment after each `/`; a segment in capitals (`ID`, `N`, `NAME`) stands for
  /// any one segment, which the handler reads by that name.
  let pattern: String
  let access: Access
  let scope: Scope
  let memory: Memory
  /// Whether it may change the store: what it changes is then noted as the pages' (not the
  /// terminal's), and the pages hear of it at once.
  let changesStore: Bool
  /// The handler; `nil` for a route the gate answers itself (``Access/proof``,
  /// ``Access/pairing``), which is nothing behind the gate.
  let answer: Handler?
  private let segments: [String]

  /// A route; one that is not `GET` changes the store unless `changesStore` says it does not.
  init(
    _ method: String, _ pattern: String, access: Access = .credential, scope: Scope = .devices,
    memory: Memory = .small, changesStore: Bool? = nil, answer: Handler?
  ) {
    self.method = method
    self.pattern = pattern
    self.access = access
    self.scope = scope
    self.memory = memory
    self.changesStore = changesStore ?? (method != "GET")
    self.answer = answer
    segments = pattern.split(separator: "/").map(String.init)
  }

  /// The values of the pattern's capitalized segments, when the path has the pattern's shape.
  func values(of path: [String]) -> [String: String]? {
    guard path.count == segments.count else { return nil }
    var values: [String: String] = [:]
    for (part, segment) in zip(segments, path) {
      if Self.isPlaceholder(part) {
        values[part] = segment
      } else if part != segment {
        return nil
      }
    }
    return values
  }

  private static func isPlaceholder(_ part: String) -> Bool {
    !part.isEmpty && part.utf8.allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
  }
}

/// What the table says of a request's method and path.
enum RouteLookup {
  /// The route it takes, and the values of the pattern's capitalized segments.
  case found(Route, [String: String])
  /// Routes have its path, none its method: these are the methods they take (405).
  case wrongMethod(allowed: [String])
  /// No route has its path (404).
  case none
}

extension [Route] {
  /// The route that takes a request with this method and path (`HEAD` takes a `GET` route).
  func lookup(_ method: String, _ path: [String]) -> RouteLookup {
    let asked = method == "HEAD" ? "GET" : method
    var allowed: [String] = []
    for route in self {
      guard let values = route.values(of: path) else { continue }
      if route.method == asked { return .found(route, values) }
      if !allowed.contains(route.method) { allowed.append(route.method) }
    }
    if allowed.isEmpty { return .none }
    if let get = allowed.firstIndex(of: "GET") { allowed.insert("HEAD", at: get + 1) }
    return .wrongMethod(allowed: allowed)
  }

  /// Who may take the route of this method and path; `nil` when no route takes it.
  func access(_ method: String, _ path: [String]) -> Route.Access? {
    route(method, path)?.route.access
  }

  /// The route of this method and path and its values; `nil` when no route takes it.
  func route(_ method: String, _ path: [String]) -> (route: Route, values: [String: String])? {
    if case .found(let route, let values) = lookup(method, path) { return (route, values) }
    return nil
  }
}

/// A request that took a route, with the values of its pattern's capitalized segments.
struct RouteMatch {
  let request: HTTPRequest
  let visitor: Visitor
  let values: [String: String]

  /// The value of the pattern's segment `name` (`ID`, `N`, `NAME`).
  subscript(_ name: String) -> String { values[name] ?? "" }

  /// The drawing the path names (its `ID`), refused with 400 when it is not an id.
  func drawing() throws -> Identifier {
    try UserValue.identifier(self["ID"], field: "drawing")
  }
}
