import Foundation
import Testing

// The checks of the crash-safety tests after each kill: one drawing's file, its history, the
// listing, the trash and the change journal must agree (see KillLoop.swift for the killing).

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
  func change(_ arguments: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
    -> DrawingContent
  {
    sandbox.succeed(arguments, sourceLocation: sourceLocation)
    return try expectCurrent(context: "after \(arguments)", sourceLocation: sourceLocation)
  }

  /// Reads the drawing as it is and checks its history, the listing and the journal agree.
  @discardableResult
  func expectCurrent(context: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
    throws
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
