import Foundation
import Testing

/// `drawdoc sync` killed with SIGKILL at random moments: the store stays valid and the next
/// sync completes the work, losing no change of either side.
@Suite struct SyncKillTests {
  static let rounds = 24

  @Test func aSyncKilledAtRandomMomentsLeavesTheStoreValidAndTheNextSyncFinishes() throws {
    let machines = try SyncMachines()
    var drawings: [String] = []
    for index in 0..<5 {
      drawings.append(
        try machines.newDrawing("A", "--title", "D\(index)", "--random", "60", "--seed", "\(index)")
      )
    }
    machines.sync("A")
    machines.sync("B")
    let rectangles = try drawings.map { try machines.rectangles("A", $0) }
    // What each side set last: A sets the bottom rectangle's color, B the next one's alpha.
    var colors: [Int: String] = [:]
    var alphas: [Int: Int] = [:]
    var generator = SystemRandomNumberGenerator()

    func changeBothSides(_ round: Int) {
      let onA = round % 5
      let color = String(format: "#%02x%02x%02x", round * 10, 255 - round * 10, 128)
      machines.succeed("A", "set", drawings[onA], rectangles[onA][0], "--color", color)
      colors[onA] = color
      machines.sync("A")
      let onB = (round + 2) % 5
      let alpha = round % 10 + 1
      machines.succeed("B", "set", drawings[onB], rectangles[onB][1], "--alpha", "\(alpha)")
      alphas[onB] = alpha
    }

    // How long a whole sync of B takes, within which the kills fall.
    changeBothSides(0)
    let started = Date()
    let whole = try runBinary(
      ["--store", machines.store("B"), "sync"], environment: machines.environment)
    let duration = Date().timeIntervalSince(started)
    #expect(whole.status == 0, "\(whole.standardError)")

    var killed = 0
    for round in 1...Self.rounds {
      changeBothSides(round)
      let process = Process()
      process.executableURL = drawdocExecutable
      process.arguments = ["--store", machines.store("B"), "sync"]
      process.environment = machines.environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Kept a sleep: a kill at a random moment is the thing under test.
      Thread.sleep(forTimeInterval: Double.random(in: 0...(duration * 1.2), using: &generator))
      if process.isRunning {
        kill(process.processIdentifier, SIGKILL)
        killed += 1
      }
      process.waitUntilExit()
      // The store is valid: every drawing reads strictly, none is damaged, the trash is
      // empty (nothing was deleted on either side).
      let listing = machines.run("B", "list", "--json")
      #expect(listing.status == 0, "round \(round): \(listing.standardError)")
      #expect(!listing.standardOutput.contains("damaged"), "round \(round)")
      let files = try machines.drawingFiles("B")
      #expect(files.count == 5, "round \(round): \(files.keys.sorted())")
      for id in files.keys {
        let read = machines.run("B", "open", id, "--json")
        #expect(read.status == 0, "round \(round): \(id): \(read.standardError)")
      }
      #expect(try machines.trashed("B").isEmpty, "round \(round)")
    }
    #expect(killed >= Self.rounds / 2, "only \(killed) of \(Self.rounds) runs were killed mid-run")

    // The next syncs finish the work: both sides equal, every change of both kept.
    machines.sync("B")
    machines.sync("A")
    machines.sync("B")
    let a = try machines.drawingFiles("A")
    #expect(a == (try machines.drawingFiles("B")))
    for (index, id) in drawings.enumerated() {
      let result = machines.run("A", "open", id, "--json")
      let form = try JSONDecoder().decode(DrawingForm.self, from: Data(result.standardOutput.utf8))
      let byId = Dictionary(uniqueKeysWithValues: form.rectangles.map { ($0.id, $0) })
      if let color = colors[index] {
        #expect(byId[rectangles[index][0]]?.color == color, "D\(index)")
      }
      if let alpha = alphas[index] {
        #expect(byId[rectangles[index][1]]?.alpha == alpha, "D\(index)")
      }
    }
    let leftovers = try FileManager.default.contentsOfDirectory(
      atPath: "\(machines.store("B"))/sync/repository/.git"
    ).filter { $0.hasSuffix(".lock") }
    #expect(leftovers.isEmpty, "\(leftovers)")
  }
}
