#if os(Linux)
  import CSystemLinux
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A descriptor that another thread makes readable, to wake a thread that waits on a
/// ``ReadinessPoller``: `eventfd` on Linux (one descriptor), a ``Pipe`` on Darwin. Signals
/// that come before the waiter drains it are one wake-up. Closed when the value is gone.
package final class WakeUpSignal: @unchecked Sendable {
  /// The descriptor to wait on for reading.
  package let descriptor: FileDescriptor
  #if !os(Linux)
    private let pipe: Pipe
  #endif

  /// Makes the signal, not signalled.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `eventfd` on Linux, `pipe` on
  ///   Darwin.
  package init() throws(Errno) {
    #if os(Linux)
      let number = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
      guard number >= 0 else { throw Errno.current }
      descriptor = FileDescriptor(rawValue: number)
    #else
      pipe = try Pipe()
      descriptor = pipe.readEnd
    #endif
  }

  deinit {
    #if os(Linux)
      descriptor.close()
    #endif
  }

  /// Makes the descriptor readable, from any thread; never waits. The corresponding C
  /// function is `write`.
  package func signal() {
    #if os(Linux)
      var one: UInt64 = 1
      _ = write(descriptor.rawValue, &one, 8)
    #else
      pipe.signal()
    #endif
  }

  /// Makes the descriptor wait again, once its waiter has woken. The corresponding C function
  /// is `read`.
  package func drain() {
    #if os(Linux)
      var count: UInt64 = 0
      _ = read(descriptor.rawValue, &count, 8)
    #else
      pipe.drain()
    #endif
  }
}
