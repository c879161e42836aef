import DrawdocJSON
import DrawdocModel

/// A device paired with the store: it reaches the app served to the network with a token of
/// its own, which the store keeps only as a SHA-256 hash.
package struct PairedDevice: Hashable, Sendable {
  /// The name it gave itself ("iPad in the studio"), unique among the store's devices.
  package var name: String
  /// The SHA-256 of its token's UTF-8 bytes, as 64 lowercase hexadecimal digits.
  package var tokenHash: String
  /// When it was paired.
  package var paired: Timestamp
  /// When the server last noted a request of it (to within a minute), if ever.
  package var lastSeen: Timestamp?
  /// The network address it was last seen from, if known.
  package var address: String?

  /// Makes a record.
  package init(
    name: String, tokenHash: String, paired: Timestamp, lastSeen: Timestamp? = nil,
    address: String? = nil
  ) {
    self.name = name
    self.tokenHash = tokenHash
    self.paired = paired
    self.lastSeen = lastSeen
    self.address = address
  }
}

/// A link that opens one drawing, to edit or only to view, for whoever holds its token; the
/// store keeps the token only as a SHA-256 hash.
package struct SharedLink: Hashable, Sendable {
  /// A short id to list and revoke it by: eight small letters and digits, without `i`, `l`,
  /// `o`, `0` and `1`.
  package var id: String
  /// The SHA-256 of its token's UTF-8 bytes, as 64 lowercase hexadecimal digits.
  package var tokenHash: String
  /// The drawing it opens.
  package var drawing: Identifier
  /// Whether it only shows the drawing (and exports it); otherwise it also changes it.
  package var viewOnly: Bool
  /// When it was made.
  package var created: Timestamp
  /// When it stops opening anything; `nil`: never.
  package var expires: Timestamp?

  /// Makes a record.
  package init(
    id: String, tokenHash: String, drawing: Identifier, viewOnly: Bool, created: Timestamp,
    expires: Timestamp?
  ) {
    self.id = id
    self.tokenHash = tokenHash
    self.drawing = drawing
    self.viewOnly = viewOnly
    self.created = created
    self.expires = expires
  }

  /// Whether it has stopped opening anything at `now`.
  package func isExpired(at now: Timestamp) -> Bool {
    expires.map { now >= $0 } ?? false
  }
}

/// A one-time code that pairs one device; the store keeps it only as a SHA-256 hash.
package struct PairingCode: Hashable, Sendable {
  /// The SHA-256 of the code's eight characters (without the dash), as 64 lowercase
  /// hexadecimal digits.
  package var codeHash: String
  /// When it stops pairing anything.
  package var expires: Timestamp
  /// Whether a device was paired with it: a code pairs one device only.
  package var used: Bool

  /// Makes a record.
  package init(codeHash: String, expires: Timestamp, used: Bool = false) {
    self.codeHash = codeHash
    self.expires = expires
    self.used = used
  }
}

/// Every access record of a store: its paired devices, its shared links and its pairing codes.
package struct AccessRecords: Hashable, Sendable {
  /// The paired devices, oldest first.
  package var devices: [PairedDevice]
  /// The shared links, oldest first.
  package var links: [SharedLink]
  /// The pairing codes not yet forgotten, oldest first.
  package var pairingCodes: [PairingCode]

  /// Makes the records.
  package init(
    devices: [PairedDevice] = [], links: [SharedLink] = [], pairingCodes: [PairingCode] = []
  ) {
    self.devices = devices
    self.links = links
    self.pairingCodes = pairingCodes
  }
}

/// One kind of access record, kept in a JSON file of its own in the store's `access/` folder:
/// `{"devices": [{…}, …]}`.
package protocol AccessRecord: Hashable, Sendable {
  /// The file's name in `access/`.
  static var fileName: String { get }
  /// The name of the array the file holds.
  static var listName: String { get }
  /// What to do about a damaged file, for its error.
  static var remedy: String { get }
  /// The record as a JSON object.
  var json: JSONValue { get }
  /// Reads a record from a JSON object.
  ///
  /// - Throws: ``AccessFileFault`` naming the member that is missing or wrong.
  init(json: JSONValue) throws(AccessFileFault)
}

extension AccessRecord {
  /// The record as a listing shows it (`drawdoc devices --json`, `drawdoc share --list
  /// --json`): its JSON without the hash of its token, which no one needs to see.
  package var listed: JSONValue {
    guard case .object(let members) = json else { return json }
    return .object(members.filter { $0.key != "tokenHash" })
  }
}

/// What is wrong in an access file.
package struct AccessFileFault: Error, Equatable {
  /// What is wrong, for ``StoreError/damagedFile(path:reason:)``.
  package let reason: String
}

extension PairedDevice: AccessRecord {
  package static let fileName = "devices.json"
  package static let listName = "devices"
  package static let remedy =
    "move it away to start again with no paired devices, and pair them again"

  package var json: JSONValue {
    .object([
      ("name", .string(name)), ("tokenHash", .string(tokenHash)),
      ("paired", .string(paired.description)),
      ("lastSeen", lastSeen.map { .string($0.description) } ?? .null),
      ("address", address.map(JSONValue.string) ?? .null),
    ])
  }

  package init(json: JSONValue) throws(AccessFileFault) {
    let fields = AccessFields(json)
    self.init(
      name: try fields.string("name"), tokenHash: try fields.hash("tokenHash"),
      paired: try fields.timestamp("paired"), lastSeen: try fields.optionalTimestamp("lastSeen"),
      address: try fields.optionalString("address"))
  }
}

extension SharedLink: AccessRecord {
  package static let fileName = "links.json"
  package static let listName = "links"
  package static let remedy =
    "move it away to start again with no shared links, and share the drawings again"

  package var json: JSONValue {
    .object([
      ("id", .string(id)), ("tokenHash", .string(tokenHash)),
      ("drawing", .string(drawing.description)), ("view", .bool(viewOnly)),
      ("created", .string(created.description)),
      ("expires", expires.map { .string($0.description) } ?? .null),
    ])
  }

  package init(json: JSONValue) throws(AccessFileFault) {
    let fields = AccessFields(json)
    let drawing = try fields.string("drawing")
    guard let id = try? Identifier(drawing) else {
      throw AccessFileFault(reason: "'drawing' is not a drawing's id: '\(drawing)'")
    }
    self.init(
      id: try fields.string("id"), tokenHash: try fields.hash("tokenHash"), drawing: id,
      viewOnly: try fields.bool("view"), created: try fields.timestamp("created"),
      expires: try fields.optionalTimestamp("expires"))
  }
}

extension PairingCode: AccessRecord {
  package static let fileName = "pairing-codes.json"
  package static let listName = "pairingCodes"
  package static let remedy =
    "remove it: it holds only pairing codes, and new ones are made when asked for"

  package var json: JSONValue {
    .object([
      ("codeHash", .string(codeHash)), ("expires", .string(expires.description)),
      ("used", .bool(used)),
    ])
  }

  package init(json: JSONValue) throws(AccessFileFault) {
    let fields = AccessFields(json)
    self.init(
      codeHash: try fields.hash("codeHash"), expires: try fields.timestamp("expires"),
      used: try fields.bool("used"))
  }
}

/// The members of one record's JSON object, read with errors that name them.
private struct AccessFields {
  let value: JSONValue

  init(_ value: JSONValue) { self.value = value }

  func member(_ key: String) throws(AccessFileFault) -> JSONValue {
    guard case .object = value else { throw AccessFileFault(reason: "a record is not an object") }
    guard let member = value[key] else { throw AccessFileFault(reason: "a record lacks '\(key)'") }
    return member
  }

  func string(_ key: String) throws(AccessFileFault) -> String {
    guard case .string(let text) = try member(key) else {
      throw AccessFileFault(reason: "'\(key)' is not a string")
    }
    return text
  }

  func optionalString(_ key: String) throws(AccessFileFault) -> String? {
    if case .null = try member(key) { return nil }
    return try string(key)
  }

  func bool(_ key: String) throws(AccessFileFault) -> Bool {
    guard case .bool(let flag) = try member(key) else {
      throw AccessFileFault(reason: "'\(key)' is not true or false")
    }
    return flag
  }

  func timestamp(_ key: String) throws(AccessFileFault) -> Timestamp {
    let text = try string(key)
    guard let time = try? Timestamp(text) else {
      throw AccessFileFault(reason: "'\(key)' is not a time like 2026-11-21T08:00:00Z: '\(text)'")
    }
    return time
  }

  func optionalTimestamp(_ key: String) throws(AccessFileFault) -> Timestamp? {
    if case .null = try member(key) { return nil }
    return try timestamp(key)
  }

  func hash(_ key: String) throws(AccessFileFault) -> String {
    let text = try string(key)
    guard text.utf8.count == 64, text.utf8.allSatisfy(DocumentStore.isLowercaseHexDigit) else {
      throw AccessFileFault(reason: "'\(key)' is not 64 lowercase hexadecimal digits")
    }
    return text
  }
}
