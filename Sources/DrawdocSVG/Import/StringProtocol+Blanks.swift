extension StringProtocol {
  /// The text without blanks (space, tab, line feed, carriage return, form feed) at either
  /// end.
  func trimmingBlanks() -> String {
    let bytes = Array(utf8)
    var start = 0
    var end = bytes.count
    while start < end, NumberScanner.isBlank(bytes[start]) { start += 1 }
    while end > start, NumberScanner.isBlank(bytes[end - 1]) { end -= 1 }
    return String(decoding: bytes[start..<end], as: UTF8.self)
  }
}
