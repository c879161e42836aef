import COpenSSL

/// The certificates drawdoc makes: its local authority's, self-signed, and the server
/// certificates that authority signs. Every one is X.509 version 3 with a random 128-bit
/// serial number, signed with SHA-256, and valid from an hour before it is made, so that a
/// device whose clock is a little behind accepts it at once.
enum CertificateIssuer {
  /// How long the authority is valid: ten years (and the leap days they hold).
  static let authorityLifetime: Int64 = 3_653 * 86_400

  /// How long a server certificate is valid: 397 days, under the 398 that Apple's systems
  /// accept for a TLS server certificate.
  static let serverLifetime: Int64 = 397 * 86_400

  /// How far back a certificate's validity starts, for clocks that are behind.
  static let clockSkew: Int64 = 3_600

  /// A self-signed certificate for an authority that signs certificates and nothing else:
  /// basicConstraints `CA:TRUE` and keyUsage `keyCertSign, cRLSign`, both critical, and a
  /// subjectKeyIdentifier.
  ///
  /// - Parameters:
  ///   - commonName: The subject's common name (at most 64 bytes of UTF-8).
  ///   - key: The authority's key, which signs it.
  ///   - now: The current time, in seconds since 1970.
  /// - Returns: The certificate, signed.
  /// - Throws: ``TLSError`` with OpenSSL's reason.
  static func authority(commonName: String, key: PrivateKey, now: Int64) throws(TLSError)
    -> Certificate
  {
    let certificate = try newCertificate(
      commonName: commonName, key: key, issuer: nil, from: now - clockSkew,
      to: now - clockSkew + authorityLifetime)
    try add(
      [
        (NID_basic_constraints, "critical,CA:TRUE"),
        (NID_key_usage, "critical,keyCertSign,cRLSign"),
        (NID_subject_key_identifier, "hash"),
      ], to: certificate, issuer: certificate)
    try sign(certificate, with: key)
    return certificate
  }

  /// A certificate for a TLS server, signed by an authority: subjectAltName with the DNS
  /// names and IP addresses, extendedKeyUsage `serverAuth`, keyUsage `digitalSignature`
  /// (critical), basicConstraints `CA:FALSE` (critical), subject and authority key
  /// identifiers.
  ///
  /// - Parameters:
  ///   - names: DNS names, lowercase, checked by the caller.
  ///   - addresses: IP addresses, 4 or 16 bytes each.
  ///   - key: The server's key, whose public half the certificate holds.
  ///   - authority: The authority's certificate.
  ///   - authorityKey: The authority's key, which signs the certificate.
  ///   - now: The current time, in seconds since 1970.
  /// - Returns: The certificate, signed.
  /// - Throws: ``TLSError`` with OpenSSL's reason.
  static func server(
    names: [String], addresses: [[UInt8]], key: PrivateKey, authority: Certificate,
    authorityKey: PrivateKey, now: Int64
  ) throws(TLSError) -> Certificate {
    let commonName =
      names.first { $0.utf8.count <= 64 } ?? "drawdoc server"
    let certificate = try newCertificate(
      commonName: commonName, key: key, issuer: authority, from: now - clockSkew,
      to: now - clockSkew + serverLifetime)
    try addAlternativeNames(names: names, addresses: addresses, to: certificate)
    try add(
      [
        (NID_basic_constraints, "critical,CA:FALSE"),
        (NID_key_usage, "critical,digitalSignature"),
        (NID_ext_key_usage, "serverAuth"),
        (NID_subject_key_identifier, "hash"),
        (NID_authority_key_identifier, "keyid:always"),
      ], to: certificate, issuer: authority)
    try sign(certificate, with: authorityKey)
    return certificate
  }

  // MARK: - The parts of a certificate

  /// A version 3 certificate with a random serial number, a subject of one common name, the
  /// issuer's subject as its issuer (its own for `nil`), a validity and a public key.
  private static func newCertificate(
    commonName: String, key: PrivateKey, issuer: Certificate?, from start: Int64,
    to end: Int64
  ) throws(TLSError) -> Certificate {
    OpenSSLErrors.clear()
    guard let handle = X509_new() else { throw TLSError.fromQueue("make a certificate") }
    let certificate = Certificate(owning: handle)
    guard X509_set_version(handle, 2) == 1 else {
      throw TLSError.fromQueue("set a certificate's version")
    }
    try setRandomSerialNumber(of: certificate)
    guard let name = X509_NAME_new() else { throw TLSError.fromQueue("make a subject name") }
    defer { X509_NAME_free(name) }
    guard
      X509_NAME_add_entry_by_txt(
        name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0) == 1,
      X509_set_subject_name(handle, name) == 1,
      X509_set_issuer_name(handle, issuer.map { X509_get_subject_name($0.handle) } ?? name)
        == 1
    else { throw TLSError.fromQueue("name a certificate \"\(commonName)\"") }
    guard ASN1_TIME_set(X509_getm_notBefore(handle), Int(start)) != nil,
      ASN1_TIME_set(X509_getm_notAfter(handle), Int(end)) != nil
    else { throw TLSError.fromQueue("set a certificate's validity") }
    guard X509_set_pubkey(handle, key.handle) == 1 else {
      throw TLSError.fromQueue("put a public key in a certificate")
    }
    return certificate
  }

  /// A serial number of 128 random bits from OpenSSL's generator, as the CA/Browser Forum
  /// asks (at least 64), so that no two certificates of one authority share one.
  private static func setRandomSerialNumber(of certificate: Certificate) throws(TLSError) {
    var bytes = [UInt8](repeating: 0, count: 16)
    guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else {
      throw TLSError.fromQueue("draw a random serial number")
    }
    // Zero is not a serial number a certificate may have.
    if bytes.allSatisfy({ $0 == 0 }) { bytes[15] = 1 }
    guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else {
      throw TLSError.fromQueue("make a serial number")
    }
    defer { BN_free(number) }
    guard let serial = BN_to_ASN1_INTEGER(number, nil) else {
      throw TLSError.fromQueue("make a serial number")
    }
    defer { ASN1_INTEGER_free(serial) }
    guard X509_set_serialNumber(certificate.handle, serial) == 1 else {
      throw TLSError.fromQueue("set a certificate's serial number")
    }
  }

  /// Adds extensions given in OpenSSL's configuration syntax (fixed text of this file, never
  /// input, which could smuggle more values in through commas).
  private static func add(
    _ extensions: [(Int32, String)], to certificate: Certificate, issuer: Certificate
  ) throws(TLSError) {
    var context = X509V3_CTX()
    X509V3_set_ctx(&context, issuer.handle, certificate.handle, nil, nil, 0)
    for (identifier, value) in extensions {
      guard let made = X509V3_EXT_conf_nid(nil, &context, identifier, value) else {
        throw TLSError.fromQueue("make the certificate extension \"\(value)\"")
      }
      defer { X509_EXTENSION_free(made) }
      guard X509_add_ext(certificate.handle, made, -1) == 1 else {
        throw TLSError.fromQueue("add the certificate extension \"\(value)\"")
      }
    }
  }

  /// Adds the subjectAltName extension, built entry by entry from the names' bytes.
  private static func addAlternativeNames(
    names: [String], addresses: [[UInt8]], to certificate: Certificate
  ) throws(TLSError) {
    guard let entries = GENERAL_NAMES_new() else {
      throw TLSError.fromQueue("make a subjectAltName")
    }
    defer { GENERAL_NAMES_free(entries) }
    for name in names {
      try append(Array(name.utf8), as: GEN_DNS, stringType: V_ASN1_IA5STRING, to: entries)
    }
    for address in addresses {
      try append(address, as: GEN_IPADD, stringType: V_ASN1_OCTET_STRING, to: entries)
    }
    guard
      X509_add1_ext_i2d(
        certificate.handle, NID_subject_alt_name, UnsafeMutableRawPointer(entries), 0,
        UInt(X509V3_ADD_DEFAULT)) == 1
    else { throw TLSError.fromQueue("add a subjectAltName") }
  }

  /// Appends one entry of a subjectAltName.
  private static func append(
    _ bytes: [UInt8], as type: Int32, stringType: Int32, to entries: OpaquePointer
  ) throws(TLSError) {
    guard let entry = GENERAL_NAME_new() else {
      throw TLSError.fromQueue("make a subjectAltName entry")
    }
    guard let string = ASN1_STRING_type_new(stringType) else {
      GENERAL_NAME_free(entry)
      throw TLSError.fromQueue("make a subjectAltName entry")
    }
    // From here the entry owns the string, and once pushed the list owns the entry.
    GENERAL_NAME_set0_value(entry, type, UnsafeMutableRawPointer(string))
    guard ASN1_STRING_set(string, bytes, Int32(bytes.count)) == 1,
      drawdoc_general_names_push(entries, entry) > 0
    else {
      GENERAL_NAME_free(entry)
      throw TLSError.fromQueue("make a subjectAltName entry")
    }
  }

  /// Signs a certificate with SHA-256. The corresponding C function is `X509_sign`.
  private static func sign(_ certificate: Certificate, with key: PrivateKey) throws(TLSError) {
    guard X509_sign(certificate.handle, key.handle, EVP_sha256()) > 0 else {
      throw TLSError.fromQueue("sign a certificate")
    }
  }
}
