/// Reed–Solomon error correction over GF(256) as QR codes use it: the field's polynomial is
/// x⁸ + x⁴ + x³ + x² + 1 (0x11D), and the generator of degree n is (x − α⁰)(x − α¹)…(x − αⁿ⁻¹)
/// with α = 2.
package enum ReedSolomon {
  /// The product of two elements of GF(256).
  static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
    var product: UInt16 = 0
    var left = UInt16(left)
    var right = right
    while right != 0 {
      if right & 1 == 1 { product ^= left }
      left <<= 1
      if left & 0x100 != 0 { left ^= 0x11D }
      right >>= 1
    }
    return UInt8(product)
  }

  /// The generator polynomial of a degree, without its leading coefficient (always 1): its
  /// other coefficients from the highest power down.
  ///
  /// - Parameter degree: The number of error correction codewords, 1 to 255 (a programmer's
  ///   error otherwise).
  /// - Returns: `degree` coefficients.
  package static func generator(degree: Int) -> [UInt8] {
    precondition((1...255).contains(degree), "a generator's degree is 1 to 255")
    // Multiplied out one factor (x − αⁱ) at a time; in GF(256), − is +.
    var coefficients = [UInt8](repeating: 0, count: degree)
    coefficients[degree - 1] = 1
    var root: UInt8 = 1
    for _ in 0..<degree {
      for index in 0..<degree {
        coefficients[index] = multiply(coefficients[index], root)
        if index + 1 < degree { coefficients[index] ^= coefficients[index + 1] }
      }
      root = multiply(root, 2)
    }
    return coefficients
  }

  /// The error correction codewords of a block: the remainder of the block's polynomial times
  /// xⁿ divided by the generator of degree n.
  ///
  /// - Parameters:
  ///   - data: The block's data codewords, the first the highest power.
  ///   - generator: What ``generator(degree:)`` returns.
  /// - Returns: As many codewords as `generator` has coefficients.
  package static func remainder(of data: [UInt8], dividedBy generator: [UInt8]) -> [UInt8] {
    var remainder = [UInt8](repeating: 0, count: generator.count)
    for codeword in data {
      let factor = codeword ^ remainder.removeFirst()
      remainder.append(0)
      for index in generator.indices {
        remainder[index] ^= multiply(generator[index], factor)
      }
    }
    return remainder
  }
}
