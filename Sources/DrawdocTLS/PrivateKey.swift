import COpenSSL

/// A private key: OpenSSL's `EVP_PKEY`, owned, and freed with the value.
final class PrivateKey {
  /// The `EVP_PKEY` this value owns.
  let handle: OpaquePointer

  /// Takes over an `EVP_PKEY`, which the value frees.
  init(owning handle: OpaquePointer) { self.handle = handle }

  deinit { EVP_PKEY_free(handle) }

  /// A new key on the NIST curve P-256 (prime256v1), which every TLS client accepts.
  ///
  /// - Throws: ``TLSError`` with OpenSSL's reason. The corresponding C function is
  ///   `EVP_EC_gen`.
  static func newP256() throws(TLSError) -> PrivateKey {
    OpenSSLErrors.clear()
    guard let key = drawdoc_evp_ec_gen("P-256") else {
      throw TLSError.fromQueue("make a P-256 key")
    }
    return PrivateKey(owning: key)
  }

  /// The first private key of PEM text (blocks of other kinds, a certificate, are skipped),
  /// or `nil` when there is none or it is encrypted. The corresponding C function is
  /// `PEM_read_bio_PrivateKey`.
  static func first(inPEM bytes: [UInt8]) -> PrivateKey? {
    defer { OpenSSLErrors.clear() }
    let key = MemoryBIO.reading(bytes) { PEM_read_bio_PrivateKey($0, nil, noPassword, nil) }
    return (key ?? nil).map(PrivateKey.init(owning:))
  }

  /// The key in PEM form, unencrypted (PKCS #8, `-----BEGIN PRIVATE KEY-----`). The
  /// corresponding C function is `PEM_write_bio_PrivateKey`.
  var pem: [UInt8] {
    MemoryBIO.written { PEM_write_bio_PrivateKey($0, handle, nil, nil, 0, nil, nil) } ?? []
  }
}
