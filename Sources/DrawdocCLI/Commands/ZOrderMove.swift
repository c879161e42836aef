import DrawdocEditing
import DrawdocModel

/// `raise` and `lower`: each moves one rectangle in z-order, one step or all the way, as one
/// change of the drawing. They differ only in their direction, name and words.
protocol ZOrderCommand: Command {
  /// Up (towards the top) or down.
  static var direction: Editing.Direction { get }
  /// The flag that moves all the way: `to-top` or `to-bottom`.
  static var allTheWayFlag: OptionSpecification { get }
  /// The move the arguments ask for.
  var move: ZOrderMove { get }
  init(move: ZOrderMove)
}

extension ZOrderCommand {
  static var options: [OptionSpecification] { [allTheWayFlag, StoreAccess.option] }
  static var arguments: [ArgumentSpecification] { [.documentOrFile, .rectangle] }

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.init(move: try ZOrderMove(arguments, command: Self.self))
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try move.run(context)
  }
}

/// One move in z-order: `DOC RECT` and whether it goes all the way.
struct ZOrderMove {
  let arguments: ParsedArguments
  /// Up (towards the top) or down.
  let direction: Editing.Direction
  let document: String
  let rectangle: Identifier
  let allTheWay: Bool

  init<Moving: ZOrderCommand>(_ arguments: ParsedArguments, command: Moving.Type)
    throws(CommandLineError)
  {
    try arguments.expectPositionals(atMost: 2)
    self.arguments = arguments
    direction = Moving.direction
    document = try arguments.positional(0, name: "DOC")
    rectangle = try ValueParser(command: Moving.name).identifier(
      try arguments.positional(1, name: "RECT"), name: "RECT")
    allTheWay = arguments.flag(Moving.allTheWayFlag.name)
  }

  /// Moves the rectangle as one change of the drawing, built by
  /// ``Editing/moving(_:_:allTheWay:)``.
  func run(_ context: CommandContext) throws -> ExitStatus {
    try DocumentArgument.resolve(document, arguments, context).change(
      Editing.moving(rectangle, direction, allTheWay: allTheWay))
    return .success
  }
}
