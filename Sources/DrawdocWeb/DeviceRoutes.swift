import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocQRCode

/// The devices and links, for the owner's settings (the gate keeps devices and links out;
/// ``Routes/table``): the paired devices and the shared links, as `drawdoc devices --json` and
/// `drawdoc share --list --json` print them; a device or a link taken out (its next request
/// gets 401, its streams close); a new pairing code, with its address on the network and that
/// address as a QR code (SVG).
extension Routes {
  func devices() throws -> HTTPResponse {
    let access = DeviceAccess(store: store)
    return json(
      .object([
        ("devices", .array(try access.devices().map(\.listed))),
        ("links", .array(try access.links().map(\.listed))),
        ("network", .bool(network != nil)),
      ]))
  }

  func revokeDevice(named name: String) throws -> HTTPResponse {
    let device = try DeviceAccess(store: store).revokeDevice(named: name)
    return json(.object([("revoked", .string(device.name))]))
  }

  func revokeLink(id: String) throws -> HTTPResponse {
    let link = try DeviceAccess(store: store).revokeLink(id: id)
    return json(.object([("revoked", .string(link.id))]))
  }

  func makePairingCode() throws -> HTTPResponse {
    let access = DeviceAccess(store: store)
    guard let network, let base = network.pairingBase else {
      throw WebError(
        status: .conflict,
        message: "this server does not serve the network: start it with 'drawdoc serve --lan'")
    }
    let (code, expires) = try access.makePairingCode()
    let address = "\(base)/pair#code=\(code)"
    let svg = (try? QRCode(encoding: Array(address.utf8)))?.svg(moduleSize: 4) ?? ""
    return json(
      .object([
        ("code", .string(code)), ("address", .string(address)),
        ("expires", .string(expires.description)), ("qr", .string(svg)),
      ]),
      status: .created)
  }
}
