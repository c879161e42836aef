/// An sRGB color with 8 bits per channel.
public struct Color: Hashable, Sendable {
  /// The red channel, 0…255.
  public let red: UInt8
  /// The green channel, 0…255.
  public let green: UInt8
  /// The blue channel, 0…255.
  public let blue: UInt8

  /// Makes a color from three 8-bit channels; every value is valid.
  ///
  /// - Parameters:
  ///   - red: The red channel.
  ///   - green: The green channel.
  ///   - blue: The blue channel.
  public init(red: UInt8, green: UInt8, blue: UInt8) {
    self.red = red
    self.green = green
    self.blue = blue
  }

  /// Makes a color from three whole numbers, refusing any outside 0…255 rather than
  /// clamping it.
  ///
  /// - Parameters:
  ///   - red: The red channel, 0…255.
  ///   - green: The green channel, 0…255.
  ///   - blue: The blue channel, 0…255.
  /// - Throws: ``ModelError/colorChannelOutOfRange(channel:value:)``.
  public init(red: Int, green: Int, blue: Int) throws(ModelError) {
    guard let r = UInt8(exactly: red) else {
      throw .colorChannelOutOfRange(channel: "red", value: red)
    }
    guard let g = UInt8(exactly: green) else {
      throw .colorChannelOutOfRange(channel: "green", value: green)
    }
    guard let b = UInt8(exactly: blue) else {
      throw .colorChannelOutOfRange(channel: "blue", value: blue)
    }
    self.init(red: r, green: g, blue: b)
  }

  /// Parses the hex form `#rrggbb` (either case).
  ///
  /// - Parameter hex: The color as `#` and six hexadecimal digits.
  /// - Throws: ``ModelError/invalidHexColor(_:)`` for any other text.
  public init(hex: String) throws(ModelError) {
    let digits = Array(hex.utf8)
    guard digits.count == 7, digits[0] == UInt8(ascii: "#") else { throw .invalidHexColor(hex) }
    var channels: [UInt8] = []
    for index in stride(from: 1, to: 7, by: 2) {
      guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1])
      else { throw .invalidHexColor(hex) }
      channels.append(high << 4 | low)
    }
    self.init(red: channels[0], green: channels[1], blue: channels[2])
  }

  /// The lowercase hex form, `#rrggbb`.
  public var hex: String {
    String(decoding: hexUTF8, as: UTF8.self)
  }

  /// The seven ASCII bytes of the lowercase hex form.
  public var hexUTF8: [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(7)
    appendHex(to: &bytes)
    return bytes
  }

  /// Appends the seven ASCII bytes of the lowercase hex form, without an intermediate array.
  ///
  /// - Parameter output: The bytes to extend.
  public func appendHex(to output: inout [UInt8]) {
    func digit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 &+ value : 0x57 &+ value }
    output.append(UInt8(ascii: "#"))
    output.append(digit(red >> 4))
    output.append(digit(red & 15))
    output.append(digit(green >> 4))
    output.append(digit(green & 15))
    output.append(digit(blue >> 4))
    output.append(digit(blue & 15))
  }

  /// The value of one hexadecimal digit in ASCII, or `nil`.
  ///
  /// - Parameter byte: An ASCII byte.
  /// - Returns: 0…15 for `0-9`, `a-f` and `A-F`, otherwise `nil`.
  @inline(__always)
  public static func hexValue(_ byte: UInt8) -> UInt8? {
    let number = byte &- 0x30
    if number < 10 { return number }
    let letter = (byte | 0x20) &- 0x61
    return letter < 6 ? letter &+ 10 : nil
  }
}
