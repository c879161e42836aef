import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Fork and join on plain threads: a store of thousands of drawings spends most of a `list`
/// in `stat`, which two cores do in half the time. Plain threads start in microseconds where
/// a thread pool's first worker can take milliseconds, a tenth of what `list` may take.
enum Parallel {
  /// Calls `body` once for each of `0..<count`, on this thread and `extraThreads` more, each
  /// thread taking the next number until none is left; returns when every call has returned.
  /// Calls may run at the same time, so `body` must only touch what its number owns.
  static func forEach(_ count: Int, extraThreads: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let work = Work(count: count, body: body)
      var threads: [pthread_t] = []
      for _ in 0..<min(extraThreads, count - 1) {
        let context = Unmanaged.passRetained(work).toOpaque()
        var thread = pthread_t()
        let started = pthread_create(
          &thread, nil,
          { context in
            if let context { Unmanaged<Work>.fromOpaque(context).takeRetainedValue().drain() }
            return nil
          }, context)
        guard started == 0 else {
          // No thread: this one does its share.
          Unmanaged<Work>.fromOpaque(context).release()
          break
        }
        threads.append(thread)
      }
      work.drain()
      for thread in threads { pthread_join(thread, nil) }
    }
  }

  /// The numbers still to hand out, shared by the threads of one ``forEach(_:extraThreads:_:)``.
  private final class Work: @unchecked Sendable {
    let next = Atomic<Int>(0)
    let count: Int
    // Called from several threads; `forEach` documents what the caller must guarantee.
    let body: (Int) -> Void

    init(count: Int, body: @escaping (Int) -> Void) {
      self.count = count
      self.body = body
    }

    func drain() {
      while true {
        let number = next.wrappingAdd(1, ordering: .relaxed).oldValue
        guard number < count else { return }
        body(number)
      }
    }
  }
}
