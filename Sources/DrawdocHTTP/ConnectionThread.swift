#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts a thread of its own for one connection, detached: a connection blocks its thread on
/// reads and writes for as long as the client takes (an event stream for hours), and a pool
/// would keep others waiting behind it.
enum ConnectionThread {
  /// Starts `body` on a new thread; `false` if the system cannot start one.
  static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
    final class Box {
      let body: @Sendable () -> Void
      init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }
    let context = Unmanaged.passRetained(Box(body)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    // A connection needs little stack; 128 of them at the default 8 MiB would reserve 1 GiB.
    pthread_attr_setstacksize(&attributes, 512 << 10)
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
      return false
    }
    return true
  }
}
