import DrawdocSystem
import DrawdocTLS
import Foundation
import Testing

/// drawdoc's certificate authority, each certificate checked by the `openssl` command line.
@Suite struct LocalAuthorityTests {
  /// `openssl x509 -text` of a PEM file, each line without its indentation.
  private func certificateText(_ file: String, in workspace: Workspace) throws -> String {
    try workspace.openssl(["x509", "-in", file, "-noout", "-text"])
      .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: "\n")
  }

  @Test func theServerCertificateVerifiesForItsNamesAndAddressesOnly() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let now = currentTime()
    let authority = try LocalAuthority(
      folder: workspace.authorityFolder, hostName: "studio", now: now)
    let identity = try authority.serverIdentity(
      names: ["Studio", "studio.local."], addresses: ["192.0.2.7", "FD00:0:0:0:0:0:0:20"],
      now: now)
    #expect(identity.names == ["studio", "studio.local"])
    #expect(identity.addresses == ["192.0.2.7", "fd00::20"])
    try workspace.write("ca.pem", authority.authorityCertificatePEM())
    try workspace.write("chain.pem", identity.certificateChainPEM)

    let strict = ["verify", "-x509_strict", "-purpose", "sslserver", "-CAfile", "ca.pem"]
    for check in [
      ["-verify_hostname", "studio.local"], ["-verify_hostname", "STUDIO"],
      ["-verify_ip", "192.0.2.7"], ["-verify_ip", "fd00::20"],
    ] {
      #expect(try workspace.openssl(strict + check + ["chain.pem"]) == "chain.pem: OK\n")
    }
    for check in [["-verify_hostname", "other.local"], ["-verify_ip", "192.0.2.8"]] {
      #expect(try workspace.run("openssl", strict + check + ["chain.pem"]).status != 0)
    }
    // Valid from an hour back, for a device whose clock is behind.
    #expect(
      try workspace.openssl(strict + ["-attime", "\(now - 1_800)", "chain.pem"])
        == "chain.pem: OK\n")
    #expect(
      try workspace.run("openssl", strict + ["-attime", "\(now - 7_200)", "chain.pem"]).status
        != 0)
    // 397 days: valid in 396, not in 398.
    try workspace.openssl(["x509", "-in", "chain.pem", "-noout", "-checkend", "\(396 * day)"])
    #expect(
      try workspace.run(
        "openssl", ["x509", "-in", "chain.pem", "-noout", "-checkend", "\(398 * day)"]
      ).status == 1)

    let text = try certificateText("chain.pem", in: workspace)
    for expected in [
      "Issuer: CN = drawdoc local authority (studio)",
      "Signature Algorithm: ecdsa-with-SHA256",
      "ASN1 OID: prime256v1",
      "X509v3 Basic Constraints: critical\nCA:FALSE",
      "X509v3 Key Usage: critical\nDigital Signature\n",
      "X509v3 Extended Key Usage:\nTLS Web Server Authentication\n",
      "X509v3 Subject Key Identifier:",
      "X509v3 Authority Key Identifier:",
      "X509v3 Subject Alternative Name:\nDNS:studio, DNS:studio.local, "
        + "IP Address:192.0.2.7, IP Address:FD00:0:0:0:0:0:0:20\n",
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
  }

  @Test func theAuthorityIsACertificateAuthorityWithAPrivateP256Key() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let now = currentTime()
    let authority = try LocalAuthority(
      folder: workspace.authorityFolder, hostName: "studio", now: now)
    _ = try authority.serverIdentity(names: ["studio.local"], addresses: [], now: now)
    #expect(try workspace.permissions("tls") == 0o700)
    #expect(try workspace.permissions("tls/authority.pem") == 0o600)
    #expect(try workspace.permissions("tls/server.pem") == 0o600)
    #expect(try workspace.permissions("tls/authority.crt") == 0o644)
    #expect(try workspace.read("tls/authority.crt") == authority.authorityCertificatePEM())
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: workspace.authorityFolder))
        == ["authority.pem", "authority.crt", "server.pem"])

    let text = try certificateText("tls/authority.crt", in: workspace)
    for expected in [
      "Issuer: CN = drawdoc local authority (studio)",
      "Subject: CN = drawdoc local authority (studio)",
      "Signature Algorithm: ecdsa-with-SHA256",
      "ASN1 OID: prime256v1",
      "X509v3 Basic Constraints: critical\nCA:TRUE\n",
      "X509v3 Key Usage: critical\nCertificate Sign, CRL Sign\n",
      "X509v3 Subject Key Identifier:",
    ] {
      #expect(text.contains(expected), "\(expected) in \(text)")
    }
    // Ten years: valid in nine, not in eleven.
    let crt = ["x509", "-in", "tls/authority.crt", "-noout", "-checkend"]
    try workspace.openssl(crt + ["\(9 * 365 * day)"])
    #expect(try workspace.run("openssl", crt + ["\(11 * 365 * day)"]).status == 1)
    // A 128-bit serial number, drawn at random: another authority's differs.
    let serial = try workspace.openssl(["x509", "-in", "tls/authority.crt", "-noout", "-serial"])
    #expect(serial.count >= "serial=\n".count + 28)
    let other = try LocalAuthority(folder: "\(workspace.path)/other", hostName: "studio")
    try workspace.write("other.pem", other.authorityCertificatePEM())
    #expect(
      try workspace.openssl(["x509", "-in", "other.pem", "-noout", "-serial"]) != serial)

    // Both files hold keys OpenSSL reads, and each is the key of its certificate.
    for (keyFile, certificateFile) in [
      ("tls/authority.pem", "tls/authority.crt"), ("tls/server.pem", "tls/server.pem"),
    ] {
      let key = try workspace.openssl(["pkey", "-in", keyFile, "-noout", "-text"])
      #expect(key.contains("NIST CURVE: P-256"))
      #expect(
        try workspace.openssl(["pkey", "-in", keyFile, "-pubout"])
          == workspace.openssl(["x509", "-in", certificateFile, "-noout", "-pubkey"]))
    }
    try workspace.write("ca.pem", authority.authorityCertificatePEM())
    #expect(
      try workspace.openssl(["verify", "-CAfile", "ca.pem", "tls/server.pem"])
        == "tls/server.pem: OK\n")
    // The fingerprint a person compares is the certificate's own.
    #expect(
      try workspace.openssl(["x509", "-in", "ca.pem", "-noout", "-fingerprint", "-sha256"])
        == "sha256 Fingerprint=\(authority.authorityFingerprint)\n")
  }

  @Test func theSameNamesAndAddressesGetTheKeptCertificate() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let now = currentTime()
    let authority = try LocalAuthority(folder: workspace.authorityFolder, now: now)
    let first = try authority.serverIdentity(
      names: ["studio", "studio.local"], addresses: ["192.0.2.7", "fd00::20"], now: now)
    let kept = try workspace.read("tls/server.pem")
    let again = try authority.serverIdentity(
      names: ["STUDIO.local", "studio"], addresses: ["fd00:0::20", "192.0.2.7"], now: now + 60)
    #expect(again == first)
    // A new start of the program opens the same authority and gets the same certificate.
    let reopened = try LocalAuthority(folder: workspace.authorityFolder, now: now + 120)
    #expect(reopened.authorityCertificateDER() == authority.authorityCertificateDER())
    let afterRestart = try reopened.serverIdentity(
      names: ["studio", "studio.local"], addresses: ["192.0.2.7", "fd00::20"], now: now + 120)
    #expect(afterRestart == first)
    // 37 days before its end it is still kept.
    let later = try reopened.serverIdentity(
      names: ["studio", "studio.local"], addresses: ["192.0.2.7", "fd00::20"],
      now: now + 360 * day)
    #expect(later == first)
    #expect(try workspace.read("tls/server.pem") == kept)
  }

  @Test func otherNamesOrAnEndWithin30DaysMakeANewCertificateOfTheSameAuthority() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let now = currentTime()
    let authority = try LocalAuthority(folder: workspace.authorityFolder, now: now)
    let authorityPEM = try workspace.read("tls/authority.pem")
    try workspace.write("ca.pem", authority.authorityCertificatePEM())
    let first = try authority.serverIdentity(
      names: ["studio"], addresses: ["192.0.2.7"], now: now)

    var seen = [first.certificateChainPEM]
    for (names, addresses) in [
      (["studio", "studio.local"], ["192.0.2.7"]), (["studio"], ["192.0.2.8"]),
      (["studio"], ["192.0.2.7", "fd00::20"]), (["studio"], []),
    ] {
      let other = try authority.serverIdentity(names: names, addresses: addresses, now: now)
      #expect(!seen.contains(other.certificateChainPEM), "\(names) \(addresses)")
      #expect(other.privateKeyPEM != first.privateKeyPEM)
      #expect(Set(other.names) == Set(names) && Set(other.addresses) == Set(addresses))
      seen.append(other.certificateChainPEM)
    }

    // 27 days before the end of the kept one: a new one, valid from then.
    let renewalTime = now + 370 * day
    let kept = try authority.serverIdentity(names: ["studio"], addresses: [], now: now)
    let renewed = try authority.serverIdentity(names: ["studio"], addresses: [], now: renewalTime)
    #expect(renewed.certificateChainPEM != kept.certificateChainPEM)
    #expect(renewed.notAfter == renewalTime - 3_600 + 397 * day)
    try workspace.write("renewed.pem", renewed.certificateChainPEM)
    #expect(
      try workspace.openssl([
        "verify", "-attime", "\(renewalTime)", "-CAfile", "ca.pem", "renewed.pem",
      ]) == "renewed.pem: OK\n")
    // The authority stays as it was.
    #expect(try workspace.read("tls/authority.pem") == authorityPEM)
    #expect(try workspace.read("tls/authority.crt") == authority.authorityCertificatePEM())
  }

  @Test func namesAndAddressesThatAreNotAreRefusedAndNothingIsWritten() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let authority = try LocalAuthority(folder: workspace.authorityFolder)
    let cases: [([String], [String], String)] = [
      (["my studio"], [], "\"my studio\" is not a host name"),
      (["studio..local"], [], "\"studio..local\" is not a host name"),
      (["-studio"], [], "\"-studio\" is not a host name"),
      (["ateliér"], [], "\"ateliér\" is not a host name"),
      (["192.0.2.7"], [], "\"192.0.2.7\" is not a host name"),
      ([], ["300.1.2.3"], "\"300.1.2.3\" is not an IP address"),
      ([], ["fe80::1%eth0"], "\"fe80::1%eth0\" is not an IP address"),
      ([], ["studio.local"], "\"studio.local\" is not an IP address"),
      ([], [], "it would cover nothing: give at least one host name or address"),
    ]
    for (names, addresses, expected) in cases {
      let message = errorText {
        _ = try authority.serverIdentity(names: names, addresses: addresses)
      }
      #expect(message.contains(expected), "\(message)")
    }
    #expect(!FileSystem.exists("\(workspace.authorityFolder)/server.pem"))
  }

  @Test func anAuthorityOthersMayReadOrThatIsDamagedIsRefused() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let authority = try LocalAuthority(folder: workspace.authorityFolder)
    let file = "\(workspace.authorityFolder)/authority.pem"
    #expect(chmod(file, 0o640) == 0)
    let exposed = errorText { _ = try LocalAuthority(folder: workspace.authorityFolder) }
    #expect(exposed.contains("others may read it (mode 640), so its key may have been seen"))
    #expect(exposed.contains("delete \(workspace.authorityFolder) to start over"))

    try workspace.write("tls/authority.pem", authority.authorityCertificatePEM())
    #expect(chmod(file, 0o600) == 0)
    let damaged = errorText { _ = try LocalAuthority(folder: workspace.authorityFolder) }
    #expect(damaged.contains("it does not hold a key and the certificate of that key"))

    // A running program makes no server certificate with another authority put in place of
    // its own, nor without one.
    _ = try LocalAuthority(folder: "\(workspace.path)/other")
    try workspace.write("tls/authority.pem", try workspace.read("other/authority.pem"))
    let changed = errorText { _ = try authority.serverIdentity(names: ["studio"], addresses: []) }
    #expect(changed.contains("is gone or changed since this program opened it: start it again"))
    try FileSystem.remove(file)
    let gone = errorText { _ = try authority.serverIdentity(names: ["studio"], addresses: []) }
    #expect(gone.contains("is gone or changed since this program opened it: start it again"))
    #expect(!FileSystem.exists("\(workspace.authorityFolder)/server.pem"))
  }
}
