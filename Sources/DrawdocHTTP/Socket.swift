#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP socket on the loopback interface: the listener and each connection. The only file of
/// the HTTP layer that calls the socket API.
final class Socket: @unchecked Sendable {
  /// What a read gave.
  enum ReadResult: Equatable {
    /// This many bytes.
    case bytes(Int)
    /// The peer closed its side.
    case closed
    /// Nothing came within the read timeout.
    case timedOut
    /// Any other failure.
    case failed
  }

  let descriptor: Int32

  private init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  deinit { close(descriptor) }

  /// Listens on `127.0.0.1:port` (`0` picks a free port).
  ///
  /// - Returns: The listening socket and its port.
  /// - Throws: ``HTTPServerError/cannotListen(port:reason:)``.
  static func listen(onLoopbackPort port: UInt16, backlog: Int32) throws(HTTPServerError)
    -> (Socket, UInt16)
  {
    #if os(Linux)
      let stream = Int32(SOCK_STREAM.rawValue)
    #else
      let stream = SOCK_STREAM
    #endif
    let descriptor = socket(AF_INET, stream, 0)
    guard descriptor >= 0 else {
      throw .cannotListen(port: port, reason: String(cString: strerror(errno)))
    }
    let listener = Socket(descriptor: descriptor)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = UInt32(0x7F00_0001).bigEndian
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, systemListen(descriptor, backlog) == 0 else {
      throw .cannotListen(port: port, reason: String(cString: strerror(errno)))
    }
    var actual = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &actual) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    return (listener, UInt16(bigEndian: actual.sin_port))
  }

  /// Waits for the next connection; `nil` once the listener is shut down.
  func accept() -> Socket? {
    while true {
      let connection = systemAccept(descriptor)
      if connection >= 0 {
        _ = fcntl(connection, F_SETFD, FD_CLOEXEC)
        var yes: Int32 = 1
        setsockopt(
          connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if !os(Linux)
          // Darwin has no MSG_NOSIGNAL: the socket itself is told not to raise SIGPIPE.
          setsockopt(
            connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        return Socket(descriptor: connection)
      }
      // A connection that went away before it was accepted, or too many open files: the
      // listener goes on.
      if errno == EINTR || errno == ECONNABORTED || errno == EMFILE || errno == ENFILE {
        if errno == EMFILE || errno == ENFILE { usleep(10_000) }
        continue
      }
      return nil
    }
  }

  /// Bounds each read: a read that gets nothing for this long returns ``ReadResult/timedOut``.
  func setReadTimeout(seconds: Double) {
    let clamped = max(0.001, seconds)
    var value = timeval(
      tv_sec: Int(clamped), tv_usec: suseconds_t((clamped - Double(Int(clamped))) * 1_000_000))
    setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Bounds each write the same way, so a client that stops reading cannot hold a thread.
  func setWriteTimeout(seconds: Double) {
    var value = timeval(tv_sec: Int(seconds), tv_usec: 0)
    setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Reads what has arrived, up to `count` bytes, appending it to `buffer`.
  func read(into buffer: inout [UInt8], upTo count: Int) -> ReadResult {
    let start = buffer.count
    buffer.append(contentsOf: repeatElement(0, count: count))
    while true {
      let received = buffer.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress.map { $0 + start }, count, 0)
      }
      if received > 0 {
        buffer.removeLast(count - received)
        return .bytes(received)
      }
      buffer.removeLast(count)
      if received == 0 { return .closed }
      if errno == EINTR {
        buffer.append(contentsOf: repeatElement(0, count: count))
        continue
      }
      return errno == EAGAIN || errno == EWOULDBLOCK ? .timedOut : .failed
    }
  }

  /// Writes all the bytes; `false` if the peer is gone or stopped reading.
  func write(_ bytes: [UInt8]) -> Bool {
    var offset = 0
    while offset < bytes.count {
      let sent = bytes.withUnsafeBytes {
        send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, sendFlags)
      }
      if sent < 0 {
        if errno == EINTR { continue }
        return false
      }
      offset += sent
    }
    return true
  }

  /// Ends both directions: a thread blocked in ``accept()`` or ``read(into:upTo:)`` returns.
  func shutdown() {
    _ = systemShutdown(descriptor, Int32(SHUT_RDWR))
  }
}

// MARK: - C calls that Socket's methods of the same names hide inside the class

private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}

private func systemAccept(_ descriptor: Int32) -> Int32 {
  accept(descriptor, nil, nil)
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
