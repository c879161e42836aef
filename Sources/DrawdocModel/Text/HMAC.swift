/// HMAC-SHA256 (RFC 2104, with ``SHA256``): a code that only a holder of the key can make for
/// a message. `drawdoc serve` answers a page's challenge with it, so that the page sends its
/// token only to a server that holds the same token.
package enum HMAC {
  /// The code of a message under a key.
  ///
  /// - Parameters:
  ///   - key: The key, of any length (one longer than a block is hashed first).
  ///   - message: The message.
  /// - Returns: 32 bytes.
  package static func sha256(key: some Collection<UInt8>, message: some Sequence<UInt8>)
    -> [UInt8]
  {
    var block = key.count > SHA256.blockSize ? SHA256.hash(key) : Array(key)
    block += [UInt8](repeating: 0, count: SHA256.blockSize - block.count)
    var inner = SHA256()
    inner.update(block.map { $0 ^ 0x36 })
    inner.update(message)
    var outer = SHA256()
    outer.update(block.map { $0 ^ 0x5c })
    outer.update(inner.finalize())
    return outer.finalize()
  }

  /// Bytes as lowercase hexadecimal digits, two a byte.
  package static func hex(_ bytes: some Sequence<UInt8>) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    for byte in bytes {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 15)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
