import DrawdocModel
import DrawdocSVG
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The commands given the path of a drawdoc SVG file instead of a drawing of the store
/// (docs/command-line.md, "Files as drawings"): read strictly, changed in place with the
/// store's guarantees and nothing of the store, refused where only the store makes sense.
@Suite struct FileCommandTests {
  /// Every command that takes DOC.
  static let documentCommands = [
    "open", "export", "add", "set", "hit", "raise", "lower", "layers", "remove", "clear",
    "rename", "duplicate", "delete", "history", "undo", "redo", "restore", "watch",
  ]

  // MARK: - Changing

  @Test func eachChangingCommandChangesTheFileInPlaceAndGitDiffShowsJustThatChange() throws {
    guard gitIsInstalled() else { return }
    let repository = try GitRepository(setup: .installCommand)
    try repository.commit(drawingText(baseRectangles), message: "plan")
    let file = "\(repository.folder)/drawing.svg"
    // git keeps only the executable bit: the rest of the mode is the file system's to keep.
    try setPermissions(0o640, of: file)
    // Each step: the command (run as a user runs it, in the working tree, with a relative
    // path) and drawdoc's diff of the change, from what the command printed.
    let steps: [(arguments: [String], diff: (String) -> String)] = [
      (
        ["set", "drawing.svg", "aaa-aaa-aaa", "--color", "#ff0000"],
        { _ in "changed aaa-aaa-aaa: color #aa0000 → #ff0000\n" }
      ),
      (
        [
          "add", "drawing.svg", "--x", "1", "--y", "2", "--width", "3", "--height", "4",
          "--color", "#123456", "--alpha", "5",
        ],
        { printed in
          "added (\(printed.dropLast())), X: 1.0, Y: 2.0, W: 3.0, H: 4.0, R: 18, G: 52, B: 86, "
            + "Alpha: 5\n"
        }
      ),
      (
        ["remove", "drawing.svg", "bbb-bbb-bbb"],
        { _ in
          "removed (bbb-bbb-bbb), X: 10.0, Y: 0.0, W: 10.0, H: 10.0, R: 0, G: 187, B: 0, "
            + "Alpha: 5\n"
        }
      ),
      // a, c, d, new: aaa one step up swaps it with ccc, which diff tells as ccc's move.
      (
        ["raise", "drawing.svg", "aaa-aaa-aaa"],
        { _ in "moved ccc-ccc-ccc: layer 3 → 4 (1 is the top)\n" }
      ),
      (
        ["lower", "drawing.svg", "ddd-ddd-ddd", "--to-bottom"],
        { _ in "moved ddd-ddd-ddd: layer 2 → 4 (1 is the top)\n" }
      ),
      (["rename", "drawing.svg", "Site plan"], { _ in "title: 'Plan' → 'Site plan'\n" }),
      (
        ["clear", "drawing.svg"],
        { printed in
          "removed (ddd-ddd-ddd), X: 30.0, Y: 0.0, W: 10.0, H: 10.0, R: 221, G: 221, B: 221, "
            + "Alpha: 1\n"
            + "removed (ccc-ccc-ccc), X: 20.0, Y: 0.0, W: 10.0, H: 10.0, R: 0, G: 0, B: 204, "
            + "Alpha: 7\n"
            + "removed (aaa-aaa-aaa), X: 0.0, Y: 0.0, W: 10.0, H: 10.0, R: 255, G: 0, B: 0, "
            + "Alpha: 10\n"
        }
      ),
    ]
    var added = ""
    for (arguments, diff) in steps {
      let result = try repository.run(drawdocExecutable.path, arguments)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      #expect(result.standardError == "", "\(arguments)")
      if arguments[0] == "add" {
        added = result.standardOutput
        #expect(singleId(added) != nil, "add prints the new id: \(added)")
      } else {
        #expect(result.standardOutput == "", "\(arguments)")
      }
      var expected = diff(added)
      if arguments[0] == "clear" {
        expected +=
          "removed (\(added.dropLast())), X: 1.0, Y: 2.0, W: 3.0, H: 4.0, R: 18, G: 52, B: 86, "
          + "Alpha: 5\n"
      }
      let shown = try repository.git("diff", "--ext-diff", "drawing.svg")
      #expect(
        shown.standardOutput == "drawdoc diff a/drawing.svg b/drawing.svg\n" + expected,
        "\(arguments): \(shown.standardError)")
      // Nothing beside the file: no lock file, no temporary file, no store.
      #expect(
        try repository.git("status", "--porcelain").standardOutput == " M drawing.svg\n",
        "\(arguments)")
      #expect(try permissions(of: file) == 0o640, "\(arguments)")
      #expect(!FileManager.default.fileExists(atPath: repository.box.store), "\(arguments)")
      let check = try repository.run(drawdocExecutable.path, ["validate", "--canonical", file])
      #expect(check.status == 0, "\(arguments): \(check.standardOutput)")
      #expect(try repository.git("commit", "-q", "-am", arguments[0]).status == 0)
    }
  }

  @Test func aChangeTakesTheModifiedTimeOfNowAndAMoveThatMovesNothingWritesNothing() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    box.succeed("set", file, "aaa-aaa-aaa", "--alpha", "3")
    let changed = try SVGDecoder.decode(contentsOfFile: file)
    #expect(changed.modified > (try Timestamp("2026-01-01T00:00:00Z")))
    #expect(changed.plane.rectangles.first?.alpha.level == 3)
    let before = try box.read(file)
    box.succeed("raise", file, "ddd-ddd-ddd")
    box.succeed("lower", file, "aaa-aaa-aaa", "--to-bottom")
    #expect(try box.read(file) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.work) == ["plan.svg"])
  }

  @Test func changesOfOneFileByManyProcessesAtOnceAreAllKept() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    let environment = box.environment
    let processes = 8
    let jobs: [@Sendable () throws -> CommandResult] = (0..<processes).map { index in
      { try runBinary(["add", file, "--seed", "\(index)"], environment: environment) }
    }
    for job in concurrently(jobs) {
      let result = try job.get()
      #expect(result.status == 0, "\(result.standardError)")
    }
    let drawing = try SVGDecoder.decode(contentsOfFile: file)
    #expect(drawing.plane.count == baseRectangles.count + processes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.work) == ["plan.svg"])
  }

  // MARK: - Reading

  @Test func readingCommandsShowAFileAsTheyShowTheSameDrawingInTheStore() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Plan", "--random", "6", "--seed", "3")
    let file = "\(box.work)/plan.svg"
    box.succeed("export", id, "-o", file)
    let first = try #require(try box.openJSON(id).rectangles.last)
    let x = String(first.x + 1)
    let y = String(first.y + 1)
    let commands: [[String]] = [
      ["open"], ["open", "--json"], ["layers"], ["layers", "--json"], ["hit", x, y],
      ["hit", "-5", "-5"], ["export"], ["export", "--format", "json"],
    ]
    for command in commands {
      let stored = box.run([command[0], id] + command.dropFirst())
      let fromFile = box.run([command[0], file] + command.dropFirst())
      #expect(stored.status == fromFile.status, "\(command)")
      #expect(stored.standardOutput == fromFile.standardOutput, "\(command)")
      #expect(stored.standardError == fromFile.standardError, "\(command)")
    }
    #expect(box.run(["hit", file, x, y]).standardOutput == "\(first.id)\n")
  }

  @Test(arguments: ["open", "export"])
  func aVersionOfAFileIsAUsageError(_ command: String) throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    let result = box.run([command, file, "--at", "1"])
    #expect(result.status == 64)
    #expect(result.standardError.contains("'\(file)' is a file"), "\(result.standardError)")
  }

  // MARK: - Refusals

  @Test func aReadOnlyFileIsRefusedAndLeftAsItIs() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    try setPermissions(0o444, of: file)
    let before = try box.read(file)
    for arguments in [
      ["set", file, "aaa-aaa-aaa", "--color", "red"], ["add", file], ["clear", file],
      ["rename", file, "Other"], ["raise", file, "aaa-aaa-aaa"],
    ] {
      let result = box.run(arguments)
      #expect(result.status == 73, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.hasPrefix("Error: '\(file)' is read-only (mode 0444)")
          && result.standardError.contains("chmod u+w"), "\(result.standardError)")
    }
    #expect(try box.read(file) == before)
    #expect(try permissions(of: file) == 0o444)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.work) == ["plan.svg"])
    #expect(!FileManager.default.fileExists(atPath: box.store))
    // Reading it is fine.
    #expect(box.run(["layers", file]).status == 0)
  }

  @Test func aForeignSVGFileIsRefusedWithTheWayToImportItAndNeverRewritten() throws {
    let box = try Sandbox()
    let file = try box.file(
      "logo.svg",
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\">"
        + "<rect data-id=\"aaa-aaa-aaa\" width=\"5\" height=\"5\"/></svg>\n")
    let before = try box.read(file)
    for arguments in [
      ["set", file, "aaa-aaa-aaa", "--color", "red"], ["add", file], ["clear", file],
      ["remove", file, "aaa-aaa-aaa"], ["rename", file, "Logo"], ["lower", file, "aaa-aaa-aaa"],
    ] {
      let result = box.run(arguments)
      #expect(result.status == 65, "\(arguments): \(result.standardError)")
      #expect(result.standardError.hasPrefix("Error: \(file):1:"), "\(result.standardError)")
      #expect(
        result.standardError.contains("'drawdoc convert \(file) OUT.svg'"),
        "\(result.standardError)")
    }
    #expect(box.run(["open", file]).status == 65)
    #expect(try box.read(file) == before)
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.work) == ["logo.svg"])
    // The way the message names works.
    let imported = "\(box.work)/out.svg"
    #expect(box.run(["convert", file, imported]).status == 0)
    #expect(singleId(box.succeed("add", imported, "--color", "red")) != nil)
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }

  @Test(arguments: [["history"], ["undo"], ["redo"], ["restore", "1"]])
  func historyCommandsRefuseAFileAndPointToGit(_ command: [String]) throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    let result = box.run([command[0], file] + command.dropFirst())
    #expect(result.status == 64)
    #expect(
      result.standardError
        == "Error: '\(file)' is a file: drawdoc keeps history only for drawings in the store; "
        + "a file's history is git's (git log -p --ext-diff \(file))\n")
  }

  @Test func deleteAndWatchRefuseAFileAndSayWhatToUseInstead() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    let delete = box.run(["delete", file])
    #expect(delete.status == 64)
    #expect(delete.standardError.contains("'rm \(file)'"), "\(delete.standardError)")
    #expect(delete.standardError.contains("'git rm \(file)'"), "\(delete.standardError)")
    let watch = box.run(["watch", file])
    #expect(watch.status == 64)
    #expect(watch.standardError.contains("follows the store"), "\(watch.standardError)")
    #expect(FileManager.default.fileExists(atPath: file))
  }

  // MARK: - Names

  @Test func aTitleThatLooksLikeAPathFindsItsDrawingUnlessItNamesAFile() throws {
    let box = try Sandbox()
    let path = "\(box.work)/site.svg"
    let id = try box.newDrawing("--title", path, "--random", "1", "--seed", "1")
    #expect(box.succeed("open", path).contains("id \(id)"))
    box.add(path, "--color", "red")
    #expect(try box.openJSON(id).rectangles.count == 2)
    // Once a file is there, the name is the file's; the drawing is reached by its id.
    let other = try box.newDrawing("--title", "Other")
    box.succeed("export", other, "-o", path)
    #expect(box.succeed("open", path).contains("id \(other)"))
    #expect(box.succeed("open", id).contains("id \(id)"))
    // A name that looks like a path and is neither.
    let missing = box.run(["open", "\(box.work)/none.svg"])
    #expect(missing.status == 66)
    #expect(missing.standardError.contains("is neither a file nor a drawing in the store"))
  }

  @Test func duplicateCopiesAFileIntoTheStoreAndLeavesTheFile() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    let before = try box.read(file)
    let id = try #require(singleId(box.succeed("duplicate", file)))
    let copy = try box.openJSON(id)
    #expect(copy.title == "Plan (copy)")
    #expect(
      copy.rectangles.map(\.id) == ["aaa-aaa-aaa", "bbb-bbb-bbb", "ccc-ccc-ccc", "ddd-ddd-ddd"])
    #expect(try box.read(file) == before)
  }

  @Test func everyCommandThatTakesDOCSaysHowATitleLikeAPathIsReached() {
    for command in Self.documentCommands {
      let help = drawdoc([command, "--help"]).standardOutput
      #expect(help.contains("is named by its id ('drawdoc list' shows ids)"), "\(command)")
    }
  }

  @Test func theRectanglesOfAFileCompleteWithoutAStore() throws {
    let box = try Sandbox()
    let file = try box.file("plan.svg", drawingText(baseRectangles))
    #expect(
      box.succeed("completions", "--list", "rectangles", "--drawing", file)
        == "ddd-ddd-ddd\nccc-ccc-ccc\nbbb-bbb-bbb\naaa-aaa-aaa\n")
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }

  // MARK: - Crash safety

  @Test func setKilledAtRandomMomentsLeavesTheOldOrTheNewFile() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Big", "--random", "20000", "--seed", "1")
    let file = "\(box.work)/big.svg"
    box.succeed("export", id, "-o", file)
    try FileManager.default.removeItem(atPath: box.store)
    try setPermissions(0o600, of: file)
    let original = try SVGDecoder.decode(contentsOfFile: file)
    let target = try #require(original.plane.rectangles.first)
    let colors = ["#102030", "#405060"]
    func arguments(_ color: String) -> [String] { ["set", file, "\(target.id)", "--color", color] }
    let start = Date()
    #expect(try runBinary(arguments(colors[0]), environment: box.environment).status == 0)
    let duration = Date().timeIntervalSince(start)
    var current = colors[0]
    var tally = (old: 0, new: 0, killed: 0, temporariesLeft: 0)
    for iteration in 0..<KillRecord.iterations {
      let next = current == colors[0] ? colors[1] : colors[0]
      let process = Process()
      process.executableURL = drawdocExecutable
      process.arguments = arguments(next)
      process.environment = box.environment
      process.standardInput = FileHandle.nullDevice
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      // Kept a sleep: a kill at a random moment is the thing under test.
      Thread.sleep(forTimeInterval: Double.random(in: 0...duration))
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
      if process.terminationReason == .uncaughtSignal { tally.killed += 1 }
      // The file reads strictly and is the old drawing or the new one, never a mix.
      let drawing = try SVGDecoder.decode(contentsOfFile: file)
      let color = try #require(drawing.plane.rectangles.first).color.hex
      #expect([current, next].contains(color), "iteration \(iteration): \(color)")
      var expected = original.plane
      try expected.updateColor(of: target.id, to: try Color(hex: color))
      #expect(drawing.plane == expected, "iteration \(iteration)")
      if color == next { tally.new += 1 } else { tally.old += 1 }
      current = color
      #expect(try permissions(of: file) == 0o600, "iteration \(iteration)")
      // Beside it, at most what a killed run leaves: its lock file and its temporary file.
      let beside = try FileManager.default.contentsOfDirectory(atPath: box.work)
      for name in beside where name != "big.svg" {
        #expect(
          name == ".big.svg.lock" || (name.hasPrefix(".big.svg.") && name.hasSuffix(".tmp")),
          "iteration \(iteration): \(name)")
      }
      tally.temporariesLeft += beside.filter { $0.hasSuffix(".tmp") }.count
    }
    print(
      "crash safety, set FILE: full run \(String(format: "%.3f", duration)) s; "
        + "\(KillRecord.iterations) runs, \(tally.killed) killed: old \(tally.old), "
        + "new \(tally.new); temporary files beside the file: \(tally.temporariesLeft)")
    #expect(tally.old + tally.new == KillRecord.iterations)
    // The next change runs, and takes away whatever the killed runs left.
    box.succeed(arguments(colors[0]))
    #expect(try FileManager.default.contentsOfDirectory(atPath: box.work) == ["big.svg"])
    #expect(box.run(["layers", file]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: box.store))
  }
}

private func setPermissions(_ permissions: Int, of path: String) throws {
  try FileManager.default.setAttributes([.posixPermissions: permissions], ofItemAtPath: path)
}

private func permissions(of path: String) throws -> Int {
  try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int ?? -1
}
