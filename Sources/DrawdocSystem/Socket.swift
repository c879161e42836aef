#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket on the loopback interface: a listener, or one of its connections. Closed when
/// the value is gone.
package final class Socket: @unchecked Sendable {
  /// What a read gave.
  package enum ReadResult: Equatable, Sendable {
    /// This many bytes.
    case bytes(Int)
    /// The peer closed its side.
    case closed
    /// Nothing came within the read timeout, or nothing was there for a socket that does not
    /// wait.
    case timedOut
    /// Any other failure.
    case failed
  }

  /// The socket's file descriptor, for a ``ReadinessPoller``.
  package let descriptor: FileDescriptor

  init(descriptor: Int32) {
    self.descriptor = FileDescriptor(rawValue: descriptor)
  }

  deinit { descriptor.close() }

  /// Listens on `127.0.0.1:port` (`0` picks a free port).
  ///
  /// - Returns: The listening socket and its port.
  /// - Throws: ``Errno``. The corresponding C functions are `socket`, `setsockopt`, `bind`,
  ///   `listen` and `getsockname`.
  package static func listen(onLoopbackPort port: UInt16, backlog: Int32) throws(Errno)
    -> (Socket, UInt16)
  {
    let descriptor = try newStreamSocket()
    let listener = Socket(descriptor: descriptor)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = loopbackAddress(port: port)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, systemListen(descriptor, backlog) == 0 else { throw Errno.current }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (listener, UInt16(bigEndian: actual.sin_port))
  }

  /// Waits for the next connection; `nil` once the listener is shut down. A connection that
  /// went away before it was accepted is passed over; when the process or the system has as
  /// many files open as it may, the listener waits 10 ms and tries again.
  ///
  /// The corresponding C functions are `accept` and `setsockopt` (`TCP_NODELAY`, and on Darwin
  /// `SO_NOSIGPIPE`).
  package func accept() -> Socket? {
    while true {
      let connection = systemAccept(descriptor.rawValue)
      if connection >= 0 { return Self.prepared(connection) }
      let error = Errno.current
      if error == .tooManyOpenFiles || error == .tooManyOpenFilesInSystem {
        MonotonicClock.sleep(seconds: 0.01)
        continue
      }
      if error == .interrupted || error == .connectionAborted { continue }
      return nil
    }
  }

  /// What ``acceptWithoutWaiting()`` gave.
  package enum AcceptResult: Sendable {
    /// A connection, which does not wait either.
    case connection(Socket)
    /// No connection is waiting.
    case wouldBlock
    /// The process or the system has as many files open as it may (`EMFILE`, `ENFILE`): one
    /// must be closed before the next connection can be accepted.
    case tooManyOpenFiles
    /// Any other failure (the listener was shut down, for instance).
    case failed(Errno)
  }

  /// Takes the next waiting connection, without waiting, for a listener that does not wait
  /// (``setNonBlocking()``); the connection does not wait either. A connection that went away
  /// before it was accepted is passed over.
  ///
  /// The corresponding C functions are `accept`, `fcntl` and `setsockopt` (`TCP_NODELAY`, and
  /// on Darwin `SO_NOSIGPIPE`).
  package func acceptWithoutWaiting() -> AcceptResult {
    while true {
      let connection = systemAccept(descriptor.rawValue)
      if connection >= 0 {
        let socket = Self.prepared(connection)
        socket.setNonBlocking()
        return .connection(socket)
      }
      let error = Errno.current
      switch error {
      case .interrupted, .connectionAborted: continue
      case .wouldBlock: return .wouldBlock
      case .tooManyOpenFiles, .tooManyOpenFilesInSystem: return .tooManyOpenFiles
      default: return .failed(error)
      }
    }
  }

  /// Connects to `127.0.0.1:port`, waiting for the connection.
  ///
  /// - Returns: The connected socket.
  /// - Throws: ``Errno``. The corresponding C functions are `socket` and `connect`.
  package static func connect(toLoopbackPort port: UInt16) throws(Errno) -> Socket {
    let descriptor = try newStreamSocket()
    let connection = prepared(descriptor)
    var address = loopbackAddress(port: port)
    // Not retried after a signal: the connection goes on being made, and a second call fails.
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        systemConnect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw Errno.current }
    return connection
  }

  /// A new TCP socket over IPv4. The corresponding C function is `socket`.
  private static func newStreamSocket() throws(Errno) -> Int32 {
    #if os(Linux)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Errno.current }
    return descriptor
  }

  /// The address `127.0.0.1:port`.
  private static func loopbackAddress(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    return address
  }

  /// Wraps a new connection: closed in programs this process starts, small writes sent at
  /// once, and on Darwin no SIGPIPE.
  private static func prepared(_ connection: Int32) -> Socket {
    _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
    var yes: Int32 = 1
    setsockopt(
      connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
    #if !os(Linux)
      // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
      setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    return Socket(descriptor: connection)
  }

  /// Makes every call on the socket return at once: a read with nothing there gives
  /// ``ReadResult/timedOut``, a write with no room gives ``WriteResult/wouldBlock``, an
  /// accept with no connection waiting gives ``AcceptResult/wouldBlock``. The corresponding C
  /// function is `fcntl` (`O_NONBLOCK`).
  package func setNonBlocking() {
    let flags = fcntl(descriptor.rawValue, F_GETFL)
    _ = fcntl(descriptor.rawValue, F_SETFL, (flags < 0 ? 0 : flags) | O_NONBLOCK)
  }

  /// Bounds each read: a read that gets nothing for this long returns
  /// ``ReadResult/timedOut``. The corresponding C function is `setsockopt` (`SO_RCVTIMEO`).
  package func setReadTimeout(seconds: Double) {
    let clamped = max(0.001, seconds)
    var value = timeval(
      tv_sec: Int(clamped), tv_usec: suseconds_t((clamped - Double(Int(clamped))) * 1_000_000))
    setsockopt(
      descriptor.rawValue, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Reads what has arrived, up to `count` bytes, appending it to `buffer`. The corresponding
  /// C function is `recv`.
  package func read(into buffer: inout [UInt8], upTo count: Int) -> ReadResult {
    var result = ReadResult.failed
    let chunk = [UInt8](unsafeUninitializedCapacity: max(0, count)) { bytes, initialized in
      result = read(into: UnsafeMutableRawBufferPointer(bytes))
      if case .bytes(let received) = result { initialized = received } else { initialized = 0 }
    }
    buffer.append(contentsOf: chunk)
    return result
  }

  /// Reads what has arrived into `buffer`, up to its size: the way to read without copying
  /// or allocating (a server's loop reads into one buffer for every connection). The
  /// corresponding C function is `recv`.
  package func read(into buffer: UnsafeMutableRawBufferPointer) -> ReadResult {
    while true {
      let received = recv(descriptor.rawValue, buffer.baseAddress, buffer.count, 0)
      if received > 0 { return .bytes(received) }
      if received == 0 { return .closed }
      let error = Errno.current
      if error == .interrupted { continue }
      return error == .wouldBlock ? .timedOut : .failed
    }
  }

  /// Writes all the bytes; `false` if the peer is gone or stopped reading. The corresponding
  /// C function is `send`, without raising SIGPIPE.
  package func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(
          descriptor.rawValue, $0.baseAddress.map { $0 + offset }, bytes.count - offset,
          sendFlags)
      }
      if sent < 0 {
        if Errno.current == .interrupted { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// What ``writeSome(_:)`` gave.
  package enum WriteResult: Equatable, Sendable {
    /// This many bytes, at least one: fewer than given when the socket's buffer is full.
    case wrote(Int)
    /// No room now, for a socket that does not wait (nothing was written).
    case wouldBlock
    /// The peer is gone, or another failure.
    case failed
  }

  /// Writes as many of the bytes as the socket takes now, for a socket that does not wait.
  /// The corresponding C function is `send`, without raising SIGPIPE.
  package func writeSome(_ bytes: UnsafeRawBufferPointer) -> WriteResult {
    guard !bytes.isEmpty else { return .wrote(0) }
    while true {
      let sent = send(descriptor.rawValue, bytes.baseAddress, bytes.count, sendFlags)
      if sent >= 0 { return .wrote(sent) }
      let error = Errno.current
      if error == .interrupted { continue }
      return error == .wouldBlock ? .wouldBlock : .failed
    }
  }

  /// Ends the sending direction only: the peer reads what was sent, then the end of the
  /// stream, and may still send (a server that refused a request reads the rest of it, so
  /// that the client reads the refusal rather than a reset). The corresponding C function is
  /// `shutdown` (`SHUT_WR`).
  package func shutdownWriting() {
    _ = systemShutdown(descriptor.rawValue, Int32(SHUT_WR))
  }

  /// Ends both directions: a thread blocked in ``accept()`` or ``read(into:upTo:)`` returns.
  /// The corresponding C function is `shutdown`.
  package func shutdown() {
    _ = systemShutdown(descriptor.rawValue, Int32(SHUT_RDWR))
  }
}

// MARK: - C calls that methods of the same names hide inside the class

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}

private func systemAccept(_ descriptor: Int32) -> Int32 { accept(descriptor, nil, nil) }

private func systemConnect(
  _ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t
) -> Int32 {
  connect(descriptor, address, length)
}

private func systemShutdown(_ descriptor: Int32, _ how: Int32) -> Int32 {
  shutdown(descriptor, how)
}

// No SIGPIPE for a write to a peer that is gone (on Darwin, `SO_NOSIGPIPE` does it).
#if os(Linux)
  private let sendFlags = Int32(MSG_NOSIGNAL)
#else
  private let sendFlags: Int32 = 0
#endif
