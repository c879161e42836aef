import DrawdocSystem
import Synchronization

/// The threads that run ``HTTPResponder/respond(to:)``: the loop hands them whole requests
/// and they post the responses back.
///
/// Two lanes. Every request comes to the ordinary workers (``HTTPLimits/workers``), which
/// weigh it (``HTTPResponder/memoryEstimate(of:)``) and answer it if it is light. A heavy one
/// (past ``HTTPLimits/heavyRequestBytes``) takes its share of the ``HeavyBudget`` and goes to
/// workers of its own (``HTTPLimits/heavyWorkers``), or is refused with 503 at once when its
/// share does not fit: a heavy request never holds an ordinary worker, so light requests
/// never wait behind one, and no heavy work starts that would pass the budget.
final class WorkerPool: Sendable {
  /// One request to answer.
  struct Job: Sendable {
    var key: ConnectionKey
    var request: HTTPRequest
    /// Set when the connection closed before a worker took the request.
    var cancellation: Cancellation
    /// A heavy request's share of the budget.
    var share: HeavyBudget.Share? = nil
  }

  /// Set by the loop when a request no longer needs an answer.
  final class Cancellation: Sendable {
    private let flag = Atomic(false)
    func cancel() { flag.store(true, ordering: .relaxed) }
    var isCancelled: Bool { flag.load(ordering: .relaxed) }
  }

  private let jobs = BlockingQueue<Job>()
  private let heavyLane: HeavyLane

  /// Starts the workers of both lanes.
  ///
  /// - Parameters:
  ///   - limits: How many workers of each lane, and what is heavy.
  ///   - budget: What heavy requests may hold.
  ///   - responder: What answers.
  ///   - mailbox: Where responses go.
  init(
    limits: HTTPLimits, budget: HeavyBudget, responder: any HTTPResponder, mailbox: LoopMailbox
  ) {
    let heavyRequestBytes = limits.heavyRequestBytes
    let heavyLane = HeavyLane(
      workers: max(1, limits.heavyWorkers), responder: responder, mailbox: mailbox)
    self.heavyLane = heavyLane
    for _ in 0..<max(1, limits.workers) {
      _ = SystemThread.start(detached: true) { [jobs] in
        // Not `while let`: its binding may live until the next pop returns, holding the last
        // request (its body, a heavy one's share of the budget) while the worker waits.
        while true {
          guard var job = jobs.pop() else { return }
          guard !job.cancellation.isCancelled else { continue }
          let estimate = responder.memoryEstimate(of: job.request)
          guard estimate > heavyRequestBytes else {
            mailbox.post(.responded(job.key, responder.respond(to: job.request), held: nil))
            continue
          }
          guard let share = budget.take(estimate) else {
            mailbox.post(
              .responded(
                job.key, Self.busy(estimate, budget, responder.headersForEveryResponse),
                held: nil))
            continue
          }
          job.share = share
          heavyLane.answer(job)
        }
      }
    }
  }

  /// Hands a request to the next free ordinary worker.
  func answer(_ job: Job) { jobs.push(job) }

  /// Ends the workers once their current requests are answered.
  func stop() {
    jobs.close()
    heavyLane.stop()
  }

  /// The workers of heavy requests, started with the first one: a server that never gets one
  /// has no thread for them.
  final class HeavyLane: Sendable {
    private let jobs = BlockingQueue<Job>()
    private let started = Atomic(false)
    private let workers: Int
    private let responder: any HTTPResponder
    private let mailbox: LoopMailbox

    init(workers: Int, responder: any HTTPResponder, mailbox: LoopMailbox) {
      self.workers = workers
      self.responder = responder
      self.mailbox = mailbox
    }

    /// Hands a heavy request, its share taken, to the next free heavy worker.
    func answer(_ job: Job) {
      if !started.exchange(true, ordering: .acquiringAndReleasing) { start() }
      jobs.push(job)
    }

    func stop() { jobs.close() }

    private func start() {
      for _ in 0..<workers {
        _ = SystemThread.start(detached: true) { [jobs, responder, mailbox] in
          // Light requests come first where both want a core.
          SystemThread.lowerCurrentPriority()
          while true {
            guard let job = jobs.pop() else { return }
            // A request dropped here gives its share back with the job.
            guard !job.cancellation.isCancelled else { continue }
            mailbox.post(
              .responded(job.key, responder.respond(to: job.request), held: job.share))
          }
        }
      }
    }
  }

  /// The answer to a heavy request whose share of the budget does not fit now.
  private static func busy(_ estimate: Int, _ budget: HeavyBudget, _ every: HTTPHeaders)
    -> HTTPResponse
  {
    let message =
      "the server is busy with other large requests: this one needs about "
      + "\(size(min(estimate, budget.limit))) of the \(size(budget.limit)) it keeps for them, "
      + "and \(size(budget.counts.heldBytes)) are taken; try again in a moment\n"
    var headers = HTTPHeaders([("Content-Type", "text/plain; charset=utf-8")])
    for field in every { headers.add(field.name, field.value) }
    headers.add("Retry-After", "2")
    return HTTPResponse(
      status: .serviceUnavailable, headers: headers, body: .bytes(Array(message.utf8)))
  }

  /// `12 MiB`, rounded up; `900 bytes` below a mebibyte.
  private static func size(_ bytes: Int) -> String {
    let mebibyte = 1 << 20
    return bytes < mebibyte ? "\(bytes) bytes" : "\((bytes + mebibyte - 1) / mebibyte) MiB"
  }
}
