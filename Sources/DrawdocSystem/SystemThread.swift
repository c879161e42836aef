#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A thread of the system running one closure. Plain threads start in microseconds, where a
/// thread pool's first worker can take milliseconds; drawdoc starts them where a second core
/// pays (reading a big drawing in parts, listing a big store), and for its server's event loop
/// and workers.
package struct SystemThread: Sendable {
  private let thread: pthread_t

  /// Starts `body` on a new thread.
  ///
  /// - Parameters:
  ///   - detached: Whether nobody will ``join()`` it: its resources go back to the system when
  ///     it ends.
  ///   - stackSize: The thread's stack in bytes, or `nil` for the system's default (8 MiB on
  ///     Linux). A thread that mostly waits needs little.
  ///   - body: What the thread runs.
  /// - Returns: The thread, or `nil` if the system cannot start one.
  /// - The corresponding C function is `pthread_create`.
  package static func start(
    detached: Bool = false, stackSize: Int? = nil, _ body: @escaping @Sendable () -> Void
  ) -> SystemThread? {
    final class Box {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    if detached { pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED)) }
    if let stackSize { pthread_attr_setstacksize(&attributes, stackSize) }
    #if os(Linux)
      var thread = pthread_t()
    #else
      // On Darwin `pthread_t` is a pointer, which `pthread_create` sets.
      var thread: pthread_t? = nil
    #endif
    let started = pthread_create(
      &thread, &attributes,
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
      return SystemThread(thread: thread)
    #else
      // A successful `pthread_create` always sets the thread.
      return thread.map { SystemThread(thread: $0) }
    #endif
  }

  /// Waits for the closure to return; only for a thread that is not detached. The
  /// corresponding C function is `pthread_join`.
  package func join() { pthread_join(thread, nil) }

  /// Gives the calling thread a lower priority than the process's other threads, for work
  /// that may wait while the rest is quick: where both want a core, the others get about nine
  /// tenths of it. It cannot be raised again. The corresponding C functions are `setpriority`
  /// (on Linux a nice value is a thread's own: 10) and `pthread_set_qos_class_self_np`
  /// (Darwin: the utility class).
  package static func lowerCurrentPriority() {
    #if os(Linux)
      _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #elseif canImport(Darwin)
      _ = pthread_set_qos_class_self_np(QOS_CLASS_UTILITY, 0)
    #endif
  }

  /// A number that tells the calling thread from every other thread running now (a thread's
  /// number may be given to another once it has ended). The corresponding C function is
  /// `pthread_self`.
  package static var currentNumber: UInt {
    // `pthread_t` is an integer on Glibc and a pointer elsewhere: a word either way.
    withUnsafeBytes(of: pthread_self()) { $0.loadUnaligned(as: UInt.self) }
  }
}
