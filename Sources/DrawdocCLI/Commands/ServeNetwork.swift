import DrawdocEditing
import DrawdocHTTP
import DrawdocSystem
import DrawdocTLS
import DrawdocWeb

/// What `drawdoc serve` is asked to do on the network: listen in TLS on the machine's
/// addresses (`--lan`) or on those given (`--listen`), with the user's certificate
/// (`--tls-cert`, `--tls-key`) or one of the store's own authority.
struct NetworkOptions {
  /// The port `--lan` listens on when no `--listen` says otherwise.
  static let defaultPort: UInt16 = 8443

  /// Whether to listen on the network at all.
  let enabled: Bool
  /// Where, when given (`--listen`); the machine's addresses otherwise.
  let addresses: [SocketAddress]
  let certificateFile: String?
  let keyFile: String?

  static let options: [OptionSpecification] = [
    .flag(
      "lan",
      help: "Also serve the app to the local network, in TLS only, on port 8443 of the machine's "
        + "addresses."),
    .repeatable(
      "listen", placeholder: "ADDR:PORT",
      help: "Serve the network side on this address and port instead (repeatable; implies --lan)."
    ),
    .value(
      "tls-cert", placeholder: "FILE", kind: .file,
      help: "The certificate (PEM, chain after it) for the network side; with --tls-key."),
    .value(
      "tls-key", placeholder: "FILE", kind: .file,
      help: "The certificate's private key (PEM, no passphrase); with --tls-cert."),
  ]

  init(_ arguments: ParsedArguments, command: String) throws(CommandLineError) {
    addresses = try arguments.values("listen").map { (text) throws(CommandLineError) in
      try Self.address(text, command: command)
    }
    enabled = arguments.flag("lan") || !addresses.isEmpty
    certificateFile = arguments.value("tls-cert")
    keyFile = arguments.value("tls-key")
    if (certificateFile == nil) != (keyFile == nil) {
      throw .invalidValue(
        command: command, option: certificateFile == nil ? "tls-key" : "tls-cert",
        value: certificateFile ?? keyFile ?? "",
        expected: "--tls-cert and --tls-key together (the certificate and its key)")
    }
    if certificateFile != nil && !enabled {
      throw .invalidValue(
        command: command, option: "tls-cert", value: certificateFile ?? "",
        expected: "a certificate for the network side, with --lan or --listen")
    }
  }

  /// `ADDR:PORT`, the address IPv4 or IPv6 (in brackets), the port 0…65535.
  static func address(_ text: String, command: String) throws(CommandLineError) -> SocketAddress {
    let invalid = CommandLineError.invalidValue(
      command: command, option: "listen", value: text,
      expected: "an address and a port, such as 192.168.1.20:8443 or [fe80::1]:8443")
    guard let colon = text.lastIndex(of: ":"),
      let port = UInt16(text[text.index(after: colon)...]),
      let address = SocketAddress(host: String(text[..<colon]), port: port)
    else { throw invalid }
    if address.isIPv6 && !text.hasPrefix("[") { throw invalid }
    return address
  }
}

/// The network side of a `drawdoc serve`, made ready before the server starts: where it
/// listens, the certificate it presents (the user's, or one of the store's own authority,
/// made or renewed now) and what the gate needs to know of it.
struct NetworkSide {
  let store: DocumentStore
  let identity: TLSIdentity
  let authority: LocalAuthority?
  let listening: [Listening]

  /// The store's folder of its local authority.
  static func authorityFolder(of store: DocumentStore) -> String { "\(store.root)/tls" }

  static func prepare(_ options: NetworkOptions, store: DocumentStore) throws -> NetworkSide {
    var addresses = options.addresses
    if addresses.isEmpty {
      addresses = try NetworkInterfaces.addresses().compactMap {
        SocketAddress(host: $0.text, port: NetworkOptions.defaultPort)
      }
      guard !addresses.isEmpty else { throw NetworkSideError.noAddress }
    }
    let identity: TLSIdentity
    let authority: LocalAuthority?
    if let certificate = options.certificateFile, let key = options.keyFile {
      identity = try TLSIdentity.load(certificateFile: certificate, keyFile: key)
      authority = nil
    } else {
      let made = try LocalAuthority(folder: authorityFolder(of: store))
      identity = try made.serverIdentity(
        names: coveredNames(), addresses: try coveredAddresses(addresses))
      authority = made
    }
    let context = try TLSContext(
      certificateChainPEM: identity.certificateChainPEM, privateKeyPEM: identity.privateKeyPEM)
    let side = NetworkSide(
      store: store, identity: identity, authority: authority,
      listening: addresses.map { Listening(address: $0, tls: context) })
    side.keepRenewing(context, addresses: addresses)
    return side
  }

  /// The names a certificate of the store's authority covers: the machine's name and
  /// `NAME.local` (what mDNS answers to).
  static func coveredNames() -> [String] {
    let host = NetworkInterfaces.hostName().lowercased()
    return [host, host.hasSuffix(".local") ? nil : "\(host).local"].compactMap { $0 }
      .filter(LocalAuthority.isHostName)
  }

  /// The addresses it covers: those listened on, and for a listener on every address
  /// (`0.0.0.0`, `::`) the machine's own.
  static func coveredAddresses(_ listening: [SocketAddress]) throws -> [String] {
    var covered = Set(listening.filter { !$0.isUnspecified }.map(\.host))
    if listening.contains(where: \.isUnspecified) {
      covered.formUnion(try NetworkInterfaces.addresses().map(\.text))
    }
    return covered.sorted()
  }

  /// Keeps the certificate of the store's authority current while the server runs for
  /// months: twice a day it is asked for again, and a new one (fewer than 30 days left) is
  /// put in place for the connections to come.
  func keepRenewing(_ context: TLSContext, addresses: [SocketAddress]) {
    guard let authority else { return }
    let started = identity
    _ = SystemThread.start(detached: true, stackSize: 256 << 10) {
      var current = started
      while true {
        MonotonicClock.sleep(seconds: 12 * 3600)
        guard
          let renewed = try? authority.serverIdentity(
            names: Self.coveredNames(), addresses: Self.coveredAddresses(addresses)),
          renewed != current
        else { continue }
        if (try? context.replace(
          certificateChainPEM: renewed.certificateChainPEM, privateKeyPEM: renewed.privateKeyPEM))
          != nil
        {
          current = renewed
        }
      }
    }
  }

  /// Where pages reach the network side: `https://ADDRESS:PORT` for each listener, and for a
  /// listener on every address each address the certificate covers.
  static func origins(_ listening: [SocketAddress], covering identity: TLSIdentity) -> [String] {
    listening.flatMap { address -> [String] in
      guard address.isUnspecified else { return ["https://\(address)"] }
      return identity.addresses.compactMap { SocketAddress(host: $0, port: address.port) }
        .filter { $0.isIPv6 == address.isIPv6 }.map { "https://\($0)" }
    }
  }

  /// The gate's view of it, once the listeners' ports are known.
  func access(listeningOn addresses: [SocketAddress]) -> NetworkAccess {
    NetworkAccess(
      names: identity.names, addresses: identity.addresses, ports: addresses.map(\.port),
      store: store,
      authority: authority.map { ($0.authorityCertificateDER(), $0.appleProfile()) },
      pairingBase: Self.origins(addresses, covering: identity).first)
  }

  /// Prints where the network side is, and a new pairing code with its address, as text and
  /// as a QR code; notes the addresses in the store for `drawdoc devices pair` and
  /// `drawdoc share`.
  func announce(listeningOn addresses: [SocketAddress], to context: CommandContext) {
    let output = context.standardOutput
    let origins = Self.origins(addresses, covering: identity)
    for origin in origins { output.writeLine("On the network (TLS only): \(origin)/") }
    if let authority {
      output.writeLine(
        "Certificate authority (trust it once on each device): \(authority.authorityFingerprint)")
    }
    do {
      let access = DeviceAccess(store: store)
      try access.noteServing(origins: origins)
      let (code, expires) = try access.makePairingCode()
      PairingPrinter.print(
        code: code, expires: expires, validFor: DeviceAccess.pairingCodeLifetime,
        origins: origins, to: output)
    } catch {
      context.standardError.writeLine("warning: no pairing code could be made: \(error)")
    }
  }
}

/// Why the network side cannot start.
enum NetworkSideError: Error, CustomStringConvertible {
  case noAddress

  var description: String {
    switch self {
    case .noAddress:
      return "this machine has no network address but loopback: connect it to a network, or "
        + "give an address with --listen ADDR:PORT"
    }
  }
}
