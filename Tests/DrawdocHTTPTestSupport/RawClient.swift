import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A TCP client that sends exactly the bytes it is given, for requests no HTTP library would
/// send: malformed, oversized, cut short, or one byte at a time.
package final class RawClient: Sendable {
  package let descriptor: Int32

  package init(port: UInt16, host: String = "127.0.0.1") throws {
    #if os(Linux)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
      var yes: Int32 = 1
      setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
    #endif
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    _ = inet_pton(AF_INET, host, &address.sin_addr)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(descriptor)
      throw POSIXError(.ECONNREFUSED)
    }
    var timeout = timeval(tv_sec: 20, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  deinit { close(descriptor) }

  /// Sends bytes; `false` if the server closed the connection.
  @discardableResult
  package func send(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes {
      systemSend(descriptor, $0.baseAddress, $0.count) == $0.count
    }
  }

  @discardableResult
  package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Ends the sending side, as a client that is done.
  package func finishSending() { shutdown(descriptor, Int32(SHUT_WR)) }

  /// Reads until the server closes the connection (or the read times out).
  package func readAll() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// Reads until the server closes the connection, and tells whether it ended in a reset
  /// (`ECONNRESET`) rather than the end of the stream.
  package func readAllNotingReset() -> (bytes: [UInt8], reset: Bool) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count < 0 { return (bytes, errno == ECONNRESET) }
      if count == 0 { return (bytes, false) }
      bytes += chunk[..<count]
    }
  }

  /// Whether the server has answered or closed, without waiting: something to read, the end
  /// of the stream, or a failure.
  package var hasBeenAnsweredOrCut: Bool {
    var byte: UInt8 = 0
    let count = recv(descriptor, &byte, 1, Int32(MSG_DONTWAIT) | Int32(MSG_PEEK))
    return count >= 0 || (errno != EAGAIN && errno != EWOULDBLOCK)
  }

  /// Waits up to `seconds` for bytes to arrive, then reads what is there: nothing when none
  /// came in time, `nil` at the end of the stream (or a failure).
  package func readWhatComes(within seconds: Double) -> [UInt8]? {
    var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    guard poll(&watched, 1, Int32(max(0, seconds) * 1000)) > 0 else { return [] }
    let bytes = readWhatIsThere()
    return bytes.isEmpty ? nil : bytes
  }

  /// Reads what has arrived, without waiting.
  package func readWhatIsThere() -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes {
        recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
      }
      if count <= 0 { return bytes }
      bytes += chunk[..<count]
    }
  }

  /// Reads one response with a Content-Length body.
  package func readResponse() -> (status: Int, head: String, body: [UInt8])? {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      if let end = headEnd(bytes) {
        let head = String(decoding: bytes[..<end], as: UTF8.self)
        let length =
          head.split(separator: "\r\n").first {
            $0.lowercased().hasPrefix("content-length:")
          }.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        if bytes.count >= end + length {
          let status = Int(head.split(separator: " ")[1]) ?? 0
          return (status, head, Array(bytes[end..<(end + length)]))
        }
      }
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return nil }
      bytes += chunk[..<count]
    }
  }

  private func headEnd(_ bytes: [UInt8]) -> Int? {
    guard bytes.count >= 4 else { return nil }
    for index in 0...(bytes.count - 4)
    where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13
      && bytes[index + 3] == 10
    {
      return index + 4
    }
    return nil
  }
}

/// The status code of a response's first line.
package func statusCode(_ bytes: [UInt8]) -> Int? {
  let text = String(decoding: bytes.prefix(64), as: UTF8.self)
  let parts = text.split(separator: " ")
  return parts.count > 1 ? Int(parts[1]) : nil
}

/// The C library's `send`, which `RawClient.send` hides inside the class; no SIGPIPE for a
/// server that closed (on Darwin, `SO_NOSIGPIPE` on the socket does it).
private func systemSend(_ descriptor: Int32, _ buffer: UnsafeRawPointer?, _ count: Int) -> Int {
  #if os(Linux)
    send(descriptor, buffer, count, Int32(MSG_NOSIGNAL))
  #else
    send(descriptor, buffer, count, 0)
  #endif
}
