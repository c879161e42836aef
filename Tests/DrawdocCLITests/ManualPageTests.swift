import Foundation
import Testing

@Suite struct ManualPageTests {
  /// The page `drawdoc help --man` prints, in a file.
  private func writePage(in box: Sandbox) throws -> String {
    let printed = box.run(["help", "--man"])
    try #require(printed.status == 0, "help --man failed: \(printed.standardError)")
    let path = "\(box.work)/drawdoc.1"
    try Data(printed.standardOutput.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  @Test func groffAndManReadThePageWithoutAWarning() throws {
    let box = try Sandbox()
    let page = try writePage(in: box)
    guard let groff = requiredProgram("groff", package: "groff-base") else { return }
    let checked = try runProgram(groff, ["-ww", "-man", "-Tutf8", "-z", page])
    #expect(checked.status == 0)
    #expect(checked.standardError == "", "groff warned")
    guard let man = requiredProgram("man", package: "man-db") else { return }
    let shown = try runProgram(
      man, ["-l", page],
      environment: ["MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    #expect(shown.status == 0)
    #expect(shown.standardError == "", "man warned")
    // man fills and justifies lines: compare the words.
    let words = shown.standardOutput.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    #expect(words.contains("NAME drawdoc - drawings kept as SVG files that browsers show"))
    #expect(words.contains("EXIT STATUS 0 Success. 1 hit found no rectangle at the point"))
  }

  @Test func thePageHasEveryCommandOptionStatusVariableAndFile() throws {
    let box = try Sandbox()
    let text = try String(contentsOfFile: try writePage(in: box), encoding: .utf8)
    let commands = [
      "new", "save", "open", "list", "export", "add", "set", "hit", "raise", "lower", "layers",
      "remove", "clear", "rename", "duplicate", "delete", "history", "undo", "redo", "restore",
      "trash", "watch", "convert", "diff", "merge", "gallery", "validate", "serve", "config",
      "completions", "help",
    ]
    for command in commands { #expect(text.contains("\n.SS \(command)\n"), "\(command)") }
    for option in [
      "\\fB\\-\\-format\\fR \\fIFORMAT\\fR",
      "\\fB\\-o\\fR, \\fB\\-\\-output\\fR \\fIFILE\\fR",
      "\\fB\\-\\-to\\-top\\fR", "\\fB\\-\\-man\\fR", "\\fB\\-\\-since\\fR \\fIVERSION\\fR",
      "\\fB\\-\\-no\\-embed\\fR",
    ] {
      #expect(text.contains(option), "\(option)")
    }
    let sections = [
      "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "EXIT STATUS",
      "ENVIRONMENT", "FILES",
    ]
    for section in sections { #expect(text.contains("\n.SH \(section)\n"), "\(section)") }
    let statuses =
      text.components(separatedBy: "\n.SH EXIT STATUS\n").last?
      .components(separatedBy: "\n.SH ").first ?? ""
    for status in ["0", "1", "64", "65", "66", "73", "74", "75"] {
      #expect(statuses.contains(".TP\n.B \(status)\n"), "exit status \(status)")
    }
    #expect(statuses.contains("undo or redo had nothing to do"))
    #expect(statuses.contains("the drawing is in the trash"))
    for variable in ["DRAWDOC_STORE", "XDG_DATA_HOME", "DRAWDOC_LOCK_TIMEOUT", "DRAWDOC_LOG"] {
      #expect(text.contains(".TP\n.B \(variable)\n"), "\(variable)")
    }
    for file in [
      "drawings/<id>.svg", "history/<id>/", "trash/<id>.svg", "changes.log",
      "thumbnails/<id>.png", "index.json", "settings.json", "tmp/", ".lock",
      ".changes.pending",
    ] {
      #expect(text.contains(".TP\n.I \(file)\n"), "\(file)")
    }
  }

  @Test func helpTakesACommandOrTheManPageNotBoth() throws {
    let box = try Sandbox()
    let both = box.run(["help", "export", "--man"])
    #expect(both.status == 64)
    #expect(both.standardError.hasPrefix("Error: help does not take the argument 'export'"))
  }
}
