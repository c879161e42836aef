import Foundation
import Testing

/// `devices` and `share`, through the built binary: what they print, the files they leave,
/// and their exit statuses.
@Suite struct AccessCommandTests {
  /// Two devices as drawdoc writes them, planted by hand.
  static let devicesFile = """
    {"devices": [
      {"name": "iPad in the studio", "tokenHash": "\(String(repeating: "ab", count: 32))", \
    "paired": "2026-11-20T08:00:00Z", "lastSeen": "2026-11-21T09:05:30Z", "address": "192.168.1.20"},
      {"name": "Phone", "tokenHash": "\(String(repeating: "cd", count: 32))", \
    "paired": "2026-11-21T10:00:00Z", "lastSeen": null, "address": null}
    ]}

    """

  @Test func devicesAreListedAndRevokedAndAnUnknownNameExitsWith66() throws {
    let box = try Sandbox()
    #expect(
      try box.succeedBinary(["devices"])
        == "No device is paired: 'drawdoc devices pair' makes a pairing code.\n")
    let devices = try plant(Self.devicesFile, in: box)
    #expect(
      try box.succeedBinary(["devices"]) == """
        NAME                PAIRED            LAST SEEN         ADDRESS
        iPad in the studio  2026-11-20 08:00  2026-11-21 09:05  192.168.1.20
        Phone               2026-11-21 10:00  never             -

        """)
    let json = try box.succeedBinary(["devices", "--json"])
    #expect(
      json == """
        [
          {"name": "iPad in the studio", "paired": "2026-11-20T08:00:00Z", \
        "lastSeen": "2026-11-21T09:05:30Z", "address": "192.168.1.20"},
          {"name": "Phone", "paired": "2026-11-21T10:00:00Z", "lastSeen": null, "address": null}
        ]

        """)
    #expect(try schemaViolations(json, schema: schema("drawdoc-devices.schema.json")) == "")

    #expect(
      try box.succeedBinary(["devices", "revoke", "Phone"])
        == "Revoked 'Phone': its token opens nothing from now on.\n")
    let again = try box.runBinary(["devices", "revoke", "Phone"])
    #expect(again.status == 66)
    #expect(
      again.standardError
        == "Error: no device is named 'Phone': the paired devices are 'iPad in the studio'\n")
    #expect(try box.succeedBinary(["devices"]).contains("Phone") == false)
    // Written again by drawdoc: its owner's only, whatever the planted file's mode was.
    #expect(try mode(devices) == 0o600)
  }

  @Test func pairPrintsAOneTimeCodeAndThePairingPath() throws {
    let box = try Sandbox()
    let printed = try box.succeedBinary(["devices", "pair", "--expires", "2h"])
    let match = try #require(
      printed.wholeMatch(
        of:
          /Pairing code: ([A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}) \(pairs one device, until \d{4}-\d\d-\d\d \d\d:\d\d, 2h from now\)\nOn the device, open the app served by 'drawdoc serve --lan' at:\n  \/pair#code=([A-Z2-9-]{9})\n/
      ), "\(printed)")
    #expect(match.output.1 == match.output.2)
    let codes = "\(box.store)/access/pairing-codes.json"
    let kept = try String(contentsOfFile: codes, encoding: .utf8)
    #expect(!kept.contains(String(match.output.1)) && kept.contains("\"used\": false"))
    #expect(try mode(codes) == 0o600)

    let wrong = try box.runBinary(["devices", "pair", "--expires", "90"])
    #expect(wrong.status == 64)
    #expect(
      wrong.standardError == """
        Error: devices: '90' is not a valid expires: expected a duration such as 30s, 10m, 12h \
        or 7d (a whole number and s, m, h or d), from 1m to 1d
        See 'drawdoc devices --help'.

        """)
    let unknown = try box.runBinary(["devices", "forget", "Phone"])
    #expect(unknown.status == 64)
    #expect(unknown.standardError.hasPrefix("Error: devices: 'forget' is not a valid ACTION"))
  }

  @Test func linksAreMadeListedAndRevoked() throws {
    let box = try Sandbox()
    let drawing = try box.newDrawing("--title", "Plan")
    let view = try box.succeedBinary(["share", "Plan", "--view", "--expires", "12h"])
    let viewMatch = try #require(
      view.wholeMatch(
        of:
          /Link ([a-z2-9]{8}) shows drawing ([a-z0-9-]{11}) until [0-9: -]{16} \('drawdoc share --revoke ([a-z2-9]{8})' takes it out\).\nOpen it in the app served by 'drawdoc serve --lan' at:\n  \/drawings\/([a-z0-9-]{11})#link=([0-9a-f]{32})\n/
      ), "\(view)")
    #expect(viewMatch.output.1 == viewMatch.output.3)
    #expect(viewMatch.output.2 == drawing && viewMatch.output.4 == drawing)
    let edit = try box.succeedBinary(["share", drawing, "--expires", "never"])
    #expect(edit.contains("edits drawing \(drawing) with no end"))
    let viewId = String(viewMatch.output.1)

    let json = try box.succeedBinary(["share", "--list", "--json"])
    #expect(try schemaViolations(json, schema: schema("drawdoc-links.schema.json")) == "")
    let links = try JSONDecoder().decode([LinkRow].self, from: Data(json.utf8))
    #expect(links.map(\.view) == [true, false])
    #expect(links.map(\.drawing) == [drawing, drawing])
    #expect(try links[0].expires.map(seconds) == seconds(links[0].created) + 12 * 3600)
    #expect(links[1].expires == nil)
    let kept = try String(contentsOfFile: "\(box.store)/access/links.json", encoding: .utf8)
    #expect(!kept.contains(String(viewMatch.output.5)))

    let table = try box.succeedBinary(["share", "--list"])
    let lines = table.split(separator: "\n").map(String.init)
    #expect(lines.first == "ID        DRAWING      TITLE  ACCESS  CREATED           EXPIRES")
    #expect(lines.count == 3)
    #expect(lines[1].hasPrefix("\(viewId)  \(drawing)  Plan   view    "))
    #expect(lines[2].hasSuffix("  never"))

    #expect(
      try box.succeedBinary(["share", "--revoke", viewId])
        == "Revoked link \(viewId) to \(drawing): it opens nothing from now on.\n")
    let again = try box.runBinary(["share", "--revoke", viewId])
    #expect(again.status == 66)
    #expect(
      again.standardError
        == "Error: no shared link has the id '\(viewId)': the links are \(links[1].id) "
        + "('drawdoc share --list' shows them)\n")
    let missing = try box.runBinary(["share", "Nothing"])
    #expect(missing.status == 66)
    #expect(
      missing.standardError
        == "Error: no drawing has the id or title 'Nothing': 'drawdoc list' shows them all\n")
    #expect(try box.runBinary(["share", "Plan", "--list"]).status == 64)
  }

  @Test func aDamagedDevicesFileExitsWith65() throws {
    let box = try Sandbox()
    let devices = try plant("{\"devices\": [{\"name\": \"iPad\"}]}", in: box)
    let result = try box.runBinary(["devices"])
    #expect(result.status == 65)
    #expect(
      result.standardError == "Error: the store's file \(devices) is damaged: record 1 of "
        + "'devices': a record lacks 'tokenHash'; move it away to start again with no paired "
        + "devices, and pair them again\n")
  }

  // MARK: - Helpers

  /// Writes `access/devices.json` into the store; returns its path.
  private func plant(_ text: String, in box: Sandbox) throws -> String {
    try FileManager.default.createDirectory(
      atPath: "\(box.store)/access", withIntermediateDirectories: true)
    let path = "\(box.store)/access/devices.json"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  private func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  /// Seconds since 1970 of `YYYY-MM-DDTHH:MM:SSZ`, read with Foundation.
  private func seconds(_ text: String) throws -> Int {
    let formatter = ISO8601DateFormatter()
    let date = try #require(formatter.date(from: text))
    return Int(date.timeIntervalSince1970)
  }
}

/// One row of `share --list --json` (`Schema/drawdoc-links.schema.json`).
private struct LinkRow: Decodable {
  var id: String
  var drawing: String
  var view: Bool
  var created: String
  var expires: String?
}
