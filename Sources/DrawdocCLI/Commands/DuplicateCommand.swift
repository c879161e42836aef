import DrawdocEditing
import DrawdocModel

/// `drawdoc duplicate`: copies a drawing under a fresh id.
struct DuplicateCommand: Command {
  static let name = "duplicate"
  static let abstract = "Copy a drawing under a new id and print the id."
  static let usage = "drawdoc duplicate DOC [--title T]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] = [
    .value("title", placeholder: "T", help: "The copy's title (default: the title and ' (copy)')."),
    StoreAccess.option,
  ]
  static let discussion = """
    A file's drawing is copied into the store, as a new drawing; the file is only read.
    \(DocumentArgument.help)
    """

  let arguments: ParsedArguments
  let document: String
  let title: String?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    title = try arguments.value("title").map { (text) throws(CommandLineError) in
      try ValueParser(command: Self.name).title(text)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let copy: Drawing
    switch try DocumentArgument.resolve(document, arguments, context) {
    case .file(let file):
      copy = try Editing(store: StoreAccess.open(arguments, context)).duplicate(file, title: title)
    case .stored(let store, let id):
      copy = try Editing(store: store).duplicate(id, title: title)
    }
    context.standardOutput.writeLine(copy.id.description)
    return .success
  }
}
