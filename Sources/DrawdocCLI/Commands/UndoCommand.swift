import DrawdocEditing
import DrawdocModel

/// `drawdoc undo`: takes back the last change to a drawing.
struct UndoCommand: StepCommand {
  static let name = "undo"
  static let abstract = "Take back the last change to a drawing."
  static let usage = "drawdoc undo DOC"
  static let discussion = """
    As in an editor: each undo takes back one more change, 'drawdoc redo' makes it again, and a
    new change after an undo drops what could have been redone. An undo is itself a new
    version, so nothing is lost. Prints the new version and what it did; with nothing to undo,
    says so and exits with status 1.
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String

  func step(_ id: Identifier, with editing: Editing) throws(StoreError)
    -> DrawingHistory.Version
  {
    try editing.undo(id)
  }
}

/// What `undo` and `redo` share: one DOC, one step, the new version printed.
protocol StepCommand: Command {
  var arguments: ParsedArguments { get }
  var document: String { get }
  init(arguments: ParsedArguments, document: String)
  func step(_ id: Identifier, with editing: Editing) throws(StoreError) -> DrawingHistory.Version
}

extension StepCommand {
  static var options: [OptionSpecification] { [StoreAccess.option] }
  static var arguments: [ArgumentSpecification] { [.document] }

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    self.init(arguments: arguments, document: try arguments.positional(0, name: "DOC"))
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let (store, id) = try DocumentArgument.stored(
      document, arguments, context, refusingFile: .history)
    let made = try step(id, with: Editing(store: store))
    context.standardOutput.writeLine("version \(made.number): \(made.change)")
    return .success
  }
}
