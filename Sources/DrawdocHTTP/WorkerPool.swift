import DrawdocSystem
import Synchronization

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
