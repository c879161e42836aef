import Dispatch
import DrawdocModel
import DrawdocSystem
import Synchronization

/// A thumbnail to draw: a drawing of a store whose file changed.
struct ThumbnailJob: Sendable {
  let store: DocumentStore
  let id: Identifier

  /// The drawing's file: what jobs are told apart by.
  var file: String { store.path(of: id) }
}

/// The thumbnails a ``DrawingMemory`` draws after the changes it committed are answered, on a
/// thread of its own that runs while there are some to draw.
///
/// A burst of changes to one drawing makes one thumbnail: a job waiting for its turn is not
/// queued again, and the thumbnail is drawn from the drawing as it is when its turn comes. It
/// is written under the store lock, and only if the drawing's file is still the one it was
/// drawn from; otherwise the change that replaced the file has queued its own.
final class ThumbnailQueue: Sendable {
  private struct State {
    /// The jobs waiting, by file, and their order.
    var jobs: [String: ThumbnailJob] = [:]
    var order: [String] = []
    /// The job being drawn.
    var current: String?
    /// Whether the thread runs.
    var working = false
    /// Threads waiting for a file's job (or, for `nil`, every job) to be done.
    var waiters: [(file: String?, wake: DispatchSemaphore)] = []
    /// Whether the thread is held before each job (``hold(_:)``).
    var held = false

    func isBusy(with file: String?) -> Bool {
      guard let file else { return working }
      return jobs[file] != nil || current == file
    }

    /// Takes out the waiters whose jobs are done.
    mutating func finishedWaiters() -> [DispatchSemaphore] {
      var woken: [DispatchSemaphore] = []
      var waiting: [(file: String?, wake: DispatchSemaphore)] = []
      for waiter in waiters {
        if isBusy(with: waiter.file) {
          waiting.append(waiter)
        } else {
          woken.append(waiter.wake)
        }
      }
      waiters = waiting
      return woken
    }
  }

  private let state = Mutex(State())

  /// Queues a drawing's thumbnail, and starts the thread if it is not running.
  func schedule(_ job: ThumbnailJob) {
    let file = job.file
    let start = state.withLock { state -> Bool in
      if state.jobs[file] == nil { state.order.append(file) }
      state.jobs[file] = job
      guard !state.working else { return false }
      state.working = true
      return true
    }
    guard start else { return }
    if SystemThread.start(detached: true, { self.run() }) == nil {
      // No thread: the thumbnails are drawn when they are asked for instead.
      let woken = state.withLock { state -> [DispatchSemaphore] in
        state.jobs = [:]
        state.order = []
        state.working = false
        return state.finishedWaiters()
      }
      for waiter in woken { waiter.signal() }
    }
  }

  /// Holds the thread before it draws its next job, until it is let go: how tests see what a
  /// request gets while a thumbnail is still to be drawn.
  func hold(_ held: Bool) {
    state.withLock { $0.held = held }
  }

  /// Waits until a file's thumbnail (or, for `nil`, every thumbnail) queued so far is done.
  ///
  /// - Returns: Whether it was done within `timeout` seconds.
  @discardableResult
  func wait(for file: String?, timeout: Double) -> Bool {
    let wake = DispatchSemaphore(value: 0)
    let busy = state.withLock { state -> Bool in
      guard state.isBusy(with: file) else { return false }
      state.waiters.append((file, wake))
      return true
    }
    guard busy else { return true }
    return wake.wait(timeout: .now() + timeout) == .success
  }

  /// Draws the queued thumbnails, then ends.
  private func run() {
    while true {
      let next = state.withLock { state -> ThumbnailJob? in
        state.current = nil
        guard !state.order.isEmpty else {
          state.working = false
          return nil
        }
        let file = state.order.removeFirst()
        state.current = file
        return state.jobs.removeValue(forKey: file)
      }
      let woken = state.withLock { $0.finishedWaiters() }
      for waiter in woken { waiter.signal() }
      guard let next else { return }
      while state.withLock({ $0.held }) { MonotonicClock.sleep(seconds: 0.001) }
      // The index records of the changes so far first, all at once: they are quick.
      if let memory = next.store.memory {
        for store in memory.storesWithIndexRecords { store.writePendingIndexRecords() }
      }
      next.store.drawThumbnail(of: next.id)
    }
  }
}
