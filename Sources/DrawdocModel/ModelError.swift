/// Everything the model refuses, with a message a user can act on.
public enum ModelError: Error, Equatable, Sendable {
  /// The text is not an identifier of the form `abc-1x9-k0z`.
  case invalidIdentifier(String)
  /// A coordinate is NaN or infinite.
  case nonFiniteCoordinate(name: String, value: Double)
  /// A width or height is zero, negative, NaN or infinite.
  case invalidLength(name: String, value: Double)
  /// A color channel lies outside 0…255.
  case colorChannelOutOfRange(channel: String, value: Int)
  /// The text is not a `#rrggbb` color.
  case invalidHexColor(String)
  /// An alpha level lies outside 1…10.
  case alphaLevelOutOfRange(Int)
  /// The text is not an ISO 8601 UTC time of the form `2026-11-21T08:00:00Z`.
  case invalidTimestamp(String)
  /// A title holds a character that XML 1.0 cannot carry.
  case invalidTitleCharacter(UInt32)
  /// A title is longer than ``Plane/maximumTitleLength`` characters.
  case titleTooLong(Int)
  /// Another rectangle in the plane already has this identifier.
  case duplicateIdentifier(Identifier)
  /// No rectangle in the plane has this identifier.
  case noSuchRectangle(Identifier)
  /// The plane already holds the most rectangles it can.
  case tooManyRectangles(Int)
}

extension ModelError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .invalidIdentifier(let text):
      return "'\(text)' is not an identifier: expected three groups of three characters "
        + "from a-z and 0-9 joined by '-', like 'afy-kw5-t7o'"
    case .nonFiniteCoordinate(let name, let value):
      return "\(name) is \(value): a coordinate must be a finite number"
    case .invalidLength(let name, let value):
      return "\(name) is \(value): it must be a finite number greater than 0"
    case .colorChannelOutOfRange(let channel, let value):
      return "\(channel) is \(value): a color channel must lie in 0…255"
    case .invalidHexColor(let text):
      return "'\(text)' is not a color: expected '#rrggbb' with six hexadecimal digits"
    case .alphaLevelOutOfRange(let level):
      return "alpha level \(level) is out of range: expected a whole number from 1 to 10"
    case .invalidTimestamp(let text):
      return "'\(text)' is not a time: expected UTC in the form 2026-11-21T08:00:00Z"
    case .invalidTitleCharacter(let scalar):
      let hex = String(scalar, radix: 16, uppercase: true)
      return "the title contains the control character U+\(hex), which XML cannot hold: "
        + "remove it"
    case .titleTooLong(let count):
      return "the title has \(count) characters: at most \(Plane.maximumTitleLength) are allowed"
    case .duplicateIdentifier(let id):
      return "a rectangle with id \(id) is already in the drawing: ids must be unique"
    case .noSuchRectangle(let id):
      return "the drawing has no rectangle with id \(id)"
    case .tooManyRectangles(let limit):
      return "a drawing holds at most \(limit) rectangles: split it into several drawings"
    }
  }
}
