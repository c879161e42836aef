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
///
/// A thread the system will not start is logged; the lanes work with the threads that did
/// start. With none, no request would be answered: the ordinary lane then fails the server
/// (``HTTPServerError/cannotStart(reason:)``), and the heavy lane answers 503 and tries again
/// with the next heavy request.
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

  /// Starts the ordinary workers; the heavy ones start with the first heavy request.
  ///
  /// - Parameters:
  ///   - limits: How many workers of each lane, and what is heavy.
  ///   - budget: What heavy requests may hold.
  ///   - responder: What answers.
  ///   - mailbox: Where responses go.
  ///   - system: What starts threads.
  ///   - log: Where a thread that does not start is told.
  /// - Throws: ``HTTPServerError/cannotStart(reason:)`` when no ordinary worker starts.
  init(
    limits: HTTPLimits, budget: HeavyBudget, responder: any HTTPResponder, mailbox: LoopMailbox,
    system: ServerSystem, log: ServerLog
  ) throws(HTTPServerError) {
    let heavyRequestBytes = limits.heavyRequestBytes
    let heavyLane = HeavyLane(
      workers: max(1, limits.heavyWorkers), responder: responder, mailbox: mailbox,
      system: system, log: log)
    self.heavyLane = heavyLane
    let wanted = max(1, limits.workers)
    var started = 0
    for _ in 0..<wanted {
      let didStart = system.startThread(.worker) { [jobs] in
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
      if didStart { started += 1 }
    }
    guard started > 0 else {
      throw .cannotStart(
        reason: "the system would start none of its \(wanted) worker threads: too many threads "
          + "or too little memory; end other programs and start it again")
    }
    if started < wanted {
      log.error(
        "the system would start only \(started) of \(wanted) worker threads: requests wait for "
          + "those")
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
    /// Whether its workers started (some of them at least).
    private let started = Mutex(false)
    private let workers: Int
    private let responder: any HTTPResponder
    private let mailbox: LoopMailbox
    private let system: ServerSystem
    private let log: ServerLog

    init(
      workers: Int, responder: any HTTPResponder, mailbox: LoopMailbox, system: ServerSystem,
      log: ServerLog
    ) {
      self.workers = workers
      self.responder = responder
      self.mailbox = mailbox
      self.system = system
      self.log = log
    }

    /// Hands a heavy request, its share taken, to the next free heavy worker; when none could
    /// be started, answers 503 at once and gives the share back.
    func answer(_ job: Job) {
      // Under the lock: no request is queued for workers that are still being started, or
      // that never will be.
      let ready = started.withLock { started -> Bool in
        if !started { started = start() }
        return started
      }
      guard ready else {
        job.share?.giveBack()
        let message =
          "the server cannot start a thread for large requests now (the system refused it); "
          + "try again in a moment\n"
        mailbox.post(
          .responded(
            job.key, WorkerPool.unavailable(message, responder.headersForEveryResponse),
            held: nil))
        return
      }
      jobs.push(job)
    }

    func stop() { jobs.close() }

    /// Starts the heavy workers.
    ///
    /// - Returns: Whether any started.
    private func start() -> Bool {
      var started = 0
      for _ in 0..<workers {
        let didStart = system.startThread(.heavyWorker) { [jobs, responder, mailbox] in
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
        if didStart { started += 1 }
      }
      if started == 0 {
        log.error(
          "the system would start none of the \(workers) threads for large requests: they are "
            + "answered 503 until one starts")
      } else if started < workers {
        log.error(
          "the system would start only \(started) of the \(workers) threads for large requests")
      }
      return started > 0
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
    return unavailable(message, every)
  }

  /// A 503 that says `message`, with `Retry-After: 2` and the responder's header fields for
  /// every response.
  static func unavailable(_ message: String, _ every: HTTPHeaders) -> HTTPResponse {
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
