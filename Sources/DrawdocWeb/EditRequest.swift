import DrawdocEditing
import DrawdocModel

/// The steps of `POST /api/drawings/ID/edits`, read from and written as JSON: the body is
/// `{"edits": [step, …]}` and the answer's `undo` holds steps of the same form, which the page
/// sends back to take its edit back.
///
/// | step | what it does |
/// |---|---|
/// | `{"set": ID, "to": {fields}, "was": {fields}}` | sets fields that still hold `was` |
/// | `{"shift": ID, "by": {"x": 1, "alpha": -1}}` | adds to fields as they are then |
/// | `{"add": {fields, "id": ID}, "at": Z}` | a new rectangle (id, fields, z-index optional) |
/// | `{"remove": ID, "was": {fields}}` | removes it (if it still is `was`, when given) |
/// | `{"place": ID, "at": Z}` | moves it to a z-index |
/// | `{"order": [ID, …], "to": "front"}` | `front`, `forward`, `backward` or `back` |
/// | `{"arrange": [[ID, Z], …]}` | takes them out, then puts each at its z-index, lowest first |
/// | `{"rename": TITLE, "was": TITLE}` | renames the drawing (if it still has `was`) |
///
/// Fields are `x y width height color alpha`, as numbers or text, read as the command line
/// reads them.
enum EditRequest {
  /// The most steps one edit may have: a selection of every rectangle of a large drawing.
  static let maximumSteps = 200_000

  /// Reads the steps of a request's body.
  static func steps(_ fields: RequestFields) throws -> [EditStep] {
    guard case .array(let items)? = fields.value("edits"), !items.isEmpty else {
      throw WebError(
        status: .badRequest, message: "give the edit's steps as a list: {\"edits\": [...]}")
    }
    guard items.count <= maximumSteps else {
      throw WebError(
        status: .contentTooLarge,
        message: "an edit may have at most \(maximumSteps) steps; this one has \(items.count)")
    }
    return try items.enumerated().map { offset, item in
      do {
        return try step(item)
      } catch let error as WebError {
        throw WebError(status: error.status, message: "step \(offset + 1): \(error.message)")
      } catch {
        throw WebError(
          status: .badRequest, message: "step \(offset + 1): \(WebError(error).message)")
      }
    }
  }

  private static let kinds: Set = [
    "set", "shift", "add", "remove", "place", "order", "arrange", "rename",
  ]

  private static func step(_ item: JSONValue) throws -> EditStep {
    guard case .object(let members) = item else {
      throw WebError(
        status: .badRequest, message: "a step must be an object such as {\"set\": ID, ...}")
    }
    // The member that names the step may come anywhere among the others.
    guard let (kind, subject) = members.first(where: { kinds.contains($0.key) }) else {
      throw WebError(
        status: .badRequest,
        message:
          "\"\(members.first?.key ?? "{}")\" is not a step: use set, shift, add, remove, place, order, arrange or rename"
      )
    }
    let member = { (name: String) in members.last(where: { $0.key == name })?.value }
    switch kind {
    case "set":
      return .set(
        try identifier(subject), to: try edit(member("to"), name: "to"),
        was: try edit(member("was") ?? .object([]), name: "was"))
    case "shift": return .shift(try identifier(subject), by: try shift(member("by")))
    case "add":
      guard case .object(let fields) = subject else {
        throw WebError(status: .badRequest, message: "add takes the new rectangle's fields")
      }
      let id = try fields.last(where: { $0.key == "id" }).map { try identifier($0.value) }
      return .add(try edit(subject, name: "add"), id: id, at: try zIndex(member("at")))
    case "remove":
      let id = try identifier(subject)
      let was = try member("was").flatMap { $0 == .null ? nil : try rectangle($0, id: id) }
      return .remove(id, was: was)
    case "place":
      guard let index = try zIndex(member("at")) else {
        throw WebError(status: .badRequest, message: "place needs the z-index to move to (\"at\")")
      }
      return .place(try identifier(subject), at: index)
    case "order":
      guard case .array(let ids) = subject else {
        throw WebError(status: .badRequest, message: "order takes a list of rectangle ids")
      }
      guard case .string(let name)? = member("to"), let target = OrderTarget(rawValue: name) else {
        throw WebError(
          status: .badRequest, message: "order needs \"to\": front, forward, backward or back")
      }
      return .order(try ids.map(identifier), target)
    case "arrange":
      guard case .array(let items) = subject else {
        throw WebError(
          status: .badRequest, message: "arrange takes a list of [ID, z-index] pairs")
      }
      return .arrange(
        try items.map { item in
          guard case .array(let pair) = item, pair.count == 2, let index = try zIndex(pair[1])
          else {
            throw WebError(
              status: .badRequest, message: "arrange takes a list of [ID, z-index] pairs")
          }
          return Placement(try identifier(pair[0]), at: index)
        })
    case "rename":
      guard case .string(let title) = subject else {
        throw WebError(status: .badRequest, message: "rename takes the new title as text")
      }
      let was: String? =
        if case .string(let old)? = member("was") { old } else { nil }
      return .rename(to: try UserValue.title(title), was: was)
    default: preconditionFailure("not a step: \(kind)")
    }
  }

  // MARK: - Values

  private static func identifier(_ value: JSONValue) throws -> Identifier {
    guard case .string(let text) = value else {
      throw WebError(status: .badRequest, message: "a rectangle id must be text, like afy-kw5-t7o")
    }
    return try UserValue.identifier(text, field: "rectangle")
  }

  private static func zIndex(_ value: JSONValue?) throws -> Int? {
    guard let value, value != .null else { return nil }
    guard case .number(let number) = value, number >= 0, number < 1e9, number.rounded() == number
    else {
      throw WebError(
        status: .badRequest, message: "a z-index (\"at\") is a whole number from 0 to 999999999")
    }
    return Int(number)
  }

  private static func edit(_ value: JSONValue?, name: String) throws -> RectangleEdit {
    guard case .object(let members)? = value else {
      throw WebError(status: .badRequest, message: "\(name) must be an object of fields")
    }
    var texts: [String: String] = [:]
    for field in RectangleEdit.fieldNames {
      texts[field] = try RequestFields.text(
        members.last(where: { $0.key == field })?.value, name: "\(name).\(field)")
    }
    return try RectangleEdit(reading: { texts[$0] })
  }

  private static func rectangle(_ value: JSONValue, id: Identifier) throws -> Rectangle {
    let edit = try edit(value, name: "was")
    guard let x = edit.x, let y = edit.y, let width = edit.width, let height = edit.height,
      let color = edit.color, let alpha = edit.alpha
    else {
      throw WebError(
        status: .badRequest, message: "was must give every field: x, y, width, height, color, alpha"
      )
    }
    return Rectangle(
      id: id, point: try Point(x: x, y: y), size: try Size(width: width, height: height),
      color: color, alpha: alpha)
  }

  private static func shift(_ value: JSONValue?) throws -> RectangleShift {
    guard case .object(let members)? = value else {
      throw WebError(status: .badRequest, message: "by must be an object of amounts")
    }
    var shift = RectangleShift()
    for (key, amount) in members {
      guard case .number(let number) = amount, abs(number) < 1e12 else {
        throw WebError(
          status: .badRequest, message: "by.\(key) must be a number between -1e12 and 1e12")
      }
      switch key {
      case "x": shift.x = number
      case "y": shift.y = number
      case "width": shift.width = number
      case "height": shift.height = number
      case "alpha" where number.rounded() == number: shift.alpha = Int(number)
      default:
        throw WebError(
          status: .badRequest, message: "by takes x, y, width, height and whole alpha steps")
      }
    }
    return shift
  }

  // MARK: - Writing

  /// The answer to an edit: its version, whether it made one, the new rectangles, the notices
  /// and the steps that take it back.
  static func answer(_ applied: AppliedEdit) -> JSONValue {
    .object([
      ("version", .number(Double(applied.revision.version))), ("changed", .bool(applied.changed)),
      ("added", .array(applied.added.map { .string($0.description) })),
      (
        "notices",
        .array(
          applied.notices.map { notice in
            .object([
              ("rectangle", notice.rectangle.map { .string($0.description) } ?? .null),
              ("message", .string(notice.message)),
            ])
          })
      ),
      ("undo", .array(applied.undo.map(json))),
    ])
  }

  /// A step as the page sends it.
  static func json(_ step: EditStep) -> JSONValue {
    switch step {
    case .set(let id, let to, let was):
      return .object([("set", .string(id.description)), ("to", fields(to)), ("was", fields(was))])
    case .shift(let id, let by):
      return .object([
        ("shift", .string(id.description)),
        (
          "by",
          .object([
            ("x", .number(by.x)), ("y", .number(by.y)), ("width", .number(by.width)),
            ("height", .number(by.height)), ("alpha", .number(Double(by.alpha))),
          ])
        ),
      ])
    case .add(let edit, let id, let index):
      var members = id.map { [("id", JSONValue.string($0.description))] } ?? []
      if case .object(let values) = fields(edit) { members += values }
      return .object([
        ("add", .object(members)), ("at", index.map { .number(Double($0)) } ?? .null),
      ])
    case .remove(let id, let was):
      let full = was.map {
        fields(
          RectangleEdit(
            x: $0.point.x, y: $0.point.y, width: $0.size.width, height: $0.size.height,
            color: $0.color, alpha: $0.alpha))
      }
      return .object([("remove", .string(id.description)), ("was", full ?? .null)])
    case .place(let id, let index):
      return .object([("place", .string(id.description)), ("at", .number(Double(index)))])
    case .order(let ids, let target):
      return .object([
        ("order", .array(ids.map { .string($0.description) })), ("to", .string(target.rawValue)),
      ])
    case .rename(let title, let was):
      return .object([("rename", .string(title)), ("was", was.map { .string($0) } ?? .null)])
    case .arrange(let placements):
      return .object([
        (
          "arrange",
          .array(
            placements.map { .array([.string($0.id.description), .number(Double($0.zIndex))]) })
        )
      ])
    }
  }

  private static func fields(_ edit: RectangleEdit) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let x = edit.x { members.append(("x", .number(x))) }
    if let y = edit.y { members.append(("y", .number(y))) }
    if let width = edit.width { members.append(("width", .number(width))) }
    if let height = edit.height { members.append(("height", .number(height))) }
    if let color = edit.color { members.append(("color", .string(color.hex))) }
    if let alpha = edit.alpha { members.append(("alpha", .number(Double(alpha.level)))) }
    return .object(members)
  }
}
