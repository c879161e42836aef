import DrawdocEditing
import DrawdocModel

/// `drawdoc redo`: makes again what undo took back.
struct RedoCommand: StepCommand {
  static let name = "redo"
  static let abstract = "Make again the last change that undo took back."
  static let usage = "drawdoc redo DOC"
  static let discussion = """
    A redo is a new version. With nothing to redo (no undo since the last change), says so and
    exits with status 1.
    \(DocumentArgument.storeOnlyHelp)
    """

  let arguments: ParsedArguments
  let document: String

  func step(_ id: Identifier, with editing: Editing) throws(StoreError)
    -> DrawingHistory.Version
  {
    try editing.redo(id)
  }
}
