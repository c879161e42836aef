/// Base64 (RFC 4648, the standard alphabet `A–Z a–z 0–9 + /` with `=` padding): drawdoc's one
/// encoder and decoder, for the gallery's thumbnails, the payloads draw.io and Excalidraw files
/// carry, and the PNG files the app's import takes.
package enum Base64 {
  /// The 64 digits, in the order of their values.
  private static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Encodes bytes, padded with `=`.
  package static func encode(_ bytes: [UInt8]) -> String {
    var output: [UInt8] = []
    output.reserveCapacity((bytes.count + 2) / 3 * 4)
    var index = 0
    while index + 3 <= bytes.count {
      let value =
        UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
      output += [18, 12, 6, 0].map { alphabet[Int(value >> $0 & 63)] }
      index += 3
    }
    let rest = bytes.count - index
    if rest > 0 {
      let value = UInt32(bytes[index]) << 16 | (rest == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
      output += [18, 12].map { alphabet[Int(value >> $0 & 63)] }
      output.append(rest == 2 ? alphabet[Int(value >> 6 & 63)] : UInt8(ascii: "="))
      output.append(UInt8(ascii: "="))
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// Decodes text other programs wrote into their files: blanks and line breaks are ignored,
  /// the padding may be left out.
  ///
  /// - Returns: The bytes, or `nil` when the text is not base64.
  package static func decode(_ text: some Sequence<UInt8>) -> [UInt8]? {
    decode(text, strict: false)
  }

  /// Decodes text strictly: nothing but digits and the padding, which must be there (the
  /// length is a multiple of 4) and follow digits whose unused bits are 0 — the one way to
  /// write the bytes, as `btoa` writes them.
  ///
  /// - Returns: The bytes, or `nil` when the text is not strict base64.
  package static func decodeStrictly(_ text: some Sequence<UInt8>) -> [UInt8]? {
    decode(text, strict: true)
  }

  /// The value of a digit, or `nil` for a byte that is no digit.
  private static func value(of byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): UInt32(byte - UInt8(ascii: "A"))
    case UInt8(ascii: "a")...UInt8(ascii: "z"): UInt32(byte - UInt8(ascii: "a") + 26)
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0") + 52)
    case UInt8(ascii: "+"): 62
    case UInt8(ascii: "/"): 63
    default: nil
    }
  }

  private static func decode(_ text: some Sequence<UInt8>, strict: Bool) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(text.underestimatedCount / 4 * 3)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    var count = 0
    for byte in text {
      count += 1
      if byte == UInt8(ascii: "=") {
        padding += 1
        continue
      }
      if !strict, [0x20, 0x09, 0x0A, 0x0D].contains(byte) { continue }
      guard padding == 0, let value = value(of: byte) else { return nil }
      accumulator = accumulator << 6 | value
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    guard padding <= 2, bits < 6 else { return nil }
    if strict, count % 4 != 0 || accumulator != 0 { return nil }
    return output
  }
}
