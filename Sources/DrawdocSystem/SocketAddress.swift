#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// An IPv4 or IPv6 address and a port, as a socket is bound or connected to.
package struct SocketAddress: Hashable, Sendable, CustomStringConvertible {
  /// The address as text: `192.168.1.20`, `fe80::1` (without brackets).
  package let host: String
  /// The port.
  package var port: UInt16
  /// Whether the address is IPv6.
  package let isIPv6: Bool

  /// Reads an address in text form: IPv4 dotted (`192.168.1.20`) or IPv6 (`fe80::1`, in
  /// brackets or not); `nil` for anything else (a host name is not an address). The
  /// corresponding C function is `inet_pton`.
  package init?(host text: String, port: UInt16) {
    var host = text
    if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    guard let bytes = InternetAddress.bytes(of: host),
      let canonical = InternetAddress.text(of: bytes)
    else { return nil }
    self.host = canonical
    isIPv6 = bytes.count == 16
    self.port = port
  }

  /// `127.0.0.1:port`.
  package static func loopback(port: UInt16) -> SocketAddress {
    SocketAddress(host: "127.0.0.1", port: port, isIPv6: false)
  }

  private init(host: String, port: UInt16, isIPv6: Bool) {
    self.host = host
    self.port = port
    self.isIPv6 = isIPv6
  }

  /// `host:port`, with an IPv6 host in brackets.
  package var description: String { "\(hostForURL):\(port)" }

  /// The host as a URL or a Host field writes it: an IPv6 address in brackets.
  package var hostForURL: String { isIPv6 ? "[\(host)]" : host }

  /// Whether the address is a loopback one (`127.0.0.0/8`, `::1`).
  package var isLoopback: Bool { isIPv6 ? host == "::1" : host.hasPrefix("127.") }

  /// Whether the address is the unspecified one (`0.0.0.0`, `::`): every address of the
  /// machine, for a listener.
  package var isUnspecified: Bool { host == "0.0.0.0" || host == "::" }

  /// The address a `sockaddr` holds, if it is IPv4 or IPv6.
  static func from(_ storage: UnsafePointer<sockaddr>) -> SocketAddress? {
    switch Int32(storage.pointee.sa_family) {
    case AF_INET:
      return storage.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { address in
        let bytes = withUnsafeBytes(of: address.pointee.sin_addr) { Array($0) }
        return InternetAddress.text(of: bytes).flatMap {
          SocketAddress(host: $0, port: UInt16(bigEndian: address.pointee.sin_port))
        }
      }
    case AF_INET6:
      return storage.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { address in
        let bytes = withUnsafeBytes(of: address.pointee.sin6_addr) { Array($0) }
        return InternetAddress.text(of: bytes).flatMap {
          SocketAddress(host: $0, port: UInt16(bigEndian: address.pointee.sin6_port))
        }
      }
    default: return nil
    }
  }

  /// Calls `body` with the address as a `sockaddr` and its length.
  func withSocketAddress<Result>(_ body: (UnsafePointer<sockaddr>, socklen_t) -> Result) -> Result {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      _ = inet_pton(AF_INET6, host, &address.sin6_addr)
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          body($0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        body($0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}

extension Socket {
  /// Listens on `address` (port `0` picks a free one); an IPv6 listener takes IPv6 only.
  ///
  /// - Returns: The listening socket and the address it is bound to, with its port.
  /// - Throws: ``Errno``. The corresponding C functions are `socket`, `setsockopt`, `bind`,
  ///   `listen` and `getsockname`.
  package static func listen(on address: SocketAddress, backlog: Int32) throws(Errno)
    -> (Socket, SocketAddress)
  {
    let family = address.isIPv6 ? AF_INET6 : AF_INET
    #if os(Linux)
      let descriptor = socket(family, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(family, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw Errno.current }
    let listener = Socket(descriptor: descriptor)
    _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    if address.isIPv6 {
      setsockopt(
        descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    let bound = address.withSocketAddress { bind(descriptor, $0, $1) }
    guard bound == 0, startListening(descriptor, backlog) == 0 else { throw Errno.current }
    guard let actual = listener.localAddress else { throw Errno.current }
    return (listener, actual)
  }

  /// The address this socket is bound to (`getsockname`).
  package var localAddress: SocketAddress? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    return withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        getsockname(descriptor.rawValue, pointer, &length) == 0
          ? SocketAddress.from(pointer) : nil
      }
    }
  }

  /// The address of the peer of a connection (`getpeername`).
  package var peerAddress: SocketAddress? {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    return withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        getpeername(descriptor.rawValue, pointer, &length) == 0
          ? SocketAddress.from(pointer) : nil
      }
    }
  }
}

/// `listen`, which the method of the same name hides inside the extension.
private func startListening(_ descriptor: Int32, _ backlog: Int32) -> Int32 {
  listen(descriptor, backlog)
}
