import COpenSSL

/// OpenSSL's memory BIOs: how bytes go into and come out of its PEM and DER readers and
/// writers without a file.
enum MemoryBIO {
  /// Passes a read-only BIO over `bytes` to `body`; the BIO lives only during the call.
  /// The corresponding C function is `BIO_new_mem_buf`.
  static func reading<Result>(_ bytes: [UInt8], _ body: (OpaquePointer) -> Result) -> Result? {
    bytes.withUnsafeBytes { buffer -> Result? in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else {
        return nil
      }
      defer { BIO_free(bio) }
      return body(bio)
    }
  }

  /// What `body` writes to a fresh memory BIO, or `nil` when it returns anything but 1 (how
  /// OpenSSL's writers say they succeeded). The corresponding C functions are `BIO_new`
  /// and `BIO_get_mem_data`.
  static func written(by body: (OpaquePointer) -> Int32) -> [UInt8]? {
    guard let bio = BIO_new(BIO_s_mem()) else { return nil }
    defer { BIO_free(bio) }
    guard body(bio) == 1 else { return nil }
    var data: UnsafeMutablePointer<CChar>?
    let count = drawdoc_bio_get_mem_data(bio, &data)
    guard count >= 0, let data else { return count == 0 ? [] : nil }
    return data.withMemoryRebound(to: UInt8.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }
}

/// The password callback handed to OpenSSL's PEM readers: it gives no password, so that an
/// encrypted key fails at once instead of OpenSSL asking for one on the terminal.
let noPassword:
  @convention(c) (
    UnsafeMutablePointer<CChar>?, Int32, Int32, UnsafeMutableRawPointer?
  ) -> Int32 = { _, _, _, _ in -1 }
