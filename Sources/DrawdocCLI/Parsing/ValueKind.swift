/// What a value on the command line names — an option's value or a positional argument — so
/// that the shell completions can offer candidates and the man page can say what is expected.
enum ValueKind: Equatable {
  /// Free text, a number or a color: nothing to offer.
  case text
  /// One of these words, such as `svg`, `png` or `json`.
  case choices([String])
  /// `DOC`: a drawing's id or exact title, from the store.
  case drawing
  /// A drawing in the trash, by id or exact title.
  case trashedDrawing
  /// `RECT`: a rectangle's id, from the drawing named by the positional argument at this index.
  case rectangle(ofArgument: Int)
  /// A file, or `-` where the command says so.
  case file
  /// A drawing in the store or a drawing file.
  case drawingOrFile
  /// A folder.
  case directory
  /// A drawdoc command's name.
  case command
}

/// A positional argument a command takes, as its usage names it.
struct ArgumentSpecification: Equatable {
  /// The name in the usage, such as `DOC`.
  let name: String
  /// What it names.
  let kind: ValueKind
  /// Whether it may be given any number of times (`FILE…`); only the last argument repeats.
  let repeats: Bool

  init(_ name: String, _ kind: ValueKind, repeats: Bool = false) {
    self.name = name
    self.kind = kind
    self.repeats = repeats
  }

  /// `DOC`, which most commands take first, for a command that works only on drawings in the
  /// store.
  static let document = ArgumentSpecification("DOC", .drawing)
  /// `DOC` for a command that reads or changes a drawing file as it does a stored drawing.
  static let documentOrFile = ArgumentSpecification("DOC", .drawingOrFile)
  /// `RECT` after `DOC`.
  static let rectangle = ArgumentSpecification("RECT", .rectangle(ofArgument: 0))
}
