import DrawdocEditing

/// `drawdoc gallery`: one HTML page of every drawing.
struct GalleryCommand: Command {
  static let name = "gallery"
  static let abstract = "Write one self-contained HTML page showing every drawing."
  static let usage = "drawdoc gallery [-o FILE]"
  static let arguments: [ArgumentSpecification] = []
  static let options: [OptionSpecification] = [
    .value(
      "output", short: "o", placeholder: "FILE", kind: .file,
      help: "Write here instead of standard output."),
    StoreAccess.option,
  ]
  static let discussion = """
    Each drawing shows its thumbnail (inline), title, dates and rectangle count, newest first,
    and links to its SVG file in the store. Missing or stale thumbnails are made first.
    """

  let arguments: ParsedArguments
  let output: String?

  init(_ arguments: ParsedArguments) throws(CommandLineError) {
    try arguments.expectPositionals(atMost: 0)
    self.arguments = arguments
    output = arguments.value("output")
  }

  func run(_ context: CommandContext) throws -> ExitStatus {
    let store = try StoreAccess.open(arguments, context)
    let (drawings, damaged) = try store.listingWithThumbnails()
    let page = GalleryPage.html(drawings: drawings, damaged: damaged, formatTime: LocalTime.format)
    if let output, output != "-" {
      try OutputFile.write(page, to: output)
    } else {
      context.standardOutput.write(page)
    }
    return .success
  }
}
