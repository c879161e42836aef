import DrawdocSystem

/// drawdoc's own certificate authority, kept in a folder of the store: what lets
/// `drawdoc serve --lan` speak TLS to a device without a certificate from elsewhere, once the
/// device trusts the authority.
///
/// The folder holds three files, each written whole or not at all:
/// - `authority.pem`: the authority's key (EC P-256) and its self-signed certificate
///   ("drawdoc local authority (HOST)", valid ten years), mode 0600. The key never leaves
///   this file: no API returns it, and it is read only to sign a server certificate.
/// - `authority.crt`: its certificate alone, mode 0644, for a person to hand to a device.
/// - `server.pem`: the server's key and its certificate, signed by the authority, mode 0600;
///   made again when the names or addresses change or fewer than 30 days are left.
///
/// Deleting the folder starts over: a new authority, which every device must trust again.
package struct LocalAuthority: Sendable {
  /// The folder the authority is kept in.
  package let folder: String
  /// The machine's name, which the authority's certificate (when it is made) and the
  /// Apple profile's title show.
  package let hostName: String
  /// The authority's certificate, DER.
  private let certificateDER: [UInt8]
  /// The authority's certificate, PEM.
  private let certificatePEM: [UInt8]
  /// The SHA-256 of ``certificateDER``.
  private let certificateSHA256: [UInt8]

  /// How many seconds before its end a server certificate is made anew: 30 days.
  package static let renewalMargin: Int64 = 30 * 86_400

  /// Opens the authority kept in `folder`, or makes it there (and the folder, mode 0700) on
  /// first use. Two programs that make it at once end with the same one: the first kept.
  ///
  /// - Parameters:
  ///   - folder: Where the authority is kept (the store's `tls` folder).
  ///   - hostName: The machine's name, for the authority's title.
  ///   - now: The current time, in seconds since 1970.
  /// - Throws: ``TLSError`` when the folder cannot be made or written; when `authority.pem`
  ///   may be read by others (its key may have been seen), is damaged, or has expired: each
  ///   message says to delete the folder to start over.
  package init(
    folder: String, hostName: String = NetworkInterfaces.hostName(),
    now: Int64 = WallClock.secondsSince1970()
  ) throws(TLSError) {
    let files = AuthorityFolder(path: folder)
    try files.create()
    var authority = try Self.keptAuthority(in: files)?.certificate
    if authority == nil {
      let key = try PrivateKey.newP256()
      let made = try CertificateIssuer.authority(
        commonName: Self.authorityName(hostName), key: key, now: now)
      let wrote = try files.create(
        files.authorityPath, with: key.pem + made.pem, permissions: 0o600)
      authority = wrote ? made : try Self.keptAuthority(in: files)?.certificate
    }
    guard let authority else {
      throw TLSError("make the authority in \(folder)", reason: "it vanished while it was made")
    }
    try TLSIdentity.checkValidity(
      of: authority, at: now,
      operation: "use the authority \(files.authorityPath) (or delete \(folder) to start over)")
    self.folder = folder
    self.hostName = hostName
    certificateDER = authority.der
    certificatePEM = authority.pem
    certificateSHA256 = authority.sha256
    if try files.read(files.authorityCertificatePath)?.bytes != certificatePEM {
      try files.replace(files.authorityCertificatePath, with: certificatePEM, permissions: 0o644)
    }
  }

  /// The identity for a TLS listener reached by these names and addresses: the kept server
  /// certificate if it covers exactly those (in any order), was signed by this authority and
  /// has more than 30 days left; otherwise a new one (a new key, valid 397 days), which is
  /// kept.
  ///
  /// - Parameters:
  ///   - names: DNS names (`studio`, `studio.local`); any case, a final dot ignored.
  ///   - addresses: IP addresses as text (`192.168.1.20`, `fd00::20`), without a zone.
  ///   - now: The current time, in seconds since 1970.
  /// - Returns: The server certificate, then the authority's, and the server's key.
  /// - Throws: ``TLSError`` when a name is not a host name, an address is not an IPv4 or
  ///   IPv6 address, there is neither, the authority changed or vanished since ``init``, or
  ///   the certificate cannot be written.
  package func serverIdentity(
    names: [String], addresses: [String], now: Int64 = WallClock.secondsSince1970()
  ) throws(TLSError) -> TLSIdentity {
    let wanted = try Self.checked(names: names, addresses: addresses)
    let files = AuthorityFolder(path: folder)
    let operation = "make a server certificate with the authority in \(folder)"
    guard let (authority, authorityKey) = try Self.keptAuthority(in: files),
      authority.der == certificateDER
    else {
      throw TLSError(
        operation,
        reason: "\(files.authorityPath) is gone or changed since this program opened it: "
          + "start it again, to use the authority that is there now")
    }
    if let kept = try files.read(files.serverPath), kept.permissions & 0o077 == 0,
      let leaf = Certificate.all(inPEM: kept.bytes).certificates.first,
      let key = PrivateKey.first(inPEM: kept.bytes), leaf.belongs(to: key),
      leaf.isIssued(by: authority), Self.covers(leaf, exactly: wanted),
      let notBefore = leaf.notBefore, notBefore <= now,
      let notAfter = leaf.notAfter, notAfter - now > Self.renewalMargin
    {
      return TLSIdentity(chain: [leaf, authority], key: key)
    }
    let key = try PrivateKey.newP256()
    let leaf = try CertificateIssuer.server(
      names: wanted.names, addresses: wanted.addresses.map(\.bytes), key: key,
      authority: authority, authorityKey: authorityKey, now: now)
    try files.replace(files.serverPath, with: key.pem + leaf.pem, permissions: 0o600)
    return TLSIdentity(chain: [leaf, authority], key: key)
  }

  /// The authority's certificate in DER form: the `.crt` a device downloads to trust it
  /// (served as `application/x-x509-ca-cert`, which Android and Windows offer to install).
  package func authorityCertificateDER() -> [UInt8] { certificateDER }

  /// The authority's certificate in PEM form.
  package func authorityCertificatePEM() -> [UInt8] { certificatePEM }

  /// The SHA-256 fingerprint of the authority's certificate, as devices show it: pairs of
  /// uppercase hexadecimal digits joined by colons (`3A:0F:…`), so that a person can check
  /// that the certificate they are asked to trust is this one.
  package var authorityFingerprint: String {
    certificateSHA256.map {
      let digits = String($0, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }.joined(separator: ":")
  }

  /// An Apple configuration profile (`.mobileconfig`) that installs the authority as a
  /// trusted root on an iPhone, iPad or Mac: an unsigned XML property list. Its identifiers
  /// come from the certificate, so that installing it again replaces the profile rather than
  /// adding a second. Safari offers to install it when it is served as
  /// `application/x-apple-aspen-config`.
  package func appleProfile() -> [UInt8] {
    AppleProfile.rootCertificateProfile(
      certificateDER: certificateDER, certificateSHA256: certificateSHA256,
      authorityName: Self.authorityName(hostName), hostName: hostName)
  }

  // MARK: - Names and addresses

  /// Whether a name can be a DNS name in a certificate: ASCII labels of letters, digits,
  /// hyphens and underscores, 1 to 63 each, no hyphen at either end of one, 253 in all, and
  /// not an IPv4 address (which belongs among the addresses).
  package static func isHostName(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard (1...253).contains(bytes.count), InternetAddress.bytes(of: name) == nil else {
      return false
    }
    return bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).allSatisfy {
      label in
      (1...63).contains(label.count) && label.first != UInt8(ascii: "-")
        && label.last != UInt8(ascii: "-")
        && label.allSatisfy { byte in
          (0x30...0x39).contains(byte) || (0x41...0x5a).contains(byte)
            || (0x61...0x7a).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "_")
        }
    }
  }

  /// Names lowercased and addresses in canonical form, each once, in the order given.
  private struct Wanted {
    var names: [String] = []
    var addresses: [(text: String, bytes: [UInt8])] = []
  }

  private static func checked(names: [String], addresses: [String]) throws(TLSError) -> Wanted {
    let operation = "make a server certificate"
    var wanted = Wanted()
    for given in names {
      let name = (given.hasSuffix(".") ? String(given.dropLast()) : given).lowercased()
      guard isHostName(name) else {
        throw TLSError(
          operation,
          reason: "\"\(given)\" is not a host name: give ASCII letters, digits and hyphens in "
            + "labels joined by dots (studio.local), and an IP address among the addresses")
      }
      if !wanted.names.contains(name) { wanted.names.append(name) }
    }
    for given in addresses {
      guard let bytes = InternetAddress.bytes(of: given),
        let text = InternetAddress.text(of: bytes)
      else {
        throw TLSError(
          operation,
          reason: "\"\(given)\" is not an IP address: give IPv4 as 192.168.1.20 or IPv6 as "
            + "fd00::20, without a zone (%eth0)")
      }
      if !wanted.addresses.contains(where: { $0.text == text }) {
        wanted.addresses.append((text, bytes))
      }
    }
    guard !wanted.names.isEmpty || !wanted.addresses.isEmpty else {
      throw TLSError(
        operation, reason: "it would cover nothing: give at least one host name or address")
    }
    return wanted
  }

  private static func covers(_ certificate: Certificate, exactly wanted: Wanted) -> Bool {
    let (names, addresses) = certificate.alternativeNames
    return Set(names) == Set(wanted.names) && Set(addresses) == Set(wanted.addresses.map(\.text))
  }

  /// "drawdoc local authority (HOST)", the host cut so that it fits a common name (64 bytes).
  private static func authorityName(_ hostName: String) -> String {
    var host = Substring(hostName)
    while host.utf8.count > 64 - "drawdoc local authority ()".utf8.count { host.removeLast() }
    return "drawdoc local authority (\(host))"
  }

  // MARK: - The kept authority

  /// The authority `authority.pem` holds, or `nil` when there is no such file.
  ///
  /// - Throws: ``TLSError`` when others may read it, or it lacks its certificate or key, or
  ///   they do not belong together.
  private static func keptAuthority(in files: AuthorityFolder) throws(TLSError)
    -> (certificate: Certificate, key: PrivateKey)?
  {
    guard let kept = try files.read(files.authorityPath) else { return nil }
    let operation = "use the authority \(files.authorityPath)"
    guard kept.permissions & 0o077 == 0 else {
      throw TLSError(
        operation,
        reason: "others may read it (mode \(String(kept.permissions, radix: 8))), so its key "
          + "may have been seen: delete \(files.path) to start over (each device then "
          + "trusts the new authority), or, if nobody else could read it, chmod 600 it")
    }
    guard let certificate = Certificate.all(inPEM: kept.bytes).certificates.first,
      let key = PrivateKey.first(inPEM: kept.bytes), certificate.belongs(to: key)
    else {
      throw TLSError(
        operation,
        reason: "it does not hold a key and the certificate of that key: delete "
          + "\(files.path) to start over (each device then trusts the new authority)")
    }
    return (certificate, key)
  }
}
