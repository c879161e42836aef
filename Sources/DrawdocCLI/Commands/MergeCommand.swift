import DrawdocEditing
import DrawdocModel

/// `drawdoc merge`: a three-way merge of drawings, for people and for git.
struct MergeCommand: Command {
  static let name = "merge"
  static let abstract = "Merge two drawings that changed a third, rectangle by rectangle."
  static let usage = "drawdoc merge BASE OURS THEIRS [-o OUT] [--json]"
  static let arguments: [ArgumentSpecification] = ["BASE", "OURS", "THEIRS"].map {
    ArgumentSpecification($0, .drawingOrFile)
  }
  static let options: [OptionSpecification] = [
    .value(
      "output", short: "o", placeholder: "OUT", kind: .file, help: "Write the merged drawing here."),
    .flag("json", help: "Print the conflicts as JSON (see Schema/drawdoc-merge.schema.json)."),
    StoreAccess.option,
  ]
  static let discussion = """
    OURS and THEIRS both started from BASE. Changes to different rectangles, or to different
    fields of one, merge; so do moves in z-order that do not contradict each other. The same
    field (or the title, or a side of the canvas) changed two ways, a rectangle changed on one
    side and removed on the other, and z-order moves that contradict each other are
    conflicts: the result keeps OURS for each, lists them on standard error, and the exit
    status is 1. The result is always a valid drawing; it goes to OUT (written atomically),
    else to standard output, as SVG, with OURS' id and created time and the later modified
    time. --json prints {"conflicts": […]} on standard output and needs -o.

    Each input is a drawing file (SVG, JSON or a PNG drawdoc exported) or a drawing in the
    store; an empty file (/dev/null) is an empty drawing. As a git merge driver:
    drawdoc merge %O %A %B -o %A, which 'drawdoc git install' sets up.
    """

  let arguments: ParsedArguments
  let names: [String]
  let output: String?
  let json: Bool

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 3)
    self.arguments = arguments
    names = [
      try arguments.positional(0, name: "BASE"), try arguments.positional(1, name: "OURS"),
      try arguments.positional(2, name: "THEIRS"),
    ]
    output = arguments.value("output")
    json = arguments.flag("json")
    if json && (output == nil || output == "-") {
      throw .invalidValue(
        command: Self.name, option: "json", value: "--json",
        expected: "-o OUT as well: the JSON report goes to standard output")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let drawings = try DrawingArgument.read(names, arguments: arguments, context: context)
    let (base, ours, theirs) = (drawings[0], drawings[1], drawings[2])
    let oursPlane = try ours?.plane ?? Plane()
    let theirsPlane = try theirs?.plane ?? Plane()
    let merge = try PlaneMerge(
      base: try base?.plane ?? Plane(), ours: oursPlane, theirs: theirsPlane)
    let identity = ours ?? theirs ?? base
    var generator = SystemRandomNumberGenerator()
    let now = Timestamp.now
    let merged = Drawing(
      id: identity?.id ?? Identifier.random(using: &generator),
      created: identity?.created ?? now,
      modified: [ours, theirs].compactMap { $0?.modified }.max() ?? base?.modified ?? now,
      plane: merge.plane)

    let bytes = try Export.bytes(merged, as: .svg)
    if let output, output != "-" {
      try OutputFile.write(bytes, to: output)
    } else {
      context.standardOutput.write(bytes)
    }
    for conflict in merge.conflicts {
      context.standardError.writeLine(
        "conflict: \(ConflictView.text(conflict, ours: oursPlane, theirs: theirsPlane))")
    }
    if !merge.isClean {
      let count = merge.conflicts.count
      context.standardError.writeLine(
        "\(count) conflict\(count == 1 ? "" : "s"): the merged drawing keeps OURS for each")
    }
    if json {
      let conflicts = merge.conflicts.map {
        ConflictView.json($0, ours: oursPlane, theirs: theirsPlane)
      }
      context.standardOutput.write(JSONValue.object([("conflicts", .array(conflicts))]).document)
    }
    return merge.isClean ? .success : .conflicts
  }
}
