/// The text codings of a compressed draw.io page: base64 around raw deflate around
/// `encodeURIComponent`.
enum DrawIOText {
  /// Decodes base64 (RFC 4648, standard alphabet), ignoring blanks and line breaks; padding
  /// is optional.
  ///
  /// - Returns: The bytes, or `nil` when the text is not base64.
  static func base64(_ text: String) -> [UInt8]? {
    var output: [UInt8] = []
    output.reserveCapacity(text.utf8.count * 3 / 4)
    var accumulator: UInt32 = 0
    var bits = 0
    var padding = 0
    for byte in text.utf8 {
      let value: UInt8
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"): value = byte - UInt8(ascii: "A")
      case UInt8(ascii: "a")...UInt8(ascii: "z"): value = byte - UInt8(ascii: "a") + 26
      case UInt8(ascii: "0")...UInt8(ascii: "9"): value = byte - UInt8(ascii: "0") + 52
      case UInt8(ascii: "+"): value = 62
      case UInt8(ascii: "/"): value = 63
      case UInt8(ascii: "="):
        padding += 1
        continue
      case 0x20, 0x09, 0x0A, 0x0D: continue
      default: return nil
      }
      guard padding == 0 else { return nil }
      accumulator = accumulator << 6 | UInt32(value)
      bits += 6
      if bits >= 8 {
        bits -= 8
        output.append(UInt8(truncatingIfNeeded: accumulator >> UInt32(bits)))
        accumulator &= (1 << UInt32(bits)) - 1
      }
    }
    guard padding <= 2, bits < 6 else { return nil }
    return output
  }

  /// Decodes `%XX` escapes (as `decodeURIComponent` does; `+` stays `+`).
  ///
  /// - Returns: The bytes, or `nil` for a `%` not followed by two hexadecimal digits.
  static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
    guard bytes.contains(UInt8(ascii: "%")) else { return bytes }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        output.append(byte)
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      else { return nil }
      output.append(high << 4 | low)
      index += 3
    }
    return output
  }

  private static func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
    default: return nil
    }
  }
}
