import DrawdocJSON
import DrawdocModel
import DrawdocRaster
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// The lines of a drawing's version log, parsed.
func versionLines(_ folder: StoreFolder, _ id: Identifier) throws -> [JSONValue] {
  let text = try folder.read("\(folder.path)/history/\(id)/versions.log")
  return try text.split(separator: 0x0A).map { try JSONValue.parse(Array($0)) }
}

/// The events of a store's change journal.
func journalEvents(_ folder: StoreFolder) throws -> [StoreEvent] {
  try folder.read("\(folder.path)/changes.log").split(separator: 0x0A).compactMap {
    StoreEvent(jsonLine: $0)
  }
}

/// Runs `body` on `count` threads of their own at once (a dispatch queue would run only as
/// many as there are cores), and waits for them all.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
  startThreads(count, body)()
}

/// Starts `body` on `count` threads of their own; returns what waits for them all.
func startThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> () -> Void {
  let done = DispatchSemaphore(value: 0)
  for index in 0..<count {
    Thread {
      body(index)
      done.signal()
    }.start()
  }
  return {
    for _ in 0..<count { done.wait() }
  }
}

/// Waits until `count` changes wait in `memory`'s queue for the store lock: what tells that
/// threads queued, however loaded the machine.
///
/// - Returns: Whether they did.
func waitUntilQueued(_ count: Int, in memory: DrawingMemory) -> Bool {
  eventually { memory.queuedChangeCount >= count }
}

extension JSONValue {
  var integer: Int? {
    guard case .number(let number) = self else { return nil }
    return Int(exactly: number)
  }

  var text: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }
}

/// Group commit: threads of one process changing one drawing through the memory at once.
@Suite struct GroupCommitTests {
  @Test func eightThreadsOfFiftyEditsLoseNone() throws {
    let folder = try StoreFolder()
    let store = try DocumentStore(
      root: folder.path, lockTimeout: 60, keepingInMemory: DrawingMemory())
    try store.change(to: StoreSettings(historyLimit: 1_000))
    let drawing = try store.create(try factoryPlane(1_000), at: t0)
    let ids = drawing.plane.rectangles.map(\.id)
    let failures = Failures()
    onThreads(8) { thread in
      var version = 1
      for edit in 0..<50 {
        let rectangle = ids[thread * 50 + edit]
        do {
          // Made on the version this thread last saw: others changed it since, but not this
          // rectangle, so nothing is refused.
          version =
            try move(
              rectangle, to: Double(thread * 1_000 + edit), in: drawing.id, of: store,
              basedOn: (version, [rectangle])
            ).version
        } catch {
          failures.append("\(thread).\(edit): \(error)")
        }
      }
    }
    #expect(failures.all.isEmpty, "\(failures.all.prefix(3))")

    let final = try folder.store().drawing(drawing.id)
    for thread in 0..<8 {
      for edit in 0..<50 {
        #expect(final.plane[ids[thread * 50 + edit]]?.point.x == Double(thread * 1_000 + edit))
      }
    }
    // One line per version, numbered without a gap; each change in exactly one of them.
    let lines = try versionLines(folder, drawing.id)
    #expect(lines.compactMap { $0["version"]?.integer } == Array(1...lines.count))
    let words = lines.dropFirst().flatMap {
      ($0["change"]?.text ?? "").components(separatedBy: "; ")
    }
    #expect(words.count == 400)
    #expect(Set(words) == Set(ids.prefix(400).map { "set x and y of \($0)" }))
    #expect(lines.dropFirst().allSatisfy { $0["did"] == $0["change"] })
    // One event per version, in order, numbered without a gap.
    let events = try journalEvents(folder)
    #expect(events.map(\.sequence) == Array(1...events.count))
    #expect(events.map(\.version) == Array(1...lines.count))
    #expect(
      events.dropFirst().map(\.change) == lines.dropFirst().map { $0["change"]?.text ?? "" })
  }

  @Test func concurrentEditsOfOneRectangleAreRefusedAsOneAfterTheOtherWouldBe() throws {
    let concurrent = try StoreFolder()
    let store = try DocumentStore(
      root: concurrent.path, lockTimeout: 60, keepingInMemory: DrawingMemory())
    let drawing = try store.create(try factoryPlane(10), at: t0)
    let rectangle = drawing.plane[4].id
    let results = Results()
    onThreads(8) { thread in
      do {
        let made = try move(
          rectangle, to: Double(thread), in: drawing.id, of: store, basedOn: (1, [rectangle]))
        results.append(.success(made.version))
      } catch {
        results.append(.failure(error))
      }
    }
    // One after the other: the first is made, the others refused in the same words.
    let sequential = try StoreFolder()
    let plain = try sequential.store()
    let other = try plain.create(try factoryPlane(10), at: t0)
    var expected: [String] = []
    for thread in 0..<8 {
      do {
        let made = try move(
          rectangle, to: Double(thread), in: other.id, of: plain, basedOn: (1, [rectangle]))
        expected.append("made \(made.version)")
      } catch {
        expected.append("\(error)".replacingOccurrences(of: "\(other.id)", with: "ID"))
      }
    }
    let found = results.all.map { result in
      switch result {
      case .success(let version): "made \(version)"
      case .failure(let error): "\(error)".replacingOccurrences(of: "\(drawing.id)", with: "ID")
      }
    }
    #expect(found.sorted() == expected.sorted())
    #expect(expected.filter { $0.hasPrefix("made") } == ["made 2"])
    #expect(try store.history(of: drawing.id).versions.count == 2)
  }

  @Test func aGroupOfChangesIsOneVersionWithTheirWordsJoined() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, lockTimeout: 60, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(10), at: t0)
    let ids = drawing.plane.rectangles.map(\.id)
    // While another process holds the lock, the changes queue; they are committed together
    // once it is let go.
    var held: HeldLock? = try HeldLock(path: folder.lockPath)
    let results = Results()
    let wait = startThreads(4) { thread in
      do {
        let made = try move(ids[thread], to: 100, in: drawing.id, of: store, at: t2)
        results.append(.success(made.version))
      } catch {
        results.append(.failure(error))
      }
    }
    #expect(waitUntilQueued(4, in: memory))
    withExtendedLifetime(held) { held = nil }
    wait()
    let versions = results.all.compactMap { try? $0.get() }
    #expect(versions.count == 4)
    // Queued while the lock was held: one group.
    #expect(Set(versions) == [2])
    let history = try store.history(of: drawing.id)
    #expect(history.versions.count == 1 + Set(versions).count)
    let words = history.versions.dropLast().flatMap {
      $0.change.components(separatedBy: "; ")
    }
    #expect(Set(words) == Set(ids.prefix(4).map { "set x and y of \($0)" }))
    #expect(try store.undo(drawing.id, at: t3).number == versions.max()! + 1)
  }

  @Test func changesFlushFourAndFiveTimesInTurnAndAGroupAsOftenAsOneChange() throws {
    for memory in [nil, DrawingMemory()] {
      let folder = try StoreFolder()
      let store =
        try memory.map {
          try DocumentStore(root: folder.path, lockTimeout: 60, keepingInMemory: $0)
        }
        ?? folder.store()
      let drawing = try store.create(try factoryPlane(10), at: t0)
      // The file, the version log, the drawings folder and the journal each time; the
      // history folder every other time.
      var counts: [Int] = []
      for step in 0..<4 {
        counts.append(
          try StoreFiles.countingFlushes(in: folder.path) {
            try move(drawing.plane[step].id, to: 5, in: drawing.id, of: store)
          }.flushes)
      }
      #expect(counts == [4, 5, 4, 5], "memory: \(memory != nil)")
      guard let memory else { continue }
      // Four changes queued on the lock while another process held it: one group, one round.
      var held: HeldLock? = try HeldLock(path: folder.lockPath)
      let (_, flushes) = StoreFiles.countingFlushes(in: folder.path) {
        let wait = startThreads(4) { thread in
          _ = try? move(drawing.plane[thread].id, to: 9, in: drawing.id, of: store)
        }
        #expect(waitUntilQueued(4, in: memory))
        withExtendedLifetime(held) { held = nil }
        wait()
      }
      #expect(flushes == 4)
      #expect(try store.history(of: drawing.id).versions.first?.number == 6)
      #expect(memory.statistics.fileReads == 0)
    }
  }

  @Test func thumbnailsAreDrawnAfterTheAnswerAndNeverReadStale() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    let store = try DocumentStore(root: folder.path, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(300), at: t0)
    let reader = try folder.store()
    for step in 0..<15 {
      let made = try move(
        drawing.plane[step].id, to: Double(step * 30), in: drawing.id, of: store)
      let expected = try Thumbnail.png(for: made.drawing.plane)
      // Read at once, by this store (which waits for its drawing) and by another value.
      #expect(try store.thumbnail(of: drawing.id) == expected, "step \(step)")
      #expect(try reader.thumbnail(of: drawing.id) == expected, "step \(step)")
    }
    #expect(memory.waitForThumbnails())
    #expect(store.thumbnailState(of: drawing.id) == .current)
    let current = try store.drawing(drawing.id)
    #expect(
      try folder.read(store.thumbnailPath(of: drawing.id)) == Thumbnail.png(for: current.plane))
  }

  @Test func aThumbnailStillToBeDrawnIsDrawnByTheRequestWithinAFractionOfASecond() throws {
    let folder = try StoreFolder()
    let memory = DrawingMemory()
    // Were the request to wait for the memory's thread as long as for the lock, it would wait
    // a minute.
    let store = try DocumentStore(root: folder.path, lockTimeout: 60, keepingInMemory: memory)
    let drawing = try store.create(try factoryPlane(300), at: t0)
    #expect(memory.waitForThumbnails())
    memory.holdThumbnails()
    defer { memory.releaseThumbnails() }
    let made = try move(drawing.plane[0].id, to: 40, in: drawing.id, of: store)
    #expect(store.thumbnailState(of: drawing.id) == .missing)

    let clock = ContinuousClock()
    let started = clock.now
    let bytes = try store.thumbnail(of: drawing.id)
    let waited = started.duration(to: clock.now)
    // It waited for the thread a while (0.2 s), then drew the thumbnail itself.
    #expect(waited >= .milliseconds(150))
    #expect(waited < .seconds(1))
    #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    #expect(bytes == (try Thumbnail.png(for: made.drawing.plane)))
    #expect(bytes != (try Thumbnail.png(for: drawing.plane)))
    // And kept it: the next request reads it.
    #expect(store.thumbnailState(of: drawing.id) == .current)
    #expect(try folder.read(store.thumbnailPath(of: drawing.id)) == bytes)

    memory.releaseThumbnails()
    #expect(memory.waitForThumbnails())
    #expect(try store.thumbnail(of: drawing.id) == bytes)
  }
}

/// What concurrent workers got.
private final class Results: @unchecked Sendable {
  private let lock = NSLock()
  private var results: [Result<Int, any Error>] = []

  func append(_ result: Result<Int, any Error>) {
    lock.lock()
    results.append(result)
    lock.unlock()
  }

  var all: [Result<Int, any Error>] {
    lock.lock()
    defer { lock.unlock() }
    return results
  }
}

/// Errors collected from concurrent workers.
private final class Failures: @unchecked Sendable {
  private let lock = NSLock()
  private var messages: [String] = []

  func append(_ message: String) {
    lock.lock()
    messages.append(message)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return messages
  }
}
