#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The C library's fast searches and comparisons of memory, for the hot paths of the readers.
package enum Memory {
  /// The offset of the first `byte` in `count` bytes at `start`, or `nil`. The corresponding C
  /// function is `memchr`.
  @inline(__always)
  package static func firstOffset(of byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Int? {
    guard count > 0, let match = memchr(start, Int32(byte), count) else { return nil }
    return start.distance(to: UnsafeRawPointer(match))
  }

  /// Whether `count` bytes at `first` and at `second` are the same. The corresponding C
  /// function is `memcmp`.
  @inline(__always)
  package static func equal(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int)
    -> Bool
  {
    memcmp(first, second, count) == 0
  }

  /// Frees memory a C library allocated with `malloc`, such as a string libxml2 made. The
  /// corresponding C function is `free`.
  package static func freeCAllocation(_ pointer: UnsafeMutableRawPointer) { free(pointer) }

  /// How many bytes come before the first NUL at `start`. The corresponding C function is
  /// `strlen`.
  @inline(__always)
  package static func lengthOfNulTerminatedString(at start: UnsafeRawPointer) -> Int {
    strlen(start.assumingMemoryBound(to: CChar.self))
  }
}
