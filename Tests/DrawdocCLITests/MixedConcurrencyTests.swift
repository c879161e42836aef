import Foundation
import Testing

/// Many processes mixing every kind of change on one drawing, with readers alongside: no
/// update is lost, no reader sees a half-written store, and the index agrees at the end.
@Suite struct MixedConcurrencyTests {
  @Test func addSetRemoveRenameAndListTogetherLoseNothing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Start")
    let first = try #require(try box.add(id, "--alpha", "1").first)
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
    var processes: [(Process, String)] = []
    for (name, script) in scripts {
      let errors = "\(box.work)/\(name).errors"
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/bin/sh")
      process.arguments = ["-c", script]
      process.environment = box.environment.merging([
        "D": drawdocExecutable.path, "DOC": id, "FIRST": first, "OUT": "\(box.work)/\(name).out",
        "DRAWDOC_LOCK_TIMEOUT": "60",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      process.standardError = try FileHandle(
        forWritingTo: URL(fileURLWithPath: try box.file("\(name).errors", "")))
      processes.append((process, errors))
    }
    for (process, _) in processes { try process.run() }
    for (process, errors) in processes {
      process.waitUntilExit()
      let text = (try? String(contentsOfFile: errors, encoding: .utf8)) ?? ""
      #expect(process.terminationStatus == 0, "\(text)")
    }

    func lines(_ name: String) -> [String] {
      ((try? String(contentsOfFile: "\(box.work)/\(name).out", encoding: .utf8)) ?? "")
        .split(separator: "\n").map(String.init)
    }
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
}
