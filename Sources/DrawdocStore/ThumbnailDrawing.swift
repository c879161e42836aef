import DrawdocModel
import DrawdocRaster
import DrawdocSystem
import Synchronization

/// A thumbnail drawn on a thread of its own while a change is written: the file takes one core
/// (and, while it is flushed, none), so the picture of even a big drawing is ready by the time
/// the change is made and told. The change does not wait for it until then: a watcher hears of
/// the change first, and the thumbnail is written after.
final class ThumbnailDrawing: Sendable {
  private final class Outcome: Sendable {
    let picture = Mutex<Result<[UInt8], RasterError>?>(nil)
  }

  private let plane: Plane
  private let outcome = Outcome()
  private let thread: SystemThread?

  /// Starts drawing a plane's thumbnail.
  init(_ plane: Plane) {
    self.plane = plane
    let outcome = outcome
    thread = SystemThread.start {
      let picture = Result { () throws(RasterError) in try Thumbnail.png(for: plane) }
      outcome.picture.withLock { $0 = picture }
    }
  }

  /// Waits for the thumbnail (or draws it here if no thread could be started).
  ///
  /// - Returns: The PNG bytes, or the failure to draw them.
  func finish() -> Result<[UInt8], RasterError> {
    thread?.join()
    if let done = outcome.picture.withLock({ $0 }) { return done }
    return Result { () throws(RasterError) in try Thumbnail.png(for: plane) }
  }
}
