import DrawdocEditing
import Testing

@Suite struct DisplayTextTests {
  /// Control characters are escaped one by one, CR LF too, which is one `Character`.
  @Test func everyControlCharacterIsEscapedEvenInOneCharacterOfTwo() {
    #expect(DisplayText.single("a\r\nb") == #"a\r\nb"#)
    #expect(DisplayText.single("a\u{1B}[2Jb\u{7F}") == #"a\u{1B}[2Jb\u{7F}"#)
    #expect(DisplayText.single("plain é") == "plain é")
  }
}
