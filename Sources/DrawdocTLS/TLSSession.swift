import COpenSSL

/// One TLS connection as a server sees it, with no socket of its own: the caller gives it the
/// bytes that came from the client (``receive(_:)``), reads what they decrypt to
/// (``read(into:)``), gives it what to send (``write(_:)``) and sends what it made
/// (``takeOutgoing(into:)``). The handshake happens along the way, in the first reads. Nothing
/// here waits, so an event loop can keep thousands.
///
/// Only its owner's thread touches it.
package final class TLSSession {
  /// What a read gave.
  package enum ReadResult: Equatable {
    /// This many bytes of the client's data.
    case bytes(Int)
    /// More bytes from the client are needed first.
    case wantsMore
    /// The client ended the session (`close_notify`).
    case closed
    /// The session failed: the handshake was refused, or a record was not valid.
    case failed(String)
  }

  /// What a write gave.
  package enum WriteResult: Equatable {
    /// This many bytes were taken (their records wait in ``takeOutgoing(into:)``).
    case wrote(Int)
    /// Nothing could be taken before the handshake has gone further.
    case wantsMore
    /// The session failed.
    case failed(String)
  }

  private let ssl: OpaquePointer
  /// What the client sent, for OpenSSL to read.
  private let incoming: OpaquePointer
  /// What OpenSSL made, for the socket.
  private let outgoing: OpaquePointer

  /// A session of `context`, waiting for the client's hello.
  ///
  /// - Throws: ``TLSError`` when OpenSSL cannot make one (out of memory).
  package init(context: TLSContext) throws(TLSError) {
    OpenSSLErrors.clear()
    guard let ssl = context.newSSL() else { throw .fromQueue("start a TLS session") }
    guard let incoming = BIO_new(BIO_s_mem()), let outgoing = BIO_new(BIO_s_mem()) else {
      SSL_free(ssl)
      throw .fromQueue("start a TLS session")
    }
    // An empty memory BIO says "try again", not "end of file".
    BIO_ctrl(incoming, BIO_C_SET_BUF_MEM_EOF_RETURN, -1, nil)
    BIO_ctrl(outgoing, BIO_C_SET_BUF_MEM_EOF_RETURN, -1, nil)
    // The session owns both from here.
    SSL_set_bio(ssl, incoming, outgoing)
    SSL_set_accept_state(ssl)
    self.ssl = ssl
    self.incoming = incoming
    self.outgoing = outgoing
  }

  deinit { SSL_free(ssl) }

  /// Whether the handshake is done.
  package var isEstablished: Bool { SSL_is_init_finished(ssl) == 1 }

  /// Gives the session bytes the client sent.
  package func receive(_ bytes: UnsafeRawBufferPointer) {
    guard !bytes.isEmpty else { return }
    _ = BIO_write(incoming, bytes.baseAddress, Int32(clamping: bytes.count))
  }

  /// Reads the client's data into `buffer`, as much as the received records hold.
  package func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    guard let start = buffer.baseAddress else { return .wantsMore }
    var total = 0
    while total < buffer.count {
      OpenSSLErrors.clear()
      let count = SSL_read(
        ssl, start + total, Int32(clamping: buffer.count - total))
      if count > 0 {
        total += Int(count)
        continue
      }
      if total > 0 { return .bytes(total) }
      switch SSL_get_error(ssl, count) {
      case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return .wantsMore
      case SSL_ERROR_ZERO_RETURN: return .closed
      default: return .failed(failure())
      }
    }
    return .bytes(total)
  }

  /// Encrypts as much of `bytes` as one call takes.
  package func write(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
    guard !bytes.isEmpty else { return .wrote(0) }
    OpenSSLErrors.clear()
    let count = SSL_write(ssl, bytes.baseAddress, Int32(clamping: bytes.count))
    if count > 0 { return .wrote(Int(count)) }
    switch SSL_get_error(ssl, count) {
    case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE: return .wantsMore
    default: return .failed(failure())
    }
  }

  /// Starts ending the session: its `close_notify` waits in ``takeOutgoing(into:)``.
  package func close() {
    OpenSSLErrors.clear()
    _ = SSL_shutdown(ssl)
    OpenSSLErrors.clear()
  }

  /// Whether the session holds input it can read without another byte from the client: data
  /// decrypted and not yet read, or a whole record received and not yet decrypted. (The socket
  /// is empty then, so its readiness would never say so.)
  package var hasReadableInput: Bool {
    if SSL_pending(ssl) > 0 { return true }
    var start: UnsafeMutablePointer<CChar>?
    let count = drawdoc_bio_get_mem_data(incoming, &start)
    guard count >= 5, let start else { return false }
    // A record: type, version (2 bytes), length (2 bytes), then that many bytes.
    let length = Int(UInt8(bitPattern: start[3])) << 8 | Int(UInt8(bitPattern: start[4]))
    return count >= 5 + length
  }

  /// How many bytes wait to be sent.
  package var outgoingCount: Int { Int(BIO_ctrl_pending(outgoing)) }

  /// Moves bytes to send into `buffer`.
  ///
  /// - Returns: How many.
  package func takeOutgoing(into buffer: UnsafeMutableRawBufferPointer) -> Int {
    guard outgoingCount > 0, !buffer.isEmpty else { return 0 }
    return max(0, Int(BIO_read(outgoing, buffer.baseAddress, Int32(clamping: buffer.count))))
  }

  private func failure() -> String {
    let queued = OpenSSLErrors.take()
    return queued.isEmpty ? "the TLS session failed" : queued
  }
}
