import DrawdocModel
import DrawdocStore

/// What `raise` and `lower` share: both move one rectangle in z-order, one place or all the
/// way, as one change of the drawing.
enum ZOrderMove {
  /// Up (towards the top) or down.
  enum Direction {
    case up, down
  }

  /// The arguments both commands take: `DOC RECT` and the flag that moves all the way.
  struct Target {
    let document: String
    let rectangle: Identifier
    let allTheWay: Bool

    init(_ arguments: ParsedArguments, command: String, flag: String) throws(CommandLineError) {
      try arguments.expectPositionals(atMost: 2)
      document = try arguments.positional(0, name: "DOC")
      rectangle = try ValueParser(command: command).identifier(
        try arguments.positional(1, name: "RECT"), name: "RECT")
      allTheWay = arguments.flag(flag)
    }
  }

  /// Moves the rectangle as one change of the drawing, through ``DocumentStore/update(_:at:_:)``.
  static func run(
    _ direction: Direction, _ target: Target, arguments: ParsedArguments, context: CommandContext
  ) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    try store.update(try store.resolve(target.document), at: .now) { drawing in
      let moved: Bool
      switch direction {
      case .up: moved = try drawing.plane.raise(target.rectangle, toTop: target.allTheWay)
      case .down: moved = try drawing.plane.lower(target.rectangle, toBottom: target.allTheWay)
      }
      context.log.info(
        summary(direction, target.rectangle, allTheWay: target.allTheWay, moved: moved))
    }
    return .success
  }

  /// The change in words, as the store's history shows it: "raised afy-kw5-t7o to the top",
  /// "lowered afy-kw5-t7o one step", or, when it could not move, where it already was.
  static func summary(_ direction: Direction, _ id: Identifier, allTheWay: Bool, moved: Bool)
    -> String
  {
    switch (direction, moved) {
    case (.up, true): return "raised \(id) \(allTheWay ? "to the top" : "one step")"
    case (.down, true): return "lowered \(id) \(allTheWay ? "to the bottom" : "one step")"
    case (.up, false): return "left \(id) where it was: it is already on top"
    case (.down, false): return "left \(id) where it was: it is already at the bottom"
    }
  }
}
