import DrawdocEditing
import DrawdocModel

/// `drawdoc diff`: what changed from one drawing to another.
struct DiffCommand: Command {
  static let name = "diff"
  static let abstract = "Show what changed from one drawing to another (exit 1 if anything)."
  static let usage = "drawdoc diff A [B] [--at VERSION] [--to VERSION] [--json]"
  static let arguments: [ArgumentSpecification] = [
    ArgumentSpecification("A", .drawingOrFile), ArgumentSpecification("B", .drawingOrFile),
  ]
  static let options: [OptionSpecification] = [
    .flag("json", help: "Print a JSON object (see Schema/drawdoc-diff.schema.json)."),
    .value(
      "at", placeholder: "VERSION",
      help: "Compare from this version of A ('drawdoc history DOC' lists them)."),
    .value(
      "to", placeholder: "VERSION",
      help: "Compare to this version of B (of A when B is not given)."),
    StoreAccess.option,
  ]
  static let discussion = """
    A and B are drawing files (SVG, JSON or a PNG drawdoc exported) or drawings in the store
    (an id or exact title); a name that is a file is a file. An empty file (/dev/null) is an
    empty drawing. Rectangles are matched by id: the lines say what was removed, added,
    changed (field: old → new) and moved in z-order (layer numbers as 'layers' shows them, 1
    is the top), after any change of the title and the canvas. Ids and times of the drawings
    are not compared. With --at and --to, A and B are drawings in the store and the versions
    their histories keep are compared; with one drawing, B is A: 'drawdoc diff DOC --at 3'
    shows what changed from version 3 to now. Exit status: 0 the same, 1 different, as
    diff(1).
    """

  let arguments: ParsedArguments
  let requests: [DrawingArgument.Request]
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    let parser = ValueParser(command: Self.name)
    func version(_ option: String) throws(CommandLineError) -> (number: Int, option: String)? {
      guard let text = arguments.value(option) else { return nil }
      return (try parser.version(text, option: option), option)
    }
    let from = try version("at")
    let to = try version("to")
    let first = try arguments.positional(0, name: "A")
    // One drawing compares two of its versions; without a version that would compare it
    // with itself, so B is needed.
    let second =
      arguments.positionals.count < 2 && (from != nil || to != nil)
      ? first : try arguments.positional(1, name: "B")
    requests = [.init(name: first, version: from), .init(name: second, version: to)]
    json = arguments.flag("json")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawings = try DrawingArgument.read(requests, arguments: arguments, context: context)
    let old = try drawings[0]?.plane ?? Plane()
    let new = try drawings[1]?.plane ?? Plane()
    let difference = PlaneDifference(from: old, to: new)
    if json {
      context.standardOutput.write(Self.json(difference, old: old, new: new).document)
    } else {
      context.standardOutput.write(Self.text(difference, old: old, new: new))
    }
    return difference.isEmpty ? .success : .different
  }

  /// One line per change.
  static func text(_ difference: PlaneDifference, old: Plane, new: Plane) -> String {
    var lines: [String] = []
    if let title = difference.title {
      lines.append("title: \(ComparedValue.title(title.old)) → \(ComparedValue.title(title.new))")
    }
    if difference.width != nil || difference.height != nil {
      let before = ComparedValue.canvas(width: old.size.width, height: old.size.height)
      let after = ComparedValue.canvas(width: new.size.width, height: new.size.height)
      lines.append("canvas: \(before) → \(after)")
    }
    lines += difference.removed.map { "removed \($0)" }
    lines += difference.added.map { "added \($0)" }
    for change in difference.changed {
      let fields = change.fields.map { field in
        "\(field) \(ComparedValue.text(field, of: change.old)) → "
          + ComparedValue.text(field, of: change.new)
      }
      lines.append("changed \(change.new.id): \(fields.joined(separator: ", "))")
    }
    for move in difference.moved {
      let from = ComparedValue.layer(move.oldIndex, in: old)
      let to = ComparedValue.layer(move.newIndex, in: new)
      lines.append("moved \(move.id): layer \(from) → \(to) (1 is the top)")
    }
    return lines.map { $0 + "\n" }.joined()
  }

  /// The JSON object of Schema/drawdoc-diff.schema.json.
  static func json(_ difference: PlaneDifference, old: Plane, new: Plane) -> JSONValue {
    var canvas: [(key: String, value: JSONValue)] = []
    if let width = difference.width {
      canvas.append(("width", ComparedValue.change(.number(width.old), .number(width.new))))
    }
    if let height = difference.height {
      canvas.append(("height", ComparedValue.change(.number(height.old), .number(height.new))))
    }
    let changed = difference.changed.map { change -> JSONValue in
      let fields = change.fields.map { field in
        (
          key: field.rawValue,
          value: ComparedValue.change(
            ComparedValue.json(field, of: change.old), ComparedValue.json(field, of: change.new))
        )
      }
      return .object([("id", .string(change.new.id.description)), ("fields", .object(fields))])
    }
    let moved = difference.moved.map { move -> JSONValue in
      .object([
        ("id", .string(move.id.description)),
        ("from", .number(Double(ComparedValue.layer(move.oldIndex, in: old)))),
        ("to", .number(Double(ComparedValue.layer(move.newIndex, in: new)))),
      ])
    }
    return .object([
      ("same", .bool(difference.isEmpty)),
      (
        "title",
        difference.title.map { ComparedValue.change(.string($0.old), .string($0.new)) } ?? .null
      ),
      ("canvas", canvas.isEmpty ? .null : .object(canvas)),
      ("removed", .array(difference.removed.map(DrawingView.object(for:)))),
      ("added", .array(difference.added.map(DrawingView.object(for:)))),
      ("changed", .array(changed)),
      ("moved", .array(moved)),
    ])
  }
}
