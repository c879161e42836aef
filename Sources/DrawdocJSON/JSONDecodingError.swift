/// Why a file could not be read as the JSON form of a drawing (docs/format.md).
public enum JSONDecodingError: Error, Equatable, Sendable {
  /// The text is not JSON.
  case syntax(message: String, line: Int, column: Int)
  /// A required member is absent; `path` is like `rectangles[3].color`.
  case missingMember(path: String)
  /// A member has the wrong JSON type.
  case wrongType(path: String, expected: String)
  /// A member has the right type but a value the model refuses.
  case invalidValue(path: String, reason: String)
  /// `format` is not `drawdoc` or `version` is not 1.
  case unsupportedFormat(String)
}

extension JSONDecodingError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .syntax(let message, let line, let column):
      return "\(line):\(column): not valid JSON: \(message)"
    case .missingMember(let path):
      return "the JSON form lacks \(path)"
    case .wrongType(let path, let expected):
      return "\(path) must be \(expected)"
    case .invalidValue(let path, let reason):
      return "\(path) is not allowed: \(reason)"
    case .unsupportedFormat(let found):
      return "this is not a drawdoc JSON drawing (\(found)): expected \"format\": \"drawdoc\" "
        + "and \"version\": 1"
    }
  }
}
