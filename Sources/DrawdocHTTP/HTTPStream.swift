import DrawdocSystem
import Synchronization

/// A streamed body (``HTTPResponse/Body/stream(open:)``) as it is being written: any thread
/// sends bytes through it and never waits; the server's event loop writes them as the client
/// reads them. A client that falls behind holds at most ``HTTPLimits/streamBacklogBytes`` of
/// them.
package final class HTTPStream: Sendable {
  /// Where the stream is in its life.
  private enum Phase {
    /// Bytes may be sent.
    case open
    /// ``close()`` was called: the queued bytes are being written, then the connection closes.
    case ending
    /// Over: the connection is closed, or is closing without writing what was queued.
    case closed
  }

  private struct State {
    var phase = Phase.open
    /// The bytes not written yet, in order; those before `first` are written.
    var chunks: [[UInt8]] = []
    var first = 0
    /// How much of `chunks[first]` is written.
    var written = 0
    /// The bytes not written yet, in all.
    var backlog = 0
    /// Whether the loop has been told about bytes it has not looked at yet.
    var notified = false
    var closeActions: [@Sendable () -> Void] = []

    /// Drops every chunk not yet begun.
    mutating func dropUnbegun() {
      if first < chunks.count && written > 0 {
        chunks = [chunks[first]]
        backlog = chunks[0].count - written
      } else {
        chunks = []
        backlog = 0
        written = 0
      }
      first = 0
    }
  }

  private let state = Mutex(State())
  private let backlogLimit: Int
  /// Tells the server's loop that the stream has something for it.
  private let wakeLoop: @Sendable () -> Void

  /// Makes a stream for the server's loop.
  ///
  /// - Parameters:
  ///   - backlogLimit: The most unwritten bytes (``HTTPLimits/streamBacklogBytes``).
  ///   - wakeLoop: Tells the loop that bytes were queued or the stream ended.
  init(backlogLimit: Int, wakeLoop: @escaping @Sendable () -> Void) {
    self.backlogLimit = backlogLimit
    self.wakeLoop = wakeLoop
  }

  /// Queues bytes to write, from any thread; returns false once the stream is closed.
  /// If the bytes not yet written would pass ``HTTPLimits/streamBacklogBytes`` (default
  /// 256 KiB), and `replacement` is given, every queued chunk not yet begun is dropped and
  /// `replacement` is queued instead (a client that falls behind gets one "reload" message);
  /// without a replacement, the stream is closed.
  ///
  /// - Parameters:
  ///   - bytes: The bytes.
  ///   - replacement: What a client that fell behind gets instead of the backlog.
  /// - Returns: Whether the stream is still open.
  @discardableResult
  package func send(_ bytes: [UInt8], replacingBacklogWith replacement: [UInt8]? = nil) -> Bool {
    var actions: [@Sendable () -> Void] = []
    let (open, wake) = state.withLock { state -> (Bool, Bool) in
      guard state.phase == .open else { return (false, false) }
      guard !bytes.isEmpty else { return (true, false) }
      if state.backlog + bytes.count > backlogLimit {
        guard let replacement else {
          state.phase = .closed
          state.dropUnbegun()
          actions = state.closeActions
          state.closeActions = []
          return (false, true)
        }
        state.dropUnbegun()
        state.chunks.append(replacement)
        state.backlog += replacement.count
      } else {
        state.chunks.append(bytes)
        state.backlog += bytes.count
      }
      guard !state.notified else { return (true, false) }
      state.notified = true
      return (true, true)
    }
    for action in actions { action() }
    if wake { wakeLoop() }
    return open
  }

  /// Ends the stream: queued bytes are written, then the connection closes.
  package func close() {
    let actions = state.withLock { state -> [@Sendable () -> Void]? in
      guard state.phase == .open else { return nil }
      state.phase = .ending
      state.notified = true
      defer { state.closeActions = [] }
      return state.closeActions
    }
    guard let actions else { return }
    for action in actions { action() }
    wakeLoop()
  }

  /// Whether the stream is closed: by ``close()``, by the client, by a failed write or a
  /// backlog past its bound, or by the server's stop.
  package var isClosed: Bool { state.withLock { $0.phase != .open } }

  /// Runs `action` once when the stream closes for any reason (client hang-up, write error,
  /// close(), server stop); at once if it is closed already. It runs on the thread that closes
  /// the stream — the server's event loop for a hang-up — so it must not block.
  ///
  /// - Parameter action: What to do.
  package func onClose(_ action: @escaping @Sendable () -> Void) {
    let closed = state.withLock { state -> Bool in
      guard state.phase == .open else { return true }
      state.closeActions.append(action)
      return false
    }
    if closed { action() }
  }

  // MARK: - The loop's side

  /// What ``flush(to:)`` left.
  enum Flush {
    /// Everything queued is written; the stream is open.
    case idle
    /// The socket takes no more now; bytes wait.
    case blocked
    /// Everything is written and the stream was closed with ``close()``.
    case ended
    /// The stream is closed without its bytes, or the write failed.
    case closed
  }

  /// Writes what is queued, as far as the socket takes it (on the loop).
  ///
  /// - Returns: What is left, and whether any byte was written.
  func flush(to socket: any Transport) -> (Flush, progressed: Bool) {
    state.withLock { state -> (Flush, Bool) in
      guard state.phase != .closed else { return (.closed, false) }
      var progressed = false
      while state.first < state.chunks.count {
        let chunk = state.chunks[state.first]
        let result = chunk.withUnsafeBytes {
          socket.writeSome(UnsafeRawBufferPointer(rebasing: $0[state.written...]))
        }
        switch result {
        case .wrote(let count):
          progressed = true
          state.written += count
          state.backlog -= count
          if state.written == chunk.count {
            state.first += 1
            state.written = 0
          }
        case .wouldBlock:
          // The loop waits for room and comes back by itself: senders need not wake it.
          if state.first > 64 {
            state.chunks.removeFirst(state.first)
            state.first = 0
          }
          return (.blocked, progressed)
        case .failed:
          return (.closed, progressed)
        }
      }
      state.chunks.removeAll(keepingCapacity: true)
      state.first = 0
      state.notified = false
      return (state.phase == .ending ? .ended : .idle, progressed)
    }
  }

  /// Marks the stream closed, as its connection closes (on the loop), and runs what waits
  /// for that.
  func finish() {
    let actions = state.withLock { state -> [@Sendable () -> Void] in
      state.phase = .closed
      state.chunks = []
      state.first = 0
      state.backlog = 0
      defer { state.closeActions = [] }
      return state.closeActions
    }
    for action in actions { action() }
  }
}
