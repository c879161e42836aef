import DrawdocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The change stream (DrawdocStore's article WatchingChanges.md): every watcher sees every
/// change, once, in the order the store applied it, whichever process made it; a watcher that
/// starts late asks for what it missed.
@Suite struct ChangeStreamOrderTests {
  static let writers = 4
  static let changesPerWriter = 250
  /// How long the watchers may take to print every event once the writers are done.
  static let timeout = 30.0

  @Test func twoWatchersSeeEveryChangeOfFourWritersInTheStoresOrder() throws {
    let started = Date()
    let box = try Sandbox()
    // Writers 1 and 2 change drawing A, writers 3 and 4 drawing B, each its own rectangle:
    // odd steps set its alpha, even steps rename the drawing "wW STEP", so that every event
    // tells which writer made it and, for a rename, at which step.
    let drawings = [try box.newDrawing("--title", "A"), try box.newDrawing("--title", "B")]
    let rectangles = drawings.map { box.add($0, "--count", "2") }
    let targets: [(drawing: String, rectangle: String)] = (0..<Self.writers).map { index in
      let pair = index / 2
      return (drawings[pair], rectangles[pair][index % 2])
    }
    #expect(rectangles.allSatisfy { $0.count == 2 })

    let watchers = try (1...2).map { try Watcher(box, ["watch", "--json"], name: "watcher-\($0)") }
    defer { watchers.forEach { $0.stop() } }
    let synced = try #require(
      try synchronize(box, watchers, drawing: drawings[0]),
      "the watchers did not print a rename within 20 s")
    let before = try #require(try box.journalEvents().last?.sequence)

    let writing = Date()
    let script =
      #"for i in $(seq $CHANGES); do if [ $((i % 2)) = 1 ]; then "#
      + #""$D" set "$DOC" "$RECT" --alpha $((i % 10 + 1)) || exit 1; "#
      + #"else "$D" rename "$DOC" "w$W $i" || exit 1; fi; done"#
    try runTogether(
      box,
      targets.enumerated().map { (name: "writer-\($0.offset + 1)", script: script) },
      environment: ["CHANGES": "\(Self.changesPerWriter)"],
      perScript: targets.enumerated().map {
        ["W": "\($0.offset + 1)", "DOC": $0.element.drawing, "RECT": $0.element.rectangle]
      })
    let writingTime = Date().timeIntervalSince(writing)

    let total = Self.writers * Self.changesPerWriter
    let journal = try box.journalLines()
    let applied = journal.filter { (StoreEventLine(line: $0)?.sequence ?? 0) > before }
    #expect(applied.count == total, "the journal holds \(applied.count) events after \(before)")
    #expect(journal.last == applied.last)

    // Both watchers print them all, then are stopped, one with SIGTERM, one with SIGINT.
    var seen: [[String]] = []
    for (watcher, signal) in zip(watchers, [SIGTERM, SIGINT]) {
      let printed = watcher.waitForLines(after: before, count: total, timeout: Self.timeout)
      watcher.stop(signal)
      seen.append(watcher.lines().filter { (StoreEventLine(line: $0)?.sequence ?? 0) > before })
      #expect(
        printed >= total,
        "\(watcher.name) printed \(printed) of \(total) events within \(Self.timeout) s")
    }
    for (watcher, lines) in zip(watchers, seen) {
      // In the store's order: the journal's lines, none lost, none repeated.
      #expect(lines == applied, "\(watcher.name) differs from the journal")
      let all = watcher.lines().compactMap { StoreEventLine(line: $0) }
      #expect(all.count == watcher.lines().count, "\(watcher.name) printed a line that is no event")
      #expect(sequenceProblem(all) == nil, "\(watcher.name): \(sequenceProblem(all) ?? "")")
      #expect(all.last?.sequence == before + total)
    }
    #expect(seen[0] == seen[1])

    let events = applied.compactMap { StoreEventLine(line: $0) }
    #expect(events.count == total)
    #expect(events.first?.sequence == before + 1)
    #expect(sequenceProblem(events) == nil, "\(sequenceProblem(events) ?? "")")
    // Each drawing's versions go up by one, event after event.
    for drawing in drawings {
      let versions = events.filter { $0.id == drawing }.map(\.version)
      #expect(
        zip(versions, versions.dropFirst()).allSatisfy { $1 == $0 + 1 },
        "versions of \(drawing): \(versions)")
      #expect(versions.count == 2 * Self.changesPerWriter)
    }
    // Each writer's changes, in the order it made them.
    for (offset, target) in targets.enumerated() {
      let writer = offset + 1
      let made = events.filter { event in
        event.id == target.drawing
          && (event.event == "renamed"
            ? event.title.hasPrefix("w\(writer) ") : event.change.hasSuffix(target.rectangle))
      }
      let expected = (1...Self.changesPerWriter).map { step in
        step % 2 == 1 ? "changed set alpha of \(target.rectangle)" : "renamed w\(writer) \(step)"
      }
      let found = made.map { "\($0.event) \($0.event == "renamed" ? $0.title : $0.change)" }
      #expect(found == expected, "writer \(writer)'s changes, as watched")
    }

    // A watcher that starts late gets exactly the events after the one it names.
    let middle = before + total / 2
    let late = try Watcher(box, ["watch", "--json", "--since", "\(middle)"], name: "late watcher")
    defer { late.stop() }
    let lateLines = late.waitForLines(after: middle, count: total / 2, timeout: Self.timeout)
    #expect(lateLines >= total / 2, "the late watcher printed \(lateLines) of \(total / 2)")

    // One drawing's watcher started late gets that drawing's events after the version it names.
    let version = try #require(events.last { $0.id == drawings[0] && $0.sequence <= middle })
      .version
    let expectedForA = journal.filter { line in
      StoreEventLine(line: line).map { $0.id == drawings[0] && $0.version > version } ?? false
    }
    let drawingWatcher = try Watcher(
      box, ["watch", drawings[0], "--json", "--since", "\(version)"], name: "drawing watcher")
    defer { drawingWatcher.stop() }
    let drawingLines = drawingWatcher.waitForLines(
      after: 0, count: expectedForA.count, timeout: Self.timeout)
    #expect(drawingLines >= expectedForA.count)

    // One change more, which both print last: whatever either printed before it is all it
    // will print of the events before it (rather than waiting a while for a line too many).
    box.succeed("rename", drawings[0], "the end")
    let end = try #require(try box.journalLines().last)
    for (watcher, count, signal) in [
      (late, total / 2, SIGTERM), (drawingWatcher, expectedForA.count, SIGINT),
    ] {
      let printed = watcher.waitForLines(after: 0, count: count + 1, timeout: Self.timeout)
      #expect(printed >= count + 1, "\(watcher.name) did not print the last change")
      watcher.stop(signal)
    }
    #expect(late.lines() == Array(applied.suffix(total / 2)) + [end], "the late watcher's lines")
    #expect(drawingWatcher.lines() == expectedForA + [end], "watch A --since \(version)")

    let elapsed = Date().timeIntervalSince(started)
    print(
      """
      change stream: \(Self.writers) writers × \(Self.changesPerWriter) changes in \
      \(String(format: "%.1f", writingTime)) s; watchers (after \(synced) sync renames) saw \
      \(seen.map(\.count)) of \(total); late watcher --since \(middle): \(late.lines().count) \
      events; watch A --since \(version): \(drawingWatcher.lines().count) events; test took \
      \(String(format: "%.1f", elapsed)) s
      """)
  }
}

/// Renames a drawing until every watcher has printed the rename: then they all follow the
/// store. Returns how many renames it took, or `nil` if they never did.
private func synchronize(_ box: Sandbox, _ watchers: [Watcher], drawing: String) throws -> Int? {
  for attempt in 1...20 {
    box.succeed("rename", drawing, "sync \(attempt)")
    let printed = eventually(within: 1) {
      watchers.allSatisfy { $0.lines().contains { $0.contains(#""title": "sync \#(attempt)""#) } }
    }
    if printed { return attempt }
  }
  return nil
}

/// A `drawdoc watch` process writing to a file.
private final class Watcher {
  let name: String
  private let process = Process()
  private let output: String

  init(_ box: Sandbox, _ arguments: [String], name: String) throws {
    self.name = name
    output = try box.file("\(name.replacingOccurrences(of: " ", with: "-")).out", "")
    process.executableURL = drawdocExecutable
    process.arguments = arguments
    process.environment = box.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
    process.standardError = FileHandle.nullDevice
    try process.run()
  }

  /// The lines printed so far (a line still being written is left out).
  func lines() -> [String] {
    guard let text = try? String(contentsOfFile: output, encoding: .utf8) else { return [] }
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lines.removeLast()
    return lines
  }

  /// Waits until the watcher has printed `count` events numbered after `sequence`, or the time
  /// runs out; returns how many it printed.
  func waitForLines(after sequence: Int, count: Int, timeout: Double) -> Int {
    func printed() -> Int { lines().count { (StoreEventLine(line: $0)?.sequence ?? 0) > sequence } }
    _ = eventually(within: timeout) { printed() >= count || !process.isRunning }
    return printed()
  }

  /// Stops the watcher with a signal and waits for it: it must die of that signal within 10 s
  /// (else it is killed, and the test fails).
  func stop(_ signal: Int32 = SIGKILL) {
    guard process.isRunning else { return }
    kill(process.processIdentifier, signal)
    if !eventually(within: 10, { !process.isRunning }) {
      Issue.record("\(name) still ran 10 s after signal \(signal)")
      kill(process.processIdentifier, SIGKILL)
    }
    process.waitUntilExit()
    if signal != SIGKILL {
      #expect(
        process.terminationReason == .uncaughtSignal && process.terminationStatus == signal,
        "\(name) ended with \(process.terminationStatus)")
    }
  }
}
