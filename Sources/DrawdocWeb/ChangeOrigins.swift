import DrawdocEditing
import DrawdocModel
import Synchronization

/// Which of the store's changes the pages made, and which came from elsewhere (a `drawdoc`
/// command in a terminal, another program): the journal does not say, so the server notes
/// the changes its own routes make.
///
/// A route that may change a drawing opens a claim with the journal's last sequence before it
/// starts, and closes it with the last sequence after it ends: the events of its drawing (of
/// any drawing, for a route not about one drawing) between the two are the pages'. An event
/// the follower reads while a claim that could cover it is open waits until that claim
/// closes. Every other event is the terminal's.
///
/// One thing it cannot tell apart: a command's change to a drawing that lands while a page's
/// change to the same drawing is on its way is taken for the page's (it shows no "terminal").
final class ChangeOrigins: Sendable {
  private struct Claim {
    /// The drawing the route changes; `nil` for any (a new drawing, a sync).
    let drawing: Identifier?
    /// The journal's last sequence before the route began.
    let after: Int
    /// The journal's last sequence after it ended; `nil` while it runs.
    var through: Int?

    func covers(_ event: StoreEvent) -> Bool {
      (drawing == nil || drawing == event.id) && event.sequence > after
        && event.sequence <= (through ?? Int.max)
    }
  }

  private struct State {
    var claims: [Int: Claim] = [:]
    var nextClaim = 0
    /// Events read while a claim that may cover them was open.
    var waiting: [StoreEvent] = []
    /// The last sequence the follower has read.
    var lastRead = 0
  }

  /// The most events kept waiting (past it, the oldest count as the pages').
  static let waitingLimit = 1024

  private let state = Mutex(State())

  /// A route that may change `drawing` begins; returns its claim.
  func begin(drawing: Identifier?, after: Int) -> Int {
    state.withLock { state in
      defer { state.nextClaim += 1 }
      state.claims[state.nextClaim] = Claim(drawing: drawing, after: after, through: nil)
      return state.nextClaim
    }
  }

  /// The route of `claim` ended with the journal at `through`: returns the waiting events
  /// now known to be the terminal's.
  func end(_ claim: Int, through: Int) -> [StoreEvent] {
    state.withLock { state in
      state.claims[claim]?.through = through
      let waiting = state.waiting
      state.waiting = []
      return classify(waiting, &state)
    }
  }

  /// Events the follower read, in order: returns those known to be the terminal's now.
  func take(_ events: [StoreEvent]) -> [StoreEvent] {
    state.withLock { state in
      if let last = events.last?.sequence { state.lastRead = max(state.lastRead, last) }
      return classify(events, &state)
    }
  }

  private func classify(_ events: [StoreEvent], _ state: inout State) -> [StoreEvent] {
    var terminal: [StoreEvent] = []
    for event in events {
      let claims = state.claims.values.filter { $0.covers(event) }
      if claims.contains(where: { $0.through != nil }) { continue }
      if claims.isEmpty { terminal.append(event) } else { state.waiting.append(event) }
    }
    if state.waiting.count > Self.waitingLimit {
      state.waiting.removeFirst(state.waiting.count - Self.waitingLimit)
    }
    // A closed claim matters no more once the follower has read past it and nothing older
    // waits.
    let oldestWaiting = state.waiting.first?.sequence ?? Int.max
    let lastRead = state.lastRead
    state.claims = state.claims.filter { _, claim in
      guard let through = claim.through else { return true }
      return through > lastRead || through >= oldestWaiting
    }
    return terminal
  }
}
