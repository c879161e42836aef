import Dispatch
import DrawdocHTTP
import DrawdocStore
import DrawdocWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `drawdoc serve`: the drawing app in the browser, over the store.
struct ServeCommand: Command {
  static let name = "serve"
  static let abstract = "Serve the drawing app at http://127.0.0.1:PORT/ until interrupted."
  static let usage = "drawdoc serve [--port N] [--open]"
  static let arguments: [ArgumentSpecification] = []
  static let options: [OptionSpecification] = [
    .value("port", placeholder: "N", help: "The port (default 8765; 0 picks a free one)."),
    .flag("open", help: "Open the app in the default browser."),
    StoreAccess.option,
  ]
  static let discussion = """
    Prints the address, with a random access token in it: open it in a browser (on this
    machine: the server listens on 127.0.0.1 only). The drawings page lists, makes, renames,
    duplicates, deletes and restores drawings; the editor changes rectangles, with undo and
    redo. Every page follows changes made anywhere, by other pages or by drawdoc commands.
    Ctrl-C stops the server.
    """

  static let defaultPort: UInt16 = 8765

  let arguments: ParsedArguments
  let port: UInt16
  let openBrowser: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    self.arguments = arguments
    port =
      try arguments.value("port").map { (text) throws(CommandLineError) in
        UInt16(try ValueParser(command: Self.name).count(text, option: "port", range: 0...65535))
      } ?? Self.defaultPort
    openBrowser = arguments.flag("open")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let token = WebApp.makeToken()
    let server = try HTTPServer(port: port, limits: WebApp.limits) { port in
      WebApp(store: store, token: token, port: port)
    }
    let address = "http://127.0.0.1:\(server.port)/?token=\(token)"
    context.standardOutput.writeLine("drawdoc serves \(store.root) at \(address)")
    context.standardOutput.writeLine("Press Ctrl-C to stop.")
    // Ctrl-C (and SIGTERM) stop accepting; run() then returns and the command ends.
    var sources: [any DispatchSourceSignal] = []
    for stopSignal in [SIGINT, SIGTERM] {
      signal(stopSignal, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: stopSignal)
      source.setEventHandler { server.stop() }
      source.resume()
      sources.append(source)
    }
    var page: String?
    if openBrowser {
      switch Self.openInBrowser(address, environment: context.environment) {
      case .success(let file): page = file
      case .failure(let failure):
        context.standardError.writeLine("warning: \(failure.reason): open \(address) yourself")
      }
    }
    server.run()
    if let page { unlink(page) }
    withExtendedLifetime(sources) {}
    context.standardOutput.writeLine("stopped")
    return .success
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
    let page = "\(folder)/drawdoc-serve-\(getpid()).html"
    let html = """
      <!DOCTYPE html><html><head><meta charset="utf-8">
      <meta http-equiv="refresh" content="0; url=\(address)"><title>drawdoc</title></head>
      <body><a href="\(address)">Open drawdoc</a></body></html>

      """
    unlink(page)
    let descriptor = open(page, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else {
      return .failure(
        OpenFailure(reason: "cannot write \(page): \(String(cString: strerror(errno)))"))
    }
    let bytes = Array(html.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      unlink(page)
      return .failure(OpenFailure(reason: "cannot write \(page)"))
    }
    var pid: pid_t = 0
    let arguments: [UnsafeMutablePointer<CChar>?] = [strdup(opener), strdup("file://\(page)")]
    defer { arguments.forEach { free($0) } }
    var argv = arguments + [nil]
    #if os(Linux)
      let inherited = environ
    #else
      // Darwin declares no `environ` for programs to use; this is its accessor.
      let inherited = _NSGetEnviron().pointee
    #endif
    let spawned = posix_spawnp(&pid, opener, nil, nil, &argv, inherited)
    guard spawned == 0 else {
      unlink(page)
      return .failure(
        OpenFailure(reason: "cannot start \(opener): \(String(cString: strerror(spawned)))"))
    }
    // The opener returns at once; it is waited for, so that it does not linger as a zombie.
    let child = pid
    DispatchQueue.global().async {
      var status: Int32 = 0
      waitpid(child, &status, 0)
    }
    return .success(page)
  }
}
