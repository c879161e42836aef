import Synchronization

/// The memory that heavy requests may hold at once (``HTTPLimits/heavyBudgetBytes``), by their
/// estimates (``HTTPResponder/memoryEstimate(of:)``). A heavy request takes its share before
/// any of its work starts, and gives it back once its answer is written (or its connection
/// closes); a request whose share does not fit is refused at once, so no work starts that
/// would pass the budget. A request estimated above the whole budget takes the whole budget:
/// it runs when no other heavy request holds any of it, alone.
package final class HeavyBudget: Sendable {
  /// The bytes the budget holds.
  package let limit: Int
  private let state = Mutex(Counts())

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

  /// A budget of `limit` bytes (at least 1).
  package init(limit: Int) {
    self.limit = max(1, limit)
  }

  /// What the budget has done so far.
  package var counts: Counts { state.withLock { $0 } }

  /// Takes a share of `bytes` (at most the whole budget) if it fits in what is not held.
  ///
  /// - Parameter bytes: The estimate.
  /// - Returns: The share, given back when its last reference goes; `nil` when it does not fit
  ///   (counted as a refusal).
  package func take(_ bytes: Int) -> Share? {
    let share = min(limit, max(0, bytes))
    let fits = state.withLock { counts -> Bool in
      guard counts.heldBytes + share <= limit else {
        counts.refused += 1
        return false
      }
      counts.heldBytes += share
      counts.held += 1
      counts.taken += 1
      return true
    }
    return fits ? Share(bytes: share, budget: self) : nil
  }

  fileprivate func give(_ bytes: Int) {
    state.withLock { counts in
      counts.heldBytes -= bytes
      counts.held -= 1
    }
  }

  /// A part of the budget held by one request: given back when the share is freed, that is
  /// when nothing holds the request or its answer any more.
  package final class Share: Sendable {
    /// The bytes it holds.
    package let bytes: Int
    private let budget: HeavyBudget

    fileprivate init(bytes: Int, budget: HeavyBudget) {
      self.bytes = bytes
      self.budget = budget
    }

    deinit { budget.give(bytes) }
  }
}
