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

  package init(access: Access, name: String) {
    self.access = access
    self.name = name
  }

  /// The owner, on this machine.
  package static let owner = Visitor(access: .owner, name: "owner")
}

/// The routes behind the gate: they answer a request the gate let through, knowing who sent it.
protocol VisitorResponder: Sendable {
  func respond(to request: HTTPRequest, as visitor: Visitor) -> HTTPResponse
  func memoryEstimate(of request: HTTPRequest) -> Int
}
