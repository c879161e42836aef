import COpenSSL

/// What went wrong in TLS or with a certificate, with OpenSSL's own reason.
package struct TLSError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What drawdoc was doing ("read the certificate /path/server.crt").
  package let operation: String
  /// OpenSSL's reason, from its error queue (empty when it gave none).
  package let reason: String

  package init(_ operation: String, reason: String) {
    self.operation = operation
    self.reason = reason
  }

  /// An error for `operation`, with the reasons OpenSSL queued on this thread (which are
  /// taken off the queue).
  package static func fromQueue(_ operation: String) -> TLSError {
    TLSError(operation, reason: OpenSSLErrors.take())
  }

  package var description: String {
    reason.isEmpty ? "cannot \(operation)" : "cannot \(operation): \(reason)"
  }
}

/// OpenSSL's per-thread queue of errors.
package enum OpenSSLErrors {
  /// The queued errors as text, oldest first, and an empty queue.
  package static func take() -> String {
    var reasons: [String] = []
    while true {
      let code = ERR_get_error()
      guard code != 0 else { break }
      var buffer = [CChar](repeating: 0, count: 256)
      ERR_error_string_n(code, &buffer, buffer.count)
      reasons.append(
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    return reasons.joined(separator: "; ")
  }

  /// Forgets what is queued (before an operation whose failure is read from the queue).
  package static func clear() { ERR_clear_error() }
}
