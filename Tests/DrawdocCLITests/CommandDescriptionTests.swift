import Testing

@testable import DrawdocCLI

/// The descriptions `--help`, the man page and the completions share agree with each other.
@Suite struct CommandDescriptionTests {
  @Test func everyArgumentIsNamedByTheUsageInOrder() {
    for command in DrawdocCLI.commands {
      // The usage's words, without brackets, ellipses and alternatives.
      let words = command.usage.split(whereSeparator: { " []|…".contains($0) }).map(String.init)
      var position = words.startIndex
      for argument in command.arguments {
        guard let found = words[position...].firstIndex(of: argument.name) else {
          Issue.record("\(command.name): usage '\(command.usage)' lacks \(argument.name)")
          break
        }
        position = found + 1
      }
    }
  }

  @Test func helpShowsTheValuesOfAChoice() {
    let help = drawdoc("export", "--help")
    #expect(help.status == 0)
    #expect(
      help.standardOutput.contains(
        "\n  --format FORMAT     svg, png, json, pdf, drawio, excalidraw, drawio.svg, drawio.png, "
          + "excalidraw.svg or excalidraw.png (default: from -o, else svg)."))
  }

  @Test func rectanglesFollowTheDrawingTheyAreIn() {
    for command in DrawdocCLI.commands {
      for case .rectangle(let index) in command.arguments.map(\.kind) {
        #expect(
          [.drawing, .drawingOrFile].contains(command.arguments[index].kind), "\(command.name)")
      }
    }
  }
}
