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
}
