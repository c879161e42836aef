import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocSystem
import Synchronization

/// The app's door on the network (`drawdoc serve --lan`), which ``AccessGate`` asks about
/// every request that came in TLS: the names a page may call the server by (exactly those its
/// certificate covers, on the TLS listeners' ports), and who holds a token — a paired device
/// or a shared link, from the store's access records (``DrawdocEditing/DeviceAccess``). The
/// store's own token opens nothing here.
///
/// The records are read again when their files change (a stat per request): a device revoked
/// by `drawdoc devices revoke` in another process is refused from its next request.
package final class NetworkAccess: Sendable {
  /// `host:port` as a Host field names this server: lowercased, an IPv6 address in brackets.
  package let hosts: Set<String>

  /// Whether a Host field (lowercased) names this server on the network: one of ``hosts``, or
  /// a name a wildcard of the certificate covers (`*.example.com` covers one label more:
  /// `studio.example.com`, not `example.com` nor `a.b.example.com`).
  func accepts(host: String) -> Bool {
    guard !host.contains("*") else { return false }
    if hosts.contains(host) { return true }
    guard let dot = host.firstIndex(of: "."), host.first != "." else { return false }
    return hosts.contains("*" + host[dot...])
  }

  /// Whether an Origin field (lowercased) is a page of this server on the network.
  func accepts(origin: String) -> Bool {
    origin.hasPrefix("https://") && accepts(host: String(origin.dropFirst("https://".count)))
  }
  let access: DeviceAccess
  let pairing = PairingLimiter()
  /// The local authority's certificate (DER) and its Apple configuration profile, offered on
  /// the pairing page; `nil` with a certificate of the user's own.
  let authority: (certificate: [UInt8], appleProfile: [UInt8])?
  /// `https://HOST:PORT` of the first listener, which pairing addresses start with.
  package let pairingBase: String?
  private let cache: Mutex<(stamp: AccessStamp?, records: AccessRecords?)> = Mutex((nil, nil))
  /// The SHA-256 of tokens seen lately, so that a request costs a look-up, not a hash (at
  /// most ``hashesKept``; emptied when full).
  private let hashes = Mutex<[String: String]>([:])
  static let hashesKept = 1024

  /// - Parameters:
  ///   - names: The host names the certificate covers.
  ///   - addresses: The IP addresses it covers, as text.
  ///   - ports: The ports of the TLS listeners.
  ///   - store: The store whose devices and links open the door.
  ///   - authority: The local authority's certificate (DER) and Apple profile, to offer.
  ///   - pairingBase: `https://HOST:PORT`, which pairing addresses start with.
  package init(
    names: [String], addresses: [String], ports: [UInt16], store: DocumentStore,
    authority: (certificate: [UInt8], appleProfile: [UInt8])?, pairingBase: String?
  ) {
    self.authority = authority
    self.pairingBase = pairingBase
    var hosts: Set<String> = []
    for port in Set(ports) {
      for name in names { hosts.insert("\(name.lowercased()):\(port)") }
      for address in addresses {
        let host = address.contains(":") ? "[\(address.lowercased())]" : address
        hosts.insert("\(host):\(port)")
      }
    }
    self.hosts = hosts
    access = DeviceAccess(store: store)
    refreshed()
  }

  /// The visitor a token belongs to, if a device or a link holds it.
  ///
  /// - Parameters:
  ///   - token: The bearer token.
  ///   - peer: Where the request came from (noted as the device's address).
  ///   - fresh: `true` on a worker: the records are read again if their files changed, and a
  ///     device's visit is noted (written at most once a minute). `false` on the event loop,
  ///     which never waits: the records as last read (by a worker, or ``watch(every:_:)``).
  /// - Returns: The device's or the link's visitor; `nil` for a token neither holds.
  func visitor(forToken token: String, from peer: SocketAddress?, fresh: Bool) -> Visitor? {
    let now = Timestamp.now
    let hash = self.hash(token)
    var kept = fresh ? refreshed() : cache.withLock({ $0.records })
    // A token the records as last read do not know (a device paired, a link shared, a moment
    // ago): the files are looked at (three stats) before it is refused, even on the loop.
    if !fresh, let records = kept, Self.holder(of: hash, in: records, at: now) == nil {
      kept = refreshed()
    }
    guard let records = kept, let visitor = Self.holder(of: hash, in: records, at: now) else {
      return nil
    }
    if fresh, let device = records.devices.first(where: { $0.tokenHash == hash }) {
      _ = try? access.noteSeen(device, address: peer?.host, at: now)
    }
    return visitor
  }

  /// The device or the unexpired link whose token has this hash, as a visitor.
  private static func holder(of hash: String, in records: AccessRecords, at now: Timestamp)
    -> Visitor?
  {
    if let device = records.devices.first(where: { $0.tokenHash == hash }) {
      return Visitor(access: .device(name: device.name), name: device.name, credential: hash)
    }
    if let link = records.links.first(where: { $0.tokenHash == hash }), !link.isExpired(at: now) {
      return Visitor(
        access: .link(id: link.id, drawing: link.drawing, canEdit: !link.viewOnly),
        name: "guest", credential: hash)
    }
    return nil
  }

  private func hash(_ token: String) -> String {
    if let known = hashes.withLock({ $0[token] }) { return known }
    let hash = DeviceAccess.hash(token)
    hashes.withLock { hashes in
      if hashes.count >= Self.hashesKept { hashes.removeAll(keepingCapacity: true) }
      hashes[token] = hash
    }
    return hash
  }

  /// Whether the credential of `visitor` still opens the door (false once revoked or expired),
  /// from the records as last read.
  func stillValid(_ visitor: Visitor) -> Bool {
    if case .owner = visitor.access { return true }
    guard let records = cache.withLock({ $0.records }) else { return false }
    return Self.holder(of: visitor.credential, in: records, at: .now) != nil
  }

  /// The records, read again if their files changed since they were last read.
  ///
  /// - Returns: The records; `nil` when they cannot be read.
  @discardableResult
  func refreshed() -> AccessRecords? {
    let stamp = access.stamp()
    if let kept = cache.withLock({ $0.stamp == stamp ? $0.records : nil }) { return kept }
    guard let records = try? access.store.accessRecords() else { return nil }
    cache.withLock { $0 = (stamp, records) }
    return records
  }

  /// Looks at the records' files every `interval` seconds on a thread of its own, for as long
  /// as the door exists, reading them again when they changed, and calls `look` each time:
  /// a device or a link taken out (by `drawdoc devices revoke` in another process, say), or a
  /// link that expired, is then found, whatever requests read meanwhile, and so is a stream
  /// opened a moment before its credential was taken out.
  package func watch(every interval: Double, _ look: @escaping @Sendable () -> Void) {
    _ = SystemThread.start(detached: true, stackSize: 256 << 10) { [weak self] in
      while let door = self {
        door.refreshed()
        look()
        MonotonicClock.sleep(seconds: interval)
      }
    }
  }
}

/// The bound on pairing attempts: a code is 8 characters of 32 (40 bits), and at most 10
/// wrong codes a minute are tried from all addresses together (5 from any one), so guessing
/// one within its 10 minutes has odds of about one in 10^10.
final class PairingLimiter: Sendable {
  private let failures = Mutex<[(at: Double, from: String)]>([])
  static let window = 60.0
  static let perWindow = 10
  static let perAddressPerWindow = 5

  /// Seconds to wait before the next attempt from `address`, or `nil` to try now.
  func wait(for address: String) -> Double? {
    let now = MonotonicClock.seconds()
    return failures.withLock { failures in
      failures.removeAll { now - $0.at >= Self.window }
      let mine = failures.filter { $0.from == address }
      if failures.count >= Self.perWindow {
        return Self.window - (now - failures[0].at)
      }
      if mine.count >= Self.perAddressPerWindow {
        return Self.window - (now - mine[0].at)
      }
      return nil
    }
  }

  /// Counts a wrong code.
  func failed(from address: String) {
    let now = MonotonicClock.seconds()
    failures.withLock { $0.append((now, address)) }
  }
}
