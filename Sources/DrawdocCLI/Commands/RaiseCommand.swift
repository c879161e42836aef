import DrawdocEditing
/// `drawdoc raise`: moves a rectangle up in z-order.
struct RaiseCommand: ZOrderCommand {
  static let name = "raise"
  static let abstract = "Move a rectangle up one step in z-order, or to the top."
  static let usage = "drawdoc raise DOC RECT [--to-top]"
  static let direction = Editing.Direction.up
  static let allTheWayFlag = OptionSpecification.flag(
    "to-top", help: "Make it the topmost rectangle.")
  static let discussion = """
    One step puts it just above the rectangle that was just above it. A rectangle already on
    top stays there (exit status 0). 'drawdoc layers DOC' shows the order.
    \(DocumentArgument.help)
    RECT is a rectangle's id.
    """

  let move: ZOrderMove
}
