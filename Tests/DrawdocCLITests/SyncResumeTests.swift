import DrawdocSystem
import Foundation
import Testing

/// A sync that starts from less than it usually has: one stopped while it brought drawings
/// in, or one whose `sync/` folder is gone. What the user did since is a change of theirs.
@Suite struct SyncResumeTests {
  static let stops: [Int32] = [SIGKILL, SIGINT, SIGTERM]

  @Test(arguments: stops)
  func aChangeMadeAfterAnInterruptedFirstSyncIsKept(_ stop: Int32) throws {
    let machines = try SyncMachines()
    for index in 0..<30 {
      _ = try machines.newDrawing("A", "--title", "D\(index)")
    }
    machines.sync("A")

    // B's first sync, stopped once two drawings have arrived: frozen first, so that the
    // signal falls while it brings drawings in, whatever the machine's speed.
    let process = Process()
    process.executableURL = drawdocExecutable
    process.arguments = ["--store", machines.store("B"), "sync", "--remote", machines.remote]
    process.environment = machines.environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Watched from before the sync starts, so that each drawing that arrives wakes the test.
    let drawings = "\(machines.store("B"))/drawings"
    try FileManager.default.createDirectory(atPath: drawings, withIntermediateDirectories: true)
    let watcher = FolderWatcher(watching: drawings)
    try process.run()
    func arrived() -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: drawings)) ?? [])
        .filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) }.sorted()
    }
    let deadline = Date(timeIntervalSinceNow: 60)
    while process.isRunning && arrived().count < 2 && Date() < deadline {
      watcher.wait(seconds: 0.5)
    }
    kill(process.processIdentifier, SIGSTOP)
    let before = arrived()
    try #require(
      before.count >= 2 && before.count < 30,
      "the sync was to be stopped while it brought drawings in: \(before.count) arrived")
    kill(process.processIdentifier, stop)
    kill(process.processIdentifier, SIGCONT)
    process.waitUntilExit()
    #expect(process.terminationReason == .uncaughtSignal)

    // The user renames one drawing that arrived and deletes another.
    machines.succeed("B", "rename", before[0], "Renamed on B")
    machines.succeed("B", "delete", before[1])
    // The remote was not remembered: the first sync did not end.
    let next = try machines.runBinary("B", ["sync", "--remote", machines.remote])
    #expect(next.status == 0, "\(next.standardError)")
    #expect(next.standardOutput.contains("sent 2 drawings"), "\(next.standardOutput)")
    #expect(try machines.drawingFiles("B").count == 29)
    #expect(try machines.trashed("B") == [before[1]])
    let title = try machines.runBinary("B", ["open", before[0], "--json"]).standardOutput
    #expect(title.contains(#""title": "Renamed on B""#), "\(title)")

    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(try machines.trashed("A") == [before[1]])
  }

  @Test func aStoreThatLostItsSyncFolderKnowsItsOwnChangesFromItsHistory() throws {
    let machines = try SyncMachines()
    let (id, first) = try machines.drawingOnBoth("--title", "Plan", "--random", "1", "--seed", "9")
    let rectangle = try #require(first)
    machines.succeed("A", "set", id, rectangle, "--x", "673")
    machines.sync("A")
    machines.succeed("B", "set", id, rectangle, "--y", "321")
    try FileManager.default.removeItem(atPath: "\(machines.store("B"))/sync")

    let result = try machines.runBinary("B", ["sync", "--remote", machines.remote])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    let onA = try machines.openRectangle("A", id, rectangle)
    #expect(onA?.x == 673)
    #expect(onA?.y == 321)
  }
}
