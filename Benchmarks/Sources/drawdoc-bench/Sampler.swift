/// Repeats a measurement: some warm-up runs that are thrown away, then up to `runs` timed
/// runs, stopping early only when the next run would take the total past `budget` seconds
/// (so a very slow case reports fewer runs instead of holding the whole benchmark up).
struct Sampler {
  /// The timed runs wanted.
  var runs: Int
  /// The runs made first and thrown away.
  var warmup: Int
  /// Seconds after which no further run starts (once at least one run is timed).
  var budget: Double

  /// Runs `body`, which returns the seconds of each of its phases.
  ///
  /// - Returns: One array of phase durations per timed run.
  func collect(_ body: () throws -> [Double]) rethrows -> [[Double]] {
    let start = Clock.now()
    for _ in 0..<warmup { _ = try body() }
    var samples: [[Double]] = []
    var last = 0.0
    while samples.count < runs {
      if !samples.isEmpty, Clock.now() - start + last > budget { break }
      let before = Clock.now()
      samples.append(try body())
      last = Clock.now() - before
    }
    return samples
  }
}

/// The median of some numbers (the mean of the middle two for an even count).
func median(_ values: [Double]) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  let middle = sorted.count / 2
  return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

/// The nearest-rank percentile (`fraction` 0.99 for the 99th): the smallest value that at
/// least that fraction of the values do not exceed.
func percentile(_ values: [Double], _ fraction: Double) -> Double {
  guard !values.isEmpty else { return .nan }
  let sorted = values.sorted()
  let rank = Int((fraction * Double(sorted.count)).rounded(.up))
  return sorted[min(sorted.count, max(1, rank)) - 1]
}

/// The arithmetic mean.
func mean(_ values: [Double]) -> Double {
  values.isEmpty ? .nan : values.reduce(0, +) / Double(values.count)
}
