import DrawdocModel

/// `drawdoc raise`: moves a rectangle up in z-order.
struct RaiseCommand: Command {
  static let name = "raise"
  static let abstract = "Move a rectangle up one step in z-order, or to the top."
  static let usage = "drawdoc raise DOC RECT [--to-top]"
  static let options: [OptionSpecification] = [
    .flag("to-top", help: "Make it the topmost rectangle."), StoreAccess.option,
  ]
  static let discussion = """
    One step puts it just above the rectangle that was just above it. A rectangle already on
    top stays there (exit status 0). 'drawdoc layers DOC' shows the order.
    DOC is a drawing's id or its exact title; RECT is a rectangle's id.
    """

  let arguments: ParsedArguments
  let target: ZOrderMove.Target

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.arguments = arguments
    target = try ZOrderMove.Target(arguments, command: Self.name, flag: "to-top")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try ZOrderMove.run(.up, target, arguments: arguments, context: context)
  }
}
