/// The strings of a PDF file.
enum PDFText {
  /// Appends `text` as a PDF text string: a literal string `(…)` when it is printable ASCII
  /// (which PDFDocEncoding reads as itself), with `(`, `)` and `\` escaped; otherwise
  /// UTF-16BE with a byte order mark, in hex (`<FEFF…>`), which every reader takes.
  static func appendString(_ text: String, to output: inout [UInt8]) {
    if text.utf8.allSatisfy({ 0x20...0x7E ~= $0 }) {
      output.append(UInt8(ascii: "("))
      for byte in text.utf8 {
        if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "\\") {
          output.append(UInt8(ascii: "\\"))
        }
        output.append(byte)
      }
      output.append(UInt8(ascii: ")"))
      return
    }
    output.append(contentsOf: Array("<FEFF".utf8))
    for unit in text.utf16 {
      appendHex(UInt8(unit >> 8), to: &output)
      appendHex(UInt8(unit & 0xFF), to: &output)
    }
    output.append(UInt8(ascii: ">"))
  }

  private static func appendHex(_ byte: UInt8, to output: inout [UInt8]) {
    let digits = Array("0123456789ABCDEF".utf8)
    output.append(digits[Int(byte >> 4)])
    output.append(digits[Int(byte & 0x0F)])
  }
}
