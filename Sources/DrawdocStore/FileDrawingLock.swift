import DrawdocSystem

/// An exclusive `flock` on a file drawing's lock file, `.NAME.lock` beside the drawing, held
/// from `init` until ``release()``. Unlike the store's lock file, it exists only while a change
/// holds it: ``release()`` removes it, so it never lingers in a working tree as a file nobody
/// asked for. The kernel drops the lock if the process dies; the file it leaves is locked and
/// removed by the next change.
final class FileDrawingLock {
  private let file: FileDescriptor
  private let path: String
  private var held = true

  /// Waits for the lock.
  ///
  /// - Parameters:
  ///   - path: The lock file; created if missing.
  ///   - drawing: The drawing's path as the user gave it, for messages.
  ///   - timeout: How long to wait, in seconds.
  /// - Throws: ``FileDrawingError/locked(path:waitedSeconds:)`` when the wait runs out,
  ///   ``FileDrawingError/readOnlyFolder(path:folder:reason:)`` or
  ///   ``FileDrawingError/io(path:operation:reason:)``.
  init(path: String, drawing: String, timeout: Double) throws(FileDrawingError) {
    self.path = path
    file = try Self.acquire(path, drawing: drawing, timeout: timeout)
  }

  private static func acquire(_ path: String, drawing: String, timeout: Double)
    throws(FileDrawingError) -> FileDescriptor
  {
    let deadline = MonotonicClock.seconds() + timeout
    while true {
      let file: FileDescriptor
      do throws(Errno) {
        file = try FileDescriptor.open(path, .readWrite, options: .create, permissions: 0o600)
      } catch {
        if [.permissionDenied, .readOnlyFileSystem, .notPermitted].contains(error) {
          throw .readOnlyFolder(
            path: drawing, folder: StoreFiles.parent(of: path), reason: error.description)
        }
        throw .io(path: path, operation: "create the lock file", reason: error.description)
      }
      let locked: Bool
      do throws(StoreError) {
        locked = try StoreLock.lock(file, path: path, until: deadline)
      } catch {
        file.close()
        throw .io(path: path, operation: "lock", reason: "\(error)")
      }
      guard locked else {
        file.close()
        throw .locked(path: drawing, waitedSeconds: timeout)
      }
      // The holder before this one removes the lock file as it lets go, and a later waiter
      // makes a new one: a lock on a file the path no longer names locks nothing.
      let held = try? file.status()
      let named = try? FileSystem.status(of: path)
      if let held, let named, held.inode == named.inode { return file }
      file.unlock()
      file.close()
    }
  }

  /// Removes the lock file and lets go of the lock. The file goes first, while the lock is
  /// still held: a waiter that then gets the lock finds its file gone and makes a new one.
  func release() {
    guard held else { return }
    held = false
    try? FileSystem.remove(path)
    file.unlock()
    file.close()
  }

  deinit { release() }
}
