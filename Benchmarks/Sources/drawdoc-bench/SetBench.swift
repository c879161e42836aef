import Glibc

/// `drawdoc set` before and after drawings kept histories, in the same run: the binary built from
/// the commit before it (``Suite/baseline``) and the current one, each on a store of its own
/// holding the same drawing, their runs alternating.
extension Suite {
  /// What was measured at one drawing size.
  struct SetFigures {
    var rectangles: Int
    /// Seconds of each timed run, before and after.
    var before: [Double] = []
    var after: [Double] = []
    var beforePeak: Double?
    var afterPeak: Double?
    /// The history limit of the current binary's store.
    var historyLimit = 0
    /// The version files in the drawing's history folder after the runs.
    var historyFiles: Int?
    /// Why nothing was measured.
    var skipped: String?
  }

  /// The store's default history limit, and the one the stores of big drawings get, so
  /// that their history (one whole file per version) stays a few files.
  static let defaultHistoryLimit = 100
  static let largeHistoryLimit = 2

  /// How many timed runs of each binary at a size.
  func setRuns(for size: Int) -> Int { size >= 100_000 ? setRunsLarge : setRunsSmall }

  func measureSet(_ size: Int, _ log: inout Log) -> SetFigures {
    let label = "set \(Text.sizeLabel(size))"
    var figures = SetFigures(rectangles: size)
    let file = documentPath(size)
    guard Files.exists(file) else {
      figures.skipped = "not generated"
      log.notes.append("\(label): \(file) is missing (was python3 available?): not measured")
      return figures
    }
    let beforeStore = "\(data)/out/set-before-\(size)"
    let afterStore = "\(data)/out/set-after-\(size)"
    // A version of 1 M rectangles is a 112 MB file: nothing is kept after the run.
    defer {
      for store in [beforeStore, afterStore] {
        _ = try? ChildProcess(arguments: ["rm", "-rf", store], errorFile: errorFile).run()
      }
    }
    // Without the binary from before, the current one is measured alone.
    let binaries = [(baseline, beforeStore), (drawdoc, afterStore)].compactMap { binary, store in
      binary.map { ($0, store) }
    }
    let sides = baseline == nil ? [1] : [0, 1]
    attempt(label, "set before and after", &log) {
      let (id, rectangle) = try Self.firstIdentifiers(file)
      for (binary, store) in binaries {
        _ = try ChildProcess(arguments: ["rm", "-rf", store], errorFile: errorFile).runChecked()
        try Files.createFolder("\(store)/drawings")
        _ = try ChildProcess(
          arguments: ["cp", file, "\(store)/drawings/\(id).svg"], errorFile: errorFile
        ).runChecked()
        // The index, as the first `list` of any store builds it.
        _ = try ChildProcess(arguments: [binary, "list", "--store", store], errorFile: errorFile)
          .runChecked()
      }
      let limit = size >= 100_000 ? Self.largeHistoryLimit : Self.defaultHistoryLimit
      figures.historyLimit = limit
      if limit != Self.defaultHistoryLimit {
        _ = try ChildProcess(
          arguments: [drawdoc, "config", "history-limit", "\(limit)", "--store", afterStore],
          errorFile: errorFile
        ).runChecked()
      }
      // Each run sets the alpha to the other of two levels, so every run changes the drawing.
      var counts = [0, 0]
      func set(_ which: Int) -> ChildProcess {
        counts[which] += 1
        let (binary, store) = binaries[binaries.count == 2 ? which : 0]
        return ChildProcess(
          arguments: [
            binary, "set", id, rectangle, "--alpha", counts[which] % 2 == 0 ? "3" : "7",
            "--store", store,
          ], errorFile: errorFile)
      }
      // Warm-up. The current binary first brings the history to its steady state: past
      // the limit and the slack, so that compaction (every tenth of the limit) has begun
      // and recurs among the timed runs.
      let slack = max(1, limit / 10)
      let steady = limit + slack + 1
      progress(label, "warm-up: 1 run before, \(steady) runs after (history limit \(limit))")
      if baseline != nil { _ = try set(0).runChecked() }
      for _ in 0..<steady { _ = try set(1).runChecked() }
      // Alternating, the order swapped every round, so that drift hits both alike.
      let wanted = setRuns(for: size)
      let started = Clock.now()
      var lastRound = 0.0
      while figures.after.count < wanted {
        if !figures.after.isEmpty, Clock.now() - started + lastRound > budget { break }
        let roundStart = Clock.now()
        for which in figures.after.count % 2 == 0 ? sides : sides.reversed() {
          let seconds = try set(which).runChecked().seconds
          if which == 0 { figures.before.append(seconds) } else { figures.after.append(seconds) }
        }
        lastRound = Clock.now() - roundStart
      }
      if baseline != nil { figures.beforePeak = try measurePeak(set(0).arguments) }
      figures.afterPeak = try measurePeak(set(1).arguments)
      figures.historyFiles =
        Files.names(in: "\(afterStore)/history/\(id)")?
        .filter { $0.hasSuffix(".svg") }.count
      progress(
        label,
        "before \(Text.seconds(median(figures.before))), after "
          + "\(Text.seconds(median(figures.after))) (\(figures.after.count) runs each)")
    }
    return figures
  }

  /// The drawing's id and its first rectangle's, read from the start of a document as the
  /// generator writes it.
  static func firstIdentifiers(_ path: String) throws -> (drawing: String, rectangle: String) {
    let head = String(decoding: try Files.readPrefix(path, count: 8192), as: UTF8.self)
    func value(after marker: String, from start: String.Index) -> (String, String.Index)? {
      guard let found = head[start...].firstRange(of: marker) else { return nil }
      let value = head[found.upperBound...].prefix { $0 != "\"" }
      return (String(value), found.upperBound)
    }
    guard let (drawing, afterRoot) = value(after: "data-id=\"", from: head.startIndex),
      let rectStart = head[afterRoot...].firstRange(of: "<rect ")?.lowerBound,
      let (rectangle, _) = value(after: "data-id=\"", from: rectStart)
    else {
      throw Files.Failure(description: "\(path): no drawing or rectangle id in its first 8 KiB")
    }
    return (drawing, rectangle)
  }
}

extension Suite {
  /// The rows of `set` before and after, one column per size; returns the section's footnote.
  func addSetRows(
    _ sets: [SetFigures], to table: inout ReportTable, columns: Int, _ log: inout Log
  ) -> String? {
    guard !sets.isEmpty else { return nil }
    func add(_ label: String, _ cells: [String], target: String = "", met: String = "") {
      table.add(
        [label] + cells + Array(repeating: "", count: columns - cells.count) + [target, met])
    }
    func cells(_ figure: (SetFigures) -> String) -> [String] {
      sets.map { $0.skipped ?? ($0.after.isEmpty ? "—" : figure($0)) }
    }
    func runs(_ figures: SetFigures, _ samples: [Double]) -> String {
      samples.count < setRuns(for: figures.rectangles) ? " (n=\(samples.count))" : ""
    }
    add(
      "set (drawdoc binary, wall time)⁷",
      sets.map { "\(Text.sizeLabel($0.rectangles)) rects" })
    // Without the binary from before, its rows are left out and the target is not judged.
    let compared = baseline != nil
    if compared {
      add(
        "drawdoc set DOC RECT --alpha K: before (\(baselineName)), median",
        cells { Text.seconds(median($0.before)) + runs($0, $0.before) })
    }
    add(
      compared ? "  after (this build), median" : "drawdoc set DOC RECT --alpha K, median",
      cells { Text.seconds(median($0.after)) + runs($0, $0.after) })
    let ratios = sets.map { median($0.after) / median($0.before) }
    let measured = sets.indices.filter { ratios[$0].isFinite }
    var met = "not measured"
    if !compared {
      met = "no baseline"
    } else if !measured.isEmpty {
      met = measured.allSatisfy { ratios[$0] <= 1.05 } ? "yes" : "NO"
      if measured.count < sets.count {
        met +=
          " (" + measured.map { Text.sizeLabel(sets[$0].rectangles) }.joined(separator: ", ")
          + " only)"
      }
    }
    add("  after / before", ratios.map(ratio), target: "≤ 1.05", met: met)
    if compared {
      add("  after / before, means", cells { ratio(mean($0.after) / mean($0.before)) })
      add(
        "  peak memory, before → after",
        cells {
          Text.megabytes($0.beforePeak ?? .nan) + " → " + Text.megabytes($0.afterPeak ?? .nan)
        })
    } else {
      add("  peak memory", cells { Text.megabytes($0.afterPeak ?? .nan) })
    }
    add(
      "  history limit; version files kept",
      cells { "\($0.historyLimit); \($0.historyFiles.map(String.init) ?? "?") files" })

    let runsText = sets.map {
      "\(setRuns(for: $0.rectangles)) at \(Text.sizeLabel($0.rectangles))"
    }.joined(separator: ", ")
    let limit = Self.defaultHistoryLimit
    return "⁷ `drawdoc set DOC RECT --alpha K` timed as a process (spawn to exit), K switching "
      + "between 3 and 7 so that every run changes the drawing. Before: drawdoc built from "
      + "commit \(baselineName)"
      + (baselineName.hasPrefix("7c30a3f")
        ? ", the last before histories"
        : " (BASELINE; the default is 7c30a3f, the last before histories)")
      + "; after: this build. Each "
      + "binary has its own store holding the generated document (copied in, then indexed by "
      + "one `list`). The runs alternate, the order swapped every round (before, after; after, "
      + "before; …); rounds: \(runsText). First the current build's history is brought to "
      + "its steady state, more changes than the limit and its slack, so that the history is "
      + "full and its compaction (rewriting the version log and unlinking the oldest files, "
      + "once every tenth of the limit) recurs among the timed runs: the default limit of "
      + "\(limit) versions up to 100 k rectangles; from 100 k on the limit is "
      + "\(Self.largeHistoryLimit) (`drawdoc config history-limit`), so that the history stays "
      + "a few whole files (112 MB each at 1 M) and is compacted every other change. Both "
      + "stores are deleted afterwards. Both binaries flush the drawing's file and folder to disk "
      + "(fsync), so these figures include the disk. The means include the compaction runs "
      + "that the medians may pass over."
  }
}
