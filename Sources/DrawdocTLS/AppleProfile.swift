import COpenSSL

/// Apple configuration profiles (`.mobileconfig`): XML property lists that iOS, iPadOS and
/// macOS install from Settings. drawdoc makes one kind: a profile with one payload that adds
/// a root certificate (`com.apple.security.root`), unsigned (the device says so, and asks
/// before it installs it).
enum AppleProfile {
  /// A profile that installs a root certificate.
  ///
  /// - Parameters:
  ///   - certificateDER: The certificate, DER.
  ///   - certificateSHA256: Its SHA-256, from which the profile's identifiers come: the same
  ///     certificate always gives the same profile, which replaces itself when installed
  ///     again.
  ///   - authorityName: The certificate's name, the payload's title.
  ///   - hostName: The machine's name, for the profile's title ("drawdoc on HOST").
  /// - Returns: The property list, UTF-8.
  static func rootCertificateProfile(
    certificateDER: [UInt8], certificateSHA256: [UInt8], authorityName: String,
    hostName: String
  ) -> [UInt8] {
    let profileUUID = uuid(certificateSHA256.prefix(16))
    let payloadUUID = uuid(certificateSHA256.dropFirst(16).prefix(16))
    let identifier = "local.drawdoc.authority.\(profileUUID)"
    let text = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">
      <dict>
      \t<key>PayloadContent</key>
      \t<array>
      \t\t<dict>
      \t\t\t<key>PayloadCertificateFileName</key>
      \t\t\t<string>drawdoc-authority.crt</string>
      \t\t\t<key>PayloadContent</key>
      \t\t\t<data>
      \(base64Lines(certificateDER, indent: "\t\t\t"))
      \t\t\t</data>
      \t\t\t<key>PayloadDescription</key>
      \t\t\t<string>Adds the certificate authority of drawdoc, so that this device trusts \
      the drawing app it serves on the local network.</string>
      \t\t\t<key>PayloadDisplayName</key>
      \t\t\t<string>\(escaped(authorityName))</string>
      \t\t\t<key>PayloadIdentifier</key>
      \t\t\t<string>\(identifier).root</string>
      \t\t\t<key>PayloadType</key>
      \t\t\t<string>com.apple.security.root</string>
      \t\t\t<key>PayloadUUID</key>
      \t\t\t<string>\(payloadUUID)</string>
      \t\t\t<key>PayloadVersion</key>
      \t\t\t<integer>1</integer>
      \t\t</dict>
      \t</array>
      \t<key>PayloadDescription</key>
      \t<string>Trust drawdoc's local certificate authority, made on \(escaped(hostName)). \
      After installing, turn on full trust for it in Settings, General, About, Certificate \
      Trust Settings.</string>
      \t<key>PayloadDisplayName</key>
      \t<string>drawdoc on \(escaped(hostName))</string>
      \t<key>PayloadIdentifier</key>
      \t<string>\(identifier)</string>
      \t<key>PayloadRemovalDisallowed</key>
      \t<false/>
      \t<key>PayloadType</key>
      \t<string>Configuration</string>
      \t<key>PayloadUUID</key>
      \t<string>\(profileUUID)</string>
      \t<key>PayloadVersion</key>
      \t<integer>1</integer>
      </dict>
      </plist>

      """
    return Array(text.utf8)
  }

  /// A UUID made of 16 bytes of a hash, marked as version 8 (made by its own method) and
  /// of the variant of RFC 9562, in uppercase as Apple's profiles write them.
  private static func uuid(_ bytes: some Collection<UInt8>) -> String {
    var bytes = Array(bytes)
    bytes[6] = bytes[6] & 0x0f | 0x80
    bytes[8] = bytes[8] & 0x3f | 0x80
    let hex = bytes.map {
      let digits = String($0, radix: 16, uppercase: true)
      return digits.count == 1 ? "0" + digits : digits
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(
      separator: "-")
  }

  /// Bytes in base64, 64 characters a line, each line indented. The corresponding C
  /// function is `EVP_EncodeBlock`.
  private static func base64Lines(_ bytes: [UInt8], indent: String) -> String {
    var encoded = [UInt8](repeating: 0, count: (bytes.count + 2) / 3 * 4 + 1)
    let count = Int(EVP_EncodeBlock(&encoded, bytes, Int32(bytes.count)))
    let text = encoded.prefix(count)
    return stride(from: 0, to: count, by: 64).map {
      indent + String(decoding: text[$0..<min($0 + 64, count)], as: UTF8.self)
    }.joined(separator: "\n")
  }

  /// Text with XML's special characters written as entities, and without the control
  /// characters XML does not allow.
  private static func escaped(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case _ where character.unicodeScalars.contains { $0.value < 0x20 }: continue
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
