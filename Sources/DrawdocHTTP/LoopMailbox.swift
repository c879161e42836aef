import DrawdocSystem
import Synchronization

/// Names a connection for other threads: its descriptor, and a serial number that tells it
/// from an earlier connection that had the same descriptor.
struct ConnectionKey: Hashable, Sendable {
  var descriptor: Int32
  var serial: UInt64
}

/// What other threads tell the event loop.
enum LoopMessage: Sendable {
  /// A worker answered the connection's request.
  case responded(ConnectionKey, HTTPResponse)
  /// The connection's stream has bytes to write, or ended.
  case streamReady(ConnectionKey)
}

/// Messages for the event loop, from any thread: each one wakes the loop if it waits.
final class LoopMailbox: Sendable {
  private let messages = Mutex<[LoopMessage]>([])
  /// The descriptor the loop waits on, with the sockets.
  let wakeUp: WakeUpSignal

  init(wakeUp: WakeUpSignal) {
    self.wakeUp = wakeUp
  }

  /// Leaves a message and wakes the loop (once for all the messages it has not taken yet).
  func post(_ message: LoopMessage) {
    let first = messages.withLock { messages -> Bool in
      messages.append(message)
      return messages.count == 1
    }
    if first { wakeUp.signal() }
  }

  /// Takes every message, in the order they came (on the loop, after draining the wake-up).
  func takeAll() -> [LoopMessage] {
    messages.withLock { messages in
      defer { messages = [] }
      return messages
    }
  }
}

/// The threads that run ``HTTPResponder/respond(to:)``: the loop hands them whole requests
/// and they post the responses back.
final class WorkerPool: Sendable {
  /// One request to answer.
  struct Job: Sendable {
    var key: ConnectionKey
    var request: HTTPRequest
    /// Set when the connection closed before a worker took the request.
    var cancellation: Cancellation
  }

  /// Set by the loop when a request no longer needs an answer.
  final class Cancellation: Sendable {
    private let flag = Atomic(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
  }

  private let jobs = BlockingQueue<Job>()

  /// Starts the workers.
  ///
  /// - Parameters:
  ///   - count: How many.
  ///   - responder: What answers.
  ///   - mailbox: Where responses go.
  init(count: Int, responder: any HTTPResponder, mailbox: LoopMailbox) {
    for _ in 0..<max(1, count) {
      _ = SystemThread.start(detached: true) { [jobs] in
        while let job = jobs.pop() {
          guard !job.cancellation.isCancelled else { continue }
          mailbox.post(.responded(job.key, responder.respond(to: job.request)))
        }
      }
    }
  }

  /// Hands a request to the next free worker.
  func answer(_ job: Job) { jobs.push(job) }

  /// Ends the workers once their current requests are answered.
  func stop() { jobs.close() }
}
