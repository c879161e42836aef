/// An opacity level from 1 to 10, meaning opacity 0.1 to 1.0.
public struct Alpha: Hashable, Comparable, Sendable {
  /// The level, 1…10.
  public let level: UInt8

  /// Every level, from the faintest to opaque.
  public static let allLevels: [Alpha] = (1...10).map { Alpha(uncheckedLevel: UInt8($0)) }

  /// Makes an alpha from its level.
  ///
  /// - Parameter level: A whole number from 1 to 10.
  /// - Throws: ``ModelError/alphaLevelOutOfRange(_:)`` for any other number.
  public init(level: Int) throws(ModelError) {
    guard (1...10).contains(level) else { throw .alphaLevelOutOfRange(level) }
    self.level = UInt8(level)
  }

  /// The level whose opacity is exactly `opacity` (`0.1`, `0.2`, … `1`), or `nil`.
  ///
  /// - Parameter opacity: An opacity as read from a file.
  public init?(exactOpacity opacity: Double) {
    let scaled = (opacity * 10).rounded()
    guard scaled >= 1, scaled <= 10 else { return nil }
    let candidate = Alpha(uncheckedLevel: UInt8(scaled))
    guard candidate.opacity == opacity else { return nil }
    self = candidate
  }

  private init(uncheckedLevel: UInt8) {
    self.level = uncheckedLevel
  }

  /// The opacity this level stands for: `level / 10`, from 0.1 to 1.
  public var opacity: Double { Double(level) / 10 }

  public static func < (lhs: Alpha, rhs: Alpha) -> Bool { lhs.level < rhs.level }
}
