import Glibc

/// The `drawdoc` commands people run, each as a process on the generated documents (issue
/// 15): the commands that read a drawing and write one against the library's decode plus
/// encode-and-write of the same drawing, the JSON and text outputs against the same command's
/// SVG output, and the peak memory of each. All of them run in rounds, one run of each
/// command per round, with one run of the library child, so that any drift of the machine
/// hits every figure alike.
extension Suite {
  /// One command the section measures.
  struct MeasuredCommand {
    /// The key of its figures.
    var key: String
    /// How the table names it.
    var label: String
    /// What its ratio is taken against, and the most the ratio may be.
    var reference: (key: String, name: String, limit: Double)?
  }

  /// The commands, in the order of each round (`add` before the `remove` of what it added)
  /// and of the table.
  static let measuredCommands: [MeasuredCommand] = [
    .init(key: "convert-svg", label: "convert r.svg out.svg", reference: libraryReference),
    .init(key: "save", label: "save r.svg (a new version)", reference: libraryReference),
    .init(key: "add", label: "add DOC (one rectangle)", reference: libraryReference),
    .init(key: "set", label: "set DOC RECT --alpha K", reference: libraryReference),
    .init(key: "remove", label: "remove DOC RECT (the one added)", reference: libraryReference),
    .init(key: "export-svg", label: "export DOC -o x.svg", reference: libraryReference),
    .init(
      key: "convert-json", label: "convert r.svg out.json",
      reference: ("convert-svg", "convert to SVG", 1.2)),
    .init(key: "export-stdout", label: "export DOC (SVG to standard output)", reference: nil),
    .init(
      key: "open", label: "open DOC (text)", reference: ("export-stdout", "export DOC", 1.2)),
    .init(
      key: "open-json", label: "open DOC --json", reference: ("export-stdout", "export DOC", 1.2)),
    .init(
      key: "export-json", label: "export DOC --format json",
      reference: ("export-stdout", "export DOC", 1.2)),
    .init(key: "export-png", label: "export DOC --format png -o x.png", reference: nil),
    .init(key: "validate", label: "validate r.svg", reference: nil),
    .init(key: "hit", label: "hit DOC X Y", reference: nil),
    .init(key: "list", label: "list", reference: nil),
  ]

  static let libraryReference = (key: "library", name: "library", limit: 1.3)

  /// The peak memory every command must stay under at 1 M rectangles.
  static let commandMemoryLimit = 200e6

  /// What was measured on one document.
  struct CommandFigures {
    var rectangles: Int
    /// Seconds of each timed round, by command key; `library` is the library child's decode
    /// plus encode-and-write.
    var seconds: [String: [Double]] = [:]
    var peaks: [String: Double] = [:]
    /// Whether `convert r.svg out.svg` wrote the bytes of r.svg (the generator writes the
    /// canonical form), and `export DOC -o x.svg` those of the drawing's file in the store.
    var sameBytes: Bool?
    var skipped: String?
  }

  func measureCommands(_ size: Int, _ log: inout Log) -> CommandFigures {
    let label = "commands \(Text.sizeLabel(size))"
    var figures = CommandFigures(rectangles: size)
    let file = documentPath(size)
    guard Files.exists(file) else {
      figures.skipped = "not generated"
      return figures
    }
    let folder = "\(data)/out/commands-\(size)"
    let store = "\(folder)/store"
    // At 1 M every version is a 112 MB file, and the outputs as big: nothing is kept.
    defer { _ = try? ChildProcess(arguments: ["rm", "-rf", folder], errorFile: errorFile).run() }
    attempt(label, "the commands", &log) {
      _ = try ChildProcess(arguments: ["rm", "-rf", folder], errorFile: errorFile).runChecked()
      try Files.createFolder("\(store)/drawings")
      let (id, rectangle) = try Self.firstIdentifiers(file)
      let (x, y) = try Self.firstCorner(file)
      _ = try ChildProcess(
        arguments: ["cp", file, "\(store)/drawings/\(id).svg"], errorFile: errorFile
      ).runChecked()
      _ = try ChildProcess(arguments: [drawdoc, "list", "--store", store], errorFile: errorFile)
        .runChecked()
      _ = try ChildProcess(
        arguments: [
          drawdoc, "config", "history-limit", "\(Self.largeHistoryLimit)", "--store", store,
        ], errorFile: errorFile
      ).runChecked()

      var alpha = 3
      var added = ""
      /// The arguments of one command; `add` and `remove` are run by `runRound`.
      func arguments(_ key: String) -> [String] {
        let inStore = ["--store", store]
        switch key {
        case "convert-svg": return [drawdoc, "convert", file, "\(folder)/out.svg"]
        case "convert-json": return [drawdoc, "convert", file, "\(folder)/out.json"]
        case "save": return [drawdoc, "save", file] + inStore
        case "add": return [drawdoc, "add", id] + inStore
        case "set": return [drawdoc, "set", id, rectangle, "--alpha", "\(alpha)"] + inStore
        case "remove": return [drawdoc, "remove", id, added] + inStore
        case "export-svg": return [drawdoc, "export", id, "-o", "\(folder)/x.svg"] + inStore
        case "export-stdout": return [drawdoc, "export", id] + inStore
        case "open": return [drawdoc, "open", id] + inStore
        case "open-json": return [drawdoc, "open", id, "--json"] + inStore
        case "export-json": return [drawdoc, "export", id, "--format", "json"] + inStore
        case "export-png":
          return [drawdoc, "export", id, "--format", "png", "-o", "\(folder)/x.png"] + inStore
        case "validate": return [drawdoc, "validate", file]
        case "hit": return [drawdoc, "hit", id, x, y] + inStore
        default: return [drawdoc, "list"] + inStore
        }
      }
      let library = ChildProcess(
        arguments: [me, "library", file, "--out", "\(folder)/library.svg"],
        captureOutput: true, errorFile: errorFile)
      // Each run starts with what earlier runs wrote already on disk: no command waits for
      // the disk to write another's output (`convert` and `export -o` do not flush theirs).
      let sync = ChildProcess(arguments: ["sync"], errorFile: errorFile)
      /// One run of every command, and of the library child; the seconds of each.
      func round(peak: Bool) throws -> [String: Double] {
        var seconds: [String: Double] = [:]
        if !peak {
          _ = try sync.runChecked()
          let fields = Self.fields(try library.runChecked().output)
          seconds["library"] =
            (fields["decode"].flatMap(Double.init) ?? .nan)
            + (fields["write"].flatMap(Double.init) ?? .nan)
        }
        for command in Self.measuredCommands {
          alpha = alpha == 3 ? 7 : 3
          let child = ChildProcess(
            arguments: arguments(command.key), captureOutput: command.key == "add",
            errorFile: errorFile, timeTool: peak ? timeTool : nil)
          _ = try sync.runChecked()
          let outcome = try child.runChecked()
          if command.key == "add" {
            added = String(outcome.output.prefix { $0 != "\n" })
          }
          seconds[command.key] = peak ? outcome.peakBytes : outcome.seconds
        }
        return seconds
      }
      progress(label, "1 warm-up round, then \(runs) of \(Self.measuredCommands.count) commands")
      let sectionStarted = Clock.now()
      _ = try round(peak: false)
      let started = Clock.now()
      var rounds = 0
      var lastRound = 0.0
      // A round at 1 M takes about 15 s: three times the usual budget.
      while rounds < runs {
        if rounds > 0, Clock.now() - started + lastRound > 3 * budget { break }
        let roundStart = Clock.now()
        for (key, value) in try round(peak: false) {
          figures.seconds[key, default: []].append(value)
        }
        lastRound = Clock.now() - roundStart
        rounds += 1
      }
      figures.peaks = try round(peak: true)
      let input = try Files.read(file)
      figures.sameBytes =
        try Files.read("\(folder)/out.svg") == input
        && Files.read("\(folder)/x.svg") == Files.read("\(store)/drawings/\(id).svg")
      progress(
        label,
        Self.measuredCommands.prefix(6).map {
          "\($0.key) \(Text.seconds(median(figures.seconds[$0.key] ?? [])))"
        }.joined(separator: ", ")
          + "; library \(Text.seconds(median(figures.seconds["library"] ?? [])))"
          + " (\(Text.seconds(Clock.now() - sectionStarted)) in all)")
    }
    if figures.sameBytes == false {
      log.failed = true
      log.notes.append(
        "\(Text.sizeLabel(size)): `convert r.svg out.svg` wrote other bytes than r.svg's, or "
          + "`export DOC -o x.svg` other bytes than the drawing's file in the store")
    }
    return figures
  }

  /// The `x` and `y` of the first rectangle of a document as the generator writes it: a
  /// point inside it, for `hit`.
  static func firstCorner(_ path: String) throws -> (x: String, y: String) {
    let head = String(decoding: try Files.readPrefix(path, count: 8192), as: UTF8.self)
    func value(_ name: String, after start: String.Index) -> String? {
      guard let found = head[start...].firstRange(of: " \(name)=\"") else { return nil }
      return String(head[found.upperBound...].prefix { $0 != "\"" })
    }
    guard let rect = head.firstRange(of: "<rect ")?.lowerBound,
      let x = value("x", after: rect), let y = value("y", after: rect)
    else {
      throw Files.Failure(description: "\(path): no rectangle in its first 8 KiB")
    }
    return (x, y)
  }

  /// The section's rows, one figure column per document; returns its footnote.
  func addCommandRows(
    _ commands: [CommandFigures], to table: inout ReportTable, columns: Int, _ log: inout Log
  ) -> String? {
    guard !commands.isEmpty else { return nil }
    func add(_ label: String, _ cells: [String], target: String = "", met: String = "") {
      table.add(label, cells, columns: columns, target: target, met: met)
    }
    func medianOf(_ figures: CommandFigures, _ key: String) -> Double {
      median(figures.seconds[key] ?? [])
    }
    func runsNote(_ figures: CommandFigures, _ key: String) -> String {
      let count = figures.seconds[key]?.count ?? 0
      return count > 0 && count < runs ? " (n=\(count))" : ""
    }
    /// `yes`, or `NO (sizes)` naming where a figure misses.
    func verdict(_ figures: [Double?], _ passes: (Double) -> Bool) -> String {
      let measured = figures.indices.compactMap { index in
        figures[index].flatMap { $0.isFinite ? (index, $0) : nil }
      }
      guard !measured.isEmpty else { return "not measured" }
      let missed = measured.filter { !passes($0.1) }.map(\.0)
      guard !missed.isEmpty else { return "yes" }
      return "NO ("
        + missed.map { Text.sizeLabel(commands[$0].rectangles) }.joined(separator: ", ") + ")"
    }
    add(
      "commands (drawdoc binary, wall time)⁹",
      commands.map { "\(Text.sizeLabel($0.rectangles)) rects" })
    add(
      "library: decode + encode-and-write, same rounds",
      commands.map {
        $0.skipped ?? Text.seconds(medianOf($0, "library")) + runsNote($0, "library")
      })
    let atMillion = commands.firstIndex { $0.rectangles == 1_000_000 }
    for command in Self.measuredCommands {
      add(
        "drawdoc \(command.label), median",
        commands.map {
          $0.skipped ?? Text.seconds(medianOf($0, command.key)) + runsNote($0, command.key)
        })
      if let reference = command.reference {
        let ratios = commands.map { medianOf($0, command.key) / medianOf($0, reference.key) }
        add(
          "  / \(reference.name)", ratios.map(ratio),
          target: "≤ \(Text.cFormat("%.1f", reference.limit))",
          met: verdict(ratios) { $0 <= reference.limit })
      }
      let peaks = commands.map { $0.peaks[command.key] }
      add(
        "  peak memory", peaks.map { Text.megabytes($0 ?? .nan) },
        target: "< 200 MB at 1 M",
        met: atMillion.map { verdict([peaks[$0]]) { $0 < Self.commandMemoryLimit } }
          ?? "1 M not run")
    }
    let same = commands.map { $0.sameBytes }
    add(
      "convert: bytes = r.svg; export -o: = the store's file",
      same.map { $0.map { $0 ? "yes" : "DIFFERENT" } ?? "—" })
    return "⁹ Each command timed as a process (spawn to exit), standard output to /dev/null, "
      + "on a store made for the run: the document copied in as its drawing DOC, indexed by one "
      + "`list`, its history limit set to \(Self.largeHistoryLimit) (`drawdoc config "
      + "history-limit`, so that the history of a big drawing stays a few whole files), and "
      + "deleted afterwards with the outputs. Every round runs each command once in the order "
      + "of the table (`save` makes a new version of DOC from r.svg, `add` adds one rectangle "
      + "that `remove` then removes, `set` switches an alpha between 3 and 7), after one run of "
      + "a child `drawdoc-bench library` that decodes r.svg and encodes it to a file a piece at "
      + "a time once to warm up, then once timed, in process: the library figure the commands "
      + "that read a drawing and write one are compared with. One warm-up round, then "
      + "\(runs) rounds; one more under GNU time gives each peak memory. Before each run, an "
      + "untimed `sync` writes to disk what earlier runs left in the page cache, so that no run "
      + "waits for another's writes. The commands of the store flush the drawing's file and "
      + "folders to disk (fsync), as every change of the store does, and with a history limit "
      + "of \(Self.largeHistoryLimit) the store compacts a drawing's history every other change: "
      + "in each round `save` and `set` (the 1st and 3rd change) rewrite the version log and "
      + "unlink the two oldest version files, `add` and `remove` never. `convert` and `export "
      + "-o` write their file atomically (a temporary file renamed over the target, not "
      + "flushed); the library child writes its file in place. The JSON and text outputs are "
      + "compared with the same "
      + "command's SVG output: `convert` to SVG, and `export DOC` to standard output for "
      + "`open` and `export --format json`."
  }
}
