import DrawdocModel
import Testing

/// `Base64`, drawdoc's one base64 coding: the gallery's thumbnails, the payloads of draw.io and
/// Excalidraw files (read leniently) and the PNG files the app's import takes (read strictly).
@Suite struct Base64Tests {
  /// RFC 4648's test vectors.
  static let vectors = [
    ("", ""), ("f", "Zg=="), ("fo", "Zm8="), ("foo", "Zm9v"), ("foob", "Zm9vYg=="),
    ("fooba", "Zm9vYmE="), ("foobar", "Zm9vYmFy"),
  ]

  @Test func encodingPadsTheLastGroup() {
    for (text, expected) in Self.vectors {
      #expect(Base64.encode(Array(text.utf8)) == expected, "\(text)")
    }
  }

  @Test func bothDecodersReadWhatTheEncoderWrites() {
    let bytes = (0..<1000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
    for count in [0, 1, 2, 3, 4, 5, 999, 1000] {
      let text = Base64.encode(Array(bytes.prefix(count)))
      #expect(Base64.decode(text.utf8) == Array(bytes.prefix(count)))
      #expect(Base64.decodeStrictly(text.utf8) == Array(bytes.prefix(count)))
    }
    for (text, encoded) in Self.vectors {
      #expect(Base64.decodeStrictly(encoded.utf8) == Array(text.utf8), "\(encoded)")
    }
  }

  @Test func theLenientDecoderSkipsBlanksAndMissingPadding() {
    #expect(Base64.decode("Zm9v\r\nYmE".utf8) == Array("fooba".utf8))
    #expect(Base64.decode(" Zg ".utf8) == Array("f".utf8))
    #expect(Base64.decode("Zm9v!".utf8) == nil)
    #expect(Base64.decode("Z".utf8) == nil)
    #expect(Base64.decode("Zg==Zg==".utf8) == nil)
  }

  @Test(arguments: [
    "Zg", "Zm8", "Zg=", "Zm9v\n", " Zm9v", "Zm 9v", "Zg===", "Z===", "Zh==", "Zm9=",
    "Zg==Zg==", "Zm9v-_==", "Zm9v!AAA",
  ])
  func theStrictDecoderRefusesAnythingButTheOneWayToWriteTheBytes(text: String) {
    #expect(Base64.decodeStrictly(text.utf8) == nil, "\(text)")
  }
}
