#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// IPv4 and IPv6 addresses as bytes (network order) and as text.
package enum InternetAddress {
  /// The bytes of an address written as text: 4 for IPv4 (`192.168.1.20`, dotted, no
  /// leading zeros), 16 for IPv6 (`fd00::20`, any form RFC 4291 allows, without a zone);
  /// `nil` for anything else. The corresponding C function is `inet_pton`.
  package static func bytes(of text: String) -> [UInt8]? {
    let isIPv6 = text.contains(":")
    var bytes = [UInt8](repeating: 0, count: isIPv6 ? 16 : 4)
    let parsed = bytes.withUnsafeMutableBytes {
      inet_pton(isIPv6 ? AF_INET6 : AF_INET, text, $0.baseAddress)
    }
    return parsed == 1 ? bytes : nil
  }

  /// The text of an address of 4 bytes (IPv4, dotted) or 16 (IPv6, the canonical form of
  /// RFC 5952: lowercase, the longest run of zeros shortened to `::`); `nil` for any other
  /// count. The corresponding C function is `inet_ntop`.
  package static func text(of bytes: [UInt8]) -> String? {
    guard bytes.count == 4 || bytes.count == 16 else { return nil }
    var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    let written = bytes.withUnsafeBytes {
      inet_ntop(
        bytes.count == 4 ? AF_INET : AF_INET6, $0.baseAddress, &buffer, socklen_t(buffer.count))
    }
    guard written != nil else { return nil }
    return String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// The canonical text of an address written as text (`0:0:0:0:0:0:0:1` → `::1`), or `nil`
  /// when it is not an address.
  package static func canonical(_ text: String) -> String? {
    bytes(of: text).flatMap { self.text(of: $0) }
  }
}
