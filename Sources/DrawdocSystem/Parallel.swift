import Synchronization

/// Work shared among a few plain threads (``SystemThread``), for the places where a second
/// core pays: reading a big drawing in parts and listing a big store.
package enum Parallel {
  /// Calls `body` once for each of `0..<count`, on this thread and `extraThreads` more, each
  /// thread taking the next number until none is left; returns when every call has returned.
  /// Calls may run at the same time, so `body` must only touch what its number owns.
  package static func forEach(_ count: Int, extraThreads: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let work = SharedNumbers(count: count, body: body)
      var threads: [SystemThread] = []
      for _ in 0..<min(extraThreads, count - 1) {
        // Without a thread, this one does its share.
        guard let thread = SystemThread.start(work.drain) else { break }
        threads.append(thread)
      }
      work.drain()
      for thread in threads { thread.join() }
    }
  }

  /// The numbers still to hand out, shared by the threads of one ``forEach(_:extraThreads:_:)``.
  private final class SharedNumbers: @unchecked Sendable {
    let next = Atomic<Int>(0)
    let count: Int
    // Called from several threads; `forEach` documents what the caller must guarantee.
    let body: (Int) -> Void

    init(count: Int, body: @escaping (Int) -> Void) {
      self.count = count
      self.body = body
    }

    @Sendable func drain() {
      while true {
        let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard number < count else { return }
        body(number)
      }
    }
  }
}
