import Foundation
import Testing

@testable import DrawdocStore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct StoreLockTests {
  private func lockFile() throws -> (folder: String, path: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-lock-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return (folder, "\(folder)/.lock")
  }

  private func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// A waiter takes the lock once its holder lets it go, well before its own timeout. (How
  /// soon is measured by the benchmark, not here.)
  @Test func aWaiterTakesTheLockOnceItIsLetGo() throws {
    let (folder, path) = try lockFile()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    final class Holder: @unchecked Sendable {
      var lock: StoreLock?
      var releasedAt = 0.0
    }
    let holder = Holder()
    holder.lock = try StoreLock(path: path, timeout: 1, forWriting: true)
    // Another open file description conflicts with this one, as another process's would.
    let thread = Thread {
      // Kept a sleep: the time the lock stays held is what the waiter must wait out, the
      // thing under test; no condition says that a waiter is already waiting.
      usleep(200_000)
      holder.releasedAt = self.now()
      holder.lock = nil
    }
    thread.start()
    let started = now()
    let waiter = try StoreLock(path: path, timeout: 10, forWriting: true)
    let taken = now()
    withExtendedLifetime(waiter) {}
    #expect(taken - started >= 0.15, "the lock was taken while it was held")
    #expect(taken >= holder.releasedAt)
    #expect(taken - started < 5)
  }

  /// The wait ends when the clock says the timeout has passed, with the error that says
  /// the store stayed locked and for how long.
  @Test func theWaitEndsAtTheTimeout() throws {
    let (folder, path) = try lockFile()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let holder = try StoreLock(path: path, timeout: 1, forWriting: true)
    let started = now()
    #expect(throws: StoreError.locked(path: folder, waitedSeconds: 0.2)) {
      _ = try StoreLock(path: path, timeout: 0.2, forWriting: true)
    }
    let waited = now() - started
    #expect(waited >= 0.2)
    #expect(waited < 1.5, "waited \(waited) s for a timeout of 0.2 s")
    withExtendedLifetime(holder) {}
  }
}
