import COpenSSL
import Synchronization

/// What a TLS listener answers handshakes with: a certificate chain and its key, in an
/// OpenSSL server context (TLS 1.2 and 1.3, no renegotiation). Its sessions
/// (``TLSSession``) share it; ``replace(certificateChainPEM:privateKeyPEM:)`` gives new
/// sessions a renewed certificate while older ones go on with theirs.
package final class TLSContext: @unchecked Sendable {
  /// The context new sessions start from; OpenSSL counts its references, so a replaced one
  /// lives as long as its sessions.
  private let current: Mutex<Handle>

  /// An OpenSSL context, which may be used from any thread once made.
  private struct Handle: @unchecked Sendable {
    let context: OpaquePointer
  }

  /// Makes a server context.
  ///
  /// - Parameters:
  ///   - certificateChainPEM: The certificate, then any intermediate ones, in PEM.
  ///   - privateKeyPEM: The certificate's private key, in PEM.
  /// - Throws: ``TLSError`` when a certificate or the key cannot be read, or they do not match.
  package init(certificateChainPEM: [UInt8], privateKeyPEM: [UInt8]) throws(TLSError) {
    current = Mutex(Handle(context: try Self.makeContext(certificateChainPEM, privateKeyPEM)))
  }

  deinit { current.withLock { SSL_CTX_free($0.context) } }

  /// Puts a new certificate and key in place for the sessions that start from now on.
  ///
  /// - Throws: ``TLSError``, and the context keeps its certificate.
  package func replace(certificateChainPEM: [UInt8], privateKeyPEM: [UInt8]) throws(TLSError) {
    let made = Handle(context: try Self.makeContext(certificateChainPEM, privateKeyPEM))
    let old = current.withLock { handle -> Handle in
      defer { handle = made }
      return handle
    }
    SSL_CTX_free(old.context)
  }

  /// A new `SSL` of the current context, with a reference of its own to the context.
  func newSSL() -> OpaquePointer? {
    current.withLock { SSL_new($0.context) }
  }

  private static func makeContext(_ chain: [UInt8], _ key: [UInt8]) throws(TLSError)
    -> OpaquePointer
  {
    OpenSSLErrors.clear()
    guard let context = SSL_CTX_new(TLS_server_method()) else {
      throw .fromQueue("make a TLS context")
    }
    var kept = false
    defer { if !kept { SSL_CTX_free(context) } }
    _ = drawdoc_ssl_ctx_set_min_proto_version(context, TLS1_2_VERSION)
    _ = SSL_CTX_set_options(context, drawdoc_ssl_server_options())
    // Writes may stop part way (the socket's room is the loop's business), the bytes given
    // again may be elsewhere in memory, and an idle session gives its buffers back.
    _ = drawdoc_ssl_ctx_set_mode(
      context,
      Int(SSL_MODE_ENABLE_PARTIAL_WRITE) | Int(SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER)
        | Int(SSL_MODE_RELEASE_BUFFERS))
    let certificates = try PEMReader.certificates(chain, what: "the certificate")
    defer { certificates.forEach { X509_free($0) } }
    guard SSL_CTX_use_certificate(context, certificates[0]) == 1 else {
      throw .fromQueue("use the certificate")
    }
    for intermediate in certificates.dropFirst() {
      // The chain takes its own reference.
      guard drawdoc_ssl_ctx_add1_chain_cert(context, intermediate) == 1 else {
        throw .fromQueue("add a certificate of the chain")
      }
    }
    let privateKey = try PEMReader.privateKey(key)
    defer { EVP_PKEY_free(privateKey) }
    guard SSL_CTX_use_PrivateKey(context, privateKey) == 1,
      SSL_CTX_check_private_key(context) == 1
    else {
      throw .fromQueue("use the private key with the certificate (is it the certificate's key?)")
    }
    kept = true
    return context
  }
}

/// Reads PEM from memory.
enum PEMReader {
  /// Every certificate in `pem`, in order: at least one.
  static func certificates(_ pem: [UInt8], what: String) throws(TLSError) -> [OpaquePointer] {
    var found: [OpaquePointer] = []
    try withMemoryBIO(pem) { bio throws(TLSError) in
      while let certificate = PEM_read_bio_X509(bio, nil, nil, nil) {
        found.append(certificate)
      }
    }
    // Reading stops with "no start line" at the end: not an error.
    OpenSSLErrors.clear()
    guard !found.isEmpty else {
      throw TLSError("read \(what)", reason: "no PEM certificate (-----BEGIN CERTIFICATE-----) in it")
    }
    return found
  }

  /// The private key in `pem`.
  static func privateKey(_ pem: [UInt8]) throws(TLSError) -> OpaquePointer {
    var key: OpaquePointer?
    try withMemoryBIO(pem) { bio throws(TLSError) in
      key = PEM_read_bio_PrivateKey(bio, nil, nil, nil)
    }
    guard let key else {
      throw .fromQueue("read the private key (PEM, without a passphrase)")
    }
    return key
  }

  static func withMemoryBIO(_ bytes: [UInt8], _ body: (OpaquePointer) throws(TLSError) -> Void)
    throws(TLSError)
  {
    // The BIO reads the bytes in place: they must outlive it.
    let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, bytes.count), alignment: 1)
    defer { copy.deallocate() }
    copy.copyBytes(from: bytes)
    guard let bio = BIO_new_mem_buf(copy.baseAddress, Int32(bytes.count)) else {
      throw .fromQueue("read PEM")
    }
    defer { BIO_free(bio) }
    try body(bio)
  }
}
