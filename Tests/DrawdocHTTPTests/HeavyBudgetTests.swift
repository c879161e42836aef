import DrawdocHTTP
import Synchronization
import Testing

/// `HeavyBudget` alone, on a clock of the test's: shares that fit, refusals, and the room kept
/// for a larger share refused lately.
@Suite struct HeavyBudgetTests {
  final class Clock: Sendable {
    let now = Mutex(0.0)
    func advance(_ seconds: Double) { now.withLock { $0 += seconds } }
  }

  private func budget(_ clock: Clock) -> HeavyBudget {
    HeavyBudget(limit: 100, claimSeconds: 6) { clock.now.withLock { $0 } }
  }

  @Test func sharesThatFitAreTakenAndGivenBack() {
    let clock = Clock()
    let budget = budget(clock)
    var first = budget.take(60)
    let second = budget.take(40)
    #expect(first != nil && second != nil)
    #expect(budget.counts.heldBytes == 100 && budget.counts.held == 2)
    #expect(budget.counts.taken == 2 && budget.counts.refused == 0)
    first = nil
    #expect(budget.counts.heldBytes == 40)
    withExtendedLifetime((first, second)) {}
  }

  @Test func aShareAboveTheWholeBudgetTakesItAllWhenNothingIsHeld() {
    let clock = Clock()
    let budget = budget(clock)
    var huge = budget.take(1_000)
    #expect(huge?.bytes == 100)
    #expect(budget.take(1) == nil)
    huge = nil
    #expect(budget.counts.heldBytes == 0)
    withExtendedLifetime(huge) {}
  }

  @Test func smallerSharesLeaveRoomForALargerOneRefusedLately() {
    let clock = Clock()
    let budget = budget(clock)
    var held = budget.take(50)
    #expect(budget.take(80) == nil)
    // 30 would fit in what is free, but not beside the 80 refused.
    #expect(budget.take(30) == nil)
    // Once what is held drains, a share that leaves room for the 80 fits, and so do the 80
    // asked again; the room is then no longer kept.
    held = nil
    let small = budget.take(15)
    #expect(small != nil)
    let large = budget.take(80)
    #expect(large != nil)
    #expect(budget.counts.refused == 2 && budget.counts.heldBytes == 95)
    withExtendedLifetime((held, small, large)) {}
  }

  @Test func refusedSharesAreLetInInTheOrderTheyWereRefused() {
    let clock = Clock()
    let budget = budget(clock)
    var held = budget.take(50)
    #expect(budget.take(80) == nil)
    #expect(budget.take(60) == nil)
    held = nil
    // The 60 asked first again must leave room for the 80, refused before it.
    #expect(budget.take(60) == nil)
    var first = budget.take(80)
    #expect(first != nil)
    first = nil
    // Now the 60 is the oldest claim: a 50 must leave room for it, a 40 does.
    #expect(budget.take(50) == nil)
    var third = budget.take(40)
    #expect(third != nil)
    third = nil
    let second = budget.take(60)
    #expect(second != nil)
    withExtendedLifetime((held, first, second, third)) {}
  }

  @Test func theRoomKeptLapsesWhenTheRefusedOneDoesNotComeBack() {
    let clock = Clock()
    let budget = budget(clock)
    let held = budget.take(50)
    #expect(budget.take(80) == nil)
    #expect(budget.take(30) == nil)
    clock.advance(6.5)
    let later = budget.take(30)
    #expect(later != nil)
    withExtendedLifetime((held, later)) {}
  }
}
