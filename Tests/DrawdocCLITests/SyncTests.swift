import Foundation
import Testing

/// `drawdoc sync` between two stores and a bare repository, with the real git.
@Suite struct SyncTests {
  @Test func aDrawingMadeOnAAppearsOnBAsTheSameFile() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "3", "--seed", "7")
    #expect(machines.sync("A").hasPrefix("synced with \(machines.remote): sent 1 drawing"))
    let output = machines.sync("B")
    #expect(output.contains("\(id) 'Plan': new here"), "\(output)")
    #expect(try machines.drawingFiles("B") == machines.drawingFiles("A"))
    // The drawing came in as a store operation: a version in its history, an event.
    let history = machines.succeed("B", "history", id)
    #expect(history.contains("synced from another machine"), "\(history)")
    // … and an event in the change journal, which `watch` and open pages follow.
    let journal = String(
      decoding: try machines.box.read("\(machines.store("B"))/changes.log"), as: UTF8.self)
    #expect(journal.contains(id), "\(journal)")
  }

  @Test func editsOfDifferentRectanglesOnBothMachinesMerge() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "3", "--seed", "7")
    machines.sync("A")
    machines.sync("B")
    let rectangles = try machines.rectangles("A", id)
    machines.succeed("A", "set", id, rectangles[0], "--color", "#ff0000")
    machines.succeed("B", "set", id, rectangles[1], "--alpha", "2")
    machines.succeed("B", "add", id, "--x", "1", "--y", "2", "--color", "#00ff00")
    machines.sync("A")
    #expect(machines.sync("B").contains("\(id) 'Plan': changed"))
    machines.sync("A")
    let a = try machines.drawingFiles("A")
    #expect(a == (try machines.drawingFiles("B")))
    let text = String(decoding: a[id] ?? [], as: UTF8.self)
    #expect(text.contains("#ff0000"))
    #expect(text.contains("#00ff00"))
    #expect(try machines.rectangles("A", id).count == 4)
  }

  @Test func aConflictIsReportedOnTheSecondSideAndBothEndEqual() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "2", "--seed", "3")
    machines.sync("A")
    machines.sync("B")
    let rectangle = try machines.rectangles("A", id)[0]
    machines.succeed("A", "set", id, rectangle, "--color", "#ff0000")
    machines.succeed("B", "set", id, rectangle, "--color", "#0000ff")
    machines.sync("A")
    let second = machines.run("B", "sync")
    #expect(second.status == 1)
    let lines = second.standardError.split(separator: "\n")
    #expect(
      lines.first?.hasPrefix(
        "conflict: \(id) 'Plan': \(rectangle) color: OURS #0000ff, THEIRS #ff0000")
        == true, "\(second.standardError)")
    #expect(lines.last == "1 conflict: this store's values are kept, and sent")
    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(
      String(decoding: try machines.drawingFiles("A")[id] ?? [], as: UTF8.self).contains("#0000ff"))
  }

  @Test func aRenameAZOrderMoveATrashAndARestoreTravel() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "3", "--seed", "9")
    machines.sync("A")
    machines.sync("B")
    let bottom = try machines.rectangles("A", id)[0]
    machines.succeed("A", "rename", id, "Plan B")
    machines.succeed("A", "raise", id, bottom, "--to-top")
    machines.sync("A")
    machines.sync("B")
    #expect(try machines.rectangles("B", "Plan B").last == bottom)
    machines.succeed("A", "delete", id)
    machines.sync("A")
    #expect(machines.sync("B").contains("deleted on the other side: moved to the trash"))
    #expect(try machines.trashed("B") == [id])
    #expect(try machines.drawingFiles("B").isEmpty)
    machines.succeed("B", "trash", "--restore", id)
    machines.sync("B")
    #expect(machines.sync("A").contains("\(id) 'Plan B'"))
    #expect(try machines.trashed("A").isEmpty)
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
  }

  @Test func aDrawingChangedOnAAndDeletedOnBIsKeptAndReported() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "2", "--seed", "5")
    machines.sync("A")
    machines.sync("B")
    let rectangle = try machines.rectangles("A", id)[0]
    machines.succeed("A", "set", id, rectangle, "--alpha", "4")
    machines.succeed("B", "delete", id)
    machines.sync("A")
    let output = machines.sync("B")
    #expect(
      output.contains("\(id) 'Plan': kept: changed on the other side and deleted here"), "\(output)"
    )
    #expect(!output.contains("new here"), "reported once, as kept: \(output)")
    #expect(try machines.trashed("B").isEmpty)
    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(try machines.drawingFiles("B")[id] != nil)
  }

  @Test func theStatusCountsChangesHereAndThereWithoutChangingAnything() throws {
    let machines = try SyncMachines()
    let first = try machines.newDrawing("A", "--title", "One")
    machines.sync("A")
    machines.sync("B")
    _ = try machines.newDrawing("A", "--title", "Two")
    machines.succeed("A", "rename", first, "Uno")
    #expect(machines.succeed("A", "sync", "--status").contains("changed here: 2 drawings"))
    machines.sync("A")
    let before = try machines.storeSnapshot("B")
    let status = machines.succeed("B", "sync", "--status", "--json")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(status.utf8)) as? [String: Any])
    #expect(object["remote"] as? String == machines.remote)
    #expect(object["changedHere"] as? Int == 0)
    #expect(object["changedThere"] as? Int == 2)
    #expect(object["lastSync"] is String)
    #expect(try schemaViolations(status, schema: schema("drawdoc-sync-status.schema.json")) == "")
    #expect(try machines.storeSnapshot("B") == before)
  }

  @Test func theJSONReportListsWhatCameIn() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan")
    machines.sync("A")
    let result = machines.run("B", "sync", "--remote", machines.remote, "--json")
    #expect(result.status == 0)
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let received = try #require(object["received"] as? [[String: Any]])
    #expect(received.count == 1)
    #expect(received.first?["id"] as? String == id)
    #expect(received.first?["kind"] as? String == "added")
    #expect((object["conflicts"] as? [Any])?.isEmpty == true)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-sync.schema.json")) == "")
  }

  @Test func theJSONReportOfAConflictFollowsTheSchema() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "1", "--seed", "2")
    machines.sync("A")
    machines.sync("B")
    let rectangle = try machines.rectangles("A", id)[0]
    machines.succeed("A", "rename", id, "Plan A")
    machines.succeed("B", "rename", id, "Plan B")
    machines.succeed("A", "set", id, rectangle, "--x", "5")
    machines.succeed("B", "set", id, rectangle, "--x", "6")
    machines.sync("A")
    let result = machines.run("B", "sync", "--json")
    #expect(result.status == 1)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-sync.schema.json")) == "")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    let conflicts = try #require(object["conflicts"] as? [[String: Any]])
    #expect(conflicts.map { $0["kind"] as? String } == ["title", "field"])
    #expect(conflicts.last?["ours"] as? Double == 6)
    #expect(conflicts.last?["theirs"] as? Double == 5)
    #expect(conflicts.allSatisfy { $0["drawing"] as? String == id })
  }

  // MARK: - Failures change nothing

  @Test func withoutGitTheSyncSaysWhichPackageToInstall() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    let before = try machines.box.snapshot()
    let result = machines.run(
      "A", ["sync", "--remote", machines.remote], extra: ["PATH": "\(machines.box.root)/empty"])
    #expect(result.status == 69)
    #expect(result.standardError.contains("apt-get install git"), "\(result.standardError)")
    #expect(try machines.box.snapshot() == before)
  }

  @Test func anUnreachableRemoteQuotesGitAndIsNotRemembered() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    let before = try machines.storeSnapshot("A")
    let missing = "\(machines.box.root)/no-such-remote.git"
    let result = machines.run("A", "sync", "--remote", missing)
    #expect(result.status == 69)
    #expect(result.standardError.contains("cannot sync with \(missing): git says: "))
    #expect(
      result.standardError.contains("does not appear to be a git repository"),
      "\(result.standardError)")
    #expect(try machines.storeSnapshot("A") == before)
    let again = machines.run("A", "sync")
    #expect(again.status == 64)
    #expect(again.standardError.contains("drawdoc sync --remote URL"))
  }

  @Test func aRemoteWithOtherContentIsNotADrawdocStore() throws {
    let machines = try SyncMachines()
    let other = "\(machines.box.root)/other"
    try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
    try "hello\n".write(toFile: "\(other)/README.md", atomically: true, encoding: .utf8)
    for arguments in [
      ["init", "--quiet", "-b", "main"], ["add", "README.md"],
      ["-c", "user.name=T", "-c", "user.email=t@t", "commit", "--quiet", "-m", "readme"],
      ["push", "--quiet", machines.remote, "main"],
    ] {
      let done = try machines.git(arguments, in: other)
      try #require(done.status == 0, "\(arguments): \(done.standardError)")
    }
    _ = try machines.newDrawing("A", "--title", "Plan")
    let before = try machines.storeSnapshot("A")
    let result = machines.run("A", "sync", "--remote", machines.remote)
    #expect(result.status == 65)
    #expect(
      result.standardError.contains(
        "is not a drawdoc store: its main branch has no .drawdoc-store but holds README.md"))
    #expect(try machines.storeSnapshot("A") == before)
    let log = try machines.git(["--git-dir", machines.remote, "log", "--oneline", "main"])
    #expect(log.standardOutput.split(separator: "\n").count == 1, "the remote was not pushed to")
  }
}
