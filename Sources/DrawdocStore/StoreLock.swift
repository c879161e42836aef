#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on the store's lock file, held from `init` until the object is gone.
/// Every read-modify-write of the store happens while one is held, so concurrent drawdoc
/// processes lose no update. The kernel drops the lock if the process dies.
final class StoreLock {
  private let descriptor: Int32

  /// Waits for the lock.
  ///
  /// A reader of a store it may not write (another user's store, a read-only mount) opens the
  /// lock file for reading, which `flock` allows, or reads without the lock when the file is
  /// not there to open: nobody can be changing a store that cannot be written.
  ///
  /// - Parameters:
  ///   - path: The lock file; created if missing.
  ///   - timeout: How long to wait, in seconds.
  ///   - forWriting: Whether the holder will change the store.
  /// - Throws: ``StoreError/locked(path:waitedSeconds:)`` when the wait runs out;
  ///   ``StoreError/readOnly(path:reason:)`` when a writer may not write the store.
  init(path: String, timeout: Double, forWriting: Bool) throws(StoreError) {
    var opened = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    if opened < 0 && (errno == EACCES || errno == EROFS || errno == EPERM) {
      let reason = FileSystem.errorText(errno)
      if forWriting { throw .readOnly(path: FileSystem.parent(of: path), reason: reason) }
      opened = open(path, O_RDONLY | O_CLOEXEC)
      if opened < 0 && (errno == ENOENT || errno == EACCES) {
        descriptor = -1
        return
      }
    }
    descriptor = opened
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "open the lock file", reason: FileSystem.errorText(errno))
    }
    if forWriting && access(FileSystem.parent(of: path), W_OK) != 0 {
      // The lock file may be writable in a folder that is not: say so before anything fails.
      throw .readOnly(path: FileSystem.parent(of: path), reason: FileSystem.errorText(errno))
    }
    // `flock` has no timeout, so the wait is a series of tries. The pauses between them stay
    // short: a holder keeps the lock for a few milliseconds, and a waiter asleep when it is
    // let go leaves it idle (and to a luckier waiter) until it wakes.
    let started = MonotonicClock.seconds()
    var pause = StoreLock.firstPause
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      // On a throw, deinit still runs (every property is set) and closes the descriptor.
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw .io(path: path, operation: "lock", reason: FileSystem.errorText(errno))
      }
      // The clock, not the sum of the pauses: a busy machine oversleeps short pauses.
      guard MonotonicClock.seconds() - started < timeout else {
        throw .locked(path: FileSystem.parent(of: path), waitedSeconds: timeout)
      }
      usleep(UInt32(pause * 1_000_000))
      pause = min(pause * 2, StoreLock.longestPause)
    }
  }

  /// The first pause between two tries, in seconds.
  static let firstPause = 0.0005
  /// The longest pause between two tries, in seconds.
  static let longestPause = 0.004

  deinit {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
