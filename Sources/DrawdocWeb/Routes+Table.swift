import DrawdocHTTP

extension Routes {
  /// Every route of the app, once: its method, its path, who may take it (with which
  /// credential of the network side), what it holds in memory, whether it changes the store,
  /// and its handler. docs/serve.md lists the same
  /// routes for clients (`RouteTableTests` holds the two together).
  ///
  /// A path no route has is answered 404; a path that routes have, with another method, 405
  /// with `Allow` naming theirs. A handler refuses a malformed `ID` or `N` with 400.
  static let table: [Route] = [
    // The pages: shells that hold no data.
    Route("GET", "/", access: .open) { _, _ in Page.drawings },
    Route("GET", "/drawings/ID", access: .open) { routes, match in try routes.editorPage(match) },
    Route("GET", "/assets/NAME", access: .open) { routes, match in try routes.asset(match) },

    // Answered by the gate: the server's proof on this machine, pairing on the network.
    Route("GET", "/api/proof", access: .proof, answer: nil),
    Route("GET", "/pair", access: .pairing, answer: nil),
    Route("GET", "/pair/NAME", access: .pairing, answer: nil),
    Route("POST", "/api/pair", access: .pairing, changesStore: false, answer: nil),

    // Reading.
    Route("GET", "/api/session", scope: .links) { _, _ in HTTPResponse(status: .noContent) },
    Route("GET", "/api/events", scope: .links) { routes, match in
      EventStream.response(
        broadcast: routes.broadcast, presence: routes.presence, visitor: match.visitor,
        request: match.request)
    },
    Route("GET", "/api/drawings") { routes, _ in try routes.listing() },
    Route("GET", "/api/drawings/ID", scope: .linkedDrawing, memory: .view) { routes, match in
      try routes.drawing(try match.drawing())
    },
    Route("GET", "/api/drawings/ID/changes", scope: .linkedDrawing) { routes, match in
      try routes.changes(try match.drawing(), match.request)
    },
    Route("GET", "/api/drawings/ID/svg", scope: .linkedDrawing, memory: .file) { routes, match in
      try routes.svg(try match.drawing())
    },
    Route("GET", "/api/drawings/ID/thumbnail", scope: .linkedDrawing) { routes, match in
      try routes.thumbnail(try match.drawing())
    },
    Route("GET", "/api/drawings/ID/export", scope: .linkedDrawing, memory: .export) {
      routes, match in
      try routes.export(try match.drawing(), match.request.query)
    },
    Route("GET", "/api/drawings/ID/history", scope: .linkedDrawing) { routes, match in
      try routes.history(try match.drawing())
    },
    Route("GET", "/api/drawings/ID/versions/N", scope: .linkedDrawing, memory: .version) {
      routes, match in
      try routes.version(try match.drawing(), match)
    },

    // Changing.
    Route("POST", "/api/drawings") { routes, match in
      try routes.create(try RequestFields(match.request))
    },
    Route("DELETE", "/api/drawings/ID") { routes, match in try routes.trash(try match.drawing()) },
    Route("POST", "/api/trash/ID/restore") { routes, match in try routes.restoreFromTrash(match) },
    Route("POST", "/api/drawings/ID/duplicate", memory: .file) { routes, match in
      try routes.duplicate(try match.drawing(), match.request)
    },
    Route("POST", "/api/drawings/ID/rename", scope: .linkedDrawingEdit) { routes, match in
      try routes.rename(try match.drawing(), match.request)
    },
    Route("POST", "/api/drawings/ID/undo", scope: .linkedDrawingEdit) { routes, match in
      try routes.step("undo", try match.drawing(), match.request)
    },
    Route("POST", "/api/drawings/ID/redo", scope: .linkedDrawingEdit) { routes, match in
      try routes.step("redo", try match.drawing(), match.request)
    },
    Route("POST", "/api/drawings/ID/restore", scope: .linkedDrawingEdit, memory: .file) {
      routes, match in
      try routes.restore(try match.drawing(), try RequestFields(match.request))
    },
    Route("POST", "/api/drawings/ID/edits", scope: .linkedDrawingEdit) { routes, match in
      try routes.edits(try match.drawing(), match.request)
    },
    Route("POST", "/api/drawings/ID/presence", scope: .linkedDrawing, changesStore: false) {
      routes, match in
      try routes.presence(match)
    },

    // Importing: reads a file, changes nothing.
    Route("POST", "/api/import", memory: .import) { routes, match in
      routes.json(try ImportRoute.answer(try RequestFields(match.request)))
    },

    // Syncing.
    Route("GET", "/api/sync", scope: .owner) { routes, _ in routes.syncStatus() },
    Route("POST", "/api/sync", scope: .owner) { routes, _ in try routes.sync() },

    // Devices and links, the owner's only (the gate keeps devices and links out).
    Route("GET", "/api/devices", scope: .owner) { routes, _ in try routes.devices() },
    Route("DELETE", "/api/devices/NAME", scope: .owner) { routes, match in
      try routes.revokeDevice(named: match["NAME"])
    },
    Route("DELETE", "/api/links/ID", scope: .owner) { routes, match in
      try routes.revokeLink(id: match["ID"])
    },
    Route("POST", "/api/pairing", scope: .owner) { routes, _ in try routes.makePairingCode() },
  ]
}
