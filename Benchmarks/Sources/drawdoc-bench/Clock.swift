import Glibc

/// The monotonic clock, in seconds.
enum Clock {
  /// Seconds since an arbitrary fixed point; only differences mean anything.
  static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// CPU seconds (user + system) this process has used.
  static func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// Runs `body` and returns its result with the wall-clock and the CPU seconds it took.
  static func timedWithCPU<T>(_ body: () throws -> T) rethrows -> (T, wall: Double, cpu: Double) {
    let start = now()
    let startCPU = cpuNow()
    let result = try body()
    let cpu = cpuNow() - startCPU
    return (result, now() - start, cpu)
  }

  /// Runs `body` and returns its result with the seconds it took.
  static func timed<T>(_ body: () throws -> T) rethrows -> (T, Double) {
    let start = now()
    let result = try body()
    return (result, now() - start)
  }
}
