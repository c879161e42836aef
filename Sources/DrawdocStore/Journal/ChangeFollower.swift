import DrawdocSystem

/// Follows a store's change journal: each call of ``next(timeout:)`` returns the events the
/// store applied since the last call, in order, none lost and none repeated, whichever process
/// made them; when there are none yet, it waits for them.
///
/// Waiting is portable: the journal is read again every ``pollInterval`` seconds. On Linux an
/// `inotify` watch on the store's folder wakes the follower as soon as the journal grows.
///
/// One thread uses a follower at a time; ``stop()`` may be called from any thread.
public final class ChangeFollower: @unchecked Sendable {
  /// How often the journal is read again when nothing wakes the follower sooner, in seconds.
  public static let pollInterval = 0.05

  private let journalPath: String
  private let storeFolder: String
  /// The open journal, or `nil` while it does not exist.
  private var journal: FileDescriptor?
  /// The inode of the open journal: a compaction replaces the file.
  private var inode: UInt64 = 0
  /// Where the first line not yet read starts.
  private var offset: Int = 0
  /// The number of the last event returned (or skipped as asked).
  public private(set) var lastSequence: Int
  /// When the follower was asked for events after a number the journal never reached.
  private var restarted: (asked: Int, last: Int)?
  private let waker: FolderWatcher

  /// Starts following a store.
  ///
  /// - Parameters:
  ///   - store: The store.
  ///   - sequence: Return the events after this one, starting with those the journal still
  ///     holds; `nil` for only the events to come.
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the journal cannot be read.
  public init(store: DocumentStore, after sequence: Int? = nil) throws(StoreError) {
    journalPath = store.journal.path
    storeFolder = store.root
    waker = FolderWatcher(watching: store.root)
    let last = try store.journal.lastSequence().sequence
    if let sequence, sequence > last {
      // Events after ones the journal never had: it was started again (deleted, or a copy
      // of the store from before). What the follower knew is no guide; it starts from now.
      lastSequence = last
      restarted = (sequence, last)
    } else {
      lastSequence = sequence ?? last
    }
    try openJournal()
    if sequence == nil, journal != nil {
      // Start at the end: skip what is there now.
      _ = try read()
    }
  }

  deinit {
    journal?.close()
  }

  /// The events applied since the last call, waiting up to `timeout` seconds (forever for
  /// `nil`) for at least one. Returns an empty array when the time runs out or the follower
  /// was stopped.
  ///
  /// - Throws: ``StoreError/eventsNoLongerKept(after:upTo:)`` when the journal dropped events
  ///   this follower had not read (it fell behind by more than the journal keeps),
  ///   ``StoreError/journalRestarted(asked:last:)`` when it was asked for events after a
  ///   number the journal never reached, or an I/O error. After either, later calls go on
  ///   from the events that are there.
  public func next(timeout: Double? = nil) throws(StoreError) -> [StoreEvent] {
    if let restarted {
      self.restarted = nil
      throw .journalRestarted(asked: restarted.asked, last: restarted.last)
    }
    let deadline = timeout.map { MonotonicClock.seconds() + $0 }
    while true {
      let events = try read()
      if !events.isEmpty { return events }
      if waker.isStopped { return [] }
      let remaining = deadline.map { $0 - MonotonicClock.seconds() }
      if let remaining, remaining <= 0 { return [] }
      waker.wait(seconds: min(remaining ?? Self.pollInterval, Self.pollInterval))
    }
  }

  /// Makes a waiting ``next(timeout:)`` read the journal at once: for a program that has just
  /// changed the store itself, so that its followers need not wait for the file system's
  /// notice. May be called from any thread.
  public func wake() {
    waker.wake()
  }

  /// Makes a waiting ``next(timeout:)`` return at once, and every later one too.
  public func stop() {
    waker.stop()
  }

  /// Whether ``stop()`` was called.
  public var isStopped: Bool { waker.isStopped }

  // MARK: - Reading

  private func openJournal() throws(StoreError) {
    let opened: FileDescriptor
    do throws(Errno) { opened = try FileDescriptor.open(journalPath, .readOnly) } catch {
      if error == .noSuchFile { return }
      throw .io(path: journalPath, operation: "open", reason: error.description)
    }
    journal?.close()
    journal = opened
    inode = (try? opened.status().inode) ?? 0
    offset = 0
  }

  /// Reads the whole lines after `offset`, then follows a compaction to the new file.
  private func read() throws(StoreError) -> [StoreEvent] {
    if journal == nil {
      try openJournal()
      if journal == nil { return [] }
    }
    var events: [StoreEvent] = []
    while true {
      try readLines(into: &events)
      // At the end of the file: a compaction may have put a new journal in its place, which
      // holds everything after the events read from the old one.
      guard let current = StoreFiles.identity(journalPath), current.inode != inode else { break }
      try openJournal()
    }
    return events
  }

  private func readLines(into events: inout [StoreEvent]) throws(StoreError) {
    guard let journal else { return }
    var pending: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 64 << 10)
    var position = offset
    while true {
      var failure: Errno?
      let count = chunk.withUnsafeMutableBytes { buffer in
        do throws(Errno) { return try journal.read(into: buffer, at: position) } catch {
          failure = error
          return 0
        }
      }
      if let failure {
        throw .io(path: journalPath, operation: "read", reason: failure.description)
      }
      if count == 0 { break }
      pending += chunk[..<count]
      position += count
    }
    var start = 0
    for index in pending.indices where pending[index] == 0x0A {
      let lineStart = start
      start = index + 1
      // A line cut short by a crash, and ended by the next append, reads as nothing.
      guard let event = StoreEvent(jsonLine: pending[lineStart..<index]),
        event.sequence > lastSequence
      else { continue }
      if event.sequence > lastSequence + 1 {
        // Events were dropped before this follower read them. Return what came before; the
        // next call reports the gap, and the one after goes on from this line.
        offset += lineStart
        guard events.isEmpty else { return }
        let missed = StoreError.eventsNoLongerKept(after: lastSequence, upTo: event.sequence - 1)
        lastSequence = event.sequence - 1
        throw missed
      }
      events.append(event)
      lastSequence = event.sequence
    }
    offset += start
  }
}
