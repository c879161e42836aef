/// A response's status code and reason phrase.
package struct HTTPStatus: Hashable, Sendable {
  /// The three-digit code.
  package let code: Int
  /// The reason phrase.
  package let reason: String

  /// Makes a status.
  ///
  /// - Parameters:
  ///   - code: The code.
  ///   - reason: The reason phrase.
  package init(code: Int, reason: String) {
    self.code = code
    self.reason = reason
  }

  package static let ok = HTTPStatus(code: 200, reason: "OK")
  package static let created = HTTPStatus(code: 201, reason: "Created")
  package static let noContent = HTTPStatus(code: 204, reason: "No Content")
  package static let found = HTTPStatus(code: 302, reason: "Found")
  package static let seeOther = HTTPStatus(code: 303, reason: "See Other")
  package static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
  package static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
  package static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
  package static let notFound = HTTPStatus(code: 404, reason: "Not Found")
  package static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
  package static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
  package static let conflict = HTTPStatus(code: 409, reason: "Conflict")
  package static let gone = HTTPStatus(code: 410, reason: "Gone")
  package static let lengthRequired = HTTPStatus(code: 411, reason: "Length Required")
  package static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
  package static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
  package static let expectationFailed = HTTPStatus(code: 417, reason: "Expectation Failed")
  package static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
  package static let tooManyRequests = HTTPStatus(code: 429, reason: "Too Many Requests")
  package static let headerFieldsTooLarge = HTTPStatus(
    code: 431, reason: "Request Header Fields Too Large")
  package static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
  package static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
  package static let badGateway = HTTPStatus(code: 502, reason: "Bad Gateway")
  package static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
  package static let versionNotSupported = HTTPStatus(
    code: 505, reason: "HTTP Version Not Supported")
}
