import DrawdocTLS
import Testing

/// The `.mobileconfig` that installs the authority on an iPhone or iPad, read by python3's
/// plistlib (which reads Apple's property lists as Apple's own parser does).
@Suite struct AppleProfileTests {
  /// What plistlib reads of a profile, one `key=value` a line, the certificate in hex.
  private let reader = """
    import plistlib, sys, uuid
    profile = plistlib.loads(sys.stdin.buffer.read())
    payloads = profile["PayloadContent"]
    root = payloads[0]
    print("payloads=%d" % len(payloads))
    for key in ["PayloadType", "PayloadDisplayName", "PayloadIdentifier", "PayloadVersion"]:
        print("%s=%s" % (key, profile[key]))
    print("uuid=%s" % uuid.UUID(profile["PayloadUUID"]))
    for key in ["PayloadType", "PayloadIdentifier", "PayloadDisplayName"]:
        print("root.%s=%s" % (key, root[key]))
    print("root.uuid=%s" % uuid.UUID(root["PayloadUUID"]))
    print("root.data=%s" % root["PayloadContent"].hex())
    """

  private func read(_ profile: [UInt8], in workspace: Workspace) throws -> [String: String] {
    let outcome = try workspace.run("python3", ["-c", reader], input: profile)
    #expect(outcome.status == 0, "\(outcome.errorText)")
    var fields: [String: String] = [:]
    for line in outcome.outputText.split(separator: "\n") {
      guard let equals = line.firstIndex(of: "=") else { continue }
      fields[String(line[..<equals])] = String(line[line.index(after: equals)...])
    }
    return fields
  }

  @Test func theProfileInstallsTheAuthoritysCertificateAsARoot() throws {
    let workspace = try Workspace()
    defer { workspace.remove() }
    let hostName = "Jo's <studio> & co"
    let authority = try LocalAuthority(folder: workspace.authorityFolder, hostName: hostName)
    let profile = authority.appleProfile()
    let fields = try read(profile, in: workspace)
    let der = try workspace.run(
      "openssl", ["x509", "-in", "tls/authority.crt", "-outform", "DER"])
    let derHex = der.output.map { String(Int($0) + 0x100, radix: 16).dropFirst() }.joined()
    #expect(fields["root.data"] == derHex)
    #expect(fields["payloads"] == "1")
    #expect(fields["PayloadType"] == "Configuration")
    #expect(fields["PayloadVersion"] == "1")
    #expect(fields["PayloadDisplayName"] == "drawdoc on Jo's <studio> & co")
    #expect(fields["root.PayloadType"] == "com.apple.security.root")
    #expect(fields["root.PayloadDisplayName"] == "drawdoc local authority (Jo's <studio> & co)")
    let profileUUID = try #require(fields["uuid"])
    let rootUUID = try #require(fields["root.uuid"])
    #expect(profileUUID != rootUUID)
    #expect(fields["PayloadIdentifier"]?.hasSuffix(profileUUID.uppercased()) == true)
    #expect(fields["root.PayloadIdentifier"] != fields["PayloadIdentifier"])

    // The same authority always gives the same profile; another, other identifiers.
    let reopened = try LocalAuthority(folder: workspace.authorityFolder, hostName: hostName)
    #expect(reopened.appleProfile() == profile)
    let other = try LocalAuthority(folder: "\(workspace.path)/other", hostName: hostName)
    let otherFields = try read(other.appleProfile(), in: workspace)
    #expect(otherFields["uuid"] != profileUUID)
    #expect(otherFields["root.uuid"] != rootUUID)
    #expect(otherFields["PayloadIdentifier"] != fields["PayloadIdentifier"])
  }
}
