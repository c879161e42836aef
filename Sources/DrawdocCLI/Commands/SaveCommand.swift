import DrawdocEditing
import DrawdocModel

/// `drawdoc save`: brings a file into the store.
struct SaveCommand: Command {
  static let name = "save"
  static let abstract =
    "Save an SVG, PNG, JSON, draw.io or Excalidraw file into the store and print the drawing's id."
  static let usage = "drawdoc save FILE|- [--title T] [--replace DOC | --new] [--strict] [--page N]"
  static let arguments: [ArgumentSpecification] = [ArgumentSpecification("FILE", .file)]
  static let options: [OptionSpecification] = [
    .value("title", placeholder: "T", help: "Use this title instead of the file's."),
    .value(
      "replace", placeholder: "DOC", kind: .drawing, help: "Make the file a new version of DOC."),
    .flag("new", help: "Always make a new drawing with a fresh id."),
    .flag("strict", help: "Refuse a file that would raise any warning."),
    DrawingFile.pageOption, StoreAccess.option,
  ]
  static let discussion = """
    Any SVG file is read in import mode: its rectangles are kept, wherever they are and
    however they are styled, and everything drawdoc cannot keep (other shapes, rotations,
    gradients, strokes, rounded corners, text, entities) is skipped or simplified with a
    warning 'FILE:LINE: warning: …' on standard error. --strict refuses a file that raises any
    warning (exit status 65) and leaves the store as it was. The JSON form is read too, and
    Excalidraw's files (a .excalidraw scene, or an SVG or PNG exported with the scene in it)
    and the elements its copy puts on the clipboard, with a warning for each element drawdoc
    cannot keep.

    A draw.io file (.drawio, .drawio.xml, or text starting with <mxfile or <mxGraphModel, or
    with %3CmxGraphModel as draw.io's copy puts it on the clipboard; or an SVG or PNG draw.io
    exported with a copy of its diagram, .drawio.svg or .drawio.png) is read in import mode as
    well: the rectangles of its first page (--page N for another) become the drawing, and
    every other cell (text, edges, other shapes, rounded corners, strokes, labels) is one
    warning naming the cell's id.

    A file whose drawdoc id names a drawing in the store becomes a new version of it (the
    round trip: export, edit elsewhere, save): an SVG's root data-id, a draw.io page drawdoc
    wrote, an Excalidraw scene drawdoc wrote, also once Excalidraw has saved it (each element
    carries the drawing in its customData). Any other file becomes a new drawing with a fresh
    id, each time it is saved: saving the same draw.io page twice makes two drawings. To
    update a drawing from a changed draw.io or Excalidraw file, --replace DOC makes the file a
    new version of DOC. A new version keeps its created time, and the version before stays in
    the history; --new always makes a new drawing.
    """

  let arguments: ParsedArguments
  let file: String
  let title: String?
  let replace: String?
  let forceNew: Bool
  let strict: Bool
  let page: Int?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    file = try arguments.positional(0, name: "FILE (or - for standard input)")
    title = try arguments.value("title").map { (text) throws(CommandLineError) in
      try ValueParser(command: Self.name).title(text)
    }
    replace = arguments.value("replace")
    forceNew = arguments.flag("new")
    strict = arguments.flag("strict")
    page = try DrawingFile.page(arguments, command: Self.name)
    if replace != nil && forceNew {
      throw .invalidValue(
        command: Self.name, option: "new", value: "--new",
        expected: "either --replace DOC or --new, not both")
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let now = Timestamp.now
    let imported = try DrawingFile.importDrawing(file, now: now, page: page)
    DrawingFile.report(imported.warnings, of: file, to: context.standardError)
    if strict && !imported.warnings.isEmpty {
      throw StrictImportRefusal(path: file, warningCount: imported.warnings.count)
    }
    let incoming = imported.drawing
    let store = try StoreAccess.open(arguments, context)
    let target: DocumentStore.SaveTarget
    if let replace {
      target = .replace(try store.resolve(replace))
    } else {
      target = forceNew ? .newDrawing : .automatic
    }
    let saved = try Editing(store: store).save(
      incoming, as: target, title: title, at: now, file: file)
    context.standardOutput.writeLine(saved.id.description)
    return .success
  }
}
