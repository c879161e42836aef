import DrawdocEditing
import DrawdocModel
import DrawdocStore
import Foundation
import Testing

/// Pairing codes, paired devices and shared links, through a real store in a temporary folder.
@Suite struct DeviceAccessTests {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-access-\(UUID().uuidString)").path
  let start = Timestamp(secondsSince1970: 1_800_000_000)

  func at(_ seconds: Int64) -> Timestamp {
    Timestamp(secondsSince1970: start.secondsSince1970 + seconds)
  }

  @Test func aCodePairsOneDeviceOnceAndItsTokenIsKeptOnlyAsItsHash() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    let (code, expires) = try access.makePairingCode(at: start)
    #expect(expires == at(600))
    #expect(code.wholeMatch(of: /[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}/) != nil, "\(code)")

    // Typed in small letters without the dash, with spaces around: the same code.
    let typed = " " + code.lowercased().replacingOccurrences(of: "-", with: "") + " "
    let (device, token) = try access.pair(
      code: typed, name: "  iPad in the studio ", address: "192.168.1.20", at: at(30))
    #expect(token.wholeMatch(of: /[0-9a-f]{32}/) != nil, "\(token)")
    #expect(
      device
        == PairedDevice(
          name: "iPad in the studio", tokenHash: try sha256sum(token), paired: at(30),
          address: "192.168.1.20"))
    #expect(try access.device(forToken: token) == device)
    #expect(try access.device(forToken: String(repeating: "0", count: 32)) == nil)
    #expect(try access.device(forToken: "not a token") == nil)

    #expect(throws: AccessError.pairingCodeUsed(code)) {
      try access.pair(code: code, name: "Phone", address: nil, at: at(31))
    }
    #expect(try access.devices().map(\.name) == ["iPad in the studio"])

    let files = try accessFiles()
    #expect(!files.contains(token) && !files.contains(code) && !files.contains(typed))
    #expect(files.contains(try sha256sum(token)))
  }

  @Test func theOwnersTokenIsKeptUntilRenewedAndTheServedAddressesUntilForgotten() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    let token = try access.ownerToken()
    #expect(token.wholeMatch(of: /[0-9a-f]{32}/) != nil, "\(token)")
    #expect(try DeviceAccess(store: try DocumentStore(root: folder)).ownerToken() == token)
    let renewed = try access.ownerToken(renewing: true)
    #expect(renewed != token)
    #expect(try access.ownerToken() == renewed)

    try access.noteServing(origins: ["https://192.168.1.5:8443", "https://laptop.lan:8443"])
    #expect(
      try DocumentStore(root: folder).servingOrigins()
        == ["https://192.168.1.5:8443", "https://laptop.lan:8443"])
    try access.noteServing(origins: [])
    #expect(try DocumentStore(root: folder).servingOrigins().isEmpty)
  }

  @Test func anExpiredOrUnknownCodeIsRefusedAndChangesNothing() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    let (late, _) = try access.makePairingCode(validFor: 120, at: start)
    let (justInTime, _) = try access.makePairingCode(validFor: 120, at: start)
    let before = try accessFiles()
    #expect(throws: AccessError.pairingCodeExpired(late, expired: at(120))) {
      try access.pair(code: late, name: "Late", address: nil, at: at(120))
    }
    #expect(throws: AccessError.unknownPairingCode("ABCD-EFGH")) {
      try access.pair(code: "ABCD-EFGH", name: "Guess", address: nil, at: at(1))
    }
    #expect(throws: AccessError.unknownPairingCode("12345678")) {
      try access.pair(code: "12345678", name: "Guess", address: nil, at: at(1))
    }
    // What comes back of a code that is not one is on one line, and short.
    let garbage = "x\n" + String(repeating: "y", count: 100)
    #expect(throws: AccessError.unknownPairingCode("x\\nyyyyyyyyyyyyyyyyy…")) {
      try access.pair(code: garbage, name: "Guess", address: nil, at: at(1))
    }
    #expect(try accessFiles() == before)
    #expect(try access.devices().isEmpty)
    _ = try access.pair(code: justInTime, name: "On time", address: nil, at: at(119))
    #expect(try access.devices().map(\.name) == ["On time"])
  }

  @Test func namesAreCheckedAndARefusedNameLeavesTheCodeUnspent() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    let (first, _) = try access.makePairingCode(at: start)
    _ = try access.pair(code: first, name: "iPad", address: nil, at: start)
    let (code, _) = try access.makePairingCode(at: start)
    let sixty = String(repeating: "é", count: 60)
    let refusals: [(String, AccessError)] = [
      (
        "   ", .invalidDeviceName("   ", reason: "a name has at least one character besides spaces")
      ),
      (sixty + "x", .invalidDeviceName(sixty + "x", reason: "a name has at most 60 characters")),
      (
        "bell\u{7}",
        .invalidDeviceName(
          "bell\u{7}",
          reason: "it holds U+0007, which does not print; use letters, digits, spaces and "
            + "punctuation")
      ),
      (
        "evil\u{202E}dapi",
        .invalidDeviceName(
          "evil\u{202E}dapi",
          reason: "it holds U+202E, which does not print; use letters, digits, spaces and "
            + "punctuation")
      ),
      ("IPAD", .deviceNameTaken("IPAD")),
    ]
    for (name, refusal) in refusals {
      #expect(throws: refusal) { try access.pair(code: code, name: name, address: nil, at: start) }
    }
    _ = try access.pair(code: code, name: sixty, address: nil, at: start)
    #expect(try access.devices().map(\.name) == ["iPad", sixty])
  }

  @Test func aRevokedDeviceIsFoundNoMoreAndAnotherStoreValueSeesTheChange() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    var tokens: [String] = []
    for name in ["iPad", "Phone"] {
      let (code, _) = try access.makePairingCode(at: start)
      tokens.append(try access.pair(code: code, name: name, address: nil, at: start).token)
    }
    let stamp = access.stamp()
    // As `drawdoc devices revoke` in another process would.
    let other = DeviceAccess(store: try DocumentStore(root: folder))
    #expect(try other.revokeDevice(named: "iPad").name == "iPad")
    #expect(access.stamp() != stamp)
    #expect(try access.device(forToken: tokens[0]) == nil)
    #expect(try access.device(forToken: tokens[1])?.name == "Phone")
    #expect(throws: AccessError.noSuchDevice("iPad", known: ["Phone"])) {
      try access.revokeDevice(named: "iPad")
    }
  }

  @Test func seeingADeviceWritesOnlyWhenTheTimeIsAMinuteOldOrTheAddressChanged() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    let (code, _) = try access.makePairingCode(at: start)
    let (_, token) = try access.pair(code: code, name: "iPad", address: "10.0.0.2", at: start)
    func seen(_ seconds: Int64, from address: String) throws -> Bool {
      let device = try #require(try access.device(forToken: token))
      return try access.noteSeen(device, address: address, at: at(seconds))
    }
    #expect(try seen(1, from: "10.0.0.2"))
    let stamp = access.stamp()
    #expect(try !seen(60, from: "10.0.0.2"))
    #expect(access.stamp() == stamp)
    #expect(try seen(61, from: "10.0.0.2"))
    #expect(try seen(62, from: "10.0.0.3"))
    #expect(access.stamp() != stamp)
    let device = try #require(try access.device(forToken: token))
    #expect(device.lastSeen == at(62) && device.address == "10.0.0.3")
  }

  @Test func linksOpenOneDrawingToEditOrViewUntilTheyExpireOrAreRevoked() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try DocumentStore(root: folder)
    let drawing = try Editing(store: store).create(title: "Plan").id
    let access = DeviceAccess(store: store)
    let (view, viewToken) = try access.share(
      drawing: drawing, viewOnly: true, expiresIn: 3600, at: start)
    let (edit, editToken) = try access.share(
      drawing: drawing, viewOnly: false, expiresIn: nil, at: start)
    #expect(view.id.wholeMatch(of: /[a-hj-km-np-z2-9]{8}/) != nil, "\(view.id)")
    #expect(view.id != edit.id && viewToken != editToken)
    #expect(
      view
        == SharedLink(
          id: view.id, tokenHash: try sha256sum(viewToken), drawing: drawing, viewOnly: true,
          created: start, expires: at(3600)))
    #expect(try access.link(forToken: viewToken, at: at(3599)) == view)
    #expect(try access.link(forToken: viewToken, at: at(3600)) == nil)
    #expect(try access.link(forToken: editToken, at: at(100 * 365 * 86_400))?.viewOnly == false)
    #expect(try access.links() == [view, edit])
    #expect(!(try accessFiles()).contains(viewToken))

    #expect(try access.revokeLink(id: edit.id) == edit)
    #expect(try access.link(forToken: editToken, at: start) == nil)
    #expect(throws: AccessError.noSuchLink(edit.id, known: [view.id])) {
      try access.revokeLink(id: edit.id)
    }
    let missing = try Identifier("aaa-bbb-ccc")
    #expect(throws: StoreError.noSuchDrawing("aaa-bbb-ccc")) {
      try access.share(drawing: missing, viewOnly: true, at: start)
    }
    #expect(try access.links() == [view])
  }

  @Test func theAccessFilesAreTheOwnersOnly() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try DocumentStore(root: folder)
    let access = DeviceAccess(store: store)
    let (code, _) = try access.makePairingCode(at: start)
    _ = try access.pair(code: code, name: "iPad", address: nil, at: start)
    _ = try access.share(
      drawing: try Editing(store: store).create(title: "Plan").id, viewOnly: false, at: start)
    let modes = try ["", "/devices.json", "/links.json", "/pairing-codes.json"].map { name in
      let attributes = try FileManager.default.attributesOfItem(atPath: "\(folder)/access\(name)")
      return String((attributes[.posixPermissions] as? Int) ?? -1, radix: 8)
    }
    #expect(modes == ["700", "600", "600", "600"])
  }

  @Test func aDamagedFileIsAClearError() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let access = DeviceAccess(store: try DocumentStore(root: folder))
    try FileManager.default.createDirectory(
      atPath: "\(folder)/access", withIntermediateDirectories: true)
    let devices = "\(folder)/access/devices.json"
    let cases: [(String, String)] = [
      ("{\"devices\": [", "it is not JSON (line 1, column 14: "),
      ("[]", "it is not an object with an array 'devices'"),
      ("{\"devices\": [{\"name\": 7}]}", "record 1 of 'devices': 'name' is not a string"),
      (
        "{\"devices\": [{\"name\": \"a\", \"tokenHash\": \"abc\"}]}",
        "record 1 of 'devices': 'tokenHash' is not 64 lowercase hexadecimal digits"
      ),
    ]
    for (content, reason) in cases {
      try Data(content.utf8).write(to: URL(fileURLWithPath: devices))
      #expect {
        try access.devices()
      } throws: { error in
        guard case .damagedFile(let path, let message)? = error as? StoreError else { return false }
        return path == devices && message.hasPrefix(reason)
          && message.hasSuffix(
            "; move it away to start again with no paired devices, and pair them again")
      }
      // A change refuses too, and leaves the file as it was.
      #expect(throws: StoreError.self) { try access.makePairingCode(at: start) }
      #expect(try Data(contentsOf: URL(fileURLWithPath: devices)) == Data(content.utf8))
    }
  }

  // MARK: - Helpers

  /// The text of every access file.
  func accessFiles() throws -> String {
    try ["devices.json", "links.json", "pairing-codes.json"].map { name in
      let path = "\(folder)/access/\(name)"
      guard FileManager.default.fileExists(atPath: path) else { return "" }
      return try String(contentsOfFile: path, encoding: .utf8)
    }.joined(separator: "\n")
  }
}

/// The SHA-256 of text as coreutils' `sha256sum` gives it: an independent hash.
func sha256sum(_ text: String) throws -> String {
  String(try output(of: ["sha256sum"], input: text).prefix(64))
}
