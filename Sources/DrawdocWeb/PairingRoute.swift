import DrawdocEditing
import DrawdocHTTP

/// Pairing a device, on the network side only (``Routes/table``): the pairing page (the code
/// comes in the address, `#code=XXXX-XXXX`, the device names itself); the local authority's
/// certificate (DER) and the same as an Apple configuration profile, for iPad and iPhone, to
/// trust it; and `POST /api/pair` with `code` and `name`, which pairs the device and answers
/// with its own token, shown only now.
///
/// Wrong codes are bounded (``PairingLimiter``): past the bound, 429 with `Retry-After`.
enum PairingRoute {
  /// Whether the path is the pairing page or one of its downloads, which need no credential.
  static func isPublic(_ path: [String]) -> Bool {
    Routes.table.access("GET", path) == .pairing
  }

  static func respond(to request: HTTPRequest, network: NetworkAccess) -> HTTPResponse {
    let path = request.pathSegments
    switch (request.method, path.count) {
    case ("GET", 1), ("HEAD", 1): return Page.pair
    case ("GET", 2), ("HEAD", 2): return download(path[1], network) ?? notFound(request)
    case ("POST", 2): return pair(request, network)
    default: return notFound(request)
    }
  }

  private static func download(_ name: String, _ network: NetworkAccess) -> HTTPResponse? {
    guard let authority = network.authority else { return nil }
    let file: (type: String, bytes: [UInt8])
    switch name {
    case "drawdoc-authority.crt": file = ("application/x-x509-ca-cert", authority.certificate)
    case "drawdoc.mobileconfig": file = ("application/x-apple-aspen-config", authority.appleProfile)
    default: return nil
    }
    var headers = HTTPHeaders()
    headers.add("Content-Type", file.type)
    headers.add("Content-Disposition", "attachment; filename=\"\(name)\"")
    return HTTPResponse(status: .ok, headers: headers, body: .bytes(file.bytes))
  }

  private static func pair(_ request: HTTPRequest, _ network: NetworkAccess) -> HTTPResponse {
    let address = request.connection.peer?.host ?? "unknown"
    if let wait = network.pairing.wait(for: address) {
      var refusal = WebError.refused(
        .tooManyRequests, "too many wrong pairing codes: try again in \(Int(wait.rounded(.up))) s"
      ).response
      refusal.headers.add("Retry-After", String(Int(wait.rounded(.up))))
      return refusal
    }
    do {
      let fields = try RequestFields(request)
      let code = try fields.text("code") ?? ""
      let name = try fields.text("name") ?? ""
      let (device, token) = try network.access.pair(
        code: code, name: name, address: request.connection.peer?.host)
      var response = HTTPResponse(status: .created)
      response.headers.add("Content-Type", "application/json")
      response.body = .bytes(
        JSONValue.object([("name", .string(device.name)), ("token", .string(token))]).serialized
          + [0x0A])
      return response
    } catch let error as AccessError {
      switch error {
      case .unknownPairingCode:
        network.pairing.failed(from: address)
        return WebError.refused(.forbidden, error.description).response
      case .pairingCodeUsed, .pairingCodeExpired:
        network.pairing.failed(from: address)
        return WebError.refused(.gone, error.description).response
      case .deviceNameTaken: return WebError.refused(.conflict, error.description).response
      default: return WebError.refused(.badRequest, error.description).response
      }
    } catch {
      return WebError(error).response
    }
  }

  private static func notFound(_ request: HTTPRequest) -> HTTPResponse {
    WebError.notFound(request).response
  }
}
