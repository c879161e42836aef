#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Advice to the kernel about memory drawdoc is about to use.
package enum MemoryAdvice {
  /// Asks for transparent huge pages under a big array that is about to be filled, so that a
  /// million rectangles cost a few dozen page faults instead of thousands; does nothing for
  /// small arrays or where the system has no such advice (only Linux has `MADV_HUGEPAGE`).
  /// The corresponding C function is `madvise`.
  package static func preferHugePages<Element>(for array: inout [Element]) {
    #if os(Linux)
      let bytes = array.capacity * MemoryLayout<Element>.stride
      let hugePage = 2 << 20
      guard bytes >= 4 * hugePage else { return }
      array.withUnsafeMutableBufferPointer { buffer in
        guard let base = buffer.baseAddress else { return }
        let start = (UInt(bitPattern: base) + UInt(hugePage - 1)) & ~UInt(hugePage - 1)
        let end = (UInt(bitPattern: base) + UInt(bytes)) & ~UInt(hugePage - 1)
        guard end > start, let pointer = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(pointer, Int(end - start), MADV_HUGEPAGE)
      }
    #endif
  }
}
