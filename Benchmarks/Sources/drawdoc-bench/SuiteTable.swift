/// The suite's table: every row from the figures measured, the targets and whether they are
/// met, and the notes under it.
extension Suite {
  func makeTable(
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
  func loadAverage() -> String {
    guard let bytes = try? Files.read("/proc/loadavg") else { return "?" }
    return String(decoding: bytes.prefix { $0 != 0x20 }, as: UTF8.self)
  }

  /// The `count=… checksum=… idsum=…` line from fields (with a prefix on each key).
  func checksumLine(_ fields: Fields?, prefix: String = "") -> String? {
    guard let fields, let count = fields[prefix + "count"], let sum = fields[prefix + "checksum"],
      let ids = fields[prefix + "idsum"]
    else { return nil }
    return "count=\(count) checksum=\(sum) idsum=\(ids)"
  }

  func ratio(_ value: Double) -> String {
    value.isFinite ? Text.cFormat("%.2f", value) : "—"
  }
}
