import DrawdocSystem
import DrawdocTLS
import Testing

/// A certificate the user has (`--tls-cert`, `--tls-key`): what is read from it, and every
/// file that cannot serve refused with a message that says why.
@Suite struct TLSIdentityTests {
  /// A self-signed certificate and its key made by `openssl req`, valid one day from now.
  private func makeCertificate(
    _ name: String, in workspace: Workspace,
    alternativeNames: String? = "DNS:Example.Test,IP:10.1.2.3"
  ) throws -> (certificate: String, key: String) {
    let certificate = "\(workspace.path)/\(name).crt"
    let key = "\(workspace.path)/\(name).key"
    try workspace.openssl(
      [
        "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
        "-days", "1", "-subj", "/CN=\(name)", "-keyout", key, "-out", certificate,
      ] + (alternativeNames.map { ["-addext", "subjectAltName=\($0)"] } ?? []))
    return (certificate, key)
  }

  @Test func aCertificateMadeByOpenSSLIsReadWithItsNamesAndEnd() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (certificate, key) = try makeCertificate("server", in: workspace)
    let identity = try TLSIdentity.load(certificateFile: certificate, keyFile: key)
    #expect(identity.names == ["example.test"])
    #expect(identity.addresses == ["10.1.2.3"])
    // Its end, as OpenSSL sees it: still valid 5 s before, no longer 5 s after.
    let left = identity.notAfter - currentTime()
    let checkEnd = ["x509", "-in", certificate, "-noout", "-checkend"]
    try workspace.openssl(checkEnd + ["\(left - 5)"])
    #expect(try workspace.run("openssl", checkEnd + ["\(left + 5)"]).status == 1)
    // What the identity holds is what OpenSSL reads: the same certificate and key.
    try workspace.write("chain.pem", identity.certificateChainPEM)
    try workspace.write("key.pem", identity.privateKeyPEM)
    #expect(
      try workspace.openssl(["x509", "-in", "chain.pem", "-noout", "-fingerprint"])
        == workspace.openssl(["x509", "-in", certificate, "-noout", "-fingerprint"]))
    #expect(
      try workspace.openssl(["pkey", "-in", "key.pem", "-pubout"])
        == workspace.openssl(["pkey", "-in", key, "-pubout"]))
  }

  @Test func aChainAndAKeyInOneFileAreRead() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let authority = try LocalAuthority(folder: workspace.authorityFolder)
    let made = try authority.serverIdentity(names: ["studio.local"], addresses: ["fd00::20"])
    for (name, bytes) in [
      ("key-first.pem", made.privateKeyPEM + made.certificateChainPEM),
      ("key-last.pem", made.certificateChainPEM + made.privateKeyPEM),
    ] {
      let file = try workspace.write(name, bytes)
      let loaded = try TLSIdentity.load(certificateFile: file, keyFile: file)
      #expect(loaded == made)
    }
  }

  @Test func aKeyOfAnotherCertificateIsRefused() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (certificate, _) = try makeCertificate("server", in: workspace)
    let (_, otherKey) = try makeCertificate("other", in: workspace)
    let message = errorText {
      _ = try TLSIdentity.load(certificateFile: certificate, keyFile: otherKey)
    }
    #expect(
      message
        == "cannot use the key \(otherKey): it is not the key of the certificate in "
        + "\(certificate) (their public keys differ): give the key that certificate was made "
        + "with")
  }

  @Test func aCertificateOutsideItsDatesIsRefusedWithTheDate() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (certificate, key) = try makeCertificate("server", in: workspace)
    let dates = ["x509", "-in", certificate, "-noout", "-dateopt", "iso_8601"]
    let end = try workspace.openssl(dates + ["-enddate"]).dropFirst("notAfter=".count)
    let start = try workspace.openssl(dates + ["-startdate"]).dropFirst("notBefore=".count)
    let expired = errorText {
      _ = try TLSIdentity.load(
        certificateFile: certificate, keyFile: key, now: currentTime() + 2 * day)
    }
    #expect(
      expired
        == "cannot use the certificate \(certificate): it expired on \(end.dropLast()): "
        + "renew it, or give one that is valid")
    let early = errorText {
      _ = try TLSIdentity.load(
        certificateFile: certificate, keyFile: key, now: currentTime() - day)
    }
    #expect(early.contains("it is valid only from \(start.dropLast()): check this machine's"))
  }

  @Test func filesThatHoldNoCertificateOrKeyAreRefused() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let (certificate, key) = try makeCertificate("server", in: workspace)
    let garbage = try workspace.write("garbage.pem", Array("hello\n".utf8))
    try workspace.openssl(["x509", "-in", certificate, "-outform", "DER", "-out", "server.der"])
    let der = "\(workspace.path)/server.der"
    var damagedText = String(decoding: try workspace.read("server.crt"), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    damagedText[3] = String(repeating: "!", count: damagedText[3].count)
    let damaged = try workspace.write(
      "damaged.crt", Array(damagedText.joined(separator: "\n").utf8))
    try workspace.openssl(
      ["pkey", "-in", key, "-aes256", "-passout", "pass:secret", "-out", "encrypted.key"])
    let encrypted = "\(workspace.path)/encrypted.key"
    let (bare, bareKey) = try makeCertificate("bare", in: workspace, alternativeNames: nil)
    let missing = "\(workspace.path)/missing.crt"

    let cases: [(String, String, String)] = [
      (missing, key, "cannot use the certificate \(missing): No such file or directory"),
      (certificate, missing, "cannot use the key \(missing): No such file or directory"),
      (garbage, key, "it holds no certificate in PEM form"),
      (der, key, "it holds no certificate in PEM form"),
      (key, key, "it holds no certificate in PEM form"),
      (damaged, key, "a certificate in it is damaged"),
      (certificate, garbage, "it holds no private key in PEM form"),
      (certificate, certificate, "it holds no private key in PEM form"),
      (certificate, encrypted, "the key in it is encrypted, and drawdoc cannot ask"),
      (bare, bareKey, "it names no host or address in a subjectAltName"),
    ]
    for (certificateFile, keyFile, expected) in cases {
      let message = errorText {
        _ = try TLSIdentity.load(certificateFile: certificateFile, keyFile: keyFile)
      }
      #expect(message.contains(expected), "\(message)")
    }
  }
}
