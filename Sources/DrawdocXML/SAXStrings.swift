import DrawdocSystem

/// Bytes that libxml2 hands over as C strings, as buffers.
enum SAXStrings {
  /// A NUL-terminated string; empty for `nil`.
  @inline(__always)
  static func buffer(_ string: UnsafePointer<UInt8>?) -> UnsafeBufferPointer<UInt8> {
    guard let string else { return UnsafeBufferPointer(start: nil, count: 0) }
    return UnsafeBufferPointer(
      start: string, count: Memory.lengthOfNulTerminatedString(at: string))
  }

  /// The bytes from `start` up to `end`; empty when either is `nil`.
  @inline(__always)
  static func buffer(from start: UnsafePointer<UInt8>?, to end: UnsafePointer<UInt8>?)
    -> UnsafeBufferPointer<UInt8>
  {
    guard let start, let end, end >= start else {
      return UnsafeBufferPointer(start: nil, count: 0)
    }
    return UnsafeBufferPointer(start: start, count: end - start)
  }
}
