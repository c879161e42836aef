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
    let digits = Array("0123456789abcdef".utf8)
    return [
      UInt8(ascii: "#"),
      digits[Int(red >> 4)], digits[Int(red & 15)],
      digits[Int(green >> 4)], digits[Int(green & 15)],
      digits[Int(blue >> 4)], digits[Int(blue & 15)],
    ]
  }

  /// The value of one hexadecimal digit in ASCII, or `nil`.
  ///
  /// - Parameter byte: An ASCII byte.
  /// - Returns: 0…15 for `0-9`, `a-f` and `A-F`, otherwise `nil`.
  public static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 0x30...0x39: return byte &- 0x30
    case 0x41...0x46: return byte &- 0x41 &+ 10
    case 0x61...0x66: return byte &- 0x61 &+ 10
    default: return nil
    }
  }
}
