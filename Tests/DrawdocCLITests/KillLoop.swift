import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// The machinery of the crash-safety tests: killing a command at random moments, and checking
// after each kill that the drawing, its history, the listing, the trash and the change journal
// agree. The store is brought back between kills with drawdoc's own commands, never by writing
// its files. Only the killed runs, and the full run that times them, start the binary: the
// checks and the commands that bring the store back run in this process.

// MARK: - Contents

/// A drawing as `open --json` shows it, its modification time blanked: every change stamps the
/// time of its run, and everything else must match exactly.
struct DrawingContent: Equatable, CustomStringConvertible {
  /// The JSON form with its modification time blanked.
  let json: String
  let rectangles: Int
  let title: String

  /// Reads the output of `open --json`; `nil` if it is not a drawing's JSON form.
  init?(openJSON text: String) {
    // Only the header is parsed: the rectangles come after it, and a form of many megabytes
    // is not decoded as a whole.
    let head = String(text.prefix(4000))
    guard let end = head.range(of: #""rectangles": ["#),
      let header = try? JSONSerialization.jsonObject(
        with: Data((head[..<end.upperBound] + "]}").utf8)) as? [String: Any],
      let title = header["title"] as? String
    else { return nil }
    json = normalizedForm(text)
    rectangles = rectangleCount(text)
    self.title = title
  }

  var description: String { "\(rectangles) rectangles, title \"\(title)\"" }
}

/// The JSON form with its modification time blanked. Only the header is searched, so a form of
/// many megabytes costs one copy.
private func normalizedForm(_ json: String) -> String {
  let header = String(json.prefix(600))
  guard let key = header.range(of: "\"modified\": \""),
    let end = header[key.upperBound...].firstIndex(of: "\"")
  else { return json }
  let offset = header.distance(from: header.startIndex, to: end)
  return String(header[..<key.upperBound]) + "*" + String(json.dropFirst(offset))
}

/// How many rectangles a JSON form has: one `"id"` per rectangle besides the drawing's own.
private func rectangleCount(_ json: String) -> Int {
  json.components(separatedBy: "{\"id\": ").count - 1
}

// MARK: - Killing

/// How a killed run ended.
enum Ending: Equatable {
  /// SIGKILL arrived while it ran.
  case killed
  /// It had already exited, with this status, when the signal was due.
  case finished(Int32)
}

/// What the store held after a kill.
enum Outcome: Equatable {
  case old
  /// The new version (for `delete`: in the trash; for `trash --empty`: gone).
  case new
  case other
}

/// How often each outcome happened, and what the kills left behind.
struct Tally {
  var old = 0
  var new = 0
  var other = 0
  /// Runs that had already exited when the signal was due.
  var finishedBeforeKill = 0
  /// Temporary files a killed run left, and how many runs left some.
  var temporariesLeft = 0
  var runsLeavingTemporaries = 0

  mutating func count(_ outcome: Outcome, _ ending: Ending) {
    switch outcome {
    case .old: old += 1
    case .new: new += 1
    case .other: other += 1
    }
    if case .finished = ending { finishedBeforeKill += 1 }
  }
}

/// The kills made in one store: runs a command and kills it at random moments, tallies the
/// outcomes, and follows the temporary files the killed runs leave in `STORE/tmp/`, which the
/// next change must remove.
final class KillRecord {
  /// Kills per command.
  static let iterations = 30

  let sandbox: Sandbox
  private(set) var tally = Tally()
  /// The processes killed since the last change that ran to its end: only their temporary
  /// files may still be there.
  private var killedSinceLastChange: Set<Int32> = []

  init(_ sandbox: Sandbox) {
    self.sandbox = sandbox
  }

  /// Runs a change to its end, in this process, expecting success and nothing on standard
  /// error; afterwards no temporary file is left, whatever killed runs left before.
  @discardableResult
  func change(
    _ arguments: [String], context: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    expectFinished(
      sandbox.run(arguments), arguments, context: context, sourceLocation: sourceLocation)
  }

  /// Runs a change to its end through the binary, as the kills run it, and returns its
  /// wall-clock duration in seconds, within which the kills fall.
  func timedChange(_ arguments: [String]) throws -> Double {
    let start = Date()
    let result = try sandbox.runBinary(arguments)
    let duration = Date().timeIntervalSince(start)
    expectFinished(result, arguments, context: "the full run")
    return duration
  }

  /// Expects a change that ran to its end to have succeeded with nothing on standard error,
  /// leaving no temporary file.
  @discardableResult
  private func expectFinished(
    _ result: CommandResult, _ arguments: [String], context: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> String {
    #expect(
      result.status == 0, "\(context): \(arguments): \(result.standardError)",
      sourceLocation: sourceLocation)
    #expect(result.standardError == "", "\(context): \(arguments)", sourceLocation: sourceLocation)
    killedSinceLastChange = []
    let left = temporaries()
    #expect(
      left.isEmpty, "\(context): temporary files remain after \(arguments) ran: \(left)",
      sourceLocation: sourceLocation)
    return result.standardOutput
  }

  /// Kills the command ``iterations`` times, each time after a random delay within `duration`:
  /// `prepare` readies the store, and after the kill `inspect` judges it (and brings it back to
  /// the old state with commands that run to their end).
  func killRepeatedly(
    _ arguments: [String], within duration: Double, label: String,
    prepare: (String) throws -> Void = { _ in }, inspect: (Ending, String) throws -> Outcome
  ) throws {
    for iteration in 0..<Self.iterations {
      let context = "\(label), iteration \(iteration)"
      try prepare(context)
      let (ending, pid) = try runAndKill(arguments, within: duration)
      if ending == .killed {
        killedSinceLastChange.insert(pid)
      } else {
        killedSinceLastChange = []
      }
      checkTemporaries(killed: pid, context: context)
      tally.count(try inspect(ending, context), ending)
    }
  }

  /// Starts the binary, waits a random time between 0 and `duration`, sends SIGKILL and waits
  /// for it.
  private func runAndKill(_ arguments: [String], within duration: Double) throws
    -> (Ending, Int32)
  {
    let process = Process()
    process.executableURL = drawdocExecutable
    process.arguments = arguments
    process.environment = sandbox.environment
    process.standardInput = FileHandle.nullDevice
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    let delay = Double.random(in: 0...duration)
    try process.run()
    Thread.sleep(forTimeInterval: delay)
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    if process.terminationReason == .uncaughtSignal {
      #expect(process.terminationStatus == SIGKILL, "\(arguments) died of another signal")
      return (.killed, process.processIdentifier)
    }
    #expect(process.terminationStatus == 0, "\(arguments) finished with a failure")
    return (.finished(process.terminationStatus), process.processIdentifier)
  }

  /// Temporary files may only be those of runs killed since the last change that ran to its
  /// end: that change removed any older ones.
  private func checkTemporaries(killed pid: Int32, context: String) {
    let left = temporaries()
    let stale = left.filter { name in
      temporaryOwner(name).map { !killedSinceLastChange.contains($0) } ?? true
    }
    #expect(stale.isEmpty, "\(context): temporary files older than the last change: \(stale)")
    let own = left.filter { temporaryOwner($0) == pid }
    if !own.isEmpty {
      tally.temporariesLeft += own.count
      tally.runsLeavingTemporaries += 1
    }
  }

  /// Every file in `STORE/tmp/`, and any temporary file (`.NAME.PID.N.tmp`) elsewhere in the
  /// store, where older versions of drawdoc wrote them.
  func temporaries() -> [String] {
    let manager = FileManager.default
    var found = ((try? manager.contentsOfDirectory(atPath: "\(sandbox.store)/tmp")) ?? []).map {
      "tmp/\($0)"
    }
    for folder in ["", "drawings", "thumbnails", "trash"] {
      let path = folder.isEmpty ? sandbox.store : "\(sandbox.store)/\(folder)"
      let names = (try? manager.contentsOfDirectory(atPath: path)) ?? []
      found += names.filter { $0.hasPrefix(".") && $0.hasSuffix(".tmp") }.map {
        folder.isEmpty ? $0 : "\(folder)/\($0)"
      }
    }
    return found.sorted()
  }

  /// The process id in a temporary file's name, `.NAME.PID.N.tmp`.
  private func temporaryOwner(_ path: String) -> Int32? {
    let parts = path.split(separator: "/").last?.split(separator: ".") ?? []
    guard parts.count >= 4, parts.last == "tmp" else { return nil }
    return Int32(parts[parts.count - 3])
  }

  /// Prints the tally and checks every kill left the old or the new state.
  func finish(
    command: String, duration: Double, newName: String = "new", note: String = "",
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let left = temporaries()
    print(
      """
      crash safety, \(command): full run \(String(format: "%.3f", duration)) s; \
      \(tally.old + tally.new + tally.other) kills: old \(tally.old), \(newName) \(tally.new), \
      other \(tally.other) (finished before the kill: \(tally.finishedBeforeKill)); \
      temporary files left by kills: \(tally.temporariesLeft) \
      (by \(tally.runsLeavingTemporaries) runs), each removed by the next change; \
      left now: \(left.count)\(note)
      """)
    #expect(tally.other == 0, sourceLocation: sourceLocation)
    #expect(tally.old + tally.new == Self.iterations, sourceLocation: sourceLocation)
    let list = sandbox.run(["list"])
    #expect(list.status == 0, "list: \(list.standardError)", sourceLocation: sourceLocation)
  }
}

// MARK: - Checking one drawing

/// Where a drawing is.
enum Whereabouts: Equatable {
  case store
  case trash
  /// Removed from the trash for good.
  case gone
}

/// One drawing under test: the content of each of its versions once seen, and checks that its
/// file, its history, the listing and the change journal agree with what the test expects.
///
/// A version first appears as the current one, whose content the test knows. Once it is no
/// longer current it is opened with `open DOC --at N --json`, from the history's own file, and
/// compared with that content; every check expects the history to go on listing it, without a
/// gap, with the same count and title.
final class DrawingProbe {
  let sandbox: Sandbox
  let document: String
  /// The content of every version seen so far, by number.
  private(set) var versions: [Int: DrawingContent] = [:]
  /// The versions opened with `--at`.
  private var opened: Set<Int> = []
  /// The current version's number as the history last showed it.
  private(set) var current = 0
  /// Whether a store copy was already kept for a failure.
  private var evidenceKept = false

  init(_ sandbox: Sandbox, _ document: String) {
    self.sandbox = sandbox
    self.document = document
  }

  /// `open DOC --json`: how it ended, and the content if it is one.
  func open() throws -> (CommandResult, DrawingContent?) {
    let result = sandbox.run(["open", document, "--json"])
    return (result, result.status == 0 ? DrawingContent(openJSON: result.standardOutput) : nil)
  }

  /// Runs a change to its end and checks the result: it is the current version.
  @discardableResult
  func change(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
    -> DrawingContent
  {
    sandbox.succeed(arguments, sourceLocation: sourceLocation)
    return try expectCurrent(context: "after \(arguments)", sourceLocation: sourceLocation)
  }

  /// Reads the drawing as it is and checks its history, the listing and the journal agree.
  @discardableResult
  func expectCurrent(context: String, sourceLocation: SourceLocation = #_sourceLocation) throws
    -> DrawingContent
  {
    let (result, content) = try open()
    let found = try #require(
      content, "\(context): open: \(result.standardError)", sourceLocation: sourceLocation)
    try checkAgreement(found, in: .store, settled: true, context: context)
    return found
  }

  /// Expects the drawing in the store with this content.
  func expectInStore(_ content: DrawingContent, settled: Bool, context: String) throws {
    let (result, found) = try open()
    let foundText = found?.description ?? "no drawing"
    #expect(
      found == content,
      "\(context): open exited \(result.status), \(foundText), expected \(content): \(result.standardError.prefix(300))"
    )
    try checkAgreement(content, in: .store, settled: settled, context: context)
  }

  /// Expects the drawing in the trash with this content: the trash lists it, `open` refuses it
  /// (exit 66), and its history reads.
  func expectInTrash(_ content: DrawingContent, settled: Bool, context: String) throws {
    let result = sandbox.run(["open", document, "--json"])
    #expect(
      result.status == 66 && result.standardError.contains("is in the trash"),
      "\(context): open exited \(result.status): \(result.standardError.prefix(300))")
    let row = try sandbox.trashListing().first { $0.id == document }
    #expect(
      row?.rectangles == content.rectangles && row?.title == content.title,
      "\(context): the trash lists \(String(describing: row)), expected \(content)")
    try checkAgreement(content, in: .trash, settled: settled, context: context)
    #expect(row?.version == current, "\(context): the trash shows version \(row?.version ?? 0)")
  }

  /// Expects the drawing gone for good: not in the trash, no history, `open` exit 66.
  func expectGone(settled: Bool, context: String) throws {
    let open = sandbox.run(["open", document, "--json"])
    #expect(
      open.status == 66 && open.standardError.contains("no drawing has the id"),
      "\(context): open exited \(open.status): \(open.standardError.prefix(300))")
    let (history, _) = try sandbox.keptHistory(document)
    #expect(history.status == 66, "\(context): history exited \(history.status)")
    let rows = try sandbox.trashListing()
    #expect(!rows.contains { $0.id == document }, "\(context): still in the trash: \(rows)")
    try checkListing(nil, context: context)
    try checkJournal(settled: settled, whereabouts: .gone, context: context)
  }

  /// Checks that the history, the listing and the journal agree with the drawing's content and
  /// place. `settled`: every change made so far has its event in the journal (the last change
  /// ran to its end, or a killed one did not make its change).
  func checkAgreement(
    _ content: DrawingContent, in whereabouts: Whereabouts, settled: Bool, context: String
  ) throws {
    try checkHistory(content, trashed: whereabouts == .trash, context: context)
    try checkListing(whereabouts == .store ? content : nil, context: context)
    try checkJournal(settled: settled, whereabouts: whereabouts, context: context)
  }

  /// `history DOC --json` reads, and lists every version from the current one down without a
  /// gap, each as first seen. The current version is the content expected; a version that is
  /// no longer current, and so is read from the history's own file, is opened with `--at` the
  /// first time it is listed.
  private func checkHistory(_ content: DrawingContent, trashed: Bool, context: String) throws {
    let (result, read) = try sandbox.keptHistory(document)
    #expect(
      result.status == 0, "\(context): history exited \(result.status): \(result.standardError)")
    guard let history = read, let top = history.versions.first else { return }
    if let problem = history.numberingProblem() {
      Issue.record("\(context): history: \(problem)")
    }
    #expect(
      (history.trashed != nil) == trashed,
      "\(context): history trashed: \(history.trashed ?? "null")")
    let topText = "\(top.rectangles) rectangles, title \"\(top.title)\""
    #expect(
      top.rectangles == content.rectangles && top.title == content.title,
      "\(context): the history's current version \(top.version) has \(topText); expected \(content)"
    )
    if versions[top.version] == nil {
      versions[top.version] = content
    }
    for entry in history.versions {
      #expect(
        entry.change != "changed outside drawdoc",
        "\(context): version \(entry.version) was recorded as changed outside drawdoc")
      guard let known = versions[entry.version] else {
        let change = entry.change
        Issue.record(
          "\(context): version \(entry.version) (\(change)) was never the current version")
        continue
      }
      let entryText = "\(entry.rectangles) rectangles, title \"\(entry.title)\""
      #expect(
        entry.rectangles == known.rectangles && entry.title == known.title,
        "\(context): version \(entry.version) was \(known); the history now says \(entryText)")
      if entry.version != top.version && !trashed && !opened.contains(entry.version) {
        try openVersion(entry.version, context: context)
      }
    }
    current = top.version
  }

  /// Opens every version the history lists with `open DOC --at N --json`, or only those not
  /// opened yet.
  func openEveryVersion(onlyUnopened: Bool = false, context: String) throws {
    let (result, read) = try sandbox.keptHistory(document)
    #expect(result.status == 0, "\(context): history exited \(result.status)")
    for entry in read?.versions ?? [] where !(onlyUnopened && opened.contains(entry.version)) {
      try openVersion(entry.version, context: context)
    }
  }

  /// `open DOC --at N --json` shows the content version N had when it was current.
  private func openVersion(_ number: Int, context: String) throws {
    let result = sandbox.run(["open", document, "--at", "\(number)", "--json"])
    let found = result.status == 0 ? DrawingContent(openJSON: result.standardOutput) : nil
    let foundText = found?.description ?? "no drawing"
    let expected = versions[number]?.description ?? "nothing (never current)"
    #expect(
      found != nil && found == versions[number],
      "\(context): open --at \(number) exited \(result.status), \(foundText), expected \(expected)"
    )
    opened.insert(number)
  }

  /// `list --json` works and shows the drawing iff it is in the store, with its count and title.
  private func checkListing(_ content: DrawingContent?, context: String) throws {
    let result = sandbox.run(["list", "--json"])
    #expect(result.status == 0, "\(context): list failed: \(result.standardError)")
    guard result.status == 0 else { return }
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(result.standardOutput.utf8))
    let row = rows.first { $0.id == document }
    #expect(
      row?.rectangles == content?.rectangles && row?.title == content?.title,
      "\(context): list shows \(String(describing: row)), expected \(String(describing: content))")
    #expect(rows.count == (content == nil ? 0 : 1), "\(context): list shows \(rows.count) rows")
  }

  /// The change journal: events numbered without gaps; this drawing's versions 1, 2, … up to
  /// the current one, each once and in order (the last may still be pending when a killed
  /// change made it); every trash event carries the version before it; and, settled, the last
  /// trash event says where the drawing is.
  func checkJournal(settled: Bool, whereabouts: Whereabouts, context: String) throws {
    let events = try sandbox.journalEvents()
    if let problem = sequenceProblem(events) {
      Issue.record("\(context): journal: \(problem)")
    }
    let mine = events.filter { $0.id == document }
    let made = mine.filter(\.makesVersion).map(\.version)
    let complete = Array(1...max(1, current))
    #expect(
      made == complete || (!settled && made == complete.dropLast()),
      "\(context): the journal has versions \(made), the history \(current)")
    var version = 0
    for event in mine {
      if event.makesVersion {
        version = event.version
      } else {
        let kind = event.event
        #expect(
          event.version == version,
          "\(context): journal event \(event.sequence) (\(kind)) has version \(event.version) after version \(version)"
        )
      }
    }
    guard settled else { return }
    let last = mine.last { !$0.makesVersion }?.event
    let expected: Set<String?> =
      switch whereabouts {
      case .store: [nil, "restored"]
      case .trash: ["trashed"]
      case .gone: ["emptied"]
      }
    #expect(
      expected.contains(last), "\(context): the journal's last trash event is \(last ?? "none")")
  }

  /// After a kill between two versions: the drawing opens and is exactly the old or the new
  /// one, and everything else agrees.
  func judge(_ ending: Ending, old: DrawingContent, new: DrawingContent, context: String) throws
    -> Outcome
  {
    let (result, found) = try open()
    let outcome: Outcome = found == old ? .old : found == new ? .new : .other
    if ending != .killed {
      #expect(outcome == .new, "\(context): finished but not new")
    }
    guard let found, outcome != .other else {
      reportOther(
        "\(context) (\(ending)): the store holds neither the old nor the new version. open "
          + "exited \(result.status), \(found?.description ?? "no drawing"), stderr: "
          + "\(result.standardError.prefix(500))")
      return .other
    }
    try checkAgreement(
      found, in: .store, settled: !(ending == .killed && outcome == .new), context: context)
    return outcome
  }

  /// Records a failure, with a copy of the store (the first time) for a reproduction.
  func reportOther(_ message: String) {
    var kept = ""
    if !evidenceKept {
      evidenceKept = true
      let target = FileManager.default.temporaryDirectory
        .appendingPathComponent("drawdoc-crash-evidence-\(UUID().uuidString)").path
      try? FileManager.default.copyItem(atPath: sandbox.store, toPath: target)
      kept = "; store kept at \(target)"
    }
    Issue.record("\(message)\(kept)")
  }
}
