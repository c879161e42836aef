import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocQRCode

/// The devices and links, for the owner's settings (the gate keeps devices and links out):
///
/// | method and path | what |
/// |---|---|
/// | `GET /api/devices` | the paired devices and the shared links, as `drawdoc devices --json` and `drawdoc share --list --json` print them |
/// | `DELETE /api/devices/NAME` | takes the device out: its next request gets 401, its streams close |
/// | `DELETE /api/links/ID` | takes the link out |
/// | `POST /api/pairing` | a new pairing code: its address on the network and that address as a QR code (SVG) |
extension Routes {
  func deviceRoute(_ method: String, _ api: [String], _ request: HTTPRequest) throws
    -> HTTPResponse
  {
    let access = DeviceAccess(store: store)
    switch (method, api[0], api.count) {
    case ("GET", "devices", 1):
      return json(
        .object([
          ("devices", .array(try access.devices().map(\.listed))),
          ("links", .array(try access.links().map(\.listed))),
          ("network", .bool(network != nil)),
        ]))
    case ("DELETE", "devices", 2):
      let device = try access.revokeDevice(named: api[1])
      return json(.object([("revoked", .string(device.name))]))
    case ("DELETE", "links", 2):
      let link = try access.revokeLink(id: api[1])
      return json(.object([("revoked", .string(link.id))]))
    case ("POST", "pairing", 1):
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
    default: throw notFound(request)
    }
  }
}
