import Foundation
import Testing

/// Crash safety (DrawdocStore's articles Store.md and HistoryAndTrash.md): each change is killed
/// with SIGKILL at random moments within its full duration; afterwards the drawing must be exactly
/// its old or its new version (or, for the trash, exactly where it was or where it was going), its
/// history must read with every version it lists opening, and the listing, the trash and the change
/// journal must agree. Between kills the store is brought back with drawdoc's own commands (`undo`,
/// `redo`, `trash --restore`), not by writing its files. The killed runs, and the full run that
/// times them, are the binary's; the checks after each kill and the commands that bring the store
/// back run in this process. Each test prints how often each outcome happened (see
/// ``KillRecord``). Each test has a store of its own and draws its kill moments within its own
/// full run, so the tests run side by side, with each other as with the other suites.
@Suite struct CrashSafetyTests {
  /// Rectangles of the big new version for `save` (about 106 bytes each: ~10.6 MB of SVG).
  static let bigRectangles = 100_000
  /// Rectangles one `add` adds.
  static let addCount = 20_000
  /// Rectangles of the big version undo, redo and restore step to and from, and how many more
  /// the other one has.
  static let stepRectangles = 10_000
  static let stepAddCount = 500

  @Test func saveKilledAtRandomMomentsLeavesTheOldOrTheNewVersion() throws {
    let sandbox = try Sandbox()
    let probe = try smallDrawing(sandbox)
    let bigFile = try sandbox.file(
      "big.svg", bigDrawingText(id: probe.document, rectangles: Self.bigRectangles))
    let (_, new) = try killBetweenTwoVersions(
      probe, ["save", bigFile, "--replace", probe.document], bringBack: ["undo", probe.document],
      command: "save big.svg --replace DOC")
    #expect(new.rectangles == Self.bigRectangles)
  }

  @Test func addKilledAtRandomMomentsLeavesTheOldOrTheNewCount() throws {
    let sandbox = try Sandbox()
    let probe = try smallDrawing(sandbox)
    // A fixed seed on the same old drawing adds the same rectangles every time, so the new
    // version is known exactly, not just its count.
    let (old, new) = try killBetweenTwoVersions(
      probe, ["add", probe.document, "--count", "\(Self.addCount)", "--seed", "7"],
      bringBack: ["undo", probe.document], command: "add DOC --count \(Self.addCount) --seed 7")
    #expect(new.rectangles == old.rectangles + Self.addCount)
  }

  @Test func undoKilledAtRandomMomentsLeavesTheOldOrTheNewVersion() throws {
    let probe = try twoBigVersions(try Sandbox())
    let (old, new) = try killBetweenTwoVersions(
      probe, ["undo", probe.document], bringBack: ["redo", probe.document], command: "undo DOC")
    #expect(old.rectangles == Self.stepRectangles + Self.stepAddCount)
    #expect(new.rectangles == Self.stepRectangles)
  }

  @Test func redoKilledAtRandomMomentsLeavesTheOldOrTheNewVersion() throws {
    let probe = try twoBigVersions(try Sandbox())
    try probe.change(["undo", probe.document])
    let (old, new) = try killBetweenTwoVersions(
      probe, ["redo", probe.document], bringBack: ["undo", probe.document], command: "redo DOC")
    #expect(old.rectangles == Self.stepRectangles)
    #expect(new.rectangles == Self.stepRectangles + Self.stepAddCount)
  }

  @Test func restoreKilledAtRandomMomentsLeavesTheOldOrTheNewVersion() throws {
    let probe = try twoBigVersions(try Sandbox())
    // Version 2 is the big one; each iteration adds at most two versions, so it stays kept.
    let (old, new) = try killBetweenTwoVersions(
      probe, ["restore", probe.document, "2"], bringBack: ["undo", probe.document],
      command: "restore DOC 2")
    #expect(old.rectangles == Self.stepRectangles + Self.stepAddCount)
    #expect(new.rectangles == Self.stepRectangles)
  }

  @Test func deleteKilledAtRandomMomentsLeavesTheDrawingInTheStoreOrInTheTrash() throws {
    let sandbox = try Sandbox()
    let kills = KillRecord(sandbox)
    let probe = try smallDrawing(sandbox)
    let content = try probe.change(["add", probe.document, "--count", "10", "--seed", "2"])
    let arguments = ["delete", probe.document]
    let restore = ["trash", "--restore", probe.document]

    let duration = try kills.timedChange(arguments)
    try probe.expectInTrash(content, settled: true, context: "after the full run")
    kills.change(restore, context: "after the full run")
    try probe.expectInStore(content, settled: true, context: "after the full run, restored")

    try kills.killRepeatedly(arguments, within: duration, label: "delete") { ending, context in
      let open = sandbox.run(["open", probe.document, "--json"])
      let found = open.status == 0 ? DrawingContent(openJSON: open.standardOutput) : nil
      let trashed = try sandbox.trashListing().contains { $0.id == probe.document }
      let outcome: Outcome =
        if found == content && !trashed {
          .old
        } else if open.status == 66 && open.standardError.contains("is in the trash") && trashed {
          .new
        } else {
          .other
        }
      if ending != .killed { #expect(outcome == .new, "\(context): finished but not trashed") }
      switch outcome {
      case .old:
        try probe.checkAgreement(content, in: .store, settled: true, context: context)
      case .new:
        try probe.expectInTrash(content, settled: ending != .killed, context: context)
        kills.change(restore, context: context)
        try probe.expectInStore(content, settled: true, context: "\(context), restored")
        try probe.openEveryVersion(context: "\(context), restored")
      case .other:
        probe.reportOther(
          "\(context) (\(ending)): the drawing is neither in the store nor in the trash. open "
            + "exited \(open.status), stderr: \(open.standardError.prefix(500)); "
            + "in the trash: \(trashed)")
      }
      return outcome
    }
    try kills.finish(command: "delete DOC", duration: duration, newName: "trashed")
  }

  @Test func emptyingTheTrashKilledAtRandomMomentsLeavesTheDrawingTrashedOrGone() throws {
    let sandbox = try Sandbox()
    let kills = KillRecord(sandbox)
    var probes: [DrawingProbe] = []
    var content: DrawingContent?
    /// A fresh drawing of two versions, moved to the trash.
    func trashDrawing(_ context: String) throws {
      let number = probes.count
      let id = kills.change(
        ["new", "--random", "20", "--seed", "\(number)", "--title", "Trashed \(number)"],
        context: context)
      let probe = DrawingProbe(sandbox, id.trimmingCharacters(in: .newlines))
      probes.append(probe)
      try probe.expectCurrent(context: context)
      content = try probe.change(["add", probe.document, "--count", "5", "--seed", "\(number)"])
      kills.change(["delete", probe.document], context: context)
      try probe.expectInTrash(try #require(content), settled: true, context: context)
    }
    let arguments = ["trash", "--empty"]

    try trashDrawing("the full run")
    let duration = try kills.timedChange(arguments)
    try #require(probes.last).expectGone(settled: true, context: "after the full run")

    var historiesLeft = 0
    try kills.killRepeatedly(
      arguments, within: duration, label: "trash --empty", prepare: trashDrawing
    ) { ending, context in
      let probe = try #require(probes.last)
      let content = try #require(content)
      let open = sandbox.run(["open", probe.document, "--json"])
      let trashed = try sandbox.trashListing().contains { $0.id == probe.document }
      let outcome: Outcome =
        if open.status != 66 {
          .other
        } else if trashed && open.standardError.contains("is in the trash") {
          .old
        } else if !trashed && open.standardError.contains("no drawing has the id") {
          .new
        } else {
          .other
        }
      if ending != .killed { #expect(outcome == .new, "\(context): finished but not gone") }
      switch outcome {
      case .old:
        try probe.expectInTrash(content, settled: true, context: context)
        // Back from the trash, every version opens; then it goes for good, unkilled.
        kills.change(["trash", "--restore", probe.document], context: context)
        try probe.expectInStore(content, settled: true, context: "\(context), restored")
        try probe.openEveryVersion(context: "\(context), restored")
        kills.change(["delete", probe.document], context: context)
        kills.change(["trash", "--empty", probe.document], context: context)
        try probe.expectGone(settled: true, context: "\(context), emptied unkilled")
      case .new:
        try probe.expectGone(settled: ending != .killed, context: context)
        if FileManager.default.fileExists(atPath: "\(sandbox.store)/history/\(probe.document)") {
          historiesLeft += 1
        }
      case .other:
        probe.reportOther(
          "\(context) (\(ending)): the drawing is neither in the trash nor gone. open exited "
            + "\(open.status), stderr: \(open.standardError.prefix(500)); "
            + "in the trash: \(trashed)")
      }
      return outcome
    }

    // One more emptying, to its end, removes any history a kill left.
    kills.change(arguments, context: "the last emptying")
    let histories = try FileManager.default.contentsOfDirectory(
      atPath: "\(sandbox.store)/history")
    #expect(histories.isEmpty, "histories left after the trash was emptied: \(histories)")
    let events = try sandbox.journalEvents()
    for probe in probes {
      try probe.expectGone(settled: true, context: "at the end")
      let kinds = events.filter { $0.id == probe.document }.map(\.event).joined(separator: " ")
      #expect(
        kinds.wholeMatch(of: #/created changed trashed( restored trashed)* emptied/#) != nil,
        "the journal's events of \(probe.document): \(kinds)")
    }
    try kills.finish(
      command: "trash --empty", duration: duration, newName: "gone",
      note: "; histories left by a kill: \(historiesLeft), removed by the next emptying")
  }
}

// MARK: - Scenarios

/// A new drawing of 50 factory rectangles, checked.
private func smallDrawing(_ sandbox: Sandbox) throws -> DrawingProbe {
  let probe = DrawingProbe(sandbox, try sandbox.newDrawing("--random", "50", "--seed", "1"))
  try probe.expectCurrent(context: "after new")
  return probe
}

/// A drawing whose version 2 is a big one and version 3 that with a few more rectangles: undo,
/// redo and restore step between the two, and each takes its time reading and writing.
private func twoBigVersions(_ sandbox: Sandbox) throws -> DrawingProbe {
  let probe = try smallDrawing(sandbox)
  let big = try sandbox.file(
    "big.svg", bigDrawingText(id: probe.document, rectangles: CrashSafetyTests.stepRectangles))
  try probe.change(["save", big, "--replace", probe.document])
  try probe.change([
    "add", probe.document, "--count", "\(CrashSafetyTests.stepAddCount)", "--seed", "7",
  ])
  return probe
}

/// Kills a change that takes the drawing from its current version (old) to another (new);
/// after each kill the drawing must be exactly one of the two, and its history, the listing
/// and the journal must agree. `bringBack`, run to its end after a kill that left the new
/// version, makes the old content current again.
///
/// - Returns: The old and the new content.
private func killBetweenTwoVersions(
  _ probe: DrawingProbe, _ arguments: [String], bringBack: [String], command: String
) throws -> (old: DrawingContent, new: DrawingContent) {
  let kills = KillRecord(probe.sandbox)
  let old = try probe.expectCurrent(context: "before the full run")
  // One full run: its duration bounds the kill delays, and its result is the new version.
  let duration = try kills.timedChange(arguments)
  let new = try probe.expectCurrent(context: "after the full run")
  #expect(new != old)
  kills.change(bringBack, context: "after the full run")
  try probe.expectInStore(old, settled: true, context: "after the full run, brought back")

  try kills.killRepeatedly(arguments, within: duration, label: command) { ending, context in
    let outcome = try probe.judge(ending, old: old, new: new, context: context)
    if outcome == .new {
      // Its content is checked when the next kill opens the drawing, and with --at once it is
      // no longer current.
      kills.change(bringBack, context: context)
      try probe.checkAgreement(old, in: .store, settled: true, context: "\(context), brought back")
    }
    return outcome
  }
  try probe.openEveryVersion(onlyUnopened: true, context: "at the end")
  try kills.finish(command: command, duration: duration)
  return (old, new)
}

// MARK: - The big version

/// A drawdoc SVG file (the format of `Samples/`) with `rectangles` rectangles and the root
/// data-id `id`, so `save --replace` makes it a new version of that drawing.
private func bigDrawingText(id: String, rectangles: Int) -> String {
  let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func next(_ bound: UInt64) -> UInt64 {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return (state >> 33) % bound
  }
  var lines = [
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"1024\" height=\"768\" "
      + "viewBox=\"0 0 1024 768\" data-drawdoc=\"1\" data-id=\"\(id)\" "
      + "data-created=\"2026-11-21T08:00:00Z\" data-modified=\"2026-11-21T08:05:12Z\">",
    "  <title>Big new version</title>",
  ]
  lines.reserveCapacity(rectangles + 4)
  for index in 0..<rectangles {
    var name: [Character] = []
    var rest = index
    for position in 0..<9 {
      name.append(digits[rest % 36])
      rest /= 36
      if position == 2 || position == 5 { name.append("-") }
    }
    let color = String(next(0x100_0000), radix: 16)
    let padded = String(repeating: "0", count: 6 - color.count) + color
    lines.append(
      "  <rect data-id=\"\(String(name))\" x=\"\(next(874))\" y=\"\(next(648))\" "
        + "width=\"150\" height=\"120\" fill=\"#\(padded)\" "
        + "fill-opacity=\"0.\(next(9) + 1)\"/>")
  }
  lines.append("</svg>")
  return lines.joined(separator: "\n") + "\n"
}
