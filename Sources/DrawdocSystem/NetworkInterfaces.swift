#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// This machine on the network: its name, and the addresses of its interfaces, for a server
/// that listens beyond the loopback interface (`drawdoc serve --lan`) and the certificate it
/// presents there.
package enum NetworkInterfaces {
  /// One address of one interface.
  package struct Address: Hashable, Sendable {
    /// The interface's name (`eth0`, `en0`).
    package let interface: String
    /// The address as text: IPv4 dotted (`192.168.1.20`), IPv6 in its canonical form
    /// (`fd00::20`, RFC 5952), without a zone.
    package let text: String
    /// Whether it is an IPv6 address.
    package let isIPv6: Bool
    /// Whether it belongs to a loopback interface (`127.0.0.1`, `::1`).
    package let isLoopback: Bool
    /// Whether it is a link-local address (`169.254.0.0/16`, `fe80::/10`), which reaches
    /// only the machines of one link; an IPv6 one needs its ``scope`` to be used.
    package let isLinkLocal: Bool
    /// The index of the interface for a link-local IPv6 address (its zone, `%eth0`); 0
    /// otherwise.
    package let scope: UInt32
  }

  /// The machine's name, as the system knows it (`studio`, `MacBook-Pro.local`), or
  /// `localhost` when it has none. The corresponding C function is `gethostname`.
  package static func hostName() -> String {
    var buffer = [CChar](repeating: 0, count: 256)
    guard gethostname(&buffer, buffer.count - 1) == 0 else { return "localhost" }
    let name = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return name.isEmpty ? "localhost" : name
  }

  /// The IPv4 and IPv6 addresses of the interfaces that are up, in the system's order,
  /// without repeats.
  ///
  /// - Parameters:
  ///   - includingLoopback: Whether to list the loopback interface's addresses too.
  ///   - includingLinkLocal: Whether to list link-local addresses too.
  /// - Returns: The addresses, each with its interface.
  /// - Throws: ``Errno``. The corresponding C functions are `getifaddrs` and `inet_ntop`.
  package static func addresses(
    includingLoopback: Bool = false, includingLinkLocal: Bool = false
  ) throws(Errno) -> [Address] {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { throw Errno.current }
    defer { freeifaddrs(first) }
    var found: [Address] = []
    var entry = first
    while let current = entry?.pointee {
      entry = current.ifa_next
      let flags = Int32(bitPattern: UInt32(current.ifa_flags))
      guard flags & Int32(IFF_UP) != 0, let socketAddress = current.ifa_addr,
        let (bytes, scope) = bytesAndScope(of: socketAddress),
        let text = InternetAddress.text(of: bytes)
      else { continue }
      let isLinkLocal =
        bytes.count == 4
        ? bytes[0] == 169 && bytes[1] == 254 : bytes[0] == 0xfe && bytes[1] & 0xc0 == 0x80
      let address = Address(
        interface: String(cString: current.ifa_name), text: text, isIPv6: bytes.count == 16,
        isLoopback: flags & Int32(IFF_LOOPBACK) != 0, isLinkLocal: isLinkLocal,
        scope: isLinkLocal ? scope : 0)
      guard includingLoopback || !address.isLoopback,
        includingLinkLocal || !address.isLinkLocal, !found.contains(address)
      else { continue }
      found.append(address)
    }
    return found
  }

  /// The bytes of the address a socket address holds (4 or 16) and its IPv6 scope, or `nil`
  /// for one that is neither IPv4 nor IPv6.
  private static func bytesAndScope(of socketAddress: UnsafeMutablePointer<sockaddr>)
    -> ([UInt8], UInt32)?
  {
    switch Int32(socketAddress.pointee.sa_family) {
    case AF_INET:
      return socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        (withUnsafeBytes(of: $0.pointee.sin_addr) { Array($0) }, 0)
      }
    case AF_INET6:
      return socketAddress.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
        (withUnsafeBytes(of: $0.pointee.sin6_addr) { Array($0) }, $0.pointee.sin6_scope_id)
      }
    default:
      return nil
    }
  }
}
