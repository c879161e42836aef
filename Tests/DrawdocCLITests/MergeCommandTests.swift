import Foundation
import Testing

/// `drawdoc merge`, in process.
@Suite struct MergeCommandTests {
  /// A sandbox holding base.svg, ours.svg and theirs.svg; returns their paths.
  private func files(ours: [String], theirs: [String], oursTitle: String = "Plan")
    throws -> (Sandbox, [String])
  {
    let box = try Sandbox()
    let paths = [
      try box.file("base.svg", drawingText(baseRectangles)),
      try box.file(
        "ours.svg", drawingText(title: oursTitle, modified: "2026-02-01T00:00:00Z", ours)),
      try box.file("theirs.svg", drawingText(modified: "2026-03-01T00:00:00Z", theirs)),
    ]
    return (box, paths)
  }

  @Test func changesOnBothSidesMergeIntoOneDrawing() throws {
    // Ours: a recolored, f added on top. Theirs: a moved, b removed, c widened and raised
    // above d, e added at the bottom.
    let (box, paths) = try files(
      ours: [
        "a 0 0 10 10 #ff0000 10", "b 10 0 10 10 #00bb00 5", "c 20 0 10 10 #0000cc 7",
        "d 30 0 10 10 #dddddd 1", "f 1 1 1 1 #ffffff 10",
      ],
      theirs: [
        "e 0 0 5 5 #eeeeee 2", "a 7 8 10 10 #aa0000 10", "d 30 0 10 10 #dddddd 1",
        "c 20 0 12 10 #0000cc 7",
      ])
    let merged = box.succeed(["merge"] + paths)
    #expect(
      merged
        == drawingText(
          modified: "2026-03-01T00:00:00Z",
          [
            "e 0 0 5 5 #eeeeee 2", "a 7 8 10 10 #ff0000 10", "d 30 0 10 10 #dddddd 1",
            "c 20 0 12 10 #0000cc 7", "f 1 1 1 1 #ffffff 10",
          ]))
    // -o writes the same bytes to a file; --json reports no conflicts.
    let result = box.run(["merge"] + paths + ["-o", "\(box.work)/out.svg", "--json"])
    #expect(result.status == 0 && result.standardError == "")
    #expect(result.standardOutput == "{\"conflicts\": []}\n")
    #expect(String(decoding: try box.read("\(box.work)/out.svg"), as: UTF8.self) == merged)
  }

  @Test func conflictsKeepOursAndAreListed() throws {
    // Both recolor a; ours moves c and theirs removes it; both retitle; theirs changes b's
    // alpha (no conflict).
    let (box, paths) = try files(
      ours: [
        "a 0 0 10 10 #ff0000 10", "b 10 0 10 10 #00bb00 5", "d 30 0 10 10 #dddddd 1",
        "c 25 0 10 10 #0000cc 7",
      ],
      theirs: ["a 0 0 10 10 #0000ff 10", "b 10 0 10 10 #00bb00 9", "d 30 0 10 10 #dddddd 1"],
      oursTitle: "Ours")
    try box.file(
      "theirs.svg",
      String(decoding: try box.read(paths[2]), as: UTF8.self).replacingOccurrences(
        of: "<title>Plan</title>", with: "<title>Theirs</title>"))
    let output = "\(box.work)/merged.svg"
    let result = box.run(["merge"] + paths + ["-o", output, "--json"])
    #expect(result.status == 1)
    #expect(
      result.standardError == """
        conflict: title: OURS 'Ours', THEIRS 'Theirs' (BASE 'Plan'); kept OURS
        conflict: aaa-aaa-aaa color: OURS #ff0000, THEIRS #0000ff (BASE #aa0000); kept OURS
        conflict: ccc-ccc-ccc: OURS changed x, THEIRS removed it; kept OURS (changed)
        3 conflicts: the merged drawing keeps OURS for each

        """)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-merge.schema.json")) == ""
    )
    #expect(
      result.standardOutput == """
        {"conflicts": [
          {"kind": "title", "base": "Plan", "ours": "Ours", "theirs": "Theirs"},
          {"kind": "field", "id": "aaa-aaa-aaa", "field": "color", "base": "#aa0000", "ours": "#ff0000", "theirs": "#0000ff"},
          {"kind": "changed-removed", "id": "ccc-ccc-ccc", "changedIn": "ours", "fields": ["x"]}
        ]}

        """)
    // The result is a valid drawing in the writer's exact form, with OURS for each conflict.
    #expect(box.succeed("validate", "--canonical", output) == "\(output): ok\n")
    #expect(
      String(decoding: try box.read(output), as: UTF8.self)
        == drawingText(
          title: "Ours", modified: "2026-03-01T00:00:00Z",
          [
            "a 0 0 10 10 #ff0000 10", "b 10 0 10 10 #00bb00 9", "d 30 0 10 10 #dddddd 1",
            "c 25 0 10 10 #0000cc 7",
          ]))
  }

  @Test func contradictingZOrderMovesConflict() throws {
    // Ours puts a above b, theirs puts b above c, and c stays above a on both: no order keeps
    // all three.
    let (box, paths) = try files(
      ours: [
        "b 10 0 10 10 #00bb00 5", "a 0 0 10 10 #aa0000 10", "c 20 0 10 10 #0000cc 7",
        "d 30 0 10 10 #dddddd 1",
      ],
      theirs: [
        "a 0 0 10 10 #aa0000 10", "c 20 0 10 10 #0000cc 7", "b 10 0 10 10 #00bb00 5",
        "d 30 0 10 10 #dddddd 1",
      ])
    let output = "\(box.work)/m.svg"
    let result = box.run(["merge"] + paths + ["-o", output, "--json"])
    #expect(result.status == 1)
    #expect(
      result.standardError.hasSuffix(
        "and the moves on the two sides contradict each other; kept OURS' order\n"
          + "1 conflict: the merged drawing keeps OURS for each\n"), "\(result.standardError)")
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-merge.schema.json"))
        == "")
    #expect(result.standardOutput.contains(#"{"kind": "z-order", "id": "#))
    // OURS' order.
    let order = String(decoding: try box.read(output), as: UTF8.self)
      .matches(of: #/<rect data-id="(.)/#).map { String($0.output.1) }.joined()
    #expect(order == "bacd")
  }

  @Test func anEmptyBaseMergesTwoAdditions() throws {
    let box = try Sandbox()
    let ours = try box.file("ours.svg", drawingText(["a 0 0 10 10 #aa0000 10"]))
    let theirs = try box.file("theirs.svg", drawingText(["b 0 0 10 10 #00bb00 5"]))
    let merged = box.succeed("merge", "/dev/null", ours, theirs)
    #expect(merged == drawingText(["a 0 0 10 10 #aa0000 10", "b 0 0 10 10 #00bb00 5"]))
  }

  @Test(arguments: [
    (["base.svg", "ours.svg"], Int32(64), "merge needs THEIRS"),
    (["base.svg", "ours.svg", "theirs.svg", "--json"], 64, "-o OUT as well"),
    (
      ["base.svg", "ours.svg", "missing.svg", "-o", "out.svg"], 66,
      "is neither a file nor a drawing"
    ),
    (["base.svg", "ours.svg", "broken.svg", "-o", "out.svg"], 65, "broken.svg:"),
    (["base.svg", "ours.svg", "theirs.svg", "-o", "no/such/folder/out.svg"], 73, "cannot create"),
  ])
  func mistakesWriteNothing(_ arguments: [String], status: Int32, message: String) throws {
    let (box, _) = try files(ours: baseRectangles, theirs: baseRectangles)
    try box.file("broken.svg", "<svg/>")
    let before = try box.snapshot()
    let result = box.run(
      ["merge"] + arguments.map { $0.contains(".svg") ? "\(box.work)/\($0)" : $0 })
    #expect(result.status == status)
    #expect(result.standardError.contains(message), "\(result.standardError)")
    #expect(result.standardOutput == "")
    #expect(try box.snapshot() == before)
  }
}
