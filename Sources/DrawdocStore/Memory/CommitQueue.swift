import Dispatch
import DrawdocModel
import DrawdocSystem
import Synchronization

/// The changes that threads of one process hand to a store with a ``DrawingMemory``, waiting
/// for the store lock: group commit.
///
/// The first thread to arrive leads. It takes the store lock, then every change queued for the
/// same drawing meanwhile, and commits them together (``DocumentStore/commitGroup(_:in:)``):
/// one file written and one round of flushes for all of them. The others wait; each gets its
/// own answer. When the leader's own change is answered and changes are still queued, it
/// hands the lead to the thread of the oldest one.
final class CommitQueue: Sendable {
  private struct State {
    var waiting: [CommitTicket] = []
    /// The thread that leads, if one does.
    var leader: UInt?
  }

  private let state = Mutex(State())

  /// How many changes are queued, the leader's own among them until its group is taken.
  var waitingCount: Int { state.withLock { $0.waiting.count } }

  /// Queues a change and waits for its answer, leading if no thread does.
  func submit(_ ticket: CommitTicket) -> Result<Revision, any Error> {
    let thread = SystemThread.currentNumber
    let leads = state.withLock { state -> Bool? in
      // The leader runs the changes: one that changes the store again from inside its
      // change would wait for itself. Without the memory it would wait for the lock.
      if state.leader == thread { return nil }
      state.waiting.append(ticket)
      if state.leader != nil { return false }
      state.leader = thread
      return true
    }
    guard let leads else {
      return .failure(
        StoreError.locked(path: ticket.store.root, waitedSeconds: ticket.store.lockTimeout))
    }
    if !leads { ticket.waitForTurn() }
    if let outcome = ticket.outcome { return outcome }
    // This thread leads until its own change is answered.
    while ticket.outcome == nil {
      leadOneGroup()
    }
    handOver()
    return ticket.outcome ?? .failure(StoreError.locked(path: ticket.store.root, waitedSeconds: 0))
  }

  /// Takes the store lock for the oldest queued change, then commits it with every change
  /// queued for the same drawing.
  private func leadOneGroup() {
    guard let first = state.withLock({ $0.waiting.first }) else { return }
    let store = first.store
    let lock: StoreLock
    do {
      lock = try StoreLock(path: store.lockPath, timeout: store.lockTimeout, forWriting: true)
    } catch {
      state.withLock { state in state.waiting.removeAll { $0 === first } }
      first.answer(.failure(error))
      return
    }
    defer { withExtendedLifetime(lock) {} }
    // Taken once the lock is held, so that the changes queued while it was awaited join.
    let group = state.withLock { state -> [CommitTicket] in
      var group: [CommitTicket] = []
      state.waiting.removeAll { ticket in
        guard ticket.store.root == store.root && ticket.id == first.id else { return false }
        group.append(ticket)
        return true
      }
      return group
    }
    guard let memory = store.memory else {
      for ticket in group {
        ticket.answer(.failure(StoreError.locked(path: store.root, waitedSeconds: 0)))
      }
      return
    }
    let left = store.commitGroup(group, in: memory)
    if !left.isEmpty {
      state.withLock { $0.waiting.insert(contentsOf: left, at: 0) }
    }
  }

  /// Gives the lead to the thread of the oldest queued change, or leaves it to the next
  /// thread to arrive.
  private func handOver() {
    let next = state.withLock { state -> CommitTicket? in
      guard let next = state.waiting.first else {
        state.leader = nil
        return nil
      }
      state.leader = next.thread
      return next
    }
    next?.wake()
  }
}

/// One change queued in a ``CommitQueue``: what ``DocumentStore/update(_:at:basedOn:_:)`` was
/// asked, and, once the change is committed or refused, its answer.
///
/// The leader writes `outcome` and drops `change` before it wakes the waiting thread, and
/// nothing touches them meanwhile: the semaphore orders the two threads.
final class CommitTicket: @unchecked Sendable {
  let store: DocumentStore
  let id: Identifier
  let now: Timestamp
  let base: (version: Int, rectangles: [Identifier]?)?
  /// The edit, until the change is answered. It does not escape the caller's call, which
  /// waits for the answer.
  private(set) var change: ((inout Drawing) throws -> Change)?
  /// The thread that waits for the answer.
  let thread = SystemThread.currentNumber
  /// The answer, once there is one.
  private(set) var outcome: Result<Revision, any Error>?
  private let turn = DispatchSemaphore(value: 0)

  init(
    store: DocumentStore, id: Identifier, now: Timestamp,
    base: (version: Int, rectangles: [Identifier]?)?,
    change: @escaping (inout Drawing) throws -> Change
  ) {
    self.store = store
    self.id = id
    self.now = now
    self.base = base
    self.change = change
  }

  /// Answers the change and wakes its thread (unless the leader answers its own).
  func answer(_ outcome: Result<Revision, any Error>) {
    change = nil
    self.outcome = outcome
    if thread != SystemThread.currentNumber { turn.signal() }
  }

  /// Runs the edit on a drawing.
  func apply(to drawing: inout Drawing) throws -> Change {
    guard let change else { return .unchanged }
    return try change(&drawing)
  }

  /// Wakes the waiting thread to lead.
  func wake() { turn.signal() }

  /// Waits until the change is answered or the thread is to lead.
  func waitForTurn() { turn.wait() }
}
