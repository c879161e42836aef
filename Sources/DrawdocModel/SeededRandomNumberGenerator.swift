/// A small, fast random number generator (SplitMix64) that gives the same sequence for the
/// same seed on every platform, so that `--seed` reproduces a drawing exactly.
public struct SeededRandomNumberGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Starts the sequence for `seed`.
  ///
  /// - Parameter seed: Any number; equal seeds give equal sequences.
  public init(seed: UInt64) {
    self.state = seed
  }

  /// Starts a sequence from a seed drawn from the system's random source.
  public init() {
    var system = SystemRandomNumberGenerator()
    self.state = system.next()
  }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var mixed = state
    mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
    mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
    return mixed ^ (mixed >> 31)
  }
}
