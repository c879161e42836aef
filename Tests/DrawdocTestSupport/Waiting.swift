import DrawdocSystem

/// How long a test waits for a condition before it fails, in seconds: far longer than any
/// condition takes on a loaded machine, so that only one that never comes reaches it.
package let conditionTimeout = 10.0

/// Waits until `condition` holds, or `seconds` pass: what a test waits with instead of a
/// sleep. It returns as soon as the condition holds, however loaded the machine, and a
/// condition that never comes fails the test after `seconds` instead of hanging it.
///
/// The condition is asked again after a pause that starts at a millisecond and grows to 20 ms.
///
/// - Returns: Whether the condition held.
package func eventually(
  within seconds: Double = conditionTimeout, _ condition: () throws -> Bool
) rethrows -> Bool {
  let deadline = MonotonicClock.seconds() + seconds
  var pause = 0.001
  while true {
    if try condition() { return true }
    if MonotonicClock.seconds() >= deadline { return false }
    MonotonicClock.sleep(seconds: pause)
    pause = min(pause * 2, 0.02)
  }
}

/// What ``withTimeout(seconds:_:)`` throws when the time runs out first.
package struct TimedOut: Error, CustomStringConvertible {
  package let seconds: Double
  package var description: String { "still waiting after \(seconds) s" }
}

/// Runs `operation`, cancelling it if it has not finished within `seconds`: every await of a
/// test on something that may never come goes through it.
///
/// - Throws: ``TimedOut`` when the time ran out; else what `operation` throws.
package func withTimeout<Value: Sendable>(
  seconds: Double = conditionTimeout, _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
  try await withThrowingTaskGroup(of: Value?.self) { group in
    group.addTask { try await operation() }
    group.addTask {
      // The timeout itself: the one sleep, ended early when the operation finishes.
      try await Task.sleep(for: .seconds(seconds))
      return nil
    }
    defer { group.cancelAll() }
    guard let first = try await group.next(), let value = first else {
      throw TimedOut(seconds: seconds)
    }
    return value
  }
}
