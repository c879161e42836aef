#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A pipe whose two ends never wait, for waking a thread that waits on readiness: one byte
/// written to ``writeEnd`` makes ``readEnd`` readable. Closed when the value is gone.
package final class Pipe: @unchecked Sendable {
  /// The end to wait on.
  package let readEnd: FileDescriptor
  /// The end to write a byte to.
  package let writeEnd: FileDescriptor

  /// Makes a pipe.
  ///
  /// - Throws: ``Errno``. The corresponding C functions are `pipe` and `fcntl`.
  package init() throws(Errno) {
    var ends: [Int32] = [-1, -1]
    guard ends.withUnsafeMutableBufferPointer({ pipe($0.baseAddress) }) == 0 else {
      throw Errno.current
    }
    for end in ends {
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
    }
    readEnd = FileDescriptor(rawValue: ends[0])
    writeEnd = FileDescriptor(rawValue: ends[1])
  }

  deinit {
    readEnd.close()
    writeEnd.close()
  }

  /// Writes one byte, which makes the read end readable; does nothing when the pipe is full
  /// (it is readable then anyway).
  package func signal() {
    var byte: UInt8 = 1
    _ = write(writeEnd.rawValue, &byte, 1)
  }

  /// Whether a byte is waiting at the read end. The corresponding C function is `poll`.
  package var isSignalled: Bool {
    var descriptor = pollfd(fd: readEnd.rawValue, events: Int16(POLLIN), revents: 0)
    return poll(&descriptor, 1, 0) > 0
  }

  /// Reads every waiting byte, so that the read end waits again.
  package func drain() {
    var buffer = [UInt8](repeating: 0, count: 256)
    while buffer.withUnsafeMutableBytes({ read(readEnd.rawValue, $0.baseAddress, $0.count) }) > 0 {}
  }
}
