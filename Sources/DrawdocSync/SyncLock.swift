import DrawdocStore
import DrawdocSystem

/// The lock that keeps two syncs of one store apart: a `flock` on `sync/.lock`, which the git
/// programs a sync starts hold too, so that a sync killed while git works is followed only
/// when that git has ended.
final class SyncLock {
  private let file: FileDescriptor

  /// Waits for the lock, making the sync folder on first use.
  ///
  /// - Throws: ``SyncError/busy(waitedSeconds:)`` when the wait runs out, or
  ///   ``SyncError/store(_:)`` when the folder or the file cannot be made.
  init(folder: String, timeout: Double) throws(SyncError) {
    do {
      try StoreFiles.createFolder(folder)
    } catch {
      throw .store(error)
    }
    let path = "\(folder)/.lock"
    do throws(Errno) {
      file = try FileDescriptor.open(path, .readWrite, options: .create)
    } catch {
      throw .store(.io(path: path, operation: "open the sync lock", reason: error.description))
    }
    let started = MonotonicClock.seconds()
    while true {
      do throws(Errno) {
        if try file.tryLockExclusively() { break }
      } catch {
        throw .store(.io(path: path, operation: "lock", reason: error.description))
      }
      guard MonotonicClock.seconds() - started < timeout else {
        throw .busy(waitedSeconds: timeout)
      }
      MonotonicClock.sleep(seconds: 0.02)
    }
    file.keepOpenInPrograms()
  }

  deinit {
    file.unlock()
    file.close()
  }
}
