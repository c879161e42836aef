/// The man page, drawdoc(1), in roff: made from the commands' descriptions (usage, abstract,
/// options, discussion), the exit statuses, the environment variables and the store's files.
enum ManualPage {
  /// The whole page, for `drawdoc help --man`.
  static func page(_ commands: [any Command.Type]) -> String {
    var page = """
      .TH DRAWDOC 1 "" "drawdoc \(DrawdocCLI.version)" "User Commands"
      .nh
      .SH NAME
      drawdoc \\- \(escaped(String(DrawdocCLI.tagline.dropLast())))
      .SH SYNOPSIS
      .B drawdoc
      [\\fB\\-\\-store\\fR \\fIDIR\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR] [\\fIARGUMENTS\\fR]
      .br
      .B drawdoc \\-\\-help
      .br
      .B drawdoc \\-\\-version
      .SH DESCRIPTION
      drawdoc keeps drawings \\(em a canvas of colored, translucent rectangles \\(em as SVG files
      in a store, one file per drawing, that any browser shows as the picture they describe and
      that drawdoc opens again as the same editable drawing.
      .PP
      \(paragraph(DrawdocCLI.conventions))
      Results go to standard output, warnings and errors to standard error.
      .SH OPTIONS
      These come before the command's name; every command that uses the store also takes
      \\fB\\-\\-store\\fR after its name.

      """
    for option in DrawdocCLI.globalOptions { page += item(option) }
    page += ".SH COMMANDS\n"
    for command in commands {
      page += ".SS \(escaped(command.name))\n"
      page += "\(paragraph(command.abstract))\n"
      page += ".PP\n.B \(escaped(command.usage))\n"
      for option in command.optionsWithHelp { page += item(option) }
      if !command.discussion.isEmpty { page += ".PP\n\(paragraph(command.discussion))\n" }
    }
    page += ".SH EXIT STATUS\n"
    for status in ExitStatus.allCases {
      page += ".TP\n.B \(status.rawValue)\n\(paragraph(status.meaning))\n"
    }
    page += ".SH ENVIRONMENT\n"
    for variable in EnvironmentVariable.all {
      page += ".TP\n.B \(escaped(variable.name))\n\(paragraph(variable.meaning))\n"
    }
    page += """
      .SH FILES
      The store is the folder \\fB\\-\\-store\\fR names, else \\fI$DRAWDOC_STORE\\fR, else
      \\fI$XDG_DATA_HOME/drawdoc\\fR, else \\fI~/.local/share/drawdoc\\fR; it is made on first use.
      Every file in it is written atomically, and every change holds the store lock.

      """
    for file in StoreFile.all {
      page += ".TP\n.I \(escaped(file.path))\n\(paragraph(file.meaning))\n"
    }
    page += """
      .SH SEE ALSO
      \\fBdrawdoc help\\fR \\fICOMMAND\\fR prints the help of one command, as this page does.
      In drawdoc's repository, \\fIdocs/format.md\\fR describes the file format,
      \\fIdocs/command\\-line.md\\fR the command line, \\fIdocs/git.md\\fR diff and merge
      with git, \\fIdocs/serve.md\\fR the drawing app, and the DrawdocStore documentation
      (\\fISources/\\:DrawdocStore/\\:DrawdocStore.docc/\\:Store.md\\fR) the store.

      """
    return page
  }

  /// An option as a tagged paragraph: `-o, --output FILE` and its help.
  static func item(_ option: OptionSpecification) -> String {
    var tag = "\\fB\\-\\-\(escaped(option.name))\\fR"
    if let short = option.shortName { tag = "\\fB\\-\(escaped(String(short)))\\fR, " + tag }
    if let value = option.valueName { tag += " \\fI\(escaped(value))\\fR" }
    return ".TP\n\(tag)\n\(paragraph(option.help))\n"
  }

  /// Text as roff input lines: each line escaped, none read as a request.
  static func paragraph(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let escapedLine = escaped(String(line))
      return escapedLine.first == "." || escapedLine.first == "'"
        ? "\\&" + escapedLine : escapedLine
    }.joined(separator: "\n")
  }

  /// Text with roff's special characters escaped: backslashes, hyphens (so options stay
  /// ASCII), and every character outside ASCII as `\[uXXXX]`, which groff reads whatever
  /// encoding it assumes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
