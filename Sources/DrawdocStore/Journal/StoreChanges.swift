import Dispatch
import DrawdocModel

/// The changes made to a store by any process, as an asynchronous sequence of
/// ``StoreEvent``s in the order the store applied them: what a view observes to follow the
/// model wherever it is changed.
///
/// ```swift
/// for try await event in store.changes() {
///   if event.id == shown { reload() }
/// }
/// ```
///
/// The sequence ends only when the task iterating it is cancelled, or with
/// ``StoreError/eventsNoLongerKept(after:upTo:)`` when it fell so far behind that the journal
/// dropped events it had not delivered; a view then reloads what it shows and starts again.
public struct StoreChanges: AsyncSequence, Sendable {
  public typealias Element = StoreEvent

  private let store: DocumentStore
  private let sequence: Int?
  private let drawing: Identifier?

  init(store: DocumentStore, after sequence: Int?, drawing: Identifier?) {
    self.store = store
    self.sequence = sequence
    self.drawing = drawing
  }

  /// Starts following the journal; each iterator follows it on its own.
  public func makeAsyncIterator() -> AsyncThrowingStream<StoreEvent, any Error>.Iterator {
    let (stream, continuation) = AsyncThrowingStream<StoreEvent, any Error>.makeStream()
    let follower: ChangeFollower
    do {
      follower = try ChangeFollower(store: store, after: sequence)
    } catch {
      continuation.finish(throwing: error)
      return stream.makeAsyncIterator()
    }
    continuation.onTermination = { _ in follower.stop() }
    let drawing = self.drawing
    // Waiting blocks a thread, so it has one of its own rather than one of the tasks' pool.
    DispatchQueue(label: "drawdoc.store-changes").async {
      while !follower.isStopped {
        do {
          for event in try follower.next() where drawing == nil || event.id == drawing {
            continuation.yield(event)
          }
        } catch {
          continuation.finish(throwing: error)
          return
        }
      }
      continuation.finish()
    }
    return stream.makeAsyncIterator()
  }
}

extension DocumentStore {
  /// The changes made to this store from now on (or after event `sequence`), by this process
  /// or any other.
  ///
  /// - Parameters:
  ///   - sequence: Deliver the events after this one that the journal still holds, then the
  ///     new ones; `nil` (the default) for the new ones only. A watcher that restarts passes the
  ///     ``StoreEvent/sequence`` of the last event it saw.
  ///   - drawing: Only this drawing's events, if given.
  /// - Returns: The events, in the order the store applied them.
  public func changes(after sequence: Int? = nil, of drawing: Identifier? = nil) -> StoreChanges {
    StoreChanges(store: self, after: sequence, drawing: drawing)
  }
}

extension DocumentStore {
  /// The ``StoreEvent/sequence`` of the last change the store applied (0 before the first): a
  /// view that reads the store, then follows ``changes(after:of:)`` from this number, misses
  /// nothing in between.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if the journal cannot be read.
  public func lastSequence() throws(StoreError) -> Int {
    try journal.lastSequence().sequence
  }
}
