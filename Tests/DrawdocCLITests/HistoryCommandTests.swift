import DrawdocTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// `history --json`, decoded.
private struct HistoryForm: Decodable, Equatable {
  struct Step: Decodable, Equatable {
    var change: String
    var version: Int
  }
  struct Version: Decodable, Equatable {
    var version: Int
    var time: String
    var rectangles: Int
    var title: String
    var change: String
  }
  var id: String
  var title: String
  var trashed: String?
  var limit: Int
  var undo: Step?
  var redo: Step?
  var versions: [Version]
}

/// One row of `trash --json`.
private struct TrashRow: Decodable, Equatable {
  var id: String
  var title: String
  var rectangles: Int
  var version: Int
  var trashed: String
}

extension Sandbox {
  fileprivate func history(
    _ document: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  )
    throws -> HistoryForm
  {
    let result = run(["history", document, "--json"])
    #expect(result.status == 0, "\(result.standardError)", sourceLocation: sourceLocation)
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-history.schema.json"))
        == "", sourceLocation: sourceLocation)
    return try JSONDecoder().decode(HistoryForm.self, from: Data(result.standardOutput.utf8))
  }

  fileprivate func trash() throws -> [TrashRow] {
    let result = run(["trash", "--json"])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      try schemaViolations(result.standardOutput, schema: schema("drawdoc-trash.schema.json")) == ""
    )
    return try JSONDecoder().decode([TrashRow].self, from: Data(result.standardOutput.utf8))
  }
}

private let seeds = """
  <?xml version="1.0" encoding="UTF-8"?>
  <svg xmlns="http://www.w3.org/2000/svg" width="1024" height="768" viewBox="0 0 1024 768">
    <title>From a file</title>
    <rect x="1" y="2" width="3" height="4" fill="#010203"/>
  </svg>

  """

@Suite struct HistoryCommandTests {
  @Test func everyChangeIsAVersionDescribedInWords() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Sketch", "--random", "2", "--seed", "5")
    let one = box.add(
      id, "--x", "1", "--y", "2", "--width", "3", "--height", "4", "--seed", "1")
    box.add(id, "--count", "3", "--seed", "2")
    box.succeed("set", id, one[0], "--color", "teal")
    box.succeed("set", id, one[0], "--x", "5", "--y", "6", "--alpha", "2")
    box.succeed("remove", id, one[0])
    box.succeed("rename", id, "Renamed")
    let file = try box.file("sketch.svg", seeds)
    box.succeed("save", file, "--replace", id)
    box.succeed("clear", id)

    let history = try box.history(id)
    #expect(history.id == id)
    #expect(history.title == "From a file")
    #expect(history.limit == 100)
    #expect(history.trashed == nil)
    #expect(history.versions.map(\.version) == Array((1...9).reversed()))
    #expect(
      history.versions.map(\.change) == [
        "cleared 1 rectangle",
        "new version saved from sketch.svg",
        "renamed to \"Renamed\"",
        "removed \(one[0])",
        "set x, y and alpha of \(one[0])",
        "set color of \(one[0])",
        "added 3 rectangles",
        "added \(one[0])",
        "created with 2 rectangles from the factory",
      ])
    #expect(history.versions.map(\.rectangles) == [0, 1, 5, 5, 6, 6, 6, 3, 2])
    #expect(history.versions.map(\.title).prefix(3) == ["From a file", "From a file", "Renamed"])
    #expect(history.undo == .init(change: "cleared 1 rectangle", version: 8))
    #expect(history.redo == nil)

    let text = box.succeed("history", id)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(lines[0] == "From a file (\(id)): 9 versions kept (the store keeps 100)")
    #expect(lines[1] == "VERSION  TIME                 RECTANGLES  CHANGE")
    #expect(lines[2].hasPrefix("      9  "))
    #expect(lines[2].hasSuffix("           0  cleared 1 rectangle"))
    #expect(lines[10].hasSuffix("           2  created with 2 rectangles from the factory"))
    #expect(lines[11] == "undo takes back: cleared 1 rectangle (back to version 8)")
    #expect(lines[12] == "redo: nothing to redo")
  }

  @Test func undoRedoAndRestoreThroughTheCommandLine() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Steps")
    let first = box.add(id, "--seed", "1")[0]
    let second = box.add(id, "--seed", "2")[0]

    #expect(box.succeed("undo", id) == "version 4: undid added \(second)\n")
    #expect(try box.openJSON(id).rectangles.map(\.id) == [first])
    #expect(box.succeed("undo", id) == "version 5: undid added \(first)\n")
    #expect(try box.openJSON(id).rectangles.isEmpty)
    let nothing = box.run(["undo", id])
    #expect(nothing.status == 1)
    #expect(nothing.standardOutput == "")
    #expect(
      nothing.standardError
        == "Error: nothing to undo in drawing \(id): its history begins here\n")
    #expect(box.succeed("redo", id) == "version 6: redid added \(first)\n")
    #expect(box.succeed("redo", "Steps") == "version 7: redid added \(second)\n")
    #expect(try box.openJSON(id).rectangles.map(\.id) == [first, second])
    let noRedo = box.run(["redo", id])
    #expect(noRedo.status == 1)
    #expect(noRedo.standardError.contains("no change was undone since the last edit"))

    #expect(box.succeed("restore", id, "2") == "version 8: restored version 2\n")
    #expect(try box.openJSON(id).rectangles.map(\.id) == [first])
    #expect(box.succeed("restore", id, "8") == "version 8 is already the current version\n")
    #expect(box.succeed("undo", id) == "version 9: undid restored version 2\n")
    #expect(try box.openJSON(id).rectangles.map(\.id) == [first, second])

    let missing = box.run(["restore", id, "42"])
    #expect(missing.status == 66)
    #expect(
      missing.standardError
        == "Error: drawing \(id) has no version 42: it keeps versions 1 to 9; "
        + "'drawdoc history \(id)' lists them\n")
    for bad in ["0", "-1", "two", "1.5"] {
      let result = box.run(["restore", id, bad])
      #expect(result.status == 64, "\(bad): \(result.standardError)")
    }
  }

  @Test func openAndExportReadAnOldVersionAsItWas() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Versions", "--random", "3", "--seed", "9")
    let firstSVG = box.succeed("export", id)
    let firstJSON = box.succeed("export", id, "--format", "json")
    let firstText = box.succeed("open", id)
    box.add(id, "--count", "2", "--seed", "3")
    box.succeed("rename", id, "Later")

    #expect(box.succeed("export", id, "--at", "1") == firstSVG)
    #expect(box.succeed("export", id, "--at", "1", "--format", "json") == firstJSON)
    #expect(box.succeed("open", id, "--at", "1") == firstText)
    #expect(box.succeed("open", id, "--at", "1", "--json") == firstJSON)
    #expect(box.succeed("open", id, "--at", "3") == (box.succeed("open", id)))
    let png = "\(box.work)/first.png"
    box.succeed("export", id, "--at", "1", "-o", png)
    #expect(try box.read(png).starts(with: [0x89, 0x50, 0x4E, 0x47]))

    let gone = box.run(["open", id, "--at", "4"])
    #expect(gone.status == 66)
    #expect(gone.standardError.contains("has no version 4: it keeps versions 1 to 3"))
    let bad = box.run(["export", id, "--at", "latest"])
    #expect(bad.status == 64)
    #expect(bad.standardError.contains("'latest' is not a valid at: expected a version number"))
  }

  @Test func zOrderMovesAreVersionsAndAMoveThatMovesNothingIsNone() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Layers")
    let bottom = box.add(id, "--seed", "1")[0]
    let top = box.add(id, "--seed", "2")[0]
    box.succeed("raise", id, bottom)
    box.succeed("lower", id, bottom, "--to-bottom")
    box.succeed("raise", id, bottom, "--to-top")
    box.succeed("lower", id, bottom)
    box.succeed("lower", id, bottom, "--to-bottom")
    box.succeed("raise", id, top, "--to-top")
    let history = try box.history(id)
    #expect(
      history.versions.map(\.change).prefix(4) == [
        "lowered \(bottom) one step", "raised \(bottom) to the top",
        "lowered \(bottom) to the bottom", "raised \(bottom) one step",
      ])
    #expect(history.versions.count == 7)
    #expect(box.succeed("undo", id) == "version 8: undid lowered \(bottom) one step\n")
    #expect(try box.openJSON(id).rectangles.map(\.id) == [top, bottom])
  }

  @Test func theHistoryLimitIsAStoreSetting() throws {
    let box = try Sandbox()
    #expect(box.succeed("config") == "history-limit = 100\n")
    box.succeed("config", "history-limit", "3")
    #expect(box.succeed("config", "history-limit") == "3\n")
    let id = try box.newDrawing("--title", "Short")
    for seed in 1...5 { box.add(id, "--seed", "\(seed)") }
    let history = try box.history(id)
    #expect(history.limit == 3)
    #expect(history.versions.map(\.version) == [6, 5, 4])
    #expect(box.run(["open", id, "--at", "2"]).status == 66)
    for bad in [["history-limit", "0"], ["history-limit", "many"], ["colour", "red"]] {
      #expect(box.run(["config"] + bad).status == 64, "\(bad)")
    }
  }

  @Test func deleteMovesToTheTrashFromWhichADrawingComesBackWithItsHistory() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Doomed", "--random", "2", "--seed", "1")
    box.add(id, "--seed", "2")
    let kept = try box.newDrawing("--title", "Kept")
    let before = try box.openJSON(id)
    #expect(box.succeed("delete", "Doomed") == "")

    #expect(try box.listJSON().map(\.id) == [kept])
    #expect(try box.trash().map(\.id) == [id])
    #expect(try box.trash().first?.title == "Doomed")
    #expect(try box.trash().first?.rectangles == 3)
    #expect(try box.trash().first?.version == 2)
    let byTitle = box.run(["open", "Doomed"])
    #expect(byTitle.status == 66)
    #expect(byTitle.standardError.contains("no drawing has the id or title 'Doomed'"))
    let byId = box.run(["open", id])
    #expect(byId.status == 66)
    #expect(
      byId.standardError
        == "Error: drawing \(id) is in the trash: 'drawdoc trash --restore \(id)' brings it back\n"
    )
    let gallery = box.succeed("gallery")
    #expect(!gallery.contains("Doomed") && gallery.contains("Kept"))
    let trashedHistory = try box.history(id)
    #expect(trashedHistory.trashed != nil)
    #expect(trashedHistory.versions.count == 2)
    #expect(box.succeed("trash").contains("\(id)  Doomed"))

    #expect(box.succeed("trash", "--restore", "Doomed") == "\(id)\n")
    #expect(try box.openJSON(id) == before)
    #expect(try box.trash().isEmpty)
    #expect(box.succeed("trash") == "The trash is empty.\n")
    #expect(try box.history(id).versions.count == 2)
    #expect(box.succeed("undo", id).hasPrefix("version 3: undid added"))
    let again = box.run(["trash", "--restore", id])
    #expect(again.status == 66)
    #expect(again.standardError.contains("no drawing in the trash has the id or title"))
  }

  @Test func emptyingTheTrashRemovesForGood() throws {
    let box = try Sandbox()
    let first = try box.newDrawing("--title", "First")
    let second = try box.newDrawing("--title", "Second")
    box.succeed("delete", first)
    box.succeed("delete", second)
    #expect(box.succeed("trash", "--empty", first) == "\(first)\n")
    #expect(try box.trash().map(\.id) == [second])
    let history = box.run(["history", first])
    #expect(history.status == 66)
    #expect(box.succeed("trash", "--empty") == "\(second)\n")
    #expect(try box.trash().isEmpty)
    #expect(box.succeed("trash", "--empty") == "")
    let entries = try FileManager.default.contentsOfDirectory(atPath: "\(box.store)/history")
    #expect(entries.isEmpty)
    for bad in [["--empty", "--restore", first], ["--json", "--empty"], [first]] {
      #expect(box.run(["trash"] + bad).status == 64, "\(bad)")
    }
  }

  /// Another user's store: as root, the commands run as `nobody` (setpriv, util-linux);
  /// otherwise the store is made read-only for its owner.
  @Test func aStoreTheUserMayOnlyReadIsStillReadAndRefusesChangesClearly() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Theirs", "--random", "3", "--seed", "1")
    box.add(id, "--seed", "2")
    box.succeed("delete", try box.newDrawing("--title", "Binned"))
    try FileManager.default.removeItem(atPath: "\(box.store)/thumbnails/\(id).png")
    let outside = try makeTemporaryFolder()
    defer { try? FileManager.default.removeItem(at: outside) }
    try FileManager.default.setAttributes([.posixPermissions: 0o777], ofItemAtPath: outside.path)
    let launcher: [String]
    if getuid() == 0 {
      let setpriv = try #require(
        ["/usr/bin/setpriv", "/bin/setpriv"].first { FileManager.default.fileExists(atPath: $0) },
        "setpriv (util-linux) is needed to run drawdoc as another user")
      launcher = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    } else {
      launcher = []
      #expect(chmod(box.store, 0o555) == 0)
    }
    defer { chmod(box.store, 0o755) }
    let before = try box.snapshot()
    func run(_ arguments: [String]) throws -> CommandResult {
      try box.runBinary(arguments, extra: ["HOME": outside.path], launcher: launcher)
    }

    let list = try run(["list", "--json"])
    #expect(list.status == 0, "\(list.standardError)")
    #expect(list.standardOutput.contains(id))
    #expect(
      try run(["open", id]).standardOutput.contains("id \(id), canvas 1024 × 768, 4 rectangles"))
    #expect(try run(["export", id, "--at", "1"]).status == 0)
    let history = try run(["history", id, "--json"])
    #expect(history.status == 0, "\(history.standardError)")
    #expect(history.standardOutput.contains("\"version\": 2"))
    #expect(try run(["trash"]).standardOutput.contains("Binned"))
    let page = "\(outside.path)/gallery.html"
    let gallery = try run(["gallery", "-o", page])
    #expect(gallery.status == 0, "\(gallery.standardError)")
    let html = try String(contentsOfFile: page, encoding: .utf8)
    #expect(html.contains("Theirs") && html.contains("data:image/png;base64,"))

    for change in [
      ["add", id], ["set", id, "afy-kw5-t7o", "--alpha", "2"], ["undo", id],
      ["delete", id], ["new"], ["trash", "--empty"],
      // A new access token that cannot be kept is refused: the old one would come back.
      ["serve", "--new-token", "--port", "0"],
    ] {
      let result = try run(change)
      #expect(result.status == 73, "\(change): \(result.standardError)")
      #expect(
        result.standardError.hasPrefix("Error: cannot change the store \(box.store): "),
        "\(change): \(result.standardError)")
      #expect(result.standardError.contains("you may read it but not change it"))
    }
    #expect(
      try box.snapshot().filter { !$0.key.hasPrefix("work/") }
        == before.filter {
          !$0.key.hasPrefix("work/")
        })
  }

  @Test func watchPrintsEachChangeAsItHappensInTextOrJSON() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Watched")
    func startWatch(_ arguments: [String], into name: String) throws -> (Process, String) {
      let output = try box.file(name, "")
      let process = Process()
      process.executableURL = drawdocExecutable
      process.arguments = ["watch"] + arguments
      process.environment = box.environment
      process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
      process.standardError = FileHandle.nullDevice
      try process.run()
      return (process, output)
    }
    func lines(_ path: String, count: Int) -> [String] {
      func found() -> [String] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
      }
      _ = eventually { found().count >= count }
      return found()
    }
    // From the event that made the drawing (1) and from its version 1: nothing is missed
    // while the watchers start.
    let (json, jsonPath) = try startWatch(["--json", "--since", "1"], into: "all.jsonl")
    let (text, textPath) = try startWatch([id, "--since", "1"], into: "one.txt")
    defer {
      for process in [json, text] where process.isRunning { process.terminate() }
    }
    let other = try box.newDrawing("--title", "Other")
    let rectangle = box.add(id, "--seed", "3")[0]
    box.succeed("rename", id, "Renamed")
    box.succeed("delete", other)

    let events = lines(jsonPath, count: 4)
    #expect(events.count == 4)
    for event in events {
      #expect(try schemaViolations(event, schema: schema("drawdoc-event.schema.json")) == "")
    }
    let decoded = try events.map {
      try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
    }
    #expect(decoded.map { $0["sequence"] as? Int } == [2, 3, 4, 5])
    #expect(decoded.map { $0["event"] as? String } == ["created", "changed", "renamed", "trashed"])
    #expect(decoded.map { $0["id"] as? String } == [other, id, id, other])
    #expect(decoded.map { $0["version"] as? Int } == [1, 2, 3, 1])
    #expect(decoded[1]["change"] as? String == "added \(rectangle)")

    let shown = lines(textPath, count: 2)
    #expect(shown.count == 2)
    #expect(shown.first?.hasPrefix("#3 ") == true)
    #expect(shown.first?.hasSuffix(" changed \(id) v2 \"Watched\": added \(rectangle)") == true)
    #expect(shown.last?.hasSuffix(" renamed \(id) v3 \"Renamed\": renamed to \"Renamed\"") == true)
    for process in [json, text] {
      process.terminate()
      process.waitUntilExit()
    }
    #expect(try String(contentsOfFile: textPath, encoding: .utf8).split(separator: "\n").count == 2)
  }

  @Test func aKilledCommandsTemporariesAreRemovedByTheNextWrite() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Tidy")
    // A process id that no process has: one that just ended.
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let dead = ended.processIdentifier
    let alive = ProcessInfo.processInfo.processIdentifier
    let abandoned = [
      "\(box.store)/tmp/.\(id).svg.\(dead).12345.tmp",
      "\(box.store)/drawings/.\(id).svg.\(dead).777.tmp",
    ]
    let living = "\(box.store)/tmp/.\(id).svg.\(alive).1.tmp"
    for path in abandoned + [living] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("half".utf8)))
    }
    // The binary, not a run in this process: the living temporary is this process's own, and
    // a command sees a temporary of its own process as abandoned.
    try box.succeedBinary(["add", id])
    #expect(!FileManager.default.fileExists(atPath: abandoned[0]))
    #expect(FileManager.default.fileExists(atPath: living))
    try box.succeedBinary(["list"])
    #expect(!FileManager.default.fileExists(atPath: abandoned[1]))
  }
}
