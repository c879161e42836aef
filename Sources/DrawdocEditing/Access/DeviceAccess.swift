import DrawdocModel
import DrawdocSVG
import DrawdocStore

/// Who may reach the store's app from the network, said once for the command line and the
/// server: pairing codes, the devices they pair, and links that open one drawing.
///
/// A device or a link holds a token, 128 random bits from the system's generator as 32
/// lowercase hexadecimal digits; the store keeps only its SHA-256 (so a copy of the store
/// opens nothing), and a token is shown once, when it is made. A pairing code is eight
/// characters from an alphabet without look-alikes (no `I`, `O`, `0` or `1`), shown
/// `XXXX-XXXX`; it is also kept only as a hash, pairs one device, and expires (10 minutes by
/// default).
///
/// Reads take no lock and read the file they need each time (a few kilobytes); changes go
/// through ``DrawdocStore/DocumentStore/changeAccess(_:)``, under the store's write lock. A
/// server that wants to notice changes made by another process (`drawdoc devices revoke`)
/// compares ``stamp()`` with the one it took when it last read.
package struct DeviceAccess: Sendable {
  /// The store whose access records these are.
  package let store: DocumentStore

  /// Works on the access records of a store.
  package init(store: DocumentStore) {
    self.store = store
  }

  /// The store's own access token, which the owner's pages send to `drawdoc serve`: the one
  /// kept, else a new one, kept in the store.
  ///
  /// - Parameter renewing: Whether to make a new token even if the store has one, which shuts
  ///   out every page that held the old one.
  /// - Returns: The token.
  /// - Throws: A `StoreError` if the token cannot be kept or the store is locked.
  package func ownerToken(renewing: Bool = false) throws(StoreError) -> String {
    try store.accessToken(renewing: renewing)
  }

  /// Notes where the app is served on the network now (`https://HOST:PORT`), for the commands
  /// that print addresses of it (`drawdoc devices pair`, `drawdoc share`); none forgets it.
  ///
  /// - Throws: A `StoreError` if the note cannot be written.
  package func noteServing(origins: [String]) throws(StoreError) {
    try store.noteServing(origins: origins)
  }

  /// How long a pairing code pairs, unless asked otherwise: 10 minutes.
  package static let pairingCodeLifetime = 600
  /// How long a code that expired is kept, so that it is refused as expired or used rather
  /// than as unknown: a day.
  package static let expiredCodeMemory: Int64 = 86_400
  /// How stale a device's last-seen time may get before ``noteSeen(_:address:at:)`` writes
  /// it again: 60 seconds.
  package static let seenInterval: Int64 = 60
  /// The longest name a device may have, in characters.
  package static let longestDeviceName = 60

  /// The characters of pairing codes: capitals and digits without `I`, `O`, `0` and `1`.
  static let codeAlphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
  /// The characters of link ids: small letters and digits without `i`, `l`, `o`, `0`, `1`.
  static let linkIdAlphabet = Array("abcdefghjkmnpqrstuvwxyz23456789")

  /// What changed in the access records since `stamp()` last returned: see
  /// ``DrawdocStore/DocumentStore/accessStamp()``.
  package func stamp() -> AccessStamp {
    store.accessStamp()
  }

  // MARK: - Pairing

  /// Makes a pairing code and keeps its hash. Codes that expired more than a day ago are
  /// forgotten at the same time.
  ///
  /// - Parameters:
  ///   - seconds: How long it pairs; more than 0 (a programmer error otherwise).
  ///   - now: The moment it is made.
  /// - Returns: The code, `XXXX-XXXX`, and when it expires.
  /// - Throws: A `StoreError`.
  package func makePairingCode(
    validFor seconds: Int = pairingCodeLifetime, at now: Timestamp = .now
  )
    throws(StoreError) -> (code: String, expires: Timestamp)
  {
    precondition(seconds > 0, "a pairing code is valid for a positive number of seconds")
    var generator = SystemRandomNumberGenerator()
    let characters = (0..<8).map { _ in
      Self.codeAlphabet[Int(generator.next(upperBound: UInt32(Self.codeAlphabet.count)))]
    }
    let expires = Timestamp(secondsSince1970: now.secondsSince1970 + Int64(seconds))
    let record = PairingCode(codeHash: Self.hash(String(characters)), expires: expires)
    try store.changeAccess { records in
      let forgetBefore = now.secondsSince1970 - Self.expiredCodeMemory
      records.pairingCodes.removeAll { $0.expires.secondsSince1970 < forgetBefore }
      records.pairingCodes.append(record)
    }
    return (String(characters.prefix(4)) + "-" + String(characters.suffix(4)), expires)
  }

  /// Pairs a device with a pairing code: spends the code and keeps the device's token hash.
  /// The code is checked first, so that nothing about the paired devices is told to whoever
  /// holds no good code; a refused name leaves the code unspent.
  ///
  /// - Parameters:
  ///   - code: The code as typed: its dash, spaces and case do not matter.
  ///   - name: The device's name; spaces around it are dropped.
  ///   - address: The network address it pairs from, if known.
  ///   - now: The moment it pairs.
  /// - Returns: Its record and its token, which is shown only now.
  /// - Throws: ``AccessError`` — ``AccessError/unknownPairingCode(_:)``,
  ///   ``AccessError/pairingCodeUsed(_:)``, ``AccessError/pairingCodeExpired(_:expired:)``,
  ///   ``AccessError/invalidDeviceName(_:reason:)``, ``AccessError/deviceNameTaken(_:)`` — or
  ///   a `StoreError`; nothing is then changed.
  package func pair(code: String, name: String, address: String?, at now: Timestamp = .now)
    throws -> (device: PairedDevice, token: String)
  {
    let typed = Self.normalizedCode(code)
    // What was typed comes back in the message: on one line, and not much of it.
    guard let typed else {
      throw AccessError.unknownPairingCode(DisplayText.single(code, limit: 20))
    }
    let shown = String(typed.prefix(4)) + "-" + String(typed.suffix(4))
    let name = try Self.checkedName(name)
    let codeHash = Self.hash(typed)
    let token = DocumentStore.makeAccessToken()
    let device = PairedDevice(
      name: name, tokenHash: Self.hash(token), paired: now, address: address)
    let answer = try store.changeAccess { records -> Result<Void, AccessError> in
      guard let index = records.pairingCodes.firstIndex(where: { Self.same($0.codeHash, codeHash) })
      else { return .failure(.unknownPairingCode(shown)) }
      let record = records.pairingCodes[index]
      if record.used { return .failure(.pairingCodeUsed(shown)) }
      if now >= record.expires {
        return .failure(.pairingCodeExpired(shown, expired: record.expires))
      }
      if records.devices.contains(where: { $0.name.lowercased() == name.lowercased() }) {
        return .failure(.deviceNameTaken(name))
      }
      records.pairingCodes[index].used = true
      records.devices.append(device)
      return .success(())
    }
    try answer.get()
    return (device, token)
  }

  /// A code as typed, without its dash and spaces, in capitals, if it is eight characters of
  /// the codes' alphabet.
  static func normalizedCode(_ text: String) -> String? {
    let characters = text.uppercased().filter { $0 != "-" && $0 != " " }
    guard characters.count == 8, characters.allSatisfy(codeAlphabet.contains) else { return nil }
    return characters
  }

  /// A device's name, without the spaces around it, if it may name a device: 1 to 60
  /// characters, none of them a control character, a separator of lines or paragraphs, a
  /// character that reverses the direction of text, or one Unicode has not assigned.
  ///
  /// - Throws: ``AccessError/invalidDeviceName(_:reason:)``.
  package static func checkedName(_ text: String) throws(AccessError) -> String {
    let name = String(
      text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !name.isEmpty else {
      throw .invalidDeviceName(text, reason: "a name has at least one character besides spaces")
    }
    guard name.count <= longestDeviceName, name.utf8.count <= 4 * longestDeviceName else {
      throw .invalidDeviceName(text, reason: "a name has at most \(longestDeviceName) characters")
    }
    if let bad = name.unicodeScalars.first(where: { !isPrintable($0) }) {
      let code = String(bad.value, radix: 16, uppercase: true)
      throw .invalidDeviceName(
        text,
        reason: "it holds U+\(String(repeating: "0", count: max(0, 4 - code.count)))\(code), "
          + "which does not print; use letters, digits, spaces and punctuation")
    }
    return name
  }

  private static func isPrintable(_ scalar: Unicode.Scalar) -> Bool {
    // Bidirectional overrides and isolates make a name read otherwise than it is.
    if (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value) {
      return false
    }
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned:
      return false
    default:
      return scalar == " " || !scalar.properties.isWhitespace
    }
  }

  // MARK: - Devices

  /// The paired devices, oldest first.
  ///
  /// - Throws: A `StoreError`.
  package func devices() throws(StoreError) -> [PairedDevice] {
    try store.pairedDevices()
  }

  /// The device a token belongs to, if any.
  ///
  /// - Parameter token: The token a request carries.
  /// - Returns: The device's record, or `nil` for a token no paired device has.
  /// - Throws: A `StoreError` when the devices cannot be read.
  package func device(forToken token: String) throws(StoreError) -> PairedDevice? {
    guard Self.isToken(token) else { return nil }
    let hash = Self.hash(token)
    return try store.pairedDevices().first { Self.same($0.tokenHash, hash) }
  }

  /// Takes a device out: its token opens nothing from now on.
  ///
  /// - Parameter name: Its name, exactly.
  /// - Returns: Its record.
  /// - Throws: ``AccessError/noSuchDevice(_:known:)``, naming those there are, or a
  ///   `StoreError`.
  @discardableResult
  package func revokeDevice(named name: String) throws -> PairedDevice {
    let answer = try store.changeAccess { records -> Result<PairedDevice, AccessError> in
      guard let index = records.devices.firstIndex(where: { $0.name == name }) else {
        return .failure(.noSuchDevice(name, known: records.devices.map(\.name)))
      }
      return .success(records.devices.remove(at: index))
    }
    return try answer.get()
  }

  /// Notes that a device was seen, from `address`, at `now`. The devices' file is written only
  /// when the time it holds is a minute old or more (``seenInterval``) or the address changed,
  /// so a server may call this on every request of the device: most calls compare two values
  /// and return, without reading or writing anything.
  ///
  /// - Parameters:
  ///   - device: The record ``device(forToken:)`` gave for the request.
  ///   - address: The address the request came from.
  ///   - now: When.
  /// - Returns: Whether the file was written.
  /// - Throws: A `StoreError`.
  @discardableResult
  package func noteSeen(_ device: PairedDevice, address: String?, at now: Timestamp = .now)
    throws(StoreError) -> Bool
  {
    guard Self.isStale(device, address: address, at: now) else { return false }
    return try store.changeAccess { records in
      // Read again under the lock: another request may have noted it meanwhile, or the
      // device been revoked.
      guard let index = records.devices.firstIndex(where: { $0.tokenHash == device.tokenHash }),
        Self.isStale(records.devices[index], address: address, at: now)
      else { return false }
      records.devices[index].lastSeen = now
      records.devices[index].address = address
      return true
    }
  }

  private static func isStale(_ device: PairedDevice, address: String?, at now: Timestamp) -> Bool {
    guard let seen = device.lastSeen, device.address == address else { return true }
    return now.secondsSince1970 - seen.secondsSince1970 >= seenInterval
  }

  // MARK: - Tokens

  /// The SHA-256 of a token's or code's UTF-8 bytes, as 64 lowercase hexadecimal digits.
  package static func hash(_ secret: String) -> String {
    HMAC.hex(SHA256.hash(Array(secret.utf8)))
  }

  /// Whether text has a token's form: 32 lowercase hexadecimal digits.
  static func isToken(_ text: String) -> Bool {
    text.utf8.count == 32
      && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
  }

  /// Whether two hashes are equal, in time that does not depend on where they differ.
  static func same(_ a: String, _ b: String) -> Bool {
    let (a, b) = (Array(a.utf8), Array(b.utf8))
    guard a.count == b.count else { return false }
    var difference: UInt8 = 0
    for index in a.indices { difference |= a[index] ^ b[index] }
    return difference == 0
  }
}
