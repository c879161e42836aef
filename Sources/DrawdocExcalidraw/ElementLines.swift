/// Where each member of a scene's `elements` starts: the line of its first character, found by
/// a light scan of JSON text that the full reader has accepted.
enum ElementLines {
  /// The 1-based line of each member of the top-level `elements` array, in order.
  static func find(in bytes: [UInt8]) -> [Int] {
    var lines: [Int] = []
    var line = 1
    var depth = 0
    var index = 0
    var lastString: ArraySlice<UInt8> = []
    var key: ArraySlice<UInt8> = []
    var inElements = false
    while index < bytes.count {
      let byte = bytes[index]
      switch byte {
      case 0x0A:
        line += 1
      case UInt8(ascii: "\""):
        if inElements && depth == 2 { lines.append(line) }
        let start = index + 1
        index += 1
        while index < bytes.count, bytes[index] != UInt8(ascii: "\"") {
          index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
        }
        lastString = bytes[start..<min(index, bytes.count)]
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        if inElements && depth == 2 { lines.append(line) }
        if depth == 1, byte == UInt8(ascii: "["), key.elementsEqual("elements".utf8) {
          inElements = true
          lines = []  // a repeated `elements`: the last one counts
        }
        depth += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        if depth == 1 { inElements = false }
      case UInt8(ascii: ":"):
        if depth == 1 { key = lastString }
      case UInt8(ascii: ","), 0x20, 0x09, 0x0D:
        break
      default:
        // A number or a literal: an element of its own when it stands in `elements`.
        if inElements && depth == 2 {
          lines.append(line)
          while index + 1 < bytes.count, !",]} \t\r\n".utf8.contains(bytes[index + 1]) {
            index += 1
          }
        }
      }
      index += 1
    }
    return lines
  }
}
