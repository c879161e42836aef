import DrawdocSystem

/// What a TLS listener presents to its clients: a certificate chain and the private key of
/// its first certificate, with what that certificate covers.
///
/// It comes from ``load(certificateFile:keyFile:now:)`` (a certificate the user has: mkcert's,
/// a company authority's, `tailscale cert`'s) or from
/// ``LocalAuthority/serverIdentity(names:addresses:now:)`` (drawdoc's own).
package struct TLSIdentity: Equatable, Sendable {
  /// The certificates in PEM form: the server's first, then those that lead from it to the
  /// authority (for drawdoc's own, that authority's certificate).
  package let certificateChainPEM: [UInt8]
  /// The private key of the first certificate, in PEM form (PKCS #8, unencrypted).
  package let privateKeyPEM: [UInt8]
  /// The DNS names the first certificate covers (its subjectAltName), lowercased, in its
  /// order.
  package let names: [String]
  /// The IP addresses it covers, as text: IPv4 dotted, IPv6 in canonical form (`fd00::20`).
  package let addresses: [String]
  /// The last moment it is valid, in seconds since 1970.
  package let notAfter: Int64

  /// The identity of a certificate chain and the key of its first certificate, which the
  /// caller checked belong together.
  init(chain: [Certificate], key: PrivateKey) {
    precondition(!chain.isEmpty, "an identity needs a certificate")
    certificateChainPEM = chain.flatMap(\.pem)
    privateKeyPEM = key.pem
    (names, addresses) = chain[0].alternativeNames
    notAfter = chain[0].notAfter ?? 0
  }

  /// The largest certificate or key file read: far more than any chain a server presents.
  static let largestFile = 1 << 20

  /// Reads a certificate the user has, and its key, and checks that a server can present
  /// them.
  ///
  /// - Parameters:
  ///   - certificateFile: A PEM file of the server's certificate, possibly followed by the
  ///     certificates that lead to its authority.
  ///   - keyFile: A PEM file of its private key, unencrypted (it may be the same file).
  ///   - now: The current time, in seconds since 1970.
  /// - Returns: The chain as the file holds it, the key, and what the first certificate
  ///   covers.
  /// - Throws: ``TLSError``, saying which file and what is wrong with it, when a file cannot
  ///   be read, the certificate file holds no certificate, the key file no unencrypted key,
  ///   the key is not the certificate's, the certificate names no host or address, or it is
  ///   not valid at `now` (with its date).
  package static func load(
    certificateFile: String, keyFile: String, now: Int64 = WallClock.secondsSince1970()
  ) throws(TLSError) -> TLSIdentity {
    let certificateOperation = "use the certificate \(certificateFile)"
    let keyOperation = "use the key \(keyFile)"
    let (chain, problem) = Certificate.all(
      inPEM: try read(certificateFile, operation: certificateOperation))
    if let problem {
      throw TLSError(
        certificateOperation,
        reason: "a certificate in it is damaged (\(problem)): give the PEM file as it was made")
    }
    guard let leaf = chain.first else {
      throw TLSError(
        certificateOperation,
        reason: "it holds no certificate in PEM form (a block that starts "
          + "\"-----BEGIN CERTIFICATE-----\"): give the server's certificate file, "
          + "not its key or a DER file")
    }
    let keyText = try read(keyFile, operation: keyOperation)
    guard let key = PrivateKey.first(inPEM: keyText) else {
      throw TLSError(keyOperation, reason: missingKeyReason(keyText))
    }
    guard leaf.belongs(to: key) else {
      throw TLSError(
        keyOperation,
        reason: "it is not the key of the certificate in \(certificateFile) (their public "
          + "keys differ): give the key that certificate was made with")
    }
    try checkValidity(of: leaf, at: now, operation: certificateOperation)
    let identity = TLSIdentity(chain: chain, key: key)
    guard !identity.names.isEmpty || !identity.addresses.isEmpty else {
      throw TLSError(
        certificateOperation,
        reason: "it names no host or address in a subjectAltName, the only place browsers "
          + "look: make it with the names and addresses the server is reached by")
    }
    return identity
  }

  /// Refuses a certificate that is not valid at `now`, saying since or until when.
  static func checkValidity(of certificate: Certificate, at now: Int64, operation: String)
    throws(TLSError)
  {
    guard let notBefore = certificate.notBefore, let notAfter = certificate.notAfter else {
      throw TLSError(
        operation, reason: "its dates of validity cannot be read: give a certificate made anew")
    }
    if notAfter < now {
      throw TLSError(
        operation,
        reason: "it expired on \(certificate.notAfterText): renew it, or give one that is valid")
    }
    if notBefore > now {
      throw TLSError(
        operation,
        reason: "it is valid only from \(certificate.notBeforeText): check this machine's "
          + "clock, or give a certificate that is valid now")
    }
  }

  /// Why PEM text holds no key drawdoc can use.
  private static func missingKeyReason(_ text: [UInt8]) -> String {
    if contains(text, "ENCRYPTED") {
      return "the key in it is encrypted, and drawdoc cannot ask for its passphrase: "
        + "give it unencrypted (openssl pkey -in KEY -out PLAIN-KEY asks once)"
    }
    return "it holds no private key in PEM form (a block that starts \"-----BEGIN PRIVATE "
      + "KEY-----\" or \"-----BEGIN EC PRIVATE KEY-----\"): give the certificate's key file"
  }

  private static func contains(_ text: [UInt8], _ word: String) -> Bool {
    let word = Array(word.utf8)
    guard text.count >= word.count else { return false }
    return (0...(text.count - word.count)).contains {
      text[$0..<$0 + word.count].elementsEqual(word)
    }
  }

  /// A file's bytes, at most ``largestFile``.
  private static func read(_ path: String, operation: String) throws(TLSError) -> [UInt8] {
    let read: (bytes: [UInt8], cut: Bool)
    do throws(Errno) {
      read = try FileSystem.read(path, atMost: largestFile)
    } catch {
      throw TLSError(operation, reason: "\(error.description): give a PEM file drawdoc can read")
    }
    guard !read.cut else {
      throw TLSError(
        operation,
        reason: "it is larger than 1 MiB, which no certificate or key file is: give the PEM file")
    }
    return read.bytes
  }
}
