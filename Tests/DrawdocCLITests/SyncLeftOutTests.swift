import Foundation
import Testing

/// Drawings a sync cannot bring in (damaged here, or of a format this drawdoc does not read):
/// left out, untouched on both sides, said in the exit status, and brought in once they can
/// be, without being taken for a change made here.
@Suite struct SyncLeftOutTests {
  @Test func aDamagedDrawingMendedByHandTakesTheOtherSidesRenameAndSendsNothingBack() throws {
    let machines = try SyncMachines()
    let id = try machines.drawingOnBoth("--title", "Plan", "--random", "2", "--seed", "5").id
    // B's file is damaged (a disk, another program); meanwhile A renames the drawing.
    let path = "\(machines.store("B"))/drawings/\(id).svg"
    let original = try machines.box.read(path)
    let damaged = String(decoding: original, as: UTF8.self)
      .replacingOccurrences(of: "<svg", with: "<svx")
    try damaged.write(toFile: path, atomically: true, encoding: .utf8)
    machines.succeed("A", "rename", id, "Renamed on A")
    machines.sync("A")

    let leftOut = try machines.runBinary("B", ["sync", "--json"])
    #expect(leftOut.status == 65, "\(leftOut.standardError)")
    #expect(leftOut.standardOutput.contains(#""complete": false"#), "\(leftOut.standardOutput)")
    #expect(
      try schemaViolations(leftOut.standardOutput, schema: schema("drawdoc-sync.schema.json"))
        == "")
    let status = try machines.runBinary("B", ["sync", "--status", "--json"])
    #expect(status.standardOutput.contains(#""leftOut": 1"#), "\(status.standardOutput)")

    // The user mends the file by hand: the old one back. It is the old drawing, not a change.
    try Data(original).write(to: URL(fileURLWithPath: path))
    let mended = try machines.runBinary("B", ["sync"])
    #expect(mended.status == 0, "\(mended.standardError)")
    #expect(
      mended.standardOutput.hasPrefix(
        "synced with \(machines.remote): sent 0 drawings, received 1 drawing\n"),
      "\(mended.standardOutput)")
    machines.sync("A")
    #expect(try machines.drawingFiles("A") == machines.drawingFiles("B"))
    #expect(machines.succeed("A", "list").contains("Renamed on A"))
    #expect(machines.succeed("B", "list").contains("Renamed on A"))
  }

  @Test func aDrawingOfANewerFormatIsLeftUntouchedOnBothSidesAndNamesTheVersionNeeded() throws {
    let machines = try SyncMachines()
    let other = try machines.newDrawing("A", "--title", "Other")
    let shared = try machines.drawingOnBoth("--title", "Shared", "--random", "2", "--seed", "3").id
    let onB = try machines.drawingFiles("B")[shared]

    // A newer drawdoc, on a third machine, changes Shared and makes Newer, both in a format
    // version this build does not read.
    let newer = "\(machines.box.root)/newer"
    try #require(
      try machines.git(["clone", "--quiet", "--branch", "main", machines.remote, newer]).status == 0
    )
    let sharedFile = "\(newer)/drawings/\(shared).svg"
    let sharedText = try String(contentsOfFile: sharedFile, encoding: .utf8)
    let upgraded = sharedText.replacingOccurrences(
      of: #"data-drawdoc="1""#, with: #"data-drawdoc="2""#
    )
    .replacingOccurrences(of: ">Shared<", with: ">Shared, version 2<")
    try upgraded.write(toFile: sharedFile, atomically: true, encoding: .utf8)
    let newId = "new-dra-win"
    let made = upgraded.replacingOccurrences(of: shared, with: newId)
    try made.write(toFile: "\(newer)/drawings/\(newId).svg", atomically: true, encoding: .utf8)
    for arguments in [
      ["add", "--all"],
      ["-c", "user.name=N", "-c", "user.email=n@n", "commit", "--quiet", "-m", "version 2"],
      ["push", "--quiet", "origin", "main"],
    ] {
      let done = try machines.git(arguments, in: newer)
      try #require(done.status == 0, "\(arguments): \(done.standardError)")
    }

    let first = try machines.runBinary("B", ["sync"])
    #expect(first.status == 65, "\(first.standardError)")
    for id in [shared, newId] {
      #expect(
        first.standardOutput.contains(
          "\(id): not brought in: it is in format version 2, and this drawdoc reads version 1 "
            + "only: a newer drawdoc brings it in"), "\(first.standardOutput)")
    }
    #expect(try machines.drawingFiles("B")[shared] == onB)
    #expect(try machines.drawingFiles("B")[newId] == nil)

    // B changes another drawing, and Shared too: the next syncs send the one, and neither
    // send B's Shared nor take Newer out of the remote.
    machines.succeed("B", "rename", other, "Other on B")
    machines.succeed("B", "rename", shared, "Shared on B")
    for _ in 0..<2 {
      let again = try machines.runBinary("B", ["sync"])
      #expect(again.status == 65, "\(again.standardError)")
    }
    #expect(try machines.remoteFile("drawings/\(shared).svg") == Array(upgraded.utf8))
    #expect(try machines.remoteFile("drawings/\(newId).svg") == Array(made.utf8))
    let onA = try machines.runBinary("A", ["sync"])
    #expect(onA.status == 65, "\(onA.standardError)")
    #expect(onA.standardOutput.contains("\(other) 'Other on B': changed"), "\(onA.standardOutput)")
    #expect(machines.succeed("B", "list").contains("Shared on B"))
  }
}
