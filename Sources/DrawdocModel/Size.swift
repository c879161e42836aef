/// The extent of a rectangle or a canvas: both sides finite and greater than zero.
public struct Size: Hashable, Sendable {
  /// The horizontal extent.
  public let width: Double
  /// The vertical extent.
  public let height: Double

  /// Makes a size from two finite, positive lengths.
  ///
  /// - Parameters:
  ///   - width: The horizontal extent.
  ///   - height: The vertical extent.
  /// - Throws: ``ModelError/invalidLength(name:value:)`` if either is zero, negative, NaN
  ///   or infinite.
  public init(width: Double, height: Double) throws(ModelError) {
    guard width.isFinite, width > 0 else { throw .invalidLength(name: "width", value: width) }
    guard height.isFinite, height > 0 else {
      throw .invalidLength(name: "height", value: height)
    }
    self.width = width
    self.height = height
  }
}

extension Size {
  /// Makes a size the caller knows to be valid, for constants.
  ///
  /// - Precondition: Both lengths are finite and positive; otherwise a programming error.
  package init(trustedWidth width: Double, height: Double) {
    precondition(width.isFinite && width > 0 && height.isFinite && height > 0)
    self.width = width
    self.height = height
  }
}
