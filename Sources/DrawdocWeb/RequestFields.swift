import DrawdocHTTP
import DrawdocModel
import DrawdocEditing

/// The fields of a request's JSON body, `{"x": "12", "version": 4}`, read as the text a
/// person typed, so that ``UserValue`` refuses the same text with the same message as the
/// command line.
struct RequestFields {
  private let members: [(key: String, value: JSONValue)]

  /// Reads a body: a JSON object, or nothing (no fields).
  init(_ request: HTTPRequest) throws(WebError) {
    guard !request.body.isEmpty else {
      members = []
      return
    }
    // The media type exactly (parameters such as `charset` aside): not `application/jsonx`.
    let contentType = request.headers["Content-Type"]?.lowercased()
    guard let contentType,
      contentType.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)[0]
        .trimmingCharacters(in: " ") == "application/json"
    else {
      throw WebError(
        status: .unsupportedMediaType, message: "the body must be JSON (application/json)")
    }
    let value: JSONValue
    do {
      value = try JSONValue.parse(request.body)
    } catch {
      throw WebError(
        status: .badRequest,
        message:
          "the body is not JSON: \(error.message) (line \(error.line), column \(error.column))")
    }
    guard case .object(let members) = value else {
      throw WebError(status: .badRequest, message: "the body must be a JSON object")
    }
    self.members = members
  }

  /// A field as text: a string as it is, a number in its shortest form; `nil` when it is
  /// missing, null or empty.
  func text(_ name: String) throws(WebError) -> String? {
    try Self.text(members.last(where: { $0.key == name })?.value, name: name)
  }

  /// A JSON value as the text a person would type: a string as it is, a number in its
  /// shortest form; `nil` when missing, null or empty.
  static func text(_ value: JSONValue?, name: String) throws(WebError) -> String? {
    switch value {
    case nil, .null?: return nil
    case .string(let text)?: return text.isEmpty ? nil : text
    case .number(let number)? where number.isFinite: return ShortestDecimal.string(number)
    case .number?:
      // A number past the largest double reads as infinity.
      throw WebError(
        status: .badRequest, message: "\(name) is too large a number: the largest is about 1.8e308")
    case .bool(let flag)?: return flag ? "true" : "false"
    default:
      throw WebError(status: .badRequest, message: "\(name) must be text or a number")
    }
  }

  /// A field's JSON value as sent; `nil` when missing.
  func value(_ name: String) -> JSONValue? {
    members.last(where: { $0.key == name })?.value
  }

  /// A yes-or-no field; `false` when missing.
  func flag(_ name: String) throws(WebError) -> Bool {
    switch members.last(where: { $0.key == name })?.value {
    case nil, .null?: return false
    case .bool(let flag)?: return flag
    default: throw WebError(status: .badRequest, message: "\(name) must be true or false")
    }
  }

  /// The version the edit was made on, which every edit carries.
  func version() throws -> Int {
    guard let text = try text("version") else {
      throw WebError(
        status: .badRequest,
        message: "an edit must carry the version it was made on (\"version\")")
    }
    return try UserValue.version(text, field: "version")
  }
}

extension StringProtocol {
  fileprivate func trimmingCharacters(in blank: Character) -> Substring {
    var text = Substring(self)
    while text.first == blank || text.first == "\t" { text = text.dropFirst() }
    while text.last == blank || text.last == "\t" { text = text.dropLast() }
    return text
  }
}
