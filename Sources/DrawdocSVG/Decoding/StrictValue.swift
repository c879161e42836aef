import DrawdocModel

/// The values of a `<rect>` that strict mode accepts, or `nil` for any other.
enum StrictValue {
  static func coordinate(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let value = NumberParser.parse(bytes), value.isFinite else { return nil }
    return value
  }

  static func length(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard let value = NumberParser.parse(bytes), value.isFinite, value > 0 else { return nil }
    return value
  }

  static func identifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Identifier? {
    Identifier(utf8: bytes)
  }

  /// `#rrggbb`, lowercase or uppercase.
  static func color(_ value: UnsafeBufferPointer<UInt8>) -> Color? {
    guard value.count == 7, value[0] == UInt8(ascii: "#"),
      let r1 = Color.hexValue(value[1]), let r2 = Color.hexValue(value[2]),
      let g1 = Color.hexValue(value[3]), let g2 = Color.hexValue(value[4]),
      let b1 = Color.hexValue(value[5]), let b2 = Color.hexValue(value[6])
    else { return nil }
    return Color(red: r1 << 4 | r2, green: g1 << 4 | g2, blue: b1 << 4 | b2)
  }

  /// One of the ten opacities 0.1 … 1, in any spelling of the number.
  static func alpha(_ bytes: UnsafeBufferPointer<UInt8>) -> Alpha? {
    NumberParser.parse(bytes).flatMap { Alpha(exactOpacity: $0) }
  }
}
