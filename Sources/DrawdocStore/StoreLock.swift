import DrawdocSystem

/// An exclusive `flock` on the store's lock file, held from `init` until the object is gone.
/// Every read-modify-write of the store happens while one is held, so concurrent drawdoc
/// processes lose no update. The kernel drops the lock if the process dies.
final class StoreLock {
  private let file: FileDescriptor?

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
    let folder = StoreFiles.parent(of: path)
    file = try Self.open(path, forWriting: forWriting)
    guard let file else { return }
    if forWriting {
      // The lock file may be writable in a folder that is not: say so before anything fails.
      do throws(Errno) { try FileSystem.checkWritable(folder) } catch {
        throw .readOnly(path: folder, reason: error.description)
      }
    }
    guard try Self.lock(file, path: path, until: MonotonicClock.seconds() + timeout) else {
      // On a throw, deinit still runs (every property is set) and closes the file.
      throw .locked(path: folder, waitedSeconds: timeout)
    }
  }

  /// Takes an exclusive `flock` on an open lock file, waiting until `deadline` (on
  /// ``DrawdocSystem/MonotonicClock``) at most.
  ///
  /// - Returns: Whether the lock was taken; `false` when the wait ran out.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` when `flock` fails.
  static func lock(_ file: FileDescriptor, path: String, until deadline: Double)
    throws(StoreError) -> Bool
  {
    // `flock` has no timeout, so the wait is a series of tries. The pauses between them stay
    // short: a holder keeps the lock for a few milliseconds, and a waiter asleep when it is
    // let go leaves it idle (and to a luckier waiter) until it wakes.
    var pause = StoreLock.firstPause
    while true {
      do throws(Errno) {
        if try file.tryLockExclusively() { return true }
      } catch {
        throw .io(path: path, operation: "lock", reason: error.description)
      }
      // The clock, not the sum of the pauses: a busy machine oversleeps short pauses.
      guard MonotonicClock.seconds() < deadline else { return false }
      MonotonicClock.sleep(seconds: pause)
      pause = min(pause * 2, StoreLock.longestPause)
    }
  }

  /// Opens the lock file for writing, creating it if missing; for reading where the store
  /// may not be written; or `nil` where a reader cannot even open it.
  private static func open(_ path: String, forWriting: Bool) throws(StoreError)
    -> FileDescriptor?
  {
    let folder = StoreFiles.parent(of: path)
    do throws(Errno) {
      return try FileDescriptor.open(path, .readWrite, options: .create)
    } catch {
      guard [.permissionDenied, .readOnlyFileSystem, .notPermitted].contains(error) else {
        throw .io(path: path, operation: "open the lock file", reason: error.description)
      }
      if forWriting { throw .readOnly(path: folder, reason: error.description) }
    }
    do throws(Errno) {
      return try FileDescriptor.open(path, .readOnly)
    } catch {
      guard error == .noSuchFile || error == .permissionDenied else {
        throw .io(path: path, operation: "open the lock file", reason: error.description)
      }
      return nil
    }
  }

  /// The first pause between two tries, in seconds.
  static let firstPause = 0.0005
  /// The longest pause between two tries, in seconds.
  static let longestPause = 0.004

  deinit {
    guard let file else { return }
    file.unlock()
    file.close()
  }
}
