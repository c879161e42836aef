import DrawdocEditing
import DrawdocHTTP
import DrawdocWeb

import DrawdocSystem

/// `drawdoc serve`: the drawing app in the browser, over the store.
struct ServeCommand: Command {
  static let name = "serve"
  static let abstract = "Serve the drawing app at http://127.0.0.1:PORT/ until interrupted."
  static let usage =
    "drawdoc serve [--port N] [--open] [--new-token] [--lan] [--listen ADDR:PORT]... "
    + "[--tls-cert FILE --tls-key FILE]"
  static let arguments: [ArgumentSpecification] = []
  static let options: [OptionSpecification] =
    [
      .value("port", placeholder: "N", help: "The port (default 8765; 0 picks a free one)."),
      .flag("open", help: "Open the app in the default browser."),
      .flag(
        "new-token",
        help: "Replace the access token kept in the store: every page that held it is shut out."),
      StoreAccess.option,
    ] + NetworkOptions.options
  static let discussion = """
    Prints the address, with the store's access token in it: open it once in a browser (on
    this machine: the server listens on 127.0.0.1); the page keeps the token for this
    address and port, and the address without it works from then on. The token is kept in
    the store (readable by you only) and stays the same from one start to the next, so open
    pages reconnect by themselves; --new-token replaces it. The drawings page lists, makes, renames,
    duplicates, deletes and restores drawings; the editor changes rectangles, with undo and
    redo. Every page follows changes made anywhere, by other pages or by drawdoc commands.
    With --lan (or --listen) the app is also served to the local network, in TLS only, with
    the store's own certificate authority (or --tls-cert and --tls-key): the server prints the
    authority's fingerprint and a pairing code, also as a QR code, that pairs one device
    (see 'drawdoc devices' and 'drawdoc share'). Ctrl-C stops the server.
    """

  static let defaultPort: UInt16 = 8765
  /// The stack of a thread that only waits (for a signal, for the browser's opener).
  static let waiterStack = 256 << 10

  let arguments: ParsedArguments
  let port: UInt16
  let openBrowser: Bool
  let newToken: Bool
  let network: NetworkOptions

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    self.arguments = arguments
    port =
      try arguments.value("port").map { (text) throws(CommandLineError) in
        UInt16(try ValueParser(command: Self.name).count(text, option: "port", range: 0...65535))
      } ?? Self.defaultPort
    openBrowser = arguments.flag("open")
    newToken = arguments.flag("new-token")
    network = try NetworkOptions(arguments, command: Self.name)
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    // The server keeps the drawings it changes decoded, so that an edit costs what it changes.
    let store = try StoreAccess.open(arguments, context, keepingInMemory: DrawingMemory())
    let token = try Self.accessToken(of: store, renewing: newToken, context)
    let broadcast = try ChangeBroadcast(store: store)
    let side = try network.enabled ? NetworkSide.prepare(network, store: store) : nil
    var listening = [Listening(address: SocketAddress.loopback(port: port))]
    listening += side?.listening ?? []
    let server = try HTTPServer(listeningOn: listening, limits: WebApp.limits) { addresses in
      WebApp(
        store: store, token: token, port: addresses[0].port,
        network: side?.access(listeningOn: Array(addresses.dropFirst())),
        broadcast: broadcast, environment: context.environment)
    }
    // Ctrl-C (and SIGTERM) stop accepting; run() then returns and the command ends. They are
    // caught before the address is printed, so that one sent the moment it shows is not lost.
    // A thread of its own, not a dispatch queue's: where the system starts no thread, a
    // dispatch queue waits for one for ever, and the command would hang without a word.
    let stopSignals = try StopSignals()
    let waiting = SystemThread.start(detached: true, stackSize: Self.waiterStack) {
      _ = stopSignals.wait()
      server.stop()
    }
    guard waiting != nil else {
      throw HTTPServerError.cannotStart(
        reason: "the system would start no thread to wait for Ctrl-C: too many threads or too "
          + "little memory; end other programs and start it again")
    }
    let address = "http://127.0.0.1:\(server.port)/?token=\(token)"
    context.standardOutput.writeLine("drawdoc serves \(store.root) at \(address)")
    if let side {
      side.announce(listeningOn: Array(server.addresses.dropFirst()), to: context)
    }
    context.standardOutput.writeLine("Press Ctrl-C to stop.")
    var page: String?
    if openBrowser {
      switch Self.openInBrowser(address, environment: context.environment) {
      case .success(let file): page = file
      case .failure(let failure):
        context.standardError.writeLine("warning: \(failure.reason): open \(address) yourself")
      }
    }
    // A failure that ends the server is logged where it happens; the command ends with it
    // (its message on standard error, a non-zero status) once everything is put away.
    let served = Result { () throws(HTTPServerError) in try server.run() }
    broadcast.stop()
    if side != nil { try? DeviceAccess(store: store).noteServing(origins: []) }
    // The thumbnails of the last changes, drawn after their answers.
    store.memory?.waitForThumbnails()
    if let page { try? FileSystem.remove(page) }
    withExtendedLifetime(stopSignals) {}
    try served.get()
    context.standardOutput.writeLine("stopped")
    return .success
  }

  /// The store's access token; for a store this user may only read, one that lasts as long
  /// as this server, with a warning. A new token that cannot be kept is an error: the old one
  /// would come back at the next start, which is what `--new-token` is for to prevent.
  static func accessToken(of store: DocumentStore, renewing: Bool, _ context: CommandContext)
    throws(StoreError) -> String
  {
    let kept = Result { () throws(StoreError) in
      try DeviceAccess(store: store).ownerToken(renewing: renewing)
    }
    switch kept {
    case .success(let token): return token
    case .failure(.readOnly), .failure(.io):
      if renewing, case .failure(let error) = kept { throw error }
      context.standardError.writeLine(
        "warning: the access token cannot be kept in \(store.root): pages opened now will need "
          + "the new address after a restart")
      return DocumentStore.makeAccessToken()
    case .failure(let error): throw error
    }
  }

  struct OpenFailure: Error {
    let reason: String
  }

  /// Starts the default browser (`open` on macOS, `xdg-open` elsewhere) on a page that leads
  /// to the address. The token stays out of the browser's command line, which every user of
  /// the machine can read: the page, readable by this user only, holds it, as Jupyter does.
  ///
  /// - Returns: The page's path, to remove when the server stops.
  static func openInBrowser(_ address: String, environment: [String: String])
    -> Result<String, OpenFailure>
  {
    #if os(macOS)
      let opener = "open"
    #else
      let opener = "xdg-open"
    #endif
    let folder = environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let page = "\(folder)/drawdoc-serve-\(CurrentProcess.id).html"
    try? FileSystem.remove(page)
    do throws(Errno) {
      let file = try FileDescriptor.open(
        page, .writeOnly, options: [.create, .exclusive], permissions: 0o600)
      defer { file.close() }
      try file.writeAll(HandoffPage.html(leadingTo: address))
    } catch {
      try? FileSystem.remove(page)
      return .failure(OpenFailure(reason: "cannot write \(page): \(error)"))
    }
    let child: Int32
    do throws(Errno) { child = try CurrentProcess.spawn([opener, "file://\(page)"]) } catch {
      try? FileSystem.remove(page)
      return .failure(OpenFailure(reason: "cannot start \(opener): \(error)"))
    }
    // The opener returns at once; it is waited for, so that it does not linger as a zombie.
    _ = SystemThread.start(detached: true, stackSize: Self.waiterStack) {
      CurrentProcess.waitForExit(child)
    }
    return .success(page)
  }
}
