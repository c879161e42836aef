import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// `GET /api/proof?nonce=N`: the server proves that it holds the access token, without
/// showing it, so that a page sends its token only to the server that gave it. The page makes
/// a fresh random nonce, asks for it, and checks the answer with WebCrypto before the token
/// leaves the page: after the server it talked to went away, another program on the same port
/// cannot answer, and gets no token.
///
/// The answer is `{"proof": HEX}`: HMAC-SHA256 under the token (its 32 characters, as UTF-8)
/// of ``message(port:nonce:)``, which names this server's port, so that a proof made by a
/// server on another port (of the same store, with the same token) proves nothing here. The
/// request needs no token (it is what comes before the token), only the right Host. It gives
/// nothing away: codes of chosen messages under a key tell nothing of the key (HMAC is a
/// pseudorandom function), and the token is 128 random bits, too many to guess from them.
enum ServerProof {
  /// The most and fewest hexadecimal digits of a nonce (16 to 64 random bytes).
  static let nonceDigits = 32...128

  /// What the code is made of: a fixed label, the port, the nonce.
  ///
  /// - Parameters:
  ///   - port: This server's port.
  ///   - nonce: The page's nonce, lowercase hexadecimal.
  /// - Returns: The message's bytes.
  static func message(port: UInt16, nonce: String) -> [UInt8] {
    Array("drawdoc server proof\nport \(port)\nnonce \(nonce)".utf8)
  }

  /// The answer to `GET /api/proof`.
  ///
  /// - Parameters:
  ///   - request: The request, with `nonce` in its query.
  ///   - token: The access token.
  ///   - port: This server's port.
  /// - Returns: 200 with the proof; 400 for a nonce that is not 32 to 128 lowercase
  ///   hexadecimal digits.
  static func response(to request: HTTPRequest, token: String, port: UInt16) -> HTTPResponse {
    let nonce = request.query["nonce"] ?? ""
    guard nonceDigits.contains(nonce.utf8.count),
      nonce.utf8.allSatisfy({ (0x30...0x39).contains($0) || (0x61...0x66).contains($0) })
    else {
      return WebError(
        status: .badRequest,
        message:
          "nonce must be \(nonceDigits.lowerBound) to \(nonceDigits.upperBound) lowercase "
          + "hexadecimal digits: /api/proof?nonce=…"
      ).response
    }
    let proof = HMAC.sha256(key: Array(token.utf8), message: message(port: port, nonce: nonce))
    var headers = HTTPHeaders()
    headers.add("Content-Type", "application/json")
    return HTTPResponse(
      status: .ok, headers: headers,
      body: .bytes(JSONValue.object([("proof", .string(HMAC.hex(proof)))]).serialized + [0x0A]))
  }
}
