/// The identity of a rectangle or a drawing: three groups of three characters from
/// `a-z0-9` joined by `-`, like `afy-kw5-t7o`.
///
/// An identifier is stored as its nine characters read as one base-36 number, so it is
/// a single machine word: cheap to hash, compare and copy.
public struct Identifier: Hashable, Comparable, Sendable {
  /// The nine characters as a base-36 number, in `0 ..< 36⁹`.
  public let rawValue: UInt64

  /// The number of distinct identifiers, 36⁹.
  public static let count: UInt64 = 101_559_956_668_416

  /// Makes the identifier whose nine characters spell `rawValue` in base 36.
  ///
  /// - Precondition: `rawValue < Identifier.count`; a larger value is a programming error.
  public init(rawValue: UInt64) {
    precondition(rawValue < Identifier.count, "identifier value out of range")
    self.rawValue = rawValue
  }

  /// Parses the text form `abc-1x9-k0z`.
  ///
  /// - Parameter text: The identifier as written in a file or on the command line.
  /// - Throws: ``ModelError/invalidIdentifier(_:)`` for any other text.
  public init(_ text: String) throws(ModelError) {
    var text = text
    let parsed = text.withUTF8 { Identifier(utf8: $0) }
    guard let parsed else { throw .invalidIdentifier(text) }
    self = parsed
  }

  /// Parses the eleven UTF-8 bytes of the text form, or returns `nil` if they are not one.
  ///
  /// - Parameter utf8: The bytes to read; exactly eleven bytes form an identifier.
  public init?(utf8: UnsafeBufferPointer<UInt8>) {
    guard utf8.count == 11, utf8[3] == 0x2D, utf8[7] == 0x2D else { return nil }
    // Unrolled: this runs once per rectangle read.
    guard let a = Self.digit(utf8[0]), let b = Self.digit(utf8[1]), let c = Self.digit(utf8[2]),
      let d = Self.digit(utf8[4]), let e = Self.digit(utf8[5]), let f = Self.digit(utf8[6]),
      let g = Self.digit(utf8[8]), let h = Self.digit(utf8[9]), let i = Self.digit(utf8[10])
    else { return nil }
    var value = (a &* 36 &+ b) &* 36 &+ c
    value = ((value &* 36 &+ d) &* 36 &+ e) &* 36 &+ f
    value = ((value &* 36 &+ g) &* 36 &+ h) &* 36 &+ i
    self.rawValue = value
  }

  /// The base-36 value of one character of an identifier.
  @inline(__always)
  private static func digit(_ byte: UInt8) -> UInt64? {
    let number = byte &- 0x30
    if number < 10 { return UInt64(number) }
    let letter = byte &- 0x61
    return letter < 26 ? UInt64(letter &+ 10) : nil
  }

  /// Draws an identifier uniformly from all 36⁹.
  ///
  /// - Parameter generator: The source of randomness.
  /// - Returns: A random identifier.
  public static func random(using generator: inout some RandomNumberGenerator) -> Identifier {
    Identifier(rawValue: UInt64.random(in: 0..<count, using: &generator))
  }

  /// The eleven ASCII bytes of the text form.
  public var utf8: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(11)
    appendUTF8(to: &bytes)
    return bytes
  }

  /// Appends the eleven ASCII bytes of the text form, without an intermediate array.
  ///
  /// - Parameter output: The bytes to extend.
  public func appendUTF8(to output: inout [UInt8]) {
    func character(_ digit: UInt64) -> UInt8 {
      digit < 10 ? 0x30 &+ UInt8(digit) : 0x57 &+ UInt8(digit)
    }
    var value = rawValue
    let i = value % 36
    value /= 36
    let h = value % 36
    value /= 36
    let g = value % 36
    value /= 36
    let f = value % 36
    value /= 36
    let e = value % 36
    value /= 36
    let d = value % 36
    value /= 36
    let c = value % 36
    value /= 36
    let b = value % 36
    let a = value / 36
    output.append(character(a))
    output.append(character(b))
    output.append(character(c))
    output.append(0x2D)
    output.append(character(d))
    output.append(character(e))
    output.append(character(f))
    output.append(0x2D)
    output.append(character(g))
    output.append(character(h))
    output.append(character(i))
  }

  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension Identifier {
  /// The id derived from some bytes, the same every time: their 64-bit FNV-1a hash modulo
  /// ``count``. The readers of other programs' files name a drawing or rectangle with it when
  /// the file's own id is not a drawdoc id, so that reading a file twice gives the same drawing.
  ///
  /// - Parameter bytes: The bytes, such as another program's id in UTF-8.
  /// - Returns: The id.
  package static func derived(from bytes: some Sequence<UInt8>) -> Identifier {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01b3
    }
    return Identifier(rawValue: hash % count)
  }
}

extension Identifier: CustomStringConvertible {
  /// The text form, like `afy-kw5-t7o`.
  public var description: String { String(decoding: utf8, as: UTF8.self) }
}
