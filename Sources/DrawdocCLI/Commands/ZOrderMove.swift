import DrawdocModel
import DrawdocStore

/// `raise` and `lower`: each moves one rectangle in z-order, one step or all the way, as one
/// change of the drawing. They differ only in their direction, name and words.
protocol ZOrderCommand: Command {
  /// Up (towards the top) or down.
  static var direction: ZOrderMove.Direction { get }
  /// The flag that moves all the way: `to-top` or `to-bottom`.
  static var allTheWayFlag: OptionSpecification { get }
  /// The move the arguments ask for.
  var move: ZOrderMove { get }
  init(move: ZOrderMove)
}

extension ZOrderCommand {
  static var options: [OptionSpecification] { [allTheWayFlag, StoreAccess.option] }

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    self.init(move: try ZOrderMove(arguments, command: Self.self))
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    try move.run(context)
  }
}

/// One move in z-order: `DOC RECT` and whether it goes all the way.
struct ZOrderMove {
  /// Up (towards the top) or down.
  enum Direction {
    case up, down
  }

  let arguments: ParsedArguments
  let direction: Direction
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

  /// Moves the rectangle as one change of the drawing, through ``DocumentStore/update(_:at:_:)``.
  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    try store.update(try store.resolve(document), at: .now) { drawing in
      let moved: Bool
      switch direction {
      case .up: moved = try drawing.plane.raise(rectangle, toTop: allTheWay)
      case .down: moved = try drawing.plane.lower(rectangle, toBottom: allTheWay)
      }
      context.log.info(summary(moved: moved))
    }
    return .success
  }

  /// The change in words, as the store's history shows it: "raised afy-kw5-t7o to the top",
  /// "lowered afy-kw5-t7o one step", or, when it could not move, where it already was.
  func summary(moved: Bool) -> String {
    switch (direction, moved) {
    case (.up, true): return "raised \(rectangle) \(allTheWay ? "to the top" : "one step")"
    case (.down, true): return "lowered \(rectangle) \(allTheWay ? "to the bottom" : "one step")"
    case (.up, false): return "left \(rectangle) where it was: it is already on top"
    case (.down, false): return "left \(rectangle) where it was: it is already at the bottom"
    }
  }
}
