import DrawdocSystem
import Synchronization

/// The memory that heavy requests may hold at once (``HTTPLimits/heavyBudgetBytes``), by their
/// estimates (``HTTPResponder/memoryEstimate(of:)``). A heavy request takes its share before
/// any of its work starts, and gives it back once its answer is written (or its connection
/// closes); a request whose share does not fit is refused at once, so no work starts that
/// would pass the budget. A request estimated above the whole budget takes the whole budget:
/// it runs when no other heavy request holds any of it, alone.
///
/// A refused request is not queued, but the budget keeps its claim for a while
/// (``claimSeconds``, a few times the `Retry-After` it was told), claims in the order they
/// came: another request is let in only if it leaves room for the oldest claim, so that the
/// held shares drain until the oldest refused request fits when it asks again (a share of the
/// same size is taken for it), and requests that keep coming cannot keep one out forever.
package final class HeavyBudget: Sendable {
  /// The bytes the budget holds.
  package let limit: Int
  /// How long a refused request's claim is kept.
  package let claimSeconds: Double
  private let clock: @Sendable () -> Double
  private let state = Mutex(State())

  /// What the budget has done, for tests and diagnostics.
  package struct Counts: Sendable, Equatable {
    /// The bytes held now.
    package var heldBytes = 0
    /// The shares held now.
    package var held = 0
    /// How many shares were taken in all.
    package var taken = 0
    /// How many requests were refused because their share did not fit.
    package var refused = 0
  }

  private struct State {
    var counts = Counts()
    /// The shares refused lately, oldest first, each with until when it is kept.
    var claims: [(bytes: Int, until: Double)] = []
  }

  /// The most claims kept: past it, a refusal adds none.
  static let claimCount = 64

  /// A budget of `limit` bytes (at least 1).
  ///
  /// - Parameters:
  ///   - limit: The bytes.
  ///   - claimSeconds: How long the room for a refused share is kept (default 6 s: three
  ///     times the `Retry-After` of a refusal).
  ///   - clock: Monotonic seconds (tests give their own).
  package init(
    limit: Int, claimSeconds: Double = 6,
    clock: @escaping @Sendable () -> Double = { MonotonicClock.seconds() }
  ) {
    self.limit = max(1, limit)
    self.claimSeconds = claimSeconds
    self.clock = clock
  }

  /// What the budget has done so far.
  package var counts: Counts { state.withLock { $0.counts } }

  /// Takes a share of `bytes` (at most the whole budget) if it fits in what is not held, and
  /// leaves room for the oldest claim of a share refused lately (unless it is of that size).
  ///
  /// - Parameter bytes: The estimate.
  /// - Returns: The share, given back when its last reference goes; `nil` when it does not fit
  ///   (counted as a refusal, and kept as a claim).
  package func take(_ bytes: Int) -> Share? {
    let share = min(limit, max(0, bytes))
    let now = clock()
    let fits = state.withLock { state -> Bool in
      state.claims.removeAll { $0.until < now }
      // A share of the oldest claim's size is taken as its claimant's; any other must leave
      // room for it.
      let isOldest = state.claims.first?.bytes == share
      let kept = isOldest ? 0 : state.claims.first?.bytes ?? 0
      guard state.counts.heldBytes + share + kept <= limit else {
        state.counts.refused += 1
        if let index = state.claims.firstIndex(where: { $0.bytes == share }) {
          state.claims[index].until = now + claimSeconds
        } else if state.claims.count < Self.claimCount {
          state.claims.append((share, now + claimSeconds))
        }
        return false
      }
      if isOldest { state.claims.removeFirst() }
      state.counts.heldBytes += share
      state.counts.held += 1
      state.counts.taken += 1
      return true
    }
    return fits ? Share(bytes: share, budget: self) : nil
  }

  fileprivate func give(_ bytes: Int) {
    state.withLock { state in
      state.counts.heldBytes -= bytes
      state.counts.held -= 1
    }
  }

  /// A part of the budget held by one request: given back by ``giveBack()`` (the server calls
  /// it once the answer is written, or its connection closed), or at the latest when the share
  /// is freed; once either way.
  package final class Share: Sendable {
    /// The bytes it holds.
    package let bytes: Int
    private let budget: HeavyBudget
    private let given = Atomic(false)

    fileprivate init(bytes: Int, budget: HeavyBudget) {
      self.bytes = bytes
      self.budget = budget
    }

    /// Gives the bytes back to the budget, whoever else still holds the share (a worker that
    /// has not yet let go of the request, say).
    package func giveBack() {
      if !given.exchange(true, ordering: .acquiringAndReleasing) { budget.give(bytes) }
    }

    deinit { giveBack() }
  }
}
