import DrawdocEditing
/// `drawdoc lower`: moves a rectangle down in z-order.
struct LowerCommand: ZOrderCommand {
  static let name = "lower"
  static let abstract = "Move a rectangle down one step in z-order, or to the bottom."
  static let usage = "drawdoc lower DOC RECT [--to-bottom]"
  static let direction = Editing.Direction.down
  static let allTheWayFlag = OptionSpecification.flag(
    "to-bottom", help: "Make it the bottom rectangle.")
  static let discussion = """
    One step puts it just below the rectangle that was just below it. A rectangle already at
    the bottom stays there (exit status 0). 'drawdoc layers DOC' shows the order.
    \(DocumentArgument.help)
    RECT is a rectangle's id.
    """

  let move: ZOrderMove
}
