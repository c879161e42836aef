import DrawdocEditing
import DrawdocModel

/// `drawdoc add`: adds rectangles, each field not given coming from the factory.
struct AddCommand: Command {
  static let name = "add"
  static let abstract = "Add rectangles to a drawing and print their ids."
  static let usage =
    "drawdoc add DOC [--x X] [--y Y] [--width W] [--height H] [--color C] [--alpha A] "
    + "[--count N] [--seed S]"
  static let arguments: [ArgumentSpecification] = [.documentOrFile]
  static let options: [OptionSpecification] =
    RectangleOptions.options { field in
      switch field {
      case "x", "y": return " (default: random, keeping the rectangle inside the canvas)"
      case "width": return " (default 150)"
      case "height": return " (default 120)"
      default: return " (default: random)"
      }
    } + [
      .value("count", placeholder: "N", help: "How many rectangles to add (default 1)."),
      .value("seed", placeholder: "S", help: "Seed the factory, to add the same rectangles again."),
      StoreAccess.option,
    ]
  static let discussion = DocumentArgument.help

  let arguments: ParsedArguments
  let document: String
  let fields: RectangleEdit
  let count: Int
  let seed: UInt64?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 1)
    let parse = ValueParser(command: Self.name)
    self.arguments = arguments
    document = try arguments.positional(0, name: "DOC")
    fields = try RectangleOptions.edit(arguments)
    count =
      try arguments.value("count").map { (text) throws(CommandLineError) in
        try parse.count(text, option: "count", range: 1...1_000_000)
      } ?? 1
    seed = try arguments.value("seed").map { (text) throws(CommandLineError) in
      try parse.seed(text)
    }
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let (edit, added) = Editing.adding(fields, count: count, seed: seed)
    try DocumentArgument.resolve(document, arguments, context).change(edit)
    context.standardOutput.write(added.ids.map { "\($0)\n" }.joined())
    return .success
  }
}
