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
    var value: UInt64 = 0
    for index in [0, 1, 2, 4, 5, 6, 8, 9, 10] {
      let byte = utf8[index]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte &- 0x30
      case 0x61...0x7A: digit = byte &- 0x61 &+ 10
      default: return nil
      }
      value = value &* 36 &+ UInt64(digit)
    }
    self.rawValue = value
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
    var bytes = [UInt8](repeating: 0x2D, count: 11)
    var value = rawValue
    for index in [10, 9, 8, 6, 5, 4, 2, 1, 0] {
      let digit = UInt8(value % 36)
      value /= 36
      bytes[index] = digit < 10 ? 0x30 &+ digit : 0x61 &+ digit &- 10
    }
    return bytes
  }

  public static func < (lhs: Identifier, rhs: Identifier) -> Bool {
    lhs.rawValue < rhs.rawValue
  }
}

extension Identifier: CustomStringConvertible {
  /// The text form, like `afy-kw5-t7o`.
  public var description: String { String(decoding: utf8, as: UTF8.self) }
}
