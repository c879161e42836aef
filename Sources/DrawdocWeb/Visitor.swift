import DrawdocHTTP
import DrawdocModel

/// Who sent a request, as ``AccessGate`` found from its credential: what it may do, and the
/// name the others in a drawing see (presence).
package struct Visitor: Sendable, Hashable {
  /// What the credential opens.
  package enum Access: Sendable, Hashable {
    /// The store's own token, on the loopback address: everything.
    case owner
    /// A paired device's own token, on the LAN listener: everything but the devices and links.
    case device(name: String)
    /// A shared link's token: one drawing, to edit or (`canEdit` false) only to view.
    case link(id: String, drawing: Identifier, canEdit: Bool)
  }

  /// What the credential opens.
  package let access: Access
  /// The name shown to the others in a drawing.
  package let name: String
  /// What identifies the credential: the SHA-256 of a device's or a link's token (what the
  /// store keeps of it), `owner` for the store's own token.
  package let credential: String

  package init(access: Access, name: String, credential: String) {
    self.access = access
    self.name = name
    self.credential = credential
  }

  /// The owner, on this machine.
  package static let owner = Visitor(access: .owner, name: "owner", credential: "owner")

  /// The drawing a link opens, if the visitor came with one.
  package var linkedDrawing: Identifier? {
    if case .link(_, let drawing, _) = access { return drawing }
    return nil
  }
}

/// The routes behind the gate: they answer a request the gate let through, knowing who sent it.
protocol VisitorResponder: Sendable {
  func respond(to request: HTTPRequest, as visitor: Visitor) -> HTTPResponse
  func memoryEstimate(of request: HTTPRequest) -> Int
}
