import DrawdocTestSupport
import Foundation
import Testing

/// `drawdoc sync` where histories, files and configurations are not what they usually are.
@Suite struct SyncEdgeTests {
  @Test func aRemoteWithASymbolicLinkIsRefusedAndNothingOutsideTheStoreIsTouched() throws {
    let machines = try SyncMachines()
    let victim = "\(machines.box.root)/victim"
    try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
    try "keep me\n".write(toFile: "\(victim)/important.txt", atomically: true, encoding: .utf8)
    let hostile = "\(machines.box.root)/hostile"
    try FileManager.default.createDirectory(atPath: hostile, withIntermediateDirectories: true)
    try "drawdoc store 1\n".write(
      toFile: "\(hostile)/.drawdoc-store", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: "\(hostile)/drawings", withDestinationPath: victim)
    for arguments in [
      ["init", "--quiet", "-b", "main"], ["add", "--all"],
      ["-c", "user.name=T", "-c", "user.email=t@t", "commit", "--quiet", "-m", "hostile"],
      ["push", "--quiet", machines.remote, "main"],
    ] {
      let done = try machines.git(arguments, in: hostile)
      try #require(done.status == 0, "\(arguments): \(done.standardError)")
    }
    _ = try machines.newDrawing("A", "--title", "Plan")
    let result = machines.run("A", "sync", "--remote", machines.remote)
    #expect(result.status == 65)
    #expect(
      result.standardError.contains("drawings (a symbolic link)"), "\(result.standardError)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim) == ["important.txt"])
  }

  @Test func aDrawingRestoredOnOneSideWhileChangedOnTheOtherTakesTheChange() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "2", "--seed", "4")
    machines.sync("A")
    machines.sync("B")
    machines.succeed("A", "delete", id)
    machines.sync("A")
    machines.succeed("A", "trash", "--restore", id)
    let rectangle = try machines.rectangles("B", id)[0]
    machines.succeed("B", "set", id, rectangle, "--color", "#123456")
    #expect(machines.sync("B").contains("kept: changed here and deleted on the other side"))
    let output = machines.sync("A")
    #expect(!output.contains("conflict"), "\(output)")
    machines.sync("B")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(
      String(decoding: try machines.drawingFiles("A")[id] ?? [], as: UTF8.self).contains("#123456"))
  }

  @Test func aStoreWhoseSyncFolderWasDeletedRevertsNothingAndBringsNothingBack() throws {
    let machines = try SyncMachines()
    let plan = try machines.newDrawing("A", "--title", "Plan", "--random", "2", "--seed", "6")
    let gone = try machines.newDrawing("A", "--title", "Gone")
    machines.sync("A")
    machines.sync("B")
    let rectangle = try machines.rectangles("A", plan)[0]
    machines.succeed("A", "set", plan, rectangle, "--color", "#abcdef")
    machines.succeed("A", "delete", gone)
    machines.sync("A")
    let synced = Int(Date().timeIntervalSince1970)
    try FileManager.default.removeItem(atPath: "\(machines.store("B"))/sync")
    // A root commit made in another second has another hash: the histories are unrelated.
    #expect(eventually(within: 3) { Int(Date().timeIntervalSince1970) > synced })
    let result = machines.run("B", "sync", "--remote", machines.remote)
    #expect(result.status == 0, "\(result.standardError)")
    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(try machines.drawingFiles("A")[gone] == nil)
    #expect(try machines.trashed("B") == [gone])
    #expect(
      String(decoding: try machines.drawingFiles("B")[plan] ?? [], as: UTF8.self).contains(
        "#abcdef"))
  }

  @Test func aDamagedDrawingIsNeitherSentNorBlocksTheSync() throws {
    let machines = try SyncMachines()
    let damaged = try machines.newDrawing("A", "--title", "Damaged")
    let fine = try machines.newDrawing("A", "--title", "Fine")
    machines.sync("A")
    machines.sync("B")
    let path = "\(machines.store("A"))/drawings/\(damaged).svg"
    let text = String(decoding: try machines.box.read(path), as: UTF8.self)
    try text.replacingOccurrences(of: "<svg", with: "<svx").write(
      toFile: path, atomically: true, encoding: .utf8)
    machines.succeed("B", "rename", damaged, "Renamed on B")
    machines.succeed("A", "rename", fine, "Fine on A")
    machines.sync("A")
    let onB = machines.run("B", "sync")
    #expect(onB.status == 0, "\(onB.standardError)")
    #expect(try machines.drawingFiles("B")[damaged].map { !$0.isEmpty } == true)
    // Left out, so not complete: the exit status says so.
    let again = machines.run("A", "sync")
    #expect(again.status == 65, "\(again.standardError)")
    #expect(
      again.standardOutput.contains("this store's drawing is damaged"), "\(again.standardOutput)")
    #expect(machines.succeed("B", "list").contains("Fine on A"))
  }

  @Test func theUsersIgnoreFileDoesNotKeepDrawingsFromBeingSent() throws {
    let machines = try SyncMachines()
    let ignores = "\(machines.box.root)/ignore"
    try "*.svg\n".write(toFile: ignores, atomically: true, encoding: .utf8)
    let config = "\(machines.box.root)/gitconfig"
    try "[core]\n\texcludesFile = \(ignores)\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let id = try machines.newDrawing("A", "--title", "Plan")
    let result = machines.run(
      "A", ["sync", "--remote", machines.remote], extra: ["GIT_CONFIG_GLOBAL": config])
    #expect(result.standardOutput.contains("sent 1 drawing"), "\(result.standardOutput)")
    #expect(machines.sync("B").contains("\(id) 'Plan': new here"))
  }

  @Test func aRelativeRemotePathIsTheCurrentFolders() throws {
    let machines = try SyncMachines()
    _ = try machines.newDrawing("A", "--title", "Plan")
    let result = try runProgram(
      drawdocExecutable.path, ["--store", machines.store("A"), "sync", "--remote", "remote.git"],
      environment: machines.environment, in: machines.box.root)
    #expect(result.status == 0, "\(result.standardError)")
    let remembered = String(
      decoding: try machines.box.read("\(machines.store("A"))/sync/remote"), as: UTF8.self)
    #expect(remembered == "\(machines.remote)\n")
  }
}

/// The store's lock during a sync: held by each store operation, never while git talks to the
/// remote.
@Suite struct SyncLockTests {
  @Test func theStoreChangesWhileASyncWaitsOnTheRemoteAndTheChangeIsKept() throws {
    let machines = try SyncMachines()
    let id = try machines.newDrawing("A", "--title", "Plan", "--random", "2", "--seed", "8")
    machines.sync("A")
    // A git whose fetch waits until the test lets it go (10 s at most), as a slow network
    // would; it says when it has started to wait.
    let fetching = "\(machines.box.root)/fetching"
    let letGo = "\(machines.box.root)/let-go"
    let slow = "\(machines.box.root)/slow-git"
    try FileManager.default.createDirectory(atPath: slow, withIntermediateDirectories: true)
    let realGit = try #require(
      (machines.environment["PATH"] ?? "").split(separator: ":").map { "\($0)/git" }
        .first { FileManager.default.isExecutableFile(atPath: $0) })
    try """
    #!/bin/sh
    for argument in "$@"; do
      if [ "$argument" = fetch ]; then
        : > '\(fetching)'
        tries=0
        while [ ! -e '\(letGo)' ] && [ $tries -lt 200 ]; do sleep 0.05; tries=$((tries + 1)); done
      fi
    done
    exec \(realGit) "$@"
    """.write(toFile: "\(slow)/git", atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755], ofItemAtPath: "\(slow)/git")
    let rectangle = try machines.rectangles("A", id)[0]
    machines.succeed("A", "set", id, rectangle, "--x", "3")

    let process = Process()
    process.executableURL = drawdocExecutable
    process.arguments = ["--store", machines.store("A"), "sync"]
    var environment = machines.environment
    environment["PATH"] = "\(slow):\(environment["PATH"] ?? "")"
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    #expect(eventually { FileManager.default.fileExists(atPath: fetching) })
    // While the sync waits on the fetch, a change goes through without waiting for a lock.
    let change = machines.run(
      "A", ["set", id, rectangle, "--color", "#654321"], extra: ["DRAWDOC_LOCK_TIMEOUT": "0.5"])
    #expect(change.status == 0, "\(change.standardError)")
    #expect(process.isRunning, "the sync was still waiting on the remote")
    FileManager.default.createFile(atPath: letGo, contents: nil)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // The change made meanwhile is kept here, and the next sync sends it.
    #expect(try machines.openRectangle("A", id, rectangle)?.color == "#654321")
    machines.sync("A")
    machines.sync("B")
    let onB = try machines.openRectangle("B", id, rectangle)
    #expect(onB?.color == "#654321")
    #expect(onB?.x == 3)
  }
}

/// A sync reads only the drawing files whose signature (inode, size, time) it has not noted:
/// a file changed in place, or replaced, is read and sent all the same.
@Suite struct SyncSignatureTests {
  @Test func aFileChangedInPlaceAfterItsSignatureWasNotedIsSent() throws {
    let machines = try SyncMachines()
    let edited = try machines.newDrawing("A", "--title", "Edited")
    let replaced = try machines.newDrawing("A", "--title", "Replaced")
    // Files last changed long ago are noted by the sync that reads them.
    let old = Date(timeIntervalSinceNow: -3600)
    for id in [edited, replaced] {
      try FileManager.default.setAttributes(
        [.modificationDate: old], ofItemAtPath: "\(machines.store("A"))/drawings/\(id).svg")
    }
    machines.sync("A")
    machines.sync("B")
    #expect(machines.sync("A").contains("sent 0 drawings, received 0 drawings"))
    let noted = String(
      decoding: try machines.box.read("\(machines.store("A"))/sync/signatures"), as: UTF8.self)
    #expect(noted.contains(edited) && noted.contains(replaced), "\(noted)")

    // Changed in place (the same inode, the same size), and through drawdoc (a new file).
    let path = "\(machines.store("A"))/drawings/\(edited).svg"
    let text = String(decoding: try machines.box.read(path), as: UTF8.self)
    let file = try FileHandle(forUpdating: URL(fileURLWithPath: path))
    try file.write(
      contentsOf: Data(text.replacingOccurrences(of: ">Edited<", with: ">Editex<").utf8))
    try file.close()
    machines.succeed("A", "rename", replaced, "Replaced on A")
    let status = machines.succeed("A", "sync", "--status")
    #expect(status.contains("changed here: 2 drawings"), "\(status)")
    #expect(machines.sync("A").contains("sent 2 drawings"))
    let onB = machines.sync("B")
    #expect(onB.contains("\(edited) 'Editex': changed"), "\(onB)")
    #expect(onB.contains("\(replaced) 'Replaced on A': changed"), "\(onB)")
  }
}
