/// The text codings of a compressed draw.io page: base64 around raw deflate around
/// `encodeURIComponent`; and words compared as bytes.
enum DrawIOText {
  /// Whether bytes are `word`'s. For an ASCII word without `K`, `;` or `` ` `` (the only
  /// characters others decompose to), as for every word the reader compares, that is what
  /// comparing them as strings says.
  @inline(__always)
  static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
    guard bytes.count == word.utf8CodeUnitCount else { return false }
    return word.withUTF8Buffer { letters in
      for index in 0..<letters.count where bytes[index] != letters[index] { return false }
      return true
    }
  }

  /// Decodes `%XX` escapes (as `decodeURIComponent` does; `+` stays `+`).
  ///
  /// - Returns: The bytes, or `nil` for a `%` not followed by two hexadecimal digits.
  static func percentDecoded(_ bytes: [UInt8]) -> [UInt8]? {
    var decoded = bytes
    return percentDecode(&decoded) ? decoded : nil
  }

  /// Decodes `%XX` escapes in place, as ``percentDecoded(_:)`` does, so that a large text is
  /// not held twice.
  ///
  /// - Returns: `false` for a `%` not followed by two hexadecimal digits (the bytes are then
  ///   partly decoded).
  static func percentDecode(_ bytes: inout [UInt8]) -> Bool {
    guard var write = bytes.firstIndex(of: UInt8(ascii: "%")) else { return true }
    var index = write
    while index < bytes.count {
      let byte = bytes[index]
      guard byte == UInt8(ascii: "%") else {
        bytes[write] = byte
        write += 1
        index += 1
        continue
      }
      guard index + 2 < bytes.count, let high = hex(bytes[index + 1]),
        let low = hex(bytes[index + 2])
      else { return false }
      bytes[write] = high << 4 | low
      write += 1
      index += 3
    }
    bytes.removeLast(bytes.count - write)
    return true
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
