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

/// Waits until any of many file descriptors is ready to read or to write, with one system
/// object for all of them: `epoll` on Linux, `kqueue` on Darwin. A server that waits this way
/// pays a file descriptor per idle connection, not a thread. Closed when the value is gone.
package final class ReadinessPoller: @unchecked Sendable {
  /// What a descriptor is waited for.
  package struct Interest: OptionSet, Hashable, Sendable {
    package let rawValue: UInt8
    package init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Data to read, a connection to accept, or the peer's end.
    package static let read = Interest(rawValue: 1)
    /// Room to write.
    package static let write = Interest(rawValue: 2)
  }

  /// A descriptor that became ready.
  package struct Event: Hashable, Sendable {
    /// The descriptor.
    package var descriptor: FileDescriptor
    /// What it is ready for.
    package var ready: Interest
    /// Whether the peer hung up or the descriptor failed; a read then tells which.
    package var hungUp: Bool
  }

  private let poller: Int32
  /// Where ``wait(timeout:maximumEvents:)`` has the system put what is ready: kept from one
  /// wait to the next, as a server's loop waits thousands of times a second.
  #if os(Linux)
    private var events = UnsafeMutableBufferPointer<epoll_event>(start: nil, count: 0)
  #else
    private var events = UnsafeMutableBufferPointer<kevent>(start: nil, count: 0)
  #endif

  /// Makes a poller.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `epoll_create1` on Linux, `kqueue`
  ///   on Darwin.
  package init() throws(Errno) {
    #if os(Linux)
      poller = epoll_create1(Int32(EPOLL_CLOEXEC))
    #else
      poller = kqueue()
    #endif
    guard poller >= 0 else { throw Errno.current }
    #if !os(Linux)
      _ = fcntl(poller, F_SETFD, FD_CLOEXEC)
    #endif
  }

  deinit {
    close(poller)
    events.deallocate()
  }

  /// Waits for `descriptor` to be ready for what `interest` says, replacing what it was
  /// waited for before; an empty interest stops waiting for it.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `epoll_ctl` on Linux, `kevent` on
  ///   Darwin.
  package func set(
    _ descriptor: FileDescriptor, interest: Interest, previously: Interest = []
  ) throws(Errno) {
    #if os(Linux)
      var event = epoll_event()
      event.events =
        (interest.contains(.read) ? EPOLLIN.rawValue | EPOLLRDHUP.rawValue : 0)
        | (interest.contains(.write) ? EPOLLOUT.rawValue : 0)
      event.data.fd = descriptor.rawValue
      let operation: Int32
      switch (previously.isEmpty, interest.isEmpty) {
      case (true, true): return
      case (true, false): operation = EPOLL_CTL_ADD
      case (false, true): operation = EPOLL_CTL_DEL
      case (false, false): operation = EPOLL_CTL_MOD
      }
      _ = try retryingInterrupts { epoll_ctl(poller, operation, descriptor.rawValue, &event) }
    #else
      var changes: [kevent] = []
      for (filter, wanted) in [
        (Int16(EVFILT_READ), Interest.read), (Int16(EVFILT_WRITE), Interest.write),
      ] where interest.contains(wanted) != previously.contains(wanted) {
        var change = kevent()
        change.ident = UInt(descriptor.rawValue)
        change.filter = filter
        change.flags = UInt16(interest.contains(wanted) ? EV_ADD : EV_DELETE)
        changes.append(change)
      }
      guard !changes.isEmpty else { return }
      _ = try retryingInterrupts {
        kevent(poller, changes, Int32(changes.count), nil, 0, nil)
      }
    #endif
  }

  /// Waits until at least one descriptor is ready, or `timeout` seconds pass (`nil`: no
  /// limit), and returns what is ready (empty after the timeout). A signal ends the wait
  /// early with nothing ready. One thread waits at a time.
  ///
  /// - Throws: ``Errno``. The corresponding C function is `epoll_wait` on Linux, `kevent` on
  ///   Darwin.
  package func wait(timeout: Double?, maximumEvents: Int = 256) throws(Errno) -> [Event] {
    #if os(Linux)
      if events.count < maximumEvents {
        events.deallocate()
        events = .allocate(capacity: maximumEvents)
      }
      // Rounded up: a wait of 0.4 ms is 1 ms, not a busy return.
      let milliseconds = timeout.map { Int32((max(0, min($0, 86_400)) * 1000).rounded(.up)) } ?? -1
      let count = epoll_wait(poller, events.baseAddress, Int32(maximumEvents), milliseconds)
      if count < 0 {
        if Errno.current == .interrupted { return [] }
        throw Errno.current
      }
      return events.prefix(Int(count)).map { event in
        var ready: Interest = []
        if event.events & (EPOLLIN.rawValue | EPOLLRDHUP.rawValue) != 0 { ready.insert(.read) }
        if event.events & EPOLLOUT.rawValue != 0 { ready.insert(.write) }
        let hungUp = event.events & (EPOLLHUP.rawValue | EPOLLERR.rawValue | EPOLLRDHUP.rawValue)
        return Event(
          descriptor: FileDescriptor(rawValue: event.data.fd), ready: ready, hungUp: hungUp != 0)
      }
    #else
      if events.count < maximumEvents {
        events.deallocate()
        events = .allocate(capacity: maximumEvents)
      }
      let count: Int32
      if let timeout {
        let clamped = max(0, min(timeout, 86_400))
        var limit = timespec(
          tv_sec: Int(clamped), tv_nsec: Int((clamped - Double(Int(clamped))) * 1e9))
        count = kevent(poller, nil, 0, events.baseAddress, Int32(maximumEvents), &limit)
      } else {
        count = kevent(poller, nil, 0, events.baseAddress, Int32(maximumEvents), nil)
      }
      if count < 0 {
        if Errno.current == .interrupted { return [] }
        throw Errno.current
      }
      var merged: [Int32: Event] = [:]
      for event in events.prefix(Int(count)) {
        let descriptor = Int32(event.ident)
        var entry =
          merged[descriptor]
          ?? Event(descriptor: FileDescriptor(rawValue: descriptor), ready: [], hungUp: false)
        entry.ready.insert(event.filter == Int16(EVFILT_WRITE) ? .write : .read)
        if event.flags & UInt16(EV_EOF | EV_ERROR) != 0 { entry.hungUp = true }
        merged[descriptor] = entry
      }
      return Array(merged.values)
    #endif
  }
}
