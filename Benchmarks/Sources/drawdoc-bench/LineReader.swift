import Glibc
import Synchronization

/// Reads lines from a descriptor on a thread of its own and notes when each arrived: the
/// monotonic time just after the `read` that completed the line returned. The thread ends
/// when the descriptor reaches its end (the writer exited) or fails, or, once ``finish(within:)``
/// asks, when nothing more comes for a while (a grandchild may still hold the pipe open).
final class LineReader: Sendable {
  /// A line, without its line feed, and when it arrived (``Clock/now()``).
  struct Line: Sendable {
    var bytes: [UInt8]
    var arrival: Double
  }

  private let descriptor: Int32
  private let lines = Mutex<[Line]>([])
  private let thread = Mutex<pthread_t?>(nil)
  /// Set by ``finish(within:)``: stop at the first quiet moment after this time.
  private let stopAfter = Mutex<Double?>(nil)

  /// Starts reading `descriptor` (which the reader then owns and closes).
  init(descriptor: Int32) throws {
    self.descriptor = descriptor
    var started = pthread_t()
    let context = Unmanaged.passRetained(self).toOpaque()
    let result = pthread_create(
      &started, nil,
      { context in
        guard let context else { return nil }
        Unmanaged<LineReader>.fromOpaque(context).takeRetainedValue().readAll()
        return nil
      }, context)
    guard result == 0 else {
      Unmanaged<LineReader>.fromOpaque(context).release()
      close(descriptor)
      throw ChildProcess.Failure(description: "cannot start a thread: \(result)")
    }
    thread.withLock { $0 = started }
  }

  /// How many lines have arrived so far.
  var count: Int { lines.withLock { $0.count } }

  /// Waits up to `seconds` until at least `wanted` lines have arrived; returns whether they did.
  func wait(for wanted: Int, seconds: Double) -> Bool {
    let deadline = Clock.now() + seconds
    while count < wanted {
      if Clock.now() > deadline { return false }
      usleep(1000)
    }
    return true
  }

  /// Waits for the thread to end and returns every line: it reads to the end of the pipe,
  /// but stops once nothing has come for 0.2 s after `seconds` from now.
  func finish(within seconds: Double = 2) -> [Line] {
    stopAfter.withLock { $0 = Clock.now() + seconds }
    if let started = thread.withLock({ value -> pthread_t? in
      defer { value = nil }
      return value
    }) {
      pthread_join(started, nil)
    }
    return lines.withLock { $0 }
  }

  private func readAll() {
    defer { close(descriptor) }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let polled = poll(&ready, 1, 200)
      if polled == 0 {
        if let stop = stopAfter.withLock({ $0 }), Clock.now() > stop { return }
        continue
      }
      if polled < 0 {
        if errno == EINTR { continue }
        return
      }
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      let arrival = Clock.now()
      if count < 0, errno == EINTR { continue }
      if count <= 0 { return }
      pending += chunk[..<count]
      var complete: [Line] = []
      while let end = pending.firstIndex(of: 0x0A) {
        complete.append(Line(bytes: Array(pending[..<end]), arrival: arrival))
        pending.removeSubrange(...end)
      }
      if !complete.isEmpty { lines.withLock { $0 += complete } }
    }
  }
}
