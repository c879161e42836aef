#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Seconds on a clock that only moves forward, for deadlines and durations: setting the wall
/// clock does not move it.
package enum MonotonicClock {
  /// The clock's reading, in seconds. The corresponding C function is `clock_gettime` with
  /// `CLOCK_MONOTONIC`.
  package static func seconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Sleeps for about `seconds` (a signal may end it early). The corresponding C function is
  /// `nanosleep`.
  package static func sleep(seconds: Double) {
    guard seconds > 0 else { return }
    var time = timespec(
      tv_sec: time_t(seconds), tv_nsec: Int((seconds - Double(Int(seconds))) * 1e9))
    _ = nanosleep(&time, nil)
  }
}

/// The wall clock and the local time zone.
package enum WallClock {
  /// Whole seconds since 1970-01-01 00:00:00 UTC. The corresponding C function is `time`.
  package static func secondsSince1970() -> Int64 { Int64(time(nil)) }

  /// How far the local time zone (`TZ`) is ahead of UTC at a moment, in seconds; 0 when the
  /// C library cannot tell. The corresponding C function is `localtime_r`.
  package static func utcOffset(atSecondsSince1970 seconds: Int64) -> Int64 {
    var moment = time_t(seconds)
    var parts = tm()
    return localtime_r(&moment, &parts) != nil ? Int64(parts.tm_gmtoff) : 0
  }
}
