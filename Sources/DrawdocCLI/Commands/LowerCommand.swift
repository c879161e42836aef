import DrawdocModel

/// `drawdoc lower`: moves a rectangle down in z-order.
struct LowerCommand: Command {
  static let name = "lower"
  static let abstract = "Move a rectangle down one step in z-order, or to the bottom."
  static let usage = "drawdoc lower DOC RECT [--to-bottom]"
  static let options: [OptionSpecification] = [
    .flag("to-bottom", help: "Make it the bottom rectangle."), StoreAccess.option,
  ]
  static let discussion = """
    One step puts it just below the rectangle that was just below it. A rectangle already at
    the bottom stays there (exit status 0). 'drawdoc layers DOC' shows the order.
    DOC is a drawing's id or its exact title; RECT is a rectangle's id.
    """

  let arguments: ParsedArguments
  let target: ZOrderMove.Target

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    target = try ZOrderMove.Target(arguments, command: Self.name, flag: "to-bottom")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try ZOrderMove.run(.down, target, arguments: arguments, context: context)
  }
}
