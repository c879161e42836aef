/// A response's status code and reason phrase.
public struct HTTPStatus: Hashable, Sendable {
  /// The three-digit code.
  public let code: Int
  /// The reason phrase.
  public let reason: String

  /// Makes a status.
  ///
  /// - Parameters:
  ///   - code: The code.
  ///   - reason: The reason phrase.
  public init(code: Int, reason: String) {
    self.code = code
    self.reason = reason
  }

  public static let ok = HTTPStatus(code: 200, reason: "OK")
  public static let created = HTTPStatus(code: 201, reason: "Created")
  public static let noContent = HTTPStatus(code: 204, reason: "No Content")
  public static let found = HTTPStatus(code: 302, reason: "Found")
  public static let seeOther = HTTPStatus(code: 303, reason: "See Other")
  public static let badRequest = HTTPStatus(code: 400, reason: "Bad Request")
  public static let unauthorized = HTTPStatus(code: 401, reason: "Unauthorized")
  public static let forbidden = HTTPStatus(code: 403, reason: "Forbidden")
  public static let notFound = HTTPStatus(code: 404, reason: "Not Found")
  public static let methodNotAllowed = HTTPStatus(code: 405, reason: "Method Not Allowed")
  public static let requestTimeout = HTTPStatus(code: 408, reason: "Request Timeout")
  public static let conflict = HTTPStatus(code: 409, reason: "Conflict")
  public static let gone = HTTPStatus(code: 410, reason: "Gone")
  public static let lengthRequired = HTTPStatus(code: 411, reason: "Length Required")
  public static let contentTooLarge = HTTPStatus(code: 413, reason: "Content Too Large")
  public static let unsupportedMediaType = HTTPStatus(code: 415, reason: "Unsupported Media Type")
  public static let expectationFailed = HTTPStatus(code: 417, reason: "Expectation Failed")
  public static let unprocessableContent = HTTPStatus(code: 422, reason: "Unprocessable Content")
  public static let headerFieldsTooLarge = HTTPStatus(
    code: 431, reason: "Request Header Fields Too Large")
  public static let internalServerError = HTTPStatus(code: 500, reason: "Internal Server Error")
  public static let notImplemented = HTTPStatus(code: 501, reason: "Not Implemented")
  public static let serviceUnavailable = HTTPStatus(code: 503, reason: "Service Unavailable")
  public static let versionNotSupported = HTTPStatus(
    code: 505, reason: "HTTP Version Not Supported")
}
