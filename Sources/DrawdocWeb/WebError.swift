import DrawdocEditing
import DrawdocHTTP
import DrawdocModel
import DrawdocRaster
import DrawdocSync

/// An error answered as JSON, `{"error": MESSAGE}` with a fitting status: the message is the
/// one the command line gives for the same mistake.
struct WebError: Error {
  let status: HTTPStatus
  let message: String
  /// More members of the JSON object (the current version, for a conflict).
  var extra: [(key: String, value: JSONValue)] = []

  static func refused(_ status: HTTPStatus, _ message: String) -> WebError {
    WebError(status: status, message: message)
  }

  /// Nothing is at the request's method and path.
  static func notFound(_ request: HTTPRequest) -> WebError {
    WebError(status: .notFound, message: "nothing is at \(request.method) \(request.path)")
  }

  /// Routes have the request's path, none its method: 405, with `Allow` naming their methods.
  static func methodNotAllowed(_ request: HTTPRequest, allowed: [String]) -> HTTPResponse {
    let methods = allowed.joined(separator: ", ")
    var response = WebError(
      status: .methodNotAllowed,
      message: "\(request.method) is not a method of \(request.path): it takes \(methods)"
    ).response
    response.headers.add("Allow", methods)
    return response
  }

  /// The status and message of any error a route throws.
  init(_ error: any Error) {
    switch error {
    case let error as WebError:
      self = error
    case let error as InvalidValue:
      self.init(status: .badRequest, message: error.description)
    case let error as RefusedStep:
      self.init(status: .badRequest, message: error.description)
    case let error as StoreError:
      switch error {
      case .noSuchDrawing, .inTrash, .notInTrash, .noSuchVersion:
        self.init(status: .notFound, message: error.description)
      case .conflict(_, _, let current):
        self.init(
          status: .conflict, message: error.description,
          extra: [("version", .number(Double(current)))])
      case .nothingToStep, .damagedDrawing:
        self.init(status: .unprocessableContent, message: error.description)
      case .ambiguousTitle, .invalidSetting:
        self.init(status: .badRequest, message: error.description)
      case .readOnly:
        self.init(status: .forbidden, message: error.description)
      case .locked:
        self.init(status: .serviceUnavailable, message: error.description)
      case .io, .eventsNoLongerKept, .journalRestarted, .damagedFile:
        self.init(status: .internalServerError, message: error.description)
      }
    case let error as SyncError:
      switch error {
      case .noRemote:
        self.init(status: .conflict, message: error.description)
      case .gitMissing, .busy, .remoteKeptMoving:
        self.init(status: .serviceUnavailable, message: error.description)
      case .unreachable, .notADrawdocStore, .git:
        self.init(status: .badGateway, message: error.description)
      case .store(let storeError):
        self.init(storeError)
      }
    case let error as ModelError:
      if case .noSuchRectangle = error {
        self.init(status: .notFound, message: error.description)
      } else {
        self.init(status: .badRequest, message: error.description)
      }
    case let error as RasterError:
      if case .imageTooLarge = error {
        self.init(status: .contentTooLarge, message: error.description)
      } else {
        self.init(status: .badRequest, message: error.description)
      }
    default:
      self.init(status: .internalServerError, message: "\(error)")
    }
  }

  init(status: HTTPStatus, message: String, extra: [(key: String, value: JSONValue)] = []) {
    self.status = status
    self.message = message
    self.extra = extra
  }

  var response: HTTPResponse {
    var headers = HTTPHeaders()
    headers.add("Content-Type", "application/json")
    let body = JSONValue.object([("error", .string(message))] + extra).serialized + [0x0A]
    return HTTPResponse(status: status, headers: headers, body: .bytes(body))
  }
}
