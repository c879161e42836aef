import DrawdocEditing
import DrawdocHTTP
import DrawdocModel

/// The body of `POST /api/drawings/ID/presence`: where a page's pointer is, what it has
/// selected and what it shows, all in drawing units:
///
/// ```json
/// {"page": "k3v9x2mq8a", "pointer": {"x": 120.5, "y": 48}, "selection": ["afy-kw5-t7o"],
///  "view": {"x": -20, "y": 0, "width": 640, "height": 480}}
/// ```
///
/// `pointer` is `null` when the pointer is off the canvas; `{"page": …, "leave": true}` says
/// the page is going. Other members are left aside. The name and colour are never taken from
/// it: the server adds them (``PresenceBoard``).
struct PresenceUpdate {
  /// The page's own random id: 8 to 64 letters, digits, `-` or `_`.
  let page: String
  let leave: Bool
  let pointer: (x: Double, y: Double)?
  let selection: [Identifier]
  /// The rectangle of the drawing the page shows.
  let view: (x: Double, y: Double, width: Double, height: Double)?

  /// The most ids a selection sends (the page outlines no more than that).
  static let selectionLimit = 1000
  /// Coordinates are drawing units, within a billion of the origin.
  static let reach = 1e9

  init(_ request: HTTPRequest) throws(WebError) {
    let fields = try RequestFields(request)
    guard case .string(let page)? = fields.value("page"), Self.isPageId(page) else {
      throw Self.bad(
        "page must be the page's id: 8 to 64 letters, digits, - or _ (it chooses one at random)")
    }
    self.page = page
    leave = try fields.flag("leave")
    pointer = try Self.point(fields.value("pointer"))
    switch fields.value("selection") {
    case nil, .null?: selection = []
    case .array(let items)?:
      guard items.count <= Self.selectionLimit else {
        throw Self.bad("selection has \(items.count) ids: at most \(Self.selectionLimit) are sent")
      }
      var ids: [Identifier] = []
      for item in items {
        guard case .string(let text) = item, let id = try? Identifier(text) else {
          throw Self.bad("selection must be a list of rectangle ids such as \"afy-kw5-t7o\"")
        }
        ids.append(id)
      }
      selection = ids
    default: throw Self.bad("selection must be a list of rectangle ids such as \"afy-kw5-t7o\"")
    }
    view = try Self.box(fields.value("view"))
  }

  /// The presence as the others get it: the page's fields, with the name and colour given.
  func object(name: String, color: String) -> JSONValue {
    .object([
      ("page", .string(page)), ("name", .string(name)), ("color", .string(color)),
      (
        "pointer",
        pointer.map { .object([("x", .number($0.x)), ("y", .number($0.y))]) } ?? .null
      ),
      ("selection", .array(selection.map { .string($0.description) })),
      (
        "view",
        view.map {
          .object([
            ("x", .number($0.x)), ("y", .number($0.y)), ("width", .number($0.width)),
            ("height", .number($0.height)),
          ])
        } ?? .null
      ),
    ])
  }

  static func isPageId(_ text: String) -> Bool {
    (8...64).contains(text.utf8.count)
      && text.utf8.allSatisfy { byte in
        (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte)
          || (0x61...0x7A).contains(byte) || byte == 0x2D || byte == 0x5F
      }
  }

  private static func point(_ value: JSONValue?) throws(WebError) -> (x: Double, y: Double)? {
    switch value {
    case nil, .null?: return nil
    case .object(let members)?:
      guard let x = number(members, "x"), let y = number(members, "y") else { break }
      return (x, y)
    default: break
    }
    throw bad("pointer must be {\"x\": X, \"y\": Y} in drawing units, or null off the canvas")
  }

  private static func box(_ value: JSONValue?) throws(WebError) -> (
    x: Double, y: Double, width: Double, height: Double
  )? {
    switch value {
    case nil, .null?: return nil
    case .object(let members)?:
      guard let x = number(members, "x"), let y = number(members, "y"),
        let width = number(members, "width"), let height = number(members, "height"),
        width > 0, height > 0
      else { break }
      return (x, y, width, height)
    default: break
    }
    throw bad(
      "view must be the rectangle shown, {\"x\", \"y\", \"width\", \"height\"} in drawing units, "
        + "its width and height above 0")
  }

  /// A member that is a number within ``reach`` of the origin.
  private static func number(_ members: [(key: String, value: JSONValue)], _ name: String)
    -> Double?
  {
    guard case .number(let value)? = members.last(where: { $0.key == name })?.value,
      value.isFinite, abs(value) <= reach
    else { return nil }
    return value
  }

  private static func bad(_ message: String) -> WebError {
    WebError(status: .badRequest, message: message)
  }
}
