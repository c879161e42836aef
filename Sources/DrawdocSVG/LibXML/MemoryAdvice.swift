#if canImport(Glibc)
  import Glibc
#endif

/// Asks the kernel for large pages under a big array that is about to be filled, so that a
/// million rectangles cost a few dozen page faults instead of thousands.
enum MemoryAdvice {
  /// Advises transparent huge pages for the array's reserved storage, where the system
  /// supports it; does nothing elsewhere or for small arrays.
  static func preferHugePages<Element>(for array: inout [Element]) {
    #if canImport(Glibc)
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
