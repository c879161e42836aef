#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on a clock that only moves forward, for deadlines: waiting for the store's lock,
/// waiting for the next change. Setting the wall clock does not move it.
enum MonotonicClock {
  static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
