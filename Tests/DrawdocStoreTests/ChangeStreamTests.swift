import DrawdocModel
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// The events a sequence of changes makes, as `(sequence, kind, version, change)`.
private func summary(_ events: [StoreEvent]) -> [String] {
  events.map { "\($0.sequence) \($0.kind.rawValue) v\($0.version) \($0.change)" }
}

/// Reads from a follower until `count` events came, or a few seconds passed.
private func collect(_ follower: ChangeFollower, count: Int) throws -> [StoreEvent] {
  var events: [StoreEvent] = []
  let deadline = Date().addingTimeInterval(5)
  while events.count < count && Date() < deadline {
    events += try follower.next(timeout: 0.5)
  }
  return events
}

@Suite struct ChangeStreamTests {
  @Test func everyKindOfChangeMakesOneEventInTheOrderApplied() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let follower = try ChangeFollower(store: store)
    let id = try store.create(try makePlane(title: "Watched"), at: t0).id
    try store.update(id, at: t1) { drawing in
      try drawing.plane.add(try seedsRectangle())
      return .added([try seedsRectangle().id])
    }
    try store.update(id, at: t1) { drawing in
      try drawing.plane.rename(to: "Renamed")
      return .renamed(to: "Renamed")
    }
    try store.undo(id, at: t2)
    try store.delete(id, at: t2)
    try store.restoreFromTrash(id, at: t3)
    try store.delete(id, at: t3)
    try store.emptyTrash(id, at: t3)

    let events = try collect(follower, count: 8)
    #expect(
      summary(events) == [
        "1 created v1 created", "2 changed v2 added afy-kw5-t7o",
        "3 renamed v3 renamed to \"Renamed\"", "4 changed v4 undid renamed to \"Renamed\"",
        "5 trashed v4 moved to the trash", "6 restored v4 restored from the trash",
        "7 trashed v4 moved to the trash", "8 emptied v4 removed for good",
      ])
    #expect(events.allSatisfy { $0.id == id })
    #expect(
      events.map(\.title) == ["Watched", "Watched", "Renamed"]
        + Array(repeating: "Watched", count: 5))
    #expect(events.map(\.time) == [t0, t1, t1, t2, t2, t3, t3, t3])
    #expect(try follower.next(timeout: 0.1).isEmpty)
  }

  @Test func anEventLeftPendingByAKilledChangeIsAppendedByTheNextWithNumbersOneApart() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "First"), at: t0).id
    for (title, time) in [("Second", t1), ("Third", t2)] {
      try store.update(id, at: time) { drawing in
        try drawing.plane.rename(to: title)
        return .renamed(to: title)
      }
    }
    let journal = "\(folder.path)/changes.log"
    let reservation = "\(folder.path)/.changes.reserved"
    #expect(!FileManager.default.fileExists(atPath: reservation))
    // Killed between its rename and its append: its event is only in `.changes.pending`.
    var lines = try folder.read(journal).split(separator: 0x0A)
    let last = lines.removeLast()
    try folder.write(lines.flatMap { Array($0) + [0x0A] }, to: journal)
    try folder.write(Array(last) + [0x0A], to: "\(folder.path)/.changes.pending")
    // What an earlier build of drawdoc left, reserved in another start of the system: ignored.
    try folder.write(
      Array(#"{"boot":"an-earlier-start","reserved":1026}"#.utf8) + [0x0A], to: reservation)
    try store.update(id, at: t3) { drawing in
      try drawing.plane.rename(to: "Fourth")
      return .renamed(to: "Fourth")
    }
    #expect(
      summary(try journalEvents(folder)) == [
        "1 created v1 created", "2 renamed v2 renamed to \"Second\"",
        "3 renamed v3 renamed to \"Third\"", "4 renamed v4 renamed to \"Fourth\"",
      ])
    // Emptied: no event is pending.
    #expect((try? folder.read("\(folder.path)/.changes.pending"))?.isEmpty ?? true)
  }

  @Test func aFollowerThatStartsLateAsksForWhatCameAfterTheLastEventItSaw() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Late"), at: t0).id
    for level in 1...4 {
      try store.update(id, at: t1) { drawing in
        drawing.plane.removeAll()
        return .other("step \(level)")
      }
    }
    let fromTwo = try ChangeFollower(store: store, after: 2)
    #expect(
      summary(try fromTwo.next(timeout: 1)) == [
        "3 changed v3 step 2", "4 changed v4 step 3", "5 changed v5 step 4",
      ])
    let fromNow = try ChangeFollower(store: store)
    #expect(try fromNow.next(timeout: 0.1).isEmpty)
    #expect(fromNow.lastSequence == 5)
  }

  @Test func theAsyncSequenceDeliversChangesMadeElsewhere() async throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Async"), at: t0).id
    let (registered, signalRegistered) = AsyncStream<Void>.makeStream()
    let watcher = Task {
      try await withTimeout {
        // Following from now on once its iterator is made: it says so, then waits.
        var changes = store.changes(of: id).makeAsyncIterator()
        signalRegistered.finish()
        var seen: [StoreEvent] = []
        while seen.count < 3, let event = try await changes.next() { seen.append(event) }
        return seen
      }
    }
    try await withTimeout { for await _ in registered {} }
    // Another store value on the same folder, as another process would have.
    let other = try folder.store()
    for number in 1...3 {
      try other.update(id, at: t1) { drawing in
        drawing.plane.removeAll()
        return .other("change \(number)")
      }
    }
    let seen = try await watcher.value
    #expect(seen.map(\.change) == ["change 1", "change 2", "change 3"])
    #expect(seen.map(\.version) == [2, 3, 4])
  }

  @Test func aFollowerAskingForEventsTheJournalNeverHadHearsItRestarted() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Restarted"), at: t0).id
    let follower = try ChangeFollower(store: store, after: 100)
    #expect(throws: StoreError.journalRestarted(asked: 100, last: 1)) {
      try follower.next(timeout: 0.1)
    }
    try store.update(id, at: t1) { drawing in
      drawing.plane.removeAll()
      return .other("after the restart")
    }
    #expect(summary(try collect(follower, count: 1)) == ["2 changed v2 after the restart"])
  }

  @Test func aLineCutShortByACrashIsEndedAndSkipped() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Torn"), at: t0).id
    let follower = try ChangeFollower(store: store, after: 0)
    let journal = "\(folder.path)/changes.log"
    let handle = try #require(FileHandle(forWritingAtPath: journal))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data(#"{"sequence": 2, "event": "chan"#.utf8))
    try handle.close()
    try store.update(id, at: t1) { drawing in
      drawing.plane.removeAll()
      return .other("after the crash")
    }
    #expect(
      summary(try collect(follower, count: 2)) == [
        "1 created v1 created", "2 changed v2 after the crash",
      ])
  }

  @Test func aBigJournalKeepsItsNewestEventsAndFollowersGoOnAcrossTheCut() throws {
    let folder = try StoreFolder()
    let store = try folder.store()
    let id = try store.create(try makePlane(title: "Big"), at: t0).id
    // A journal past its bound, as years of changes would leave it.
    var lines: [UInt8] = []
    for sequence in 1...30_000 {
      let event = StoreEvent(
        sequence: sequence, kind: .changed, id: id, version: 1, time: t0, title: "Big",
        change: "an old change with words enough to make the line long \(sequence)")
      lines += event.jsonLine
    }
    try folder.write(lines, to: "\(folder.path)/changes.log")
    let near = try ChangeFollower(store: store, after: 29_998)
    try store.update(id, at: t1) { drawing in
      drawing.plane.removeAll()
      return .other("the newest")
    }
    let size = try #require(
      try FileManager.default.attributesOfItem(atPath: "\(folder.path)/changes.log")[.size] as? Int)
    #expect(size < 4 << 20)
    #expect(size > 1 << 20)
    #expect(summary(try collect(near, count: 3)).last == "30001 changed v2 the newest")
    // One that wants events no longer kept hears so, then goes on from what is there.
    let far = try ChangeFollower(store: store, after: 5)
    let error = #expect(throws: StoreError.self) { try far.next(timeout: 1) }
    guard case .eventsNoLongerKept(after: 5, let upTo)? = error else {
      Issue.record("expected eventsNoLongerKept, got \(String(describing: error))")
      return
    }
    let next = try far.next(timeout: 1)
    #expect(next.first?.sequence == upTo + 1)
    #expect(next.last?.sequence == 30_001)
  }
}
