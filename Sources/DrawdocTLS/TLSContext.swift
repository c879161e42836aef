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
    let (certificates, problem) = Certificate.all(inPEM: chain)
    guard let leaf = certificates.first, problem == nil else {
      throw TLSError(
        "read the certificate",
        reason: problem ?? "no PEM certificate (-----BEGIN CERTIFICATE-----)")
    }
    guard SSL_CTX_use_certificate(context, leaf.handle) == 1 else {
      throw .fromQueue("use the certificate")
    }
    for intermediate in certificates.dropFirst() {
      // The chain takes its own reference.
      guard drawdoc_ssl_ctx_add1_chain_cert(context, intermediate.handle) == 1 else {
        throw .fromQueue("add a certificate of the chain")
      }
    }
    guard let privateKey = PrivateKey.first(inPEM: key) else {
      throw TLSError("read the private key", reason: "no unencrypted PEM private key in it")
    }
    guard SSL_CTX_use_PrivateKey(context, privateKey.handle) == 1,
      SSL_CTX_check_private_key(context) == 1
    else {
      throw .fromQueue("use the private key with the certificate (is it the certificate's key?)")
    }
    kept = true
    return context
  }
}
