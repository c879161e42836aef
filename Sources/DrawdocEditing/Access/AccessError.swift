import DrawdocModel

/// Why pairing a device, or finding a device or a link, was refused. The command line and the
/// app show the same message.
package enum AccessError: Error, Equatable, Sendable {
  /// No pairing code of the store is this one (or it expired more than a day ago and was
  /// forgotten).
  case unknownPairingCode(String)
  /// The code paired a device already: a code pairs one device.
  case pairingCodeUsed(String)
  /// The code expired at this moment.
  case pairingCodeExpired(String, expired: Timestamp)
  /// The name cannot name a device, for this reason.
  case invalidDeviceName(String, reason: String)
  /// A paired device has this name already (names are compared without case).
  case deviceNameTaken(String)
  /// No paired device has this name; `known` are those that are paired.
  case noSuchDevice(String, known: [String])
  /// No shared link has this id; `known` are those there are.
  case noSuchLink(String, known: [String])
}

extension AccessError: CustomStringConvertible {
  package var description: String {
    switch self {
    case .unknownPairingCode(let code):
      return "'\(code)' is not a pairing code of this store: check what you typed, or make a "
        + "new code with 'drawdoc devices pair'"
    case .pairingCodeUsed(let code):
      return "the pairing code \(code) was used already: a code pairs one device; make a new "
        + "one with 'drawdoc devices pair'"
    case .pairingCodeExpired(let code, let expired):
      return "the pairing code \(code) expired at \(expired): make a new one with "
        + "'drawdoc devices pair'"
    case .invalidDeviceName(let name, let reason):
      return "'\(name)' cannot name a device: \(reason)"
    case .deviceNameTaken(let name):
      return "a device named '\(name)' is paired already: choose another name (or revoke that "
        + "device first with 'drawdoc devices revoke NAME')"
    case .noSuchDevice(let name, let known):
      guard !known.isEmpty else {
        return "no device is named '\(name)': no device is paired ('drawdoc devices pair' "
          + "pairs one)"
      }
      return "no device is named '\(name)': the paired devices are "
        + known.map { "'\($0)'" }.joined(separator: ", ")
    case .noSuchLink(let id, let known):
      guard !known.isEmpty else {
        return "no shared link has the id '\(id)': there are none ('drawdoc share DOC' makes one)"
      }
      return "no shared link has the id '\(id)': the links are "
        + known.joined(separator: ", ") + " ('drawdoc share --list' shows them)"
    }
  }
}
