import COpenSSL
import DrawdocSystem

/// An X.509 certificate: OpenSSL's `X509`, owned, and freed with the value.
final class Certificate {
  /// The `X509` this value owns.
  let handle: OpaquePointer

  /// Takes over an `X509`, which the value frees.
  init(owning handle: OpaquePointer) { self.handle = handle }

  deinit { X509_free(handle) }

  /// The certificates of PEM text, in their order; blocks of other kinds (a key) are
  /// skipped.
  ///
  /// - Returns: The certificates, and what was wrong with the first block that looked like
  ///   a certificate and could not be read (`nil` when every one could).
  static func all(inPEM bytes: [UInt8]) -> (certificates: [Certificate], problem: String?) {
    OpenSSLErrors.clear()
    let certificates: [Certificate] =
      MemoryBIO.reading(bytes) { bio -> [Certificate] in
        var found: [Certificate] = []
        while let certificate = PEM_read_bio_X509(bio, nil, noPassword, nil) {
          found.append(Certificate(owning: certificate))
        }
        return found
      } ?? []
    // Reading past the last block always fails with "no start line"; anything else is a
    // block that is broken.
    let last = ERR_peek_last_error()
    let ended = last == 0 || ERR_GET_REASON(last) == PEM_R_NO_START_LINE
    let problem = ended ? nil : OpenSSLErrors.take()
    OpenSSLErrors.clear()
    return (certificates, problem)
  }

  /// The certificate in PEM form. The corresponding C function is `PEM_write_bio_X509`.
  var pem: [UInt8] { MemoryBIO.written { PEM_write_bio_X509($0, handle) } ?? [] }

  /// The certificate in DER form. The corresponding C function is `i2d_X509`.
  var der: [UInt8] {
    let count = i2d_X509(handle, nil)
    guard count > 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: Int(count))
    let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
      var cursor = buffer.baseAddress
      return i2d_X509(handle, &cursor)
    }
    return written == count ? bytes : []
  }

  /// The SHA-256 of the certificate's DER form. The corresponding C function is
  /// `X509_digest`.
  var sha256: [UInt8] {
    var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
    var count: UInt32 = 0
    guard X509_digest(handle, EVP_sha256(), &digest, &count) == 1 else { return [] }
    return Array(digest.prefix(Int(count)))
  }

  /// The DNS names (lowercased) and the IP addresses (as text) of the certificate's
  /// subjectAltName extension, in its order. The corresponding C functions are
  /// `X509_get_ext_d2i` and `GENERAL_NAME_get0_value`.
  var alternativeNames: (names: [String], addresses: [String]) {
    guard let extensionValue = X509_get_ext_d2i(handle, NID_subject_alt_name, nil, nil) else {
      OpenSSLErrors.clear()
      return ([], [])
    }
    let entries = OpaquePointer(extensionValue)
    defer { GENERAL_NAMES_free(entries) }
    var names: [String] = []
    var addresses: [String] = []
    for index in 0..<drawdoc_general_names_count(entries) {
      var type: Int32 = 0
      guard let entry = drawdoc_general_names_value(entries, index),
        let value = GENERAL_NAME_get0_value(entry, &type)
      else { continue }
      let string = value.assumingMemoryBound(to: ASN1_STRING.self)
      let bytes = Array(
        UnsafeBufferPointer(
          start: ASN1_STRING_get0_data(string), count: Int(ASN1_STRING_length(string))))
      if type == GEN_DNS {
        names.append(String(decoding: bytes, as: UTF8.self).lowercased())
      } else if type == GEN_IPADD, let text = InternetAddress.text(of: bytes) {
        addresses.append(text)
      }
    }
    return (names, addresses)
  }

  /// The first moment the certificate is valid, in seconds since 1970; `nil` when its date
  /// cannot be read.
  var notBefore: Int64? { Self.secondsSince1970(X509_get0_notBefore(handle)) }

  /// The last moment the certificate is valid, in seconds since 1970; `nil` when its date
  /// cannot be read.
  var notAfter: Int64? { Self.secondsSince1970(X509_get0_notAfter(handle)) }

  /// The last moment the certificate is valid, as text (`2027-12-31 23:59:59Z`).
  var notAfterText: String { Self.text(X509_get0_notAfter(handle)) }

  /// The first moment the certificate is valid, as text (`2026-01-01 00:00:00Z`).
  var notBeforeText: String { Self.text(X509_get0_notBefore(handle)) }

  /// Whether `key` is the private key of this certificate's public key. The corresponding C
  /// function is `X509_check_private_key`.
  func belongs(to key: PrivateKey) -> Bool {
    defer { OpenSSLErrors.clear() }
    return X509_check_private_key(handle, key.handle) == 1
  }

  /// Whether `authority` issued this certificate: its subject is this one's issuer and its
  /// key made this one's signature. The corresponding C functions are `X509_check_issued`
  /// and `X509_verify`.
  func isIssued(by authority: Certificate) -> Bool {
    defer { OpenSSLErrors.clear() }
    guard X509_check_issued(authority.handle, handle) == X509_V_OK,
      let authorityKey = X509_get0_pubkey(authority.handle)
    else { return false }
    return X509_verify(handle, authorityKey) == 1
  }

  // MARK: - Times

  /// Seconds since 1970 of an ASN.1 time. The corresponding C function is `ASN1_TIME_diff`.
  private static func secondsSince1970(_ time: UnsafePointer<ASN1_TIME>?) -> Int64? {
    guard let time, let epoch = ASN1_TIME_set(nil, 0) else { return nil }
    defer { ASN1_TIME_free(epoch) }
    var days: Int32 = 0
    var seconds: Int32 = 0
    guard ASN1_TIME_diff(&days, &seconds, epoch, time) == 1 else {
      OpenSSLErrors.clear()
      return nil
    }
    return Int64(days) * 86_400 + Int64(seconds)
  }

  /// An ASN.1 time as ISO 8601 text. The corresponding C function is `ASN1_TIME_print_ex`.
  private static func text(_ time: UnsafePointer<ASN1_TIME>?) -> String {
    guard let time,
      let bytes = MemoryBIO.written(by: {
        ASN1_TIME_print_ex($0, time, UInt(ASN1_DTFLGS_ISO8601))
      })
    else { return "an unreadable date" }
    return String(decoding: bytes, as: UTF8.self)
  }
}
