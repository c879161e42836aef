internal import CLibXML2

/// Lines and columns worked out from libxml2's input buffer and its parse position.
enum SAXLocations {
  /// The parse position.
  static func currentLocation(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input else { return SourceLocation(line: 1, column: 1) }
    return SourceLocation(line: Int(input.pointee.line), column: Int(max(1, input.pointee.col)))
  }

  /// The location of a byte inside libxml2's current input buffer, at or before the parse
  /// position; `nil` for a pointer outside it.
  static func location(of target: UnsafePointer<UInt8>?, in parser: xmlParserCtxtPtr)
    -> SourceLocation?
  {
    guard let target, let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur, target >= base, target <= current
    else { return nil }
    var newlines = 0
    var cursor = target
    var charactersToCurrent = 0
    while cursor < current {
      if cursor.pointee == 0x0A {
        newlines += 1
        charactersToCurrent = 0
      } else if cursor.pointee & 0xC0 != 0x80 {
        charactersToCurrent += 1
      }
      cursor += 1
    }
    let line = Int(input.pointee.line) - newlines
    if newlines == 0 {
      return SourceLocation(
        line: line, column: max(1, Int(input.pointee.col) - charactersToCurrent))
    }
    var lineStart = target
    var column = 1
    while lineStart > base, (lineStart - 1).pointee != 0x0A {
      lineStart -= 1
      if lineStart.pointee & 0xC0 != 0x80 { column += 1 }
    }
    return SourceLocation(line: line, column: column)
  }

  /// The location of an attribute's name, found back from its value (in the input buffer)
  /// over the opening quote, blanks, `=` and blanks; `nil` when it cannot be found there.
  static func location(
    ofNameBefore value: UnsafePointer<UInt8>?, nameLength: Int, in parser: xmlParserCtxtPtr
  ) -> SourceLocation? {
    guard let value, let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur, value > base, value <= current
    else { return nil }
    var cursor = value - 1  // the opening quote
    func isBlank(_ byte: UInt8) -> Bool {
      byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
    while cursor > base, isBlank((cursor - 1).pointee) { cursor -= 1 }
    guard cursor > base, (cursor - 1).pointee == UInt8(ascii: "=") else { return nil }
    cursor -= 1
    while cursor > base, isBlank((cursor - 1).pointee) { cursor -= 1 }
    guard cursor - base >= nameLength else { return nil }
    return location(of: cursor - nameLength, in: parser)
  }

  /// The location of the `<` of the tag just parsed (a start tag, or an end tag in
  /// `endElement`): no `<` can stand inside a tag, so it is the nearest one before the parse
  /// position.
  static func locationOfStartTag(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      var cursor = input.pointee.cur
    else { return currentLocation(in: parser) }
    while cursor > base, cursor.pointee != UInt8(ascii: "<") { cursor -= 1 }
    guard cursor.pointee == UInt8(ascii: "<") else { return currentLocation(in: parser) }
    return location(of: cursor, in: parser) ?? currentLocation(in: parser)
  }

  /// The line of ``locationOfStartTag(in:)``, without the column: one scan back to the `<`.
  static func lineOfStartTag(in parser: xmlParserCtxtPtr) -> Int {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur
    else { return currentLocation(in: parser).line }
    var cursor = current
    var newlines = 0
    while cursor > base, cursor.pointee != UInt8(ascii: "<") {
      cursor -= 1
      if cursor.pointee == 0x0A { newlines += 1 }
    }
    guard cursor.pointee == UInt8(ascii: "<") else { return currentLocation(in: parser).line }
    return Int(input.pointee.line) - newlines
  }

  /// The location of `<!DOCTYPE`: the nearest `<!` before the parse position.
  static func locationOfDeclaration(in parser: xmlParserCtxtPtr) -> SourceLocation {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      var cursor = input.pointee.cur
    else { return currentLocation(in: parser) }
    while cursor > base,
      !(cursor.pointee == UInt8(ascii: "<") && (cursor + 1).pointee == UInt8(ascii: "!"))
    {
      cursor -= 1
    }
    return location(of: cursor, in: parser) ?? currentLocation(in: parser)
  }

  /// The location of the byte at `offset` in `text`, given the location just past its end.
  static func location(
    ofOffset offset: Int, in text: UnsafeBufferPointer<UInt8>, endingAt end: SourceLocation,
    parser: xmlParserCtxtPtr
  ) -> SourceLocation {
    var line = end.line
    var charactersToEnd = 0
    var index = offset
    while index < text.count {
      if text[index] == 0x0A {
        line -= 1
      } else if text[index] & 0xC0 != 0x80, line == end.line {
        charactersToEnd += 1
      }
      index += 1
    }
    if line == end.line {
      return SourceLocation(line: line, column: max(1, end.column - charactersToEnd))
    }
    var column = 1
    index = offset
    while index > 0, text[index - 1] != 0x0A {
      index -= 1
      if text[index] & 0xC0 != 0x80 { column += 1 }
    }
    // Text that begins part way along its first line: libxml2 passes plain text in place,
    // so the rest of that line is in its input, just before the text.
    if index == 0, let start = text.baseAddress, let input = parser.pointee.input,
      let base = input.pointee.base, start > base, start <= input.pointee.cur
    {
      var cursor = start
      while cursor > base, (cursor - 1).pointee != 0x0A {
        cursor -= 1
        if cursor.pointee & 0xC0 != 0x80 { column += 1 }
      }
    }
    return SourceLocation(line: line, column: column)
  }

  /// Whether the bytes just before the parse position are `&name;` (or `%name;`, for the
  /// sigil `%`); `true` when they cannot be seen, so that a reference is never mistaken for a
  /// declaration.
  static func followsReference(
    to name: UnsafeBufferPointer<UInt8>, sigil: UInt8, in parser: xmlParserCtxtPtr
  ) -> Bool {
    guard let input = parser.pointee.input, let base = input.pointee.base,
      let current = input.pointee.cur, current - base >= name.count + 2
    else { return true }
    let start = current - name.count - 2
    return start.pointee == sigil && (current - 1).pointee == UInt8(ascii: ";")
      && UnsafeBufferPointer(start: start + 1, count: name.count).elementsEqual(name)
  }
}
