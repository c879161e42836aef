import DrawdocHTTP
import DrawdocStore
import DrawdocSystem
import DrawdocTLS

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
