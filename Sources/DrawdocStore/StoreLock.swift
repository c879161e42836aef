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
  /// - Parameters:
  ///   - path: The lock file; created if missing.
  ///   - timeout: How long to wait, in seconds.
  /// - Throws: ``StoreError/locked(path:waitedSeconds:)`` when the wait runs out.
  init(path: String, timeout: Double) throws(StoreError) {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else {
      throw .io(path: path, operation: "open the lock file", reason: FileSystem.errorText(errno))
    }
    var waited = 0.0
    var pause = 0.001
    while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
      // On a throw, deinit still runs (every property is set) and closes the descriptor.
      guard errno == EWOULDBLOCK || errno == EINTR else {
        throw .io(path: path, operation: "lock", reason: FileSystem.errorText(errno))
      }
      guard waited < timeout else {
        throw .locked(path: FileSystem.parent(of: path), waitedSeconds: timeout)
      }
      usleep(UInt32(pause * 1_000_000))
      waited += pause
      pause = min(pause * 2, 0.05)
    }
  }

  deinit {
    guard descriptor >= 0 else { return }
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
