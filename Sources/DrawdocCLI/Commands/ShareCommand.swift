import DrawdocEditing
import DrawdocModel

/// `drawdoc share`: makes a link that opens one drawing, lists the links, or takes one out.
struct ShareCommand: Command {
  static let name = "share"
  static let abstract = "Make a link that opens one drawing, list the links, or revoke one."
  static let usage =
    "drawdoc share DOC [--view] [--expires DURATION] | --list [--json] | --revoke ID"
  static let arguments: [ArgumentSpecification] = [.document]
  static let options: [OptionSpecification] = [
    .flag("view", help: "The link only shows the drawing (and exports it); it changes nothing."),
    .value(
      "expires", placeholder: "DURATION",
      help: "How long the link opens the drawing, 1m to 3650d, or never (default 7d)."),
    .flag("list", help: "List the links: expired ones too, until they are revoked."),
    .flag("json", help: "With --list: as JSON (see Schema/drawdoc-links.schema.json)."),
    .value("revoke", placeholder: "ID", help: "Take this link out: it opens nothing from now on."),
    StoreAccess.option,
  ]
  static let discussion = """
    A link opens one drawing in the app that 'drawdoc serve --lan' serves to the network, for
    whoever holds it, without pairing a device: to edit it, or with --view only to see and
    export it. The link holds a token that the store keeps only as a hash: it is printed
    once, when the link is made. Links are listed and revoked by their short id.
    DURATION is a whole number and s, m, h or d: 30s, 10m, 12h, 7d.
    """

  enum Task {
    case share(document: String, viewOnly: Bool, expiresIn: Int?)
    case list(json: Bool)
    case revoke(String)
  }

  /// The lengths of time a link may be valid for.
  static let linkLifetimes = 60...(3650 * 86_400)

  let arguments: ParsedArguments
  let task: Task

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    let revoke = arguments.value("revoke")
    let list = arguments.flag("list")
    let expires = arguments.value("expires")
    let shares = !arguments.positionals.isEmpty || arguments.flag("view") || expires != nil
    if [shares, list, revoke != nil].filter({ $0 }).count > 1 {
      throw .invalidValue(
        command: Self.name, option: list ? "list" : "revoke",
        value: list ? "--list" : "--revoke",
        expected: "one of DOC (to share it), --list or --revoke ID")
    }
    if arguments.flag("json") && !list {
      throw .invalidValue(
        command: Self.name, option: "json", value: "--json", expected: "--json only with --list")
    }
    if let revoke {
      task = .revoke(revoke)
    } else if list {
      task = .list(json: arguments.flag("json"))
    } else {
      try arguments.expectPositionals(atMost: 1)
      let document = try arguments.positional(0, name: "DOC (the drawing to share)")
      let seconds: Int?
      if expires == "never" {
        seconds = nil
      } else {
        seconds =
          try expires.map { (text) throws(CommandLineError) in
            try ValueParser(command: Self.name).duration(
              text, option: "expires", range: Self.linkLifetimes)
          } ?? DeviceAccess.linkLifetime
      }
      task = .share(document: document, viewOnly: arguments.flag("view"), expiresIn: seconds)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let access = DeviceAccess(store: store)
    switch task {
    case .share(let document, let viewOnly, let seconds):
      let id = try StoreAccess.resolve(document, in: store, includingTrash: false)
      let (link, token) = try access.share(drawing: id, viewOnly: viewOnly, expiresIn: seconds)
      context.standardOutput.write(
        Self.linkText(link, token: token, origins: store.servingOrigins()))
    case .list(let json):
      let links = try access.links()
      context.standardOutput.write(
        json ? Self.json(links) : Array(Self.table(links, titles: try titles(store)).utf8))
    case .revoke(let id):
      let link = try access.revokeLink(id: id)
      context.standardOutput.writeLine(
        "Revoked link \(link.id) to \(link.drawing): it opens nothing from now on.")
    }
    return .success
  }

  /// The titles of the drawings in the store, by id.
  private func titles(_ store: DocumentStore) throws -> [Identifier: String] {
    var titles: [Identifier: String] = [:]
    for case .drawing(let entry) in try store.list().drawings { titles[entry.id] = entry.title }
    return titles
  }

  /// The path a link opens: `/drawings/ID#link=TOKEN`. The token is in the fragment, which a
  /// browser never sends to a server nor puts in a `Referer`.
  static func linkPath(_ link: SharedLink, token: String) -> String {
    "/drawings/\(link.drawing)#link=\(token)"
  }

  /// What `share DOC` prints: the link's id, what it allows and until when, and its address
  /// on each of `origins` (such as `https://studio.local:8443`), or its path when none is
  /// given.
  static func linkText(_ link: SharedLink, token: String, origins: [String] = []) -> String {
    var text = "Link \(link.id) \(link.viewOnly ? "shows" : "edits") drawing \(link.drawing) "
    text += link.expires.map { "until \(LocalTime().format($0))" } ?? "with no end"
    text += " ('drawdoc share --revoke \(link.id)' takes it out).\n"
    text += "Open it in the app served by 'drawdoc serve --lan' at:\n"
    for origin in origins.isEmpty ? [""] : origins {
      text += "  \(origin)\(linkPath(link, token: token))\n"
    }
    return text
  }

  static func json(_ links: [SharedLink]) -> [UInt8] {
    JSONValue.array(links.map(\.listed)).document
  }

  static func table(_ links: [SharedLink], titles: [Identifier: String], now: Timestamp = .now)
    -> String
  {
    guard !links.isEmpty else { return "No link is shared: 'drawdoc share DOC' makes one.\n" }
    let localTime = LocalTime()
    let rows = links.map { link in
      [
        link.id, link.drawing.description,
        titles[link.drawing].map { DisplayText.single($0) } ?? "(not in the store)",
        link.viewOnly ? "view" : "edit", localTime.format(link.created),
        link.expires.map { (link.isExpired(at: now) ? "expired " : "") + localTime.format($0) }
          ?? "never",
      ]
    }
    return TextTable.text(
      header: ["ID", "DRAWING", "TITLE", "ACCESS", "CREATED", "EXPIRES"], rows: rows)
  }
}
