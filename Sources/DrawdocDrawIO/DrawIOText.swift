/// The text codings of a compressed draw.io page: base64 around raw deflate around
/// `encodeURIComponent`.
enum DrawIOText {
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

  /// The offset of the first `%` not followed by two hexadecimal digits, if any: where
  /// ``percentDecoded(_:)`` fails.
  static func malformedEscape(in bytes: [UInt8]) -> Int? {
    var index = 0
    while let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")) {
      guard percent + 2 < bytes.count, hex(bytes[percent + 1]) != nil,
        hex(bytes[percent + 2]) != nil
      else { return percent }
      index = percent + 3
    }
    return nil
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
