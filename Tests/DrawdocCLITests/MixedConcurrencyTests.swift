import Foundation
import Testing

/// Many processes mixing every kind of change on one drawing, with readers alongside: no
/// update is lost, no reader sees a half-written store, and the index agrees at the end.
@Suite struct MixedConcurrencyTests {
  @Test func addSetRemoveRenameAndListTogetherLoseNothing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Start")
    let first = try #require(box.add(id, "--alpha", "1").first)
    let scripts: [(name: String, script: String)] = [
      ("adder-1", #"for i in $(seq 15); do "$D" add "$DOC" >>"$OUT" || exit 1; done"#),
      ("adder-2", #"for i in $(seq 15); do "$D" add "$DOC" >>"$OUT" || exit 1; done"#),
      ("adder-3", #"for i in $(seq 15); do "$D" add "$DOC" >>"$OUT" || exit 1; done"#),
      (
        "remover",
        #"for i in $(seq 10); do r=$("$D" add "$DOC") || exit 1; "#
          + #""$D" remove "$DOC" "$r" || exit 1; echo "$r" >>"$OUT"; done"#
      ),
      (
        "setter",
        #"for i in $(seq 15); do "$D" set "$DOC" "$FIRST" --alpha $((i % 10 + 1)) || exit 1; done"#
      ),
      ("renamer", #"for i in $(seq 15); do "$D" rename "$DOC" "Title $i" || exit 1; done"#),
      (
        "lister",
        #"for i in $(seq 20); do "$D" list --json >"$OUT.$i" || exit 1; done"#
      ),
    ]
    try runTogether(box, scripts, environment: ["DOC": id, "FIRST": first])

    func lines(_ name: String) -> [String] { outputLines(box, name) }
    let added = lines("adder-1") + lines("adder-2") + lines("adder-3")
    let removed = lines("remover")
    #expect(added.count == 45)
    #expect(removed.count == 10)

    let form = try box.openJSON(id)
    let ids = Set(form.rectangles.map(\.id))
    #expect(form.rectangles.count == 46)
    #expect(ids == Set(added + [first]))
    #expect(ids.isDisjoint(with: removed))
    #expect(form.title == "Title 15")
    #expect(form.rectangles.first { $0.id == first }?.alpha == 6)

    // Every listing a reader took is whole JSON with one drawing of a possible count.
    for index in 1...20 {
      let data = try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/lister.out.\(index)"))
      let rows = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
      #expect(rows.count == 1)
      let count = try #require(rows.first?["rectangles"] as? Int)
      #expect((1...56).contains(count), "listing \(index): \(count) rectangles")
    }
    // And the index agrees with the drawing at the end.
    let row = try #require(try box.listJSON().first)
    #expect(row.rectangles == 46)
    #expect(row.title == "Title 15")
  }

  @Test func undoAndRedoAmongTheWritersKeepHistoryDrawingsAndIndexInAgreement() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Start")
    let first = try #require(box.add(id, "--alpha", "1").first)
    // Undos in a row go back one change each, and the scripts below make at most 16 undos: with
    // 16 versions after FIRST was added, no undo takes FIRST away from under the setter.
    for level in 0..<16 { box.succeed("set", id, first, "--alpha", "\(level % 10 + 1)") }
    let versionsBefore = 18
    let adds = 12
    let edits = 12
    // Each step writes the command and its status (0, or 1 for nothing to step) and goes on;
    // any other status stops the script. The stepper undoes and at once redoes, which often
    // finds its undo still the last change.
    let stepping =
      #"for i in $(seq $ROUNDS); do for c in $STEPS; do "$D" $c "$DOC" >/dev/null; s=$?; "#
      + #"echo "$c $s" >>"$OUT"; [ $s -le 1 ] || exit $s; done; done"#
    let adding = #"for i in $(seq $ADDS); do "$D" add "$DOC" >>"$OUT" || exit 1; done"#
    let scripts: [(name: String, script: String)] = [
      ("adder-1", adding),
      ("adder-2", adding),
      (
        "setter",
        #"for i in $(seq $EDITS); do "$D" set "$DOC" "$FIRST" --alpha $((i % 10 + 1)) || exit 1; "#
          + "done"
      ),
      ("renamer", #"for i in $(seq $EDITS); do "$D" rename "$DOC" "Title $i" || exit 1; done"#),
      ("undoer", "ROUNDS=10 STEPS=undo; " + stepping),
      ("stepper", "ROUNDS=6 STEPS='undo redo'; " + stepping),
      ("redoer", "ROUNDS=6 STEPS=redo; " + stepping),
      ("lister", #"for i in $(seq 20); do "$D" list --json >"$OUT.$i" || exit 1; done"#),
    ]
    try runTogether(
      box, scripts,
      environment: ["DOC": id, "FIRST": first, "ADDS": "\(adds)", "EDITS": "\(edits)"])

    let added = outputLines(box, "adder-1") + outputLines(box, "adder-2")
    #expect(added.count == 2 * adds)
    let steps = ["undoer", "stepper", "redoer"].flatMap { outputLines(box, $0) }
    #expect(steps.count == 10 + 12 + 6, "\(steps)")
    func count(_ step: String) -> Int { steps.count { $0 == step } }
    let undone = count("undo 0")
    let redone = count("redo 0")
    #expect(undone + count("undo 1") == 16)
    #expect(redone + count("redo 1") == 12)
    // Each exit status 1 said why: nothing to step.
    let errors = ["undoer", "stepper", "redoer"].flatMap { outputLines(box, $0, suffix: "errors") }
    #expect(errors.count == count("undo 1") + count("redo 1"), "\(errors)")
    #expect(
      errors.allSatisfy { $0.contains("nothing to undo") || $0.contains("nothing to redo") },
      "\(errors)")
    print(
      """
      many writers with undo and redo: \(undone) undone, \(count("undo 1")) with nothing to \
      undo; \(redone) redone, \(count("redo 1")) with nothing to redo
      """)

    // The drawing: only rectangles that were added, FIRST among them.
    let form = try box.openJSON(id)
    let ids = Set(form.rectangles.map(\.id))
    #expect(ids.contains(first))
    #expect(ids.isSubset(of: Set(added + [first])))
    #expect(form.title == "Start" || (1...edits).contains { form.title == "Title \($0)" })

    // The index agrees with the drawing.
    let rows = try box.listJSON()
    #expect(rows.count == 1)
    #expect(rows.first?.rectangles == form.rectangles.count)
    #expect(rows.first?.title == form.title)

    // The history: one version per change that was made, numbered without gaps (fewer than the
    // store keeps), the current one the drawing as it is.
    let history = try #require(try box.keptHistory(id).1)
    let changes = 2 * adds + 2 * edits + undone + redone
    #expect(history.versions.first?.version == versionsBefore + changes)
    #expect(history.numberingProblem() == nil, "\(history.numberingProblem() ?? "")")
    #expect(history.versions.last?.version == 1)
    #expect(history.versions.first?.rectangles == form.rectangles.count)
    #expect(history.versions.first?.title == form.title)
    #expect(history.title == form.title)

    // Every version opens, as the history describes it; an undo or a redo brings back what an
    // earlier version held.
    var earlier: [Int: DrawingForm] = [:]
    for entry in history.versions.reversed() {
      let result = box.run(["open", id, "--at", "\(entry.version)", "--json"])
      #expect(result.status == 0, "version \(entry.version): \(result.standardError)")
      guard result.status == 0 else { continue }
      let version = try JSONDecoder().decode(
        DrawingForm.self, from: Data(result.standardOutput.utf8))
      #expect(version.rectangles.count == entry.rectangles, "version \(entry.version)")
      #expect(version.title == entry.title, "version \(entry.version)")
      if entry.change.hasPrefix("undid ") || entry.change.hasPrefix("redid ") {
        #expect(
          earlier.values.contains {
            $0.rectangles == version.rectangles && $0.title == version.title
          },
          "version \(entry.version) (\(entry.change)) holds what no earlier version held")
      }
      earlier[entry.version] = version
    }
    #expect(earlier[history.versions.first?.version ?? 0]?.rectangles == form.rectangles)

    // The journal has each version's event once, in order.
    let events = try box.journalEvents()
    #expect(sequenceProblem(events) == nil, "\(sequenceProblem(events) ?? "")")
    let made = events.filter { $0.id == id && $0.makesVersion }.map(\.version)
    #expect(made == Array(1...(versionsBefore + changes)))

    // Every listing a reader took is whole JSON with one drawing.
    for index in 1...20 {
      let data = try Data(contentsOf: URL(fileURLWithPath: "\(box.work)/lister.out.\(index)"))
      let rows = try JSONDecoder().decode([ListRow].self, from: data)
      #expect(rows.count == 1)
      #expect(rows.first.map { (1...(1 + 2 * adds)).contains($0.rectangles) } == true)
    }
  }
}

/// Runs shell scripts side by side, each with `$D` (the binary), `$OUT` (its output file,
/// `work/NAME.out`; its standard error goes to `work/NAME.errors`), `environment` and its own
/// entry of `perScript`, and a lock timeout long enough for all of them; expects each to exit 0.
func runTogether(
  _ box: Sandbox, _ scripts: [(name: String, script: String)], environment: [String: String],
  perScript: [[String: String]] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  var processes: [(Process, String)] = []
  for (offset, (name, script)) in scripts.enumerated() {
    let errors = try box.file("\(name).errors", "")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", script]
    let own = offset < perScript.count ? perScript[offset] : [:]
    process.environment = box.environment.merging(environment) { $1 }.merging(own) { $1 }
      .merging([
        "D": drawdocExecutable.path, "OUT": "\(box.work)/\(name).out",
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
    process.standardOutput = FileHandle.nullDevice
    process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: errors))
    processes.append((process, errors))
  }
  for (process, _) in processes { try process.run() }
  for (process, errors) in processes {
    process.waitUntilExit()
    let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
    #expect(process.terminationStatus == 0, "\(text)", sourceLocation: sourceLocation)
  }
}

/// The lines a script wrote to `work/NAME.out` (or another suffix).
func outputLines(_ box: Sandbox, _ name: String, suffix: String = "out") -> [String] {
  ((try? String(contentsOfFile: "\(box.work)/\(name).\(suffix)", encoding: .utf8)) ?? "")
    .split(separator: "\n").map(String.init)
}
