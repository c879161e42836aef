import Glibc

/// The whole benchmark: every measurement, each in a fresh child process, then one table.
///
/// In-process timings run in a child `drawdoc-bench decode|encode|png` (one warm-up run, then
/// the timed runs); peak memory comes from another child that does the operation once, read
/// from `wait4`'s `ru_maxrss`. The references (`ref_sax`, `rsvg-convert`) and the `drawdoc`
/// commands are timed from here, from spawn to exit.
struct Suite {
  /// The results of a child timed from the outside.
  struct Timing {
    var median: Double
    var runs: Int
    var peak: Double
  }

  /// `key=value` fields printed by an in-process mode.
  typealias Fields = [String: String]

  /// Everything measured on one document.
  struct DocumentFigures {
    var rectangles: Int
    var fileBytes: Double = .nan
    var refSax: Timing?
    var refSaxLine: String?
    var decode: Fields?
    var decodePeak: Double?
    var encode: Fields?
    var encodePeak: Double?
    var png: Fields?
    var pngPeak: Double?
    var rsvg: Timing?
    var rsvgSkipped: String?
  }

  /// What the run has to say besides the figures.
  struct Log {
    var notes: [String] = []
    /// A measurement failed or a check did not hold: the exit status is then 1.
    var failed = false
  }

  /// Everything measured on the stores.
  struct StoreFigures {
    var list: Timing?
    /// How many drawings `list` printed.
    var listed: Int?
    var openLarge: Timing?
    var openSmall: Timing?
    /// What the large store holds besides the listed drawings.
    var extras: StoreMaker.Extras?
  }

  let data: String
  let drawdoc: String
  let refSax: String?
  let rsvg: String?
  /// GNU time, for peak memory (see ``ChildProcess/run()``).
  let timeTool: String?
  let sizes: [Int]
  let runs: Int
  let storeRuns: Int
  let storeDrawings: Int
  let budget: Double
  let me: String
  let errorFile: String
  /// Notes given on the command line (tools the script could not find).
  let givenNotes: [String]
  /// `drawdoc` built from the last commit before histories, for `set` before and after.
  let baseline: String?
  /// The commit it was built from, as the table names it.
  let baselineName: String
  /// The drawing sizes `set` is measured on, and the timed runs of each binary there.
  let setSizes: [Int]
  let setRunsSmall: Int
  let setRunsLarge: Int
  /// The changes whose events `drawdoc watch` is timed on.
  let watchChanges: Int

  init(_ options: BenchCommand.Options) throws {
    data = try options.required("data")
    drawdoc = try options.required("drawdoc")
    refSax = options.string("ref-sax").flatMap { $0 == "none" ? nil : $0 }
    rsvg = options.string("rsvg").flatMap { $0 == "none" ? nil : $0 }
    timeTool = options.string("time").flatMap { $0 == "none" ? nil : $0 }
    func counts(_ name: String, _ fallback: String) throws -> [Int] {
      try (options.string(name) ?? fallback).split(separator: ",").map { text in
        guard let size = Int(text), size > 0 else {
          throw BenchCommand.UsageError(description: "--\(name) wants counts, not '\(text)'")
        }
        return size
      }
    }
    sizes = try counts("sizes", "10000,100000,1000000")
    baseline = options.string("baseline").flatMap { $0 == "none" ? nil : $0 }
    baselineName = options.string("baseline-name") ?? "before"
    setSizes = try counts("set-sizes", "1000,1000000")
    setRunsSmall = max(1, try options.int("set-runs", default: 41))
    setRunsLarge = max(1, try options.int("set-runs-large", default: 9))
    watchChanges = max(1, try options.int("watch-changes", default: 200))
    runs = max(1, try options.int("runs", default: 5))
    storeRuns = max(1, try options.int("store-runs", default: 11))
    // The drawings `list` shows; the trash holds some more (see `StoreMaker`).
    storeDrawings = max(1, try options.int("store-drawings", default: 10_000))
    budget = try options.double("budget", default: 60)
    me = Files.executablePath()
    errorFile = "\(data)/out/stderr.txt"
    givenNotes = options.values["note"] ?? []
  }

  /// The document with `count` rectangles that the script generated.
  func documentPath(_ count: Int) -> String { "\(data)/drawdoc-\(count).svg" }

  // MARK: - Running

  func run() throws -> Int32 {
    try Files.createFolder("\(data)/out")
    let started = Clock.now()
    let startLoad = loadAverage()
    var log = Log()
    var documents: [DocumentFigures] = []
    for size in sizes {
      documents.append(measureDocument(size, &log))
    }
    let commands = sizes.map { measureCommands($0, &log) }
    var sets: [SetFigures] = []
    for size in setSizes {
      sets.append(measureSet(size, &log))
    }
    let watch = measureWatch(&log)
    let stores = measureStores(&log)
    let table = makeTable(documents, stores, sets, watch, commands, &log)
    if timeTool == nil {
      log.notes.append(
        "GNU time was not found (apt-get install -y time): peak memory is wait4's, which "
          + "includes the resident memory of drawdoc-bench itself (about 10 MB).")
    }
    let notes = givenNotes + log.notes
    print("")
    print(
      "drawdoc benchmark: median of \(runs) runs per document measurement "
        + "(\(storeRuns) for the store), one warm-up run excluded")
    print("")
    for line in table.lines { print(line) }
    if !notes.isEmpty {
      print("")
      for note in notes { print("- " + note) }
    }
    print("")
    print(
      "measured in \(Text.seconds(Clock.now() - started)); 1-minute load average "
        + "\(startLoad) at the start, \(loadAverage()) at the end (on 2 cores, anything "
        + "much above 1 means other work competed with the benchmark)")
    return log.failed ? 1 : 0
  }

  private func measureDocument(_ size: Int, _ log: inout Log) -> DocumentFigures {
    let label = Text.sizeLabel(size)
    var figures = DocumentFigures(rectangles: size)
    let path = documentPath(size)
    guard let bytes = Files.size(path) else {
      log.notes.append("\(label): \(path) is missing (was python3 available?): not measured")
      return figures
    }
    figures.fileBytes = Double(bytes)
    progress(label, "file \(Text.megabytes(figures.fileBytes))")

    attempt(label, "decode and ref_sax", &log) {
      // ref_sax runs inside the decode child, alternating with the decoding (see
      // `DocumentBench.decode`).
      let reference = refSax.map { ["--reference", $0, "--scratch", "\(data)/out"] } ?? []
      let decode = try inProcess(["decode", path] + reference)
      figures.decode = decode
      figures.decodePeak = try peak(["decode", path, "--no-check"])
      progress(label, "decode \(seconds(decode, "decode"))")
      if let refSax, let median = decode["reference"].flatMap(Double.init) {
        figures.refSax = Timing(
          median: median, runs: decode["runs"].flatMap { Int($0) } ?? 0,
          peak: try measurePeak([refSax, path]))
        figures.refSaxLine = checksumLine(decode, prefix: "ref_")
        progress(label, "ref_sax \(Text.seconds(median)) \(figures.refSaxLine ?? "")")
      }
    }
    attempt(label, "encode", &log) {
      let output = "\(data)/out/encoded-\(size).svg"
      let reference = refSax.map { ["--reference", $0, "--scratch", "\(data)/out"] } ?? []
      figures.encode = try inProcess(["encode", path, "--out", output, "--verify"] + reference)
      figures.encodePeak = try peak(["encode", path, "--out", output])
      progress(label, "encode + write \(seconds(figures.encode, "total"))")
    }
    attempt(label, "png", &log) {
      let output = "\(data)/out/drawdoc-\(size).png"
      figures.png = try inProcess(["png", path, "--out", output])
      figures.pngPeak = try peak(["png", path, "--out", output])
      progress(label, "export to PNG \(seconds(figures.png, "export"))")
    }
    if let rsvg {
      // A document holds rectangles + 2 elements (svg, title); librsvg refuses more than
      // 1,000,000 elements, and only after parsing for a long time.
      if size + 2 > 1_000_000 {
        figures.rsvgSkipped = "skipped³"
      } else {
        attempt(label, "rsvg-convert", &log) {
          let output = "\(data)/out/rsvg-\(size).png"
          let (timing, _) = try timeProcess(
            [
              rsvg, "-w", "\(DocumentBench.pictureWidth)", "-h", "\(DocumentBench.pictureHeight)",
              path, "-o", output,
            ],
            warmup: 0, runs: runs, captureOutput: false)
          figures.rsvg = timing
          progress(label, "rsvg-convert \(Text.seconds(timing.median))")
        }
      }
    } else {
      figures.rsvgSkipped = "no rsvg"
    }
    return figures
  }

  private func measureStores(_ log: inout Log) -> StoreFigures {
    var figures = StoreFigures()
    let large = "\(data)/store-\(storeDrawings)"
    let small = "\(data)/store-1-of-\(storeDrawings)"
    let label = "store"
    var storeNotes: [String] = []
    attempt(label, "the store measurements", &log) {
      let (id, extras, note) = try prepareLargeStore(large)
      figures.extras = extras
      if let note { storeNotes.append(note) }
      try prepareSmallStore(small, copying: id, from: large)
      let list = [drawdoc, "list", "--store", large]
      let (listTiming, outcome) = try timeProcess(
        list, warmup: 1, runs: storeRuns, captureOutput: false)
      figures.list = listTiming
      if !outcome.errors.isEmpty {
        storeNotes.append("`drawdoc list` wrote to standard error: \(outcome.errors.prefix(200))")
      }
      progress(label, "list \(Text.seconds(listTiming.median))")
      // Once more with the output kept: every drawing must be listed (titles "Drawing N").
      let listing = try ChildProcess(
        arguments: list, captureOutput: true, errorFile: errorFile
      ).runChecked().output
      figures.listed = listing.split(separator: "\n").filter { $0.contains("Drawing ") }.count
      // Alternating between the two stores, so that any drift hits both alike.
      let openLarge = ChildProcess(
        arguments: [drawdoc, "open", id, "--store", large], errorFile: errorFile)
      let openSmall = ChildProcess(
        arguments: [drawdoc, "open", id, "--store", small], errorFile: errorFile)
      // Warm-up runs, with the output kept: both must show the drawing.
      for child in [openLarge, openSmall] {
        var shown = child
        shown.captureOutput = true
        guard try shown.runChecked().output.contains("id \(id)") else {
          throw ChildProcess.Failure(
            description: "\(child.arguments.joined(separator: " ")) did not show drawing \(id)")
        }
      }
      var largeRuns: [ChildProcess.Outcome] = []
      var smallRuns: [ChildProcess.Outcome] = []
      for _ in 0..<storeRuns {
        largeRuns.append(try openLarge.runChecked())
        smallRuns.append(try openSmall.runChecked())
      }
      figures.openLarge = try timing(largeRuns, openLarge.arguments)
      figures.openSmall = try timing(smallRuns, openSmall.arguments)
      progress(
        label,
        "open \(Text.seconds(figures.openLarge?.median ?? .nan)) (\(storeDrawings) drawings), "
          + "\(Text.seconds(figures.openSmall?.median ?? .nan)) (1 drawing)")
    }
    log.notes += storeNotes
    return figures
  }

  /// What `.bench-ready` says after the id of a store made as this build makes it. A store
  /// cached by a build that made it otherwise (before it held histories and a trash, say)
  /// says something else, and is made again.
  private var storeLayout: String {
    "layout=2 listed=\(storeDrawings) made=\(StoreMaker.drawingsToMake(listed: storeDrawings))"
  }

  /// Makes the store unless a finished one is cached: `storeDrawings` drawings listed, some
  /// of them with a history, and more in the trash (see
  /// ``StoreMaker/addHistoriesAndTrash(root:ids:)``). Returns the id that `open` shows (a
  /// drawing from the middle, with no history), and what the store holds besides.
  private func prepareLargeStore(_ root: String) throws -> (
    id: String, extras: StoreMaker.Extras, note: String?
  ) {
    let marker = "\(root)/.bench-ready"
    if let cached = try? Files.read(marker) {
      let words = String(decoding: cached, as: UTF8.self).split(separator: " ").map(String.init)
      if words.count == 6, words[1...3].joined(separator: " ") == storeLayout,
        let histories = words[4].split(separator: "=").last.flatMap({ Int($0) }),
        let trashed = words[5].split(separator: "=").last.flatMap({ Int($0) })
      {
        return (words[0], StoreMaker.Extras(withHistory: histories, trashed: trashed), nil)
      }
    }
    let made = StoreMaker.drawingsToMake(listed: storeDrawings)
    progress(
      "store",
      "writing \(made) drawings of 20 rectangles into \(root), then histories and a trash")
    _ = try ChildProcess(arguments: ["rm", "-rf", root], errorFile: errorFile).runChecked()
    // The drawings that get a history or go to the trash first, alone: each change rewrites
    // the index, at a cost that grows with the drawings in it.
    let (ids, writing) = try Clock.timed {
      try StoreMaker.make(
        root: root, drawings: made, rectangles: 20, seed: 7, writing: StoreMaker.isChanged)
    }
    let (extras, changing) = try Clock.timed {
      try StoreMaker.addHistoriesAndTrash(root: root, ids: ids)
    }
    let (_, writingRest) = try Clock.timed {
      try StoreMaker.make(
        root: root, drawings: made, rectangles: 20, seed: 7, writing: { !StoreMaker.isChanged($0) })
    }
    let indexing = try ChildProcess(
      arguments: [drawdoc, "list", "--store", root], errorFile: errorFile
    ).runChecked()
    let note =
      ("The store was made in this run: \(Text.grouped(extras.withHistory + extras.trashed)) "
        + "drawing files written (\(Text.seconds(writing))), given their histories or moved to "
        + "the trash (\(Text.seconds(changing))), \(Text.grouped(made - extras.withHistory - extras.trashed)) "
        + "more written (\(Text.seconds(writingRest))), then the first `drawdoc list` indexed "
        + "them all in \(Text.seconds(indexing.seconds)).")
    var middle = ids.count / 2
    while middle + 1 < ids.count, StoreMaker.isTrashed(middle) || StoreMaker.hasHistory(middle) {
      middle += 1
    }
    let id = ids[middle].description
    try Files.write(
      Array(
        "\(id) \(storeLayout) histories=\(extras.withHistory) trashed=\(extras.trashed)".utf8),
      to: marker)
    return (id, extras, note)
  }

  /// A store holding one drawing: the same file as drawing `id` of the large store.
  private func prepareSmallStore(_ root: String, copying id: String, from large: String) throws {
    let marker = "\(root)/.bench-ready"
    if let cached = try? Files.read(marker), String(decoding: cached, as: UTF8.self) == id {
      return
    }
    _ = try ChildProcess(arguments: ["rm", "-rf", root], errorFile: errorFile).runChecked()
    try Files.createFolder("\(root)/drawings")
    let file = "drawings/\(id).svg"
    try Files.write(try Files.read("\(large)/\(file)"), to: "\(root)/\(file)")
    _ = try ChildProcess(
      arguments: [drawdoc, "list", "--store", root], errorFile: errorFile
    ).runChecked()
    try Files.write(Array(id.utf8), to: marker)
  }

  // MARK: - Children

  /// Times a program from the outside: `warmup` runs thrown away, then up to `runs`, within
  /// the budget. Peak memory is the largest of the timed runs.
  private func timeProcess(
    _ arguments: [String], warmup: Int, runs: Int, captureOutput: Bool
  ) throws -> (Timing, ChildProcess.Outcome) {
    let child = ChildProcess(
      arguments: arguments, captureOutput: captureOutput, errorFile: errorFile)
    var outcomes: [ChildProcess.Outcome] = []
    let sampler = Sampler(runs: runs, warmup: warmup, budget: budget)
    _ = try sampler.collect {
      let outcome = try child.runChecked()
      outcomes.append(outcome)
      return [outcome.seconds]
    }
    let timed = Array(outcomes.dropFirst(warmup))
    guard let last = timed.last else { throw ChildProcess.Failure(description: "no run") }
    return (try timing(timed, arguments), last)
  }

  /// The median of the runs, and the peak memory of one more run.
  private func timing(_ outcomes: [ChildProcess.Outcome], _ arguments: [String]) throws -> Timing {
    Timing(
      median: median(outcomes.map(\.seconds)), runs: outcomes.count,
      peak: try measurePeak(arguments))
  }

  /// The peak memory of one run of a program, in bytes: `time -f %M` when GNU time is there.
  func measurePeak(_ arguments: [String]) throws -> Double {
    try ChildProcess(arguments: arguments, errorFile: errorFile, timeTool: timeTool)
      .runChecked().peakBytes
  }

  /// Runs an in-process measurement in a child and returns its fields.
  private func inProcess(_ arguments: [String]) throws -> Fields {
    let outcome = try ChildProcess(
      arguments: [me] + arguments + [
        "--runs", "\(runs)", "--warmup", "1", "--budget", "\(budget)",
      ],
      captureOutput: true, errorFile: errorFile
    ).runChecked()
    return Self.fields(outcome.output)
  }

  /// The peak memory of a fresh process that does the operation once.
  private func peak(_ arguments: [String]) throws -> Double {
    try measurePeak([me] + arguments + ["--runs", "1", "--warmup", "0"])
  }

  static func fields(_ output: String) -> Fields {
    var fields: Fields = [:]
    for token in output.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      guard let equals = token.firstIndex(of: "=") else { continue }
      fields[String(token[..<equals])] = String(token[token.index(after: equals)...])
    }
    return fields
  }

  /// Runs one measurement; a failure becomes a note and the run's exit status, and the
  /// other measurements go on.
  func attempt(
    _ label: String, _ what: String, _ log: inout Log, _ body: () throws -> Void
  ) {
    do {
      try body()
    } catch {
      log.failed = true
      log.notes.append("\(label): \(what) FAILED: \(error)")
      progress(label, "\(what) FAILED: \(error)")
    }
  }

  func progress(_ label: String, _ text: String) {
    printError("[\(label)] \(text)")
  }

  private func seconds(_ fields: Fields?, _ key: String) -> String {
    Text.seconds(fields?[key].flatMap(Double.init) ?? .nan)
  }

  // MARK: - The table

  private func makeTable(
    _ documents: [DocumentFigures], _ stores: StoreFigures, _ sets: [SetFigures],
    _ watch: Fields?, _ commands: [CommandFigures], _ log: inout Log
  ) -> ReportTable {
    // At least two figure columns, for the two stores, and one per size `set` is run on.
    let columns = max(2, documents.count, sets.count)
    var table = ReportTable(
      header: ["measure"] + documents.map { Text.sizeLabel($0.rectangles) + " rects" }
        + Array(repeating: "", count: columns - documents.count) + ["target", "met"])
    func row(_ label: String, _ cells: [String], target: String = "", met: String = "") {
      table.add(
        [label] + cells + Array(repeating: "", count: columns - cells.count) + [target, met])
    }
    func value(_ fields: Fields?, _ key: String) -> Double {
      fields?[key].flatMap(Double.init) ?? .nan
    }
    func runsNote(_ count: Int?) -> String {
      guard let count, count < runs else { return "" }
      return " (n=\(count))"
    }
    /// The figure at the size a target is set for, or nil if that size was not run.
    func at(_ size: Int, _ figure: (DocumentFigures) -> Double) -> Double? {
      documents.first { $0.rectangles == size }.map(figure)
    }
    /// `yes` or `NO` for a figure measured at the size the target is set for.
    func verdict(_ figure: Double?, size: Int?, _ passes: (Double) -> Bool) -> String {
      guard let figure else {
        return size.map { "\(Text.sizeLabel($0)) not run" } ?? "not run"
      }
      guard figure.isFinite else { return "not measured" }
      return passes(figure) ? "yes" : "NO"
    }

    row("file size", documents.map { Text.megabytes($0.fileBytes) })

    // MARK: Decode
    let decodeSeconds = documents.map { value($0.decode, "decode") }
    row(
      "decode → Plane (strict), median",
      documents.indices.map {
        Text.seconds(decodeSeconds[$0])
          + runsNote(documents[$0].decode?["runs"].flatMap { Int($0) })
      })
    row(
      "  MB/s",
      documents.indices.map {
        Text.rate(documents[$0].fileBytes / decodeSeconds[$0], unit: "B/s")
      })
    row(
      "  rectangles/s",
      documents.indices.map {
        Text.rate(Double(documents[$0].rectangles) / decodeSeconds[$0], unit: "/s")
      })
    row(
      "  peak memory", documents.map { Text.megabytes($0.decodePeak ?? .nan) },
      target: "≤ 160 MB at 1 M",
      met: verdict(at(1_000_000) { $0.decodePeak ?? .nan }, size: 1_000_000) { $0 <= 160e6 })
    row(
      "ref_sax (C, SAX2 push), median⁴",
      documents.map { Text.seconds($0.refSax?.median ?? .nan) + runsNote($0.refSax?.runs) })
    row("  ref_sax peak memory", documents.map { Text.megabytes($0.refSax?.peak ?? .nan) })
    let decodeRatio = documents.indices.map {
      decodeSeconds[$0] / (documents[$0].refSax?.median ?? .nan)
    }
    row(
      "  decode / ref_sax⁴", decodeRatio.map(ratio), target: "≤ 1.2 at 1 M",
      met: verdict(
        documents.firstIndex { $0.rectangles == 1_000_000 }.map { decodeRatio[$0] },
        size: 1_000_000
      ) { $0 <= 1.2 })
    row(
      "  decode / ref_sax, CPU time⁵",
      documents.map {
        ratio(value($0.decode, "decode_cpu") / value($0.decode, "reference_cpu"))
      })
    var checks: [String] = []
    for document in documents {
      let label = Text.sizeLabel(document.rectangles)
      let ours = checksumLine(document.decode)
      guard let ours, let theirs = document.refSaxLine else {
        checks.append("—")
        continue
      }
      if ours == theirs {
        checks.append("same")
      } else {
        checks.append("MISMATCH")
        log.failed = true
        log.notes.append("MISMATCH at \(label): drawdoc read \(ours), ref_sax read \(theirs)")
        printError(
          "\n!!! CHECKSUM MISMATCH at \(label) !!!\n  drawdoc: \(ours)\n  ref_sax: \(theirs)\n")
      }
    }
    row(
      "  checksum = ref_sax's", checks, target: "same at every size",
      met: checks.contains("MISMATCH") ? "NO" : checks.allSatisfy({ $0 == "same" }) ? "yes" : "—")

    // MARK: Encode
    let encodeSeconds = documents.map { value($0.encode, "total") }
    row(
      "encode → bytes, median",
      documents.map {
        Text.seconds(value($0.encode, "encode"))
          + runsNote($0.encode?["runs"].flatMap { Int($0) })
      })
    row("encode + write file, 1 MiB pieces, median", encodeSeconds.map(Text.seconds))
    row(
      "  MB/s",
      documents.indices.map {
        Text.rate(documents[$0].fileBytes / encodeSeconds[$0], unit: "B/s")
      })
    let encodeRatio = documents.indices.map {
      encodeSeconds[$0] / value(documents[$0].encode, "reference")
    }
    row(
      "  (encode + write) / ref_sax⁴", encodeRatio.map(ratio), target: "≤ 0.75 at 1 M",
      met: verdict(
        documents.firstIndex { $0.rectangles == 1_000_000 }.map { encodeRatio[$0] },
        size: 1_000_000
      ) { $0 <= 0.75 })
    row(
      "  (encode + write) / ref_sax, CPU time⁵",
      documents.map {
        ratio(value($0.encode, "total_cpu") / value($0.encode, "reference_cpu"))
      })
    row("  peak memory¹", documents.map { Text.megabytes($0.encodePeak ?? .nan) })
    var identical: [String] = []
    for document in documents {
      switch document.encode?["identical"] {
      case "yes": identical.append("yes")
      case "no":
        identical.append("DIFFERENT")
        log.failed = true
        log.notes.append(
          "\(Text.sizeLabel(document.rectangles)): the encoded bytes differ from the "
            + "generator's file (see \(data)/out/encoded-\(document.rectangles).svg)")
      default: identical.append("—")
      }
    }
    row("  bytes = generator's file", identical)

    // MARK: PNG
    let pngSeconds = documents.map { value($0.png, "png") }
    let exportSeconds = documents.map { value($0.png, "export") }
    row(
      "PNG 1024×768: render + encode + write",
      documents.indices.map {
        Text.seconds(pngSeconds[$0]) + runsNote(documents[$0].png?["runs"].flatMap { Int($0) })
      })
    row("  render", documents.map { Text.seconds(value($0.png, "render")) })
    row("  PNG encode", documents.map { Text.seconds(value($0.png, "pngencode")) })
    row(
      "export: decode + PNG, median", exportSeconds.map(Text.seconds), target: "< 10 s at 1 M",
      met: verdict(at(1_000_000) { value($0.png, "export") }, size: 1_000_000) { $0 < 10 })
    row(
      "  peak memory²", documents.map { Text.megabytes($0.pngPeak ?? .nan) },
      target: "< 300 MB at 1 M",
      met: verdict(at(1_000_000) { $0.pngPeak ?? .nan }, size: 1_000_000) { $0 < 300e6 })
    row(
      "rsvg-convert, median",
      documents.map {
        $0.rsvgSkipped ?? (Text.seconds($0.rsvg?.median ?? .nan) + runsNote($0.rsvg?.runs))
      })
    row(
      "  rsvg-convert peak memory",
      documents.map { $0.rsvgSkipped ?? Text.megabytes($0.rsvg?.peak ?? .nan) })
    let exportRatio = documents.indices.map {
      exportSeconds[$0] / (documents[$0].rsvg?.median ?? .nan)
    }
    row(
      "  export / rsvg-convert", exportRatio.map(ratio), target: "≤ 0.5 at 100 k",
      met: verdict(
        documents.firstIndex { $0.rectangles == 100_000 }.map { exportRatio[$0] },
        size: 100_000
      ) { $0 <= 0.5 })
    row(
      "  (render + encode + write) / rsvg",
      documents.indices.map { ratio(pngSeconds[$0] / (documents[$0].rsvg?.median ?? .nan)) })

    // MARK: Store
    table.add(
      [
        "store (drawdoc binary, wall time)⁶", "\(Text.grouped(storeDrawings)) drawings",
        "1 drawing",
      ] + Array(repeating: "", count: max(0, columns - 2)) + ["", ""])
    let storeCells = { (large: String, small: String) -> [String] in
      [large, small] + Array(repeating: "", count: max(0, columns - 2))
    }
    table.add(
      ["drawdoc list, median"]
        + storeCells(Text.seconds(stores.list?.median ?? .nan) + runsNote(stores.list?.runs), "")
        + ["< 50 ms", verdict(stores.list?.median, size: nil) { $0 < 0.050 }])
    table.add(
      ["  peak memory"] + storeCells(Text.megabytes(stores.list?.peak ?? .nan), "") + ["", ""])
    let listedAll = stores.listed.map { $0 == storeDrawings }
    if listedAll == false {
      log.failed = true
      log.notes.append(
        "`drawdoc list` printed \(stores.listed ?? 0) drawings of \(storeDrawings)")
    }
    table.add(
      ["  drawings listed"] + storeCells(stores.listed.map { Text.grouped($0) } ?? "—", "")
        + [
          "all \(Text.grouped(storeDrawings))",
          listedAll.map { $0 ? "yes" : "NO" } ?? "—",
        ])
    table.add(
      ["drawdoc open ID, median"]
        + storeCells(
          Text.seconds(stores.openLarge?.median ?? .nan),
          Text.seconds(stores.openSmall?.median ?? .nan)) + ["", ""])
    let openRatio = (stores.openLarge?.median ?? .nan) / (stores.openSmall?.median ?? .nan)
    table.add(
      ["  open: large store / 1-drawing store"] + storeCells(ratio(openRatio), "")
        + ["≤ 1.2", verdict(stores.openLarge == nil ? nil : openRatio, size: nil) { $0 <= 1.2 }])

    let setNote = addSetRows(sets, to: &table, columns: columns, &log)
    let watchNote = addWatchRows(watch, to: &table, columns: columns, &log)
    let commandNote = addCommandRows(commands, to: &table, columns: columns, &log)

    log.notes.insert(
      contentsOf: [
        "¹ A fresh process that decodes the file (untimed), then encodes it once to bytes in "
          + "memory and once to the file a piece at a time: the decoded drawing and the whole "
          + "encoded file are in memory together for the first; the second holds 1 MiB.",
        "² A fresh process that decodes the file, renders it, encodes the PNG and writes it once.",

        "MB = 10⁶ bytes. ref_sax and rsvg-convert are timed as processes (spawn to exit, "
          + "which includes about 1 ms of process start); decode, encode and PNG are timed in "
          + "process. Peak memory is the maximum resident set size of one more run in a "
          + "fresh process (\(timeTool == nil ? "wait4's ru_maxrss" : "GNU time's %M")).",
      ], at: 0)
    log.notes.insert(
      "⁴ Each ref_sax run is made just before a decode (or encode) run of the same round, "
        + "from the measuring child, so that both share the machine's state; each ratio "
        + "compares the medians of its own rounds (the row shows the decode rounds').",
      at: 2)
    log.notes.insert(
      "⁵ The same rounds in CPU seconds (user + system) instead of wall time: "
        + "CLOCK_PROCESS_CPUTIME_ID around the call for drawdoc, the child's rusage for ref_sax "
        + "(process start included). It does not count time lost to other processes taking "
        + "turns on the cores (it still feels their use of caches and memory bandwidth); the "
        + "targets are checked on wall time.",
      at: 3)
    var sectionNotes: [String] = []
    if let extras = stores.extras {
      sectionNotes.append(
        "⁶ Besides the \(Text.grouped(storeDrawings)) drawings listed (20 rectangles each), "
          + "\(Text.grouped(extras.trashed)) more are in the trash, and "
          + "\(Text.grouped(extras.withHistory)) of those listed have a history of "
          + "\(StoreMaker.Extras.versionsEach) versions (changes, an undo and a change after "
          + "it, made through the library); the others have none yet, as drawings saved before "
          + "histories began. `drawdoc open` shows a drawing with no history.")
    }
    sectionNotes += [setNote, watchNote, commandNote].compactMap { $0 }
    if documents.contains(where: { $0.rsvgSkipped == "skipped³" }) {
      log.notes.insert(
        "³ rsvg-convert refuses documents of more than 1,000,000 XML elements (and only after "
          + "about 90 s of parsing), so it is not run on 1 M rectangles.", at: 2)
    }
    // After the numbered notes of the documents, before the general one.
    let general = log.notes.firstIndex { $0.hasPrefix("MB = ") } ?? log.notes.count
    log.notes.insert(contentsOf: sectionNotes, at: general)
    return table
  }

  /// The 1-minute load average, as `/proc/loadavg` writes it.
  private func loadAverage() -> String {
    guard let bytes = try? Files.read("/proc/loadavg") else { return "?" }
    return String(decoding: bytes.prefix { $0 != 0x20 }, as: UTF8.self)
  }

  /// The `count=… checksum=… idsum=…` line from fields (with a prefix on each key).
  private func checksumLine(_ fields: Fields?, prefix: String = "") -> String? {
    guard let fields, let count = fields[prefix + "count"], let sum = fields[prefix + "checksum"],
      let ids = fields[prefix + "idsum"]
    else { return nil }
    return "count=\(count) checksum=\(sum) idsum=\(ids)"
  }

  func ratio(_ value: Double) -> String {
    value.isFinite ? Text.cFormat("%.2f", value) : "—"
  }
}
