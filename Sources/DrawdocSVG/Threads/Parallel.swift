import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Work on plain threads, for the places where a second core pays: reading a big drawing in
/// parts (``BackgroundThread``, one per part) and listing a big store (`stat` on two threads).
/// Plain threads start in microseconds where a thread pool's first worker can take
/// milliseconds.
package enum Parallel {
  /// Calls `body` once for each of `0..<count`, on this thread and `extraThreads` more, each
  /// thread taking the next number until none is left; returns when every call has returned.
  /// Calls may run at the same time, so `body` must only touch what its number owns.
  package static func forEach(_ count: Int, extraThreads: Int, _ body: (Int) -> Void) {
    withoutActuallyEscaping(body) { body in
      let work = SharedNumbers(count: count, body: body)
      var threads: [BackgroundThread] = []
      for _ in 0..<min(extraThreads, count - 1) {
        // Without a thread, this one does its share.
        guard let thread = BackgroundThread.start(work.drain) else { break }
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

/// A thread running one closure, which its starter must join.
package struct BackgroundThread {
  private let thread: pthread_t

  /// Starts `body` on a new thread, or returns `nil` if the system cannot start one.
  package static func start(_ body: @escaping @Sendable () -> Void) -> BackgroundThread? {
    final class Box {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    #if os(Linux)
      var thread = pthread_t()
    #else
      // On Darwin `pthread_t` is a pointer, which `pthread_create` sets.
      var thread: pthread_t? = nil
    #endif
    let started = pthread_create(
      &thread, nil,
      { context in
        // Optional on Glibc, and in some of Darwin's SDKs; not in others.
        if let context = context as UnsafeMutableRawPointer? {
          Unmanaged<Box>.fromOpaque(context).takeRetainedValue().body()
        }
        return nil
      }, context)
    guard started == 0 else {
      Unmanaged<Box>.fromOpaque(context).release()
      return nil
    }
    #if os(Linux)
      return BackgroundThread(thread: thread)
    #else
      // A successful `pthread_create` always sets the thread.
      return thread.map { BackgroundThread(thread: $0) }
    #endif
  }

  /// Waits for the closure to return.
  package func join() { pthread_join(thread, nil) }
}
