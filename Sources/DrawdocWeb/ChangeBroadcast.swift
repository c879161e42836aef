import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocSystem
import Synchronization

/// The store's changes, told to every open event stream: one follower of the change journal
/// (one file-system watch) for the whole server, whatever the number of pages, and the most
/// recent events kept in memory so that a page that reconnects gets what it missed.
///
/// A page that asks for events older than those kept, or for events the journal never had (a
/// store started again), gets one `reload` event instead of a replay; so does a page whose
/// connection falls behind (see ``DrawdocHTTP/HTTPStream/send(_:replacingBacklogWith:)``).
package final class ChangeBroadcast: Sendable {
  /// How many recent events are kept for pages that reconnect.
  static let keptEvents = 1024
  /// The most bytes those events may take.
  static let keptBytes = 1 << 20
  /// How long a quiet stream waits before a comment line keeps it open through proxies.
  static let keepAliveSeconds = 15.0

  /// An event as a stream sends it.
  private struct Message {
    let sequence: Int
    /// The drawing the event is about.
    let drawing: Identifier
    let bytes: [UInt8]
  }

  /// An open stream, with the last event it has been sent and who reads it.
  private struct Listener {
    let stream: HTTPStream
    var after: Int
    let visitor: Visitor

    /// Whether its visitor may hear of a change of `drawing`: a link's visitor hears of its
    /// drawing only.
    func hears(_ drawing: Identifier) -> Bool {
      visitor.linkedDrawing.map { $0 == drawing } ?? true
    }
  }

  private struct State {
    /// The open streams, by a number of their own, with the last event each has been sent.
    var streams: [Int: Listener] = [:]
    var nextStream = 0
    /// The most recent events, oldest first.
    var recent: [Message] = []
    var recentBytes = 0
    /// The sequence of the last event read from the journal; events after `recentStart` are
    /// all in `recent`.
    var lastSequence = 0
    var recentStart = 0
  }

  private let state = Mutex(State())
  /// Who else hears the events read, after the streams (``listen(_:)``).
  private let listeners = Mutex([@Sendable ([StoreEvent]) -> Void]())
  private let follower: ChangeFollower
  private let store: DocumentStore

  /// Starts following the store, on a thread of its own that ends when the broadcast goes.
  ///
  /// - Parameter store: The store.
  /// - Throws: ``DrawdocStore/StoreError`` if the journal cannot be read.
  package init(store: DocumentStore) throws(StoreError) {
    self.store = store
    let last = try store.lastSequence()
    // Start with what the journal still holds of the last events, for pages left open
    // across a restart of the server.
    follower = try ChangeFollower(store: store, after: max(0, last - Self.keptEvents))
    var kept: [StoreEvent] = []
    while true {
      do {
        let more = try follower.next(timeout: 0)
        if more.isEmpty { break }
        kept += more
      } catch .eventsNoLongerKept, .journalRestarted {
        kept = []
      } catch {
        break
      }
    }
    let start = kept.first.map { $0.sequence - 1 } ?? follower.lastSequence
    state.withLock {
      $0.lastSequence = start
      $0.recentStart = start
    }
    take(kept)
    let follower = self.follower
    _ = SystemThread.start(detached: true, stackSize: 256 << 10) { [weak self] in
      var quiet = 0.0
      // After a failure to read the journal (unreadable, or no descriptor left), the next try
      // waits, longer each time up to a second, rather than spinning on a core.
      var pause = 0.0
      while !follower.isStopped {
        let began = MonotonicClock.seconds()
        let events: [StoreEvent]
        do throws(StoreError) {
          events = try follower.next(timeout: 1)
        } catch .eventsNoLongerKept, .journalRestarted {
          guard let self else { return }
          self.lost()
          continue
        } catch {
          pause = min(1, max(0.05, pause * 2))
          MonotonicClock.sleep(seconds: pause)
          continue
        }
        pause = 0
        guard let self else { return }
        if events.isEmpty {
          quiet += MonotonicClock.seconds() - began
          if quiet >= Self.keepAliveSeconds {
            quiet = 0
            self.sendToAll(Array(": still here\n\n".utf8))
          }
        } else {
          quiet = 0
          self.take(events)
        }
      }
    }
  }

  deinit { follower.stop() }

  /// A change was made here: its event goes out now, without waiting for the file system.
  func changed() { follower.wake() }

  /// Calls `listener` with the events read from the journal from now on, in order, after
  /// the streams were sent them, on the follower's thread (it must not block).
  func listen(_ listener: @escaping @Sendable ([StoreEvent]) -> Void) {
    listeners.withLock { $0.append(listener) }
  }

  /// How many streams are open.
  var streamCount: Int { state.withLock { $0.streams.count } }

  /// What ``add(_:since:visitor:journalEnd:)`` needs of the journal for a page that asks
  /// for the events after `since`: the journal's last sequence when the page knows of events
  /// not read here yet (it may have read the store a moment before this follower read the
  /// journal, and such an event is not a restarted journal), else 0. It reads the journal:
  /// call it on a worker, never on the server's event loop.
  func journalEnd(for since: Int?) -> Int {
    guard (since ?? 0) > state.withLock({ $0.lastSequence }) else { return 0 }
    return (try? store.lastSequence()) ?? 0
  }

  /// Adds a stream: it gets the events after `since` that are kept (or one `reload` when
  /// they are not), then every new one; it leaves when it closes. It runs on the server's
  /// event loop, which never waits: it reads no file.
  ///
  /// - Parameters:
  ///   - stream: The stream.
  ///   - since: The last event the page has seen; `nil` for only the events to come.
  ///   - visitor: Who reads it: a link's visitor hears of its drawing only, and a visitor whose
  ///     credential is taken out loses the stream (``closeStreams(where:)``).
  ///   - journalEnd: ``journalEnd(for:)`` of `since`, read by the worker that answered.
  func add(_ stream: HTTPStream, since: Int?, visitor: Visitor = .owner, journalEnd: Int) {
    let number = state.withLock { state -> Int in
      var first = Array("retry: 1000\n\n".utf8)
      var after = since ?? state.lastSequence
      if let since {
        if since < state.recentStart || (since > state.lastSequence && since > journalEnd) {
          first += Self.reload
          after = state.lastSequence
        } else {
          let listener = Listener(stream: stream, after: since, visitor: visitor)
          for message in state.recent
          where message.sequence > since && listener.hears(message.drawing) {
            first += message.bytes
          }
        }
      }
      stream.send(first, replacingBacklogWith: Self.reload)
      let number = state.nextStream
      state.nextStream += 1
      state.streams[number] = Listener(stream: stream, after: after, visitor: visitor)
      return number
    }
    stream.onClose { [weak self] in
      self?.state.withLock { _ = $0.streams.removeValue(forKey: number) }
    }
  }

  /// Closes the streams whose visitor `shouldClose` says no longer may read (a device or a
  /// link taken out).
  ///
  /// - Returns: How many were closed.
  @discardableResult
  package func closeStreams(where shouldClose: (Visitor) -> Bool) -> Int {
    let closing = state.withLock { state in
      state.streams.values.filter { shouldClose($0.visitor) }.map(\.stream)
    }
    for stream in closing { stream.close() }
    return closing.count
  }

  /// Stops following; every stream is closed.
  package func stop() {
    follower.stop()
    let streams = state.withLock { state in
      defer { state.streams = [:] }
      return state.streams.values.map(\.stream)
    }
    for stream in streams { stream.close() }
  }

  // MARK: - Telling

  private static let reload = Array("event: reload\ndata: {}\n\n".utf8)

  private func take(_ events: [StoreEvent]) {
    guard let newest = events.last?.sequence else { return }
    let (messages, streams) = state.withLock { state in
      var messages: [Message] = []
      for event in events {
        var text = "id: \(event.sequence)\nevent: change\ndata: "
        text += String(decoding: event.jsonLine.dropLast(), as: UTF8.self) + "\n\n"
        let message = Message(sequence: event.sequence, drawing: event.id, bytes: Array(text.utf8))
        messages.append(message)
        state.recent.append(message)
        state.recentBytes += message.bytes.count
        state.lastSequence = event.sequence
      }
      var dropped = 0
      while state.recent.count - dropped > Self.keptEvents
        || (state.recentBytes > Self.keptBytes && state.recent.count - dropped > 1)
      {
        state.recentBytes -= state.recent[dropped].bytes.count
        state.recentStart = state.recent[dropped].sequence
        dropped += 1
      }
      state.recent.removeFirst(dropped)
      let streams = Array(state.streams.values)
      for key in Array(state.streams.keys) {
        if let after = state.streams[key]?.after, after < newest {
          state.streams[key]?.after = newest
        }
      }
      return (messages, streams)
    }
    // Outside the lock: only this thread sends new events, so they stay in order, and a
    // stream added meanwhile got them from `recent`.
    for listener in streams where listener.after < newest {
      var bytes: [UInt8] = []
      for message in messages
      where message.sequence > listener.after && listener.hears(message.drawing) {
        bytes += message.bytes
      }
      if !bytes.isEmpty { listener.stream.send(bytes, replacingBacklogWith: Self.reload) }
    }
    for listener in listeners.withLock({ $0 }) { listener(events) }
  }

  /// The journal dropped events the follower had not read, or started again: what is kept no
  /// longer leads to the present, so every page reloads.
  private func lost() {
    let last = follower.lastSequence
    let streams = state.withLock { state in
      state.recent = []
      state.recentBytes = 0
      state.lastSequence = last
      state.recentStart = last
      return state.streams.values.map(\.stream)
    }
    for stream in streams { stream.send(Self.reload, replacingBacklogWith: Self.reload) }
  }

  private func sendToAll(_ bytes: [UInt8]) {
    let streams = state.withLock { $0.streams.values.map(\.stream) }
    for stream in streams { stream.send(bytes, replacingBacklogWith: Self.reload) }
  }
}
