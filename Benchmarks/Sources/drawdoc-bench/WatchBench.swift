import DrawdocModel
import DrawdocStore
import Glibc

/// The `watch` mode: how soon `drawdoc watch --json`, running as a process of its own, prints
/// a change that this process makes through the library.
///
/// In a fresh store with one drawing of 20 rectangles, the real `drawdoc watch --json` is
/// started; one warm-up change waits until the watcher has printed it (the watcher is then
/// following the journal). Then come `changes` changes with `DocumentStore.update`, each
/// after a random pause of 10 to 50 ms, each noting the monotonic time just before it starts.
/// A thread reads the watcher's standard output and notes when each line arrives. Each line
/// is matched to its change by its `sequence` (this process is the store's only writer, so
/// the changes are numbered one after another), and its `change` words are checked too.
enum WatchBench {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// Runs the measurement and returns its `key=value` fields.
  ///
  /// - Parameters:
  ///   - root: The store's folder; removed and made again.
  ///   - drawdoc: The `drawdoc` binary whose `watch` is measured.
  ///   - changes: How many changes are timed.
  ///   - seed: Fixes the pauses and the rectangles.
  /// - Returns: The fields, `key=value` separated by spaces: the counts of changes, events
  ///   received, missing, repeated, out of order and unexpected; the latency's median, 99th
  ///   percentile and maximum, and the change's median, in seconds; the watcher's exit status.
  /// - Throws: ``Failure`` if the watcher prints nothing, or what the store or a child throws.
  static func run(root: String, drawdoc: String, changes: Int, seed: UInt64) throws -> String {
    _ = try ChildProcess(arguments: ["rm", "-rf", root], errorFile: "/dev/null").runChecked()
    let store = try DocumentStore(root: root)
    var factory = RectangleFactory(seed: seed)
    var plane = try Plane(title: "Watched")
    for _ in 0..<20 { try plane.add(try factory.makeRectangle(for: plane)) }
    let drawing = try store.create(plane, at: .now)
    let rectangle = drawing.plane[0].id
    let first = try ChangeFollower(store: store).lastSequence

    let watcher = try RunningProcess(
      [drawdoc, "watch", "--json", "--since", "\(first)", "--store", root],
      errorFile: "\(root).watch-stderr.txt")
    let reader: LineReader
    do {
      reader = try LineReader(descriptor: watcher.output)
    } catch {
      watcher.signal(SIGTERM)
      _ = watcher.wait()
      throw error
    }
    var starts: [Double] = []
    var durations: [Double] = []
    var failure: Error?
    do {
      /// One change: the alpha of the first rectangle, in the words `bench change K`.
      func change(_ number: Int) throws {
        let level = number % 10 + 1
        try store.update(drawing.id, at: .now) { drawing in
          try drawing.plane.updateAlpha(of: rectangle, to: try Alpha(level: level))
          return .other("bench change \(number)")
        }
      }
      try change(0)
      guard reader.wait(for: 1, seconds: 10) else {
        throw Failure(description: "drawdoc watch printed nothing within 10 s of a change")
      }
      var generator = SeededRandomNumberGenerator(seed: seed)
      for number in 1...max(1, changes) {
        usleep(UInt32.random(in: 10_000...50_000, using: &generator))
        let start = Clock.now()
        try change(number)
        starts.append(start)
        durations.append(Clock.now() - start)
      }
      // Every event is due within 1 s; a little more is waited for, so that a late one is
      // counted as late, not as lost.
      _ = reader.wait(for: starts.count + 1, seconds: 3)
    } catch {
      failure = error
    }
    watcher.signal(SIGTERM)
    let status = watcher.wait()
    let lines = reader.finish()
    if let failure { throw failure }

    // Match the lines to the changes: the warm-up change is `first + 1`, change K is
    // `first + 1 + K`.
    var arrivals = [Double?](repeating: nil, count: starts.count)
    var previous = first
    var outOfOrder = 0
    var repeated = 0
    var unexpected = 0
    var seen = Set<Int>()
    for line in lines {
      guard let sequence = integerField("sequence", in: line.bytes) else {
        unexpected += 1
        continue
      }
      if !seen.insert(sequence).inserted {
        repeated += 1
      } else if sequence <= previous {
        outOfOrder += 1
      }
      previous = max(previous, sequence)
      let number = sequence - first - 1
      guard number >= 0, number <= starts.count,
        contains("\"bench change \(number)\"", in: line.bytes)
      else {
        unexpected += 1
        continue
      }
      if number >= 1, arrivals[number - 1] == nil { arrivals[number - 1] = line.arrival }
    }
    let latencies = starts.indices.compactMap { index in arrivals[index].map { $0 - starts[index] }
    }
    let missing = starts.count - latencies.count
    return [
      "changes=\(starts.count)", "received=\(latencies.count)", "missing=\(missing)",
      "repeated=\(repeated)", "out_of_order=\(outOfOrder)", "unexpected=\(unexpected)",
      "latency_median=\(median(latencies))", "latency_p99=\(percentile(latencies, 0.99))",
      "latency_max=\(latencies.max() ?? .nan)", "change_median=\(median(durations))",
      "watcher_status=\(status)",
    ].joined(separator: " ")
  }

  /// The whole number after `"name":` in a JSON line, as `drawdoc watch --json` writes it.
  static func integerField(_ name: String, in line: [UInt8]) -> Int? {
    let key = Array("\"\(name)\":".utf8)
    guard let start = range(of: key, in: line)?.upperBound else { return nil }
    var index = start
    while index < line.count, line[index] == 0x20 { index += 1 }
    var value = 0
    var digits = 0
    while index < line.count, line[index] >= 0x30, line[index] <= 0x39 {
      value = value * 10 + Int(line[index] - 0x30)
      digits += 1
      index += 1
    }
    return digits > 0 ? value : nil
  }

  private static func contains(_ text: String, in line: [UInt8]) -> Bool {
    range(of: Array(text.utf8), in: line) != nil
  }

  private static func range(of needle: [UInt8], in haystack: [UInt8]) -> Range<Int>? {
    guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
    for start in 0...(haystack.count - needle.count)
    where haystack[start..<(start + needle.count)].elementsEqual(needle) {
      return start..<(start + needle.count)
    }
    return nil
  }
}

extension Suite {
  /// Runs the `watch` mode in a child and returns its fields, or `nil` if it failed.
  func measureWatch(_ log: inout Log) -> Fields? {
    var fields: Fields?
    attempt("watch", "the watch latency", &log) {
      let store = "\(data)/out/watch-store"
      let outcome = try ChildProcess(
        arguments: [me, "watch", store, "--drawdoc", drawdoc, "--changes", "\(watchChanges)"],
        captureOutput: true, errorFile: errorFile
      ).runChecked()
      let result = Self.fields(outcome.output)
      fields = result
      func seconds(_ key: String) -> String {
        Text.seconds(result[key].flatMap(Double.init) ?? .nan)
      }
      progress(
        "watch",
        "\(result["received"] ?? "?") of \(result["changes"] ?? "?") events; latency median "
          + "\(seconds("latency_median")), p99 \(seconds("latency_p99")), slowest "
          + "\(seconds("latency_max")); the change itself \(seconds("change_median"))")
    }
    return fields
  }
}

extension Suite {
  /// The rows of the watch latency; returns the section's footnote.
  func addWatchRows(
    _ fields: Fields?, to table: inout ReportTable, columns: Int, _ log: inout Log
  ) -> String {
    func add(_ label: String, _ cell: String, target: String = "", met: String = "") {
      table.add([label, cell] + Array(repeating: "", count: columns - 1) + [target, met])
    }
    func value(_ key: String) -> Double { fields?[key].flatMap(Double.init) ?? .nan }
    func count(_ key: String) -> Int? { fields?[key].flatMap { Int($0) } }
    func verdict(_ figure: Double, _ passes: (Double) -> Bool) -> String {
      figure.isFinite ? (passes(figure) ? "yes" : "NO") : "not measured"
    }
    add("watch --json, another process⁸", "\(count("changes") ?? watchChanges) changes")
    add(
      "  change begins → its line read, median", Text.seconds(value("latency_median")),
      target: "< 100 ms", met: verdict(value("latency_median")) { $0 < 0.1 })
    add("  99th percentile", Text.seconds(value("latency_p99")))
    add(
      "  slowest", Text.seconds(value("latency_max")), target: "each < 1 s",
      met: verdict(value("latency_max")) { $0 < 1 })
    add("  the change itself (DocumentStore.update), median", Text.seconds(value("change_median")))
    var met = "—"
    var cell = "—"
    if let changes = count("changes"), let received = count("received") {
      let faults = ["missing", "repeated", "out_of_order", "unexpected"].compactMap { key in
        count(key).flatMap { $0 > 0 ? "\($0) \(key.replacing("_", with: " "))" : nil }
      }
      cell =
        "\(received) of \(changes)" + (faults.isEmpty ? "" : "; " + faults.joined(separator: ", "))
      met = faults.isEmpty && received == changes ? "yes" : "NO"
      if met == "NO" {
        log.failed = true
        log.notes.append("`drawdoc watch` did not print every event once and in order: \(cell)")
      }
    }
    add("  events read: all, in order, once each", cell, target: "all", met: met)
    return "⁸ A child `drawdoc-bench watch` makes a fresh store with one drawing of 20 rectangles "
      + "and starts the real `drawdoc watch --json` on it, reading its standard output on a "
      + "thread that notes the monotonic time each line arrives. After one warm-up change "
      + "(waited for, so the watcher is following), it makes \(watchChanges) changes through "
      + "the library (`DocumentStore.update`, the alpha of one rectangle), each after a random "
      + "pause of 10 to 50 ms, noting the time just before each begins. Lines are matched to "
      + "changes by `sequence` (and their words checked): the latency runs from the change's "
      + "start to its line's arrival, so it includes the change itself, whose event is "
      + "appended before the store updates its caches. The watcher is stopped with SIGTERM; "
      + "a change's event missing, repeated or out of order fails the run."
  }
}
