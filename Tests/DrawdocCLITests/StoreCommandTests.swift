import DrawdocModel
import Foundation
import Testing

/// Seconds since 1970 of a timestamp in the format's form.
private func seconds(_ text: String) throws -> Int64 {
  try Timestamp(text).secondsSince1970
}

private func nowSeconds() -> Int64 { Int64(Date().timeIntervalSince1970) }

/// `new` and `save`, which put drawings in the store, and how a command finds its store:
/// `--store`, `DRAWDOC_STORE`, `XDG_DATA_HOME` or `HOME`.
@Suite struct StoreCommandTests {
  // MARK: new

  @Test func newPrintsAFreshIdOfAnEmptyDefaultCanvas() throws {
    let box = try Sandbox()
    let before = nowSeconds()
    let result = box.run(["new"])
    #expect(result.status == 0)
    #expect(result.standardError == "")
    let id = try #require(singleId(result.standardOutput), "\(result.standardOutput)")
    #expect(FileManager.default.fileExists(atPath: "\(box.store)/drawings/\(id).svg"))
    let form = try box.openJSON(id)
    #expect(form.format == "drawdoc")
    #expect(form.version == 1)
    #expect(form.id == id)
    #expect(form.width == 1024)
    #expect(form.height == 768)
    #expect(form.rectangles == [])
    #expect(form.created == form.modified)
    let created = try seconds(form.created)
    #expect(created >= before - 1 && created <= nowSeconds() + 1)
    let second = try box.newDrawing()
    #expect(second != id)
  }

  @Test func newTakesItsCanvasTitleAndFactoryRectangles() throws {
    let box = try Sandbox()
    let id = try box.newDrawing(
      "--width", "300.5", "--height", "200", "--title", "Floor plan", "--random", "5", "--seed",
      "11")
    let form = try box.openJSON(id)
    #expect(form.title == "Floor plan")
    #expect(form.width == 300.5)
    #expect(form.height == 200)
    #expect(form.rectangles.count == 5)
    #expect(Set(form.rectangles.map(\.id)).count == 5)
    for rectangle in form.rectangles {
      #expect(isId(rectangle.id))
      #expect(rectangle.width == 150 && rectangle.height == 120, "default size: \(rectangle)")
      #expect(rectangle.x >= 0 && rectangle.x + rectangle.width <= 300.5, "inside: \(rectangle)")
      #expect(rectangle.y >= 0 && rectangle.y + rectangle.height <= 200, "inside: \(rectangle)")
      #expect((1...10).contains(rectangle.alpha))
      #expect(rectangle.color.wholeMatch(of: #/#[0-9a-f]{6}/#) != nil)
    }
  }

  @Test func theSameSeedMakesTheSameDrawing() throws {
    let box = try Sandbox()
    let first = try box.newDrawing("--random", "20", "--seed", "7")
    let second = try box.newDrawing("--random", "20", "--seed", "7")
    let other = try box.newDrawing("--random", "20", "--seed", "8")
    let a = try box.openJSON(first)
    let b = try box.openJSON(second)
    #expect(first != second)
    #expect(a.rectangles.count == 20)
    #expect(a.rectangles == b.rectangles)
    #expect(a.title == b.title && a.width == b.width && a.height == b.height)
    #expect(try box.openJSON(other).rectangles != a.rectangles)
  }

  @Test func addWithTheSameSeedOnTwoEqualDrawingsAddsTheSameRectangles() throws {
    let box = try Sandbox()
    let first = try box.newDrawing("--random", "4", "--seed", "1", "--title", "A")
    let second = try box.newDrawing("--random", "4", "--seed", "1", "--title", "B")
    let firstIds = box.add(first, "--count", "5", "--seed", "3")
    let secondIds = box.add(second, "--count", "5", "--seed", "3")
    #expect(firstIds.count == 5)
    #expect(firstIds == secondIds)
    let a = try box.openJSON(first)
    let b = try box.openJSON(second)
    #expect(a.rectangles.count == 9)
    #expect(a.rectangles == b.rectangles)
    #expect(a.rectangles.suffix(5).map(\.id) == firstIds)
  }

  // MARK: save

  @Test func saveReadsAFileOrStandardInput() throws {
    let box = try Sandbox()
    let fromFile = try #require(singleId(box.succeed("save", sample("seeds-example.svg"))))
    let fromInput = try #require(
      singleId(
        try box.succeedBinary(["save", "-"], input: Data(try sampleBytes("seeds-example.svg")))))
    #expect(fromFile != fromInput)
    // Neither id was in the store, so each is a new drawing with a fresh id.
    #expect(fromFile != "k3j-9xa-0pq")
    #expect(fromInput != "k3j-9xa-0pq")
    for id in [fromFile, fromInput] {
      let form = try box.openJSON(id)
      #expect(form.title == "Seeds example")
      #expect(
        form.rectangles == [
          RectangleForm(
            id: "afy-kw5-t7o", x: 45, y: 44, width: 89, height: 92, color: "#ebc641", alpha: 7)
        ])
    }
    #expect(Set(try box.listJSON().map(\.id)) == [fromFile, fromInput])
  }

  @Test func saveWithATitleUsesIt() throws {
    let box = try Sandbox()
    let id = try #require(
      singleId(box.succeed("save", sample("seeds-example.svg"), "--title", "Given")))
    #expect(try box.openJSON(id).title == "Given")
    #expect(try box.openJSON("Given").id == id)
  }

  @Test func anExportedFileSavedBackIsANewVersionOfTheSameDrawing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Round trip", "--random", "3", "--seed", "5")
    let original = try box.openJSON(id)
    let exported = "\(box.work)/exported.svg"
    box.succeed("export", id, "-o", exported)
    // Edit it elsewhere: a new title and other times in the file. The store keeps its own
    // created time and sets modified to now.
    let text = String(decoding: try box.read(exported), as: UTF8.self)
      .replacingOccurrences(of: "<title>Round trip</title>", with: "<title>Edited</title>")
      .replacingOccurrences(
        of: "data-created=\"\(original.created)\"", with: "data-created=\"2001-01-01T00:00:00Z\""
      )
      .replacingOccurrences(
        of: "data-modified=\"\(original.modified)\"",
        with: "data-modified=\"2001-01-02T00:00:00Z\"")
    #expect(text.contains("data-id=\"\(id)\""))
    #expect(text.contains("2001-01-01T00:00:00Z") && text.contains("<title>Edited</title>"))
    try box.file("exported.svg", Array(text.utf8))
    let before = nowSeconds()
    #expect(box.succeed("save", exported) == "\(id)\n")
    let saved = try box.openJSON(id)
    #expect(saved.title == "Edited")
    #expect(saved.rectangles == original.rectangles)
    #expect(saved.created == original.created)
    let modified = try seconds(saved.modified)
    #expect(modified >= before - 1 && modified <= nowSeconds() + 1)
    #expect(try box.listJSON().map(\.id) == [id])
  }

  @Test func saveNewAlwaysMakesANewDrawing() throws {
    let box = try Sandbox()
    let id = try box.newDrawing("--title", "Original", "--random", "2", "--seed", "4")
    let original = try box.openJSON(id)
    let exported = "\(box.work)/copy.svg"
    box.succeed("export", id, "-o", exported)
    let copy = try #require(singleId(box.succeed("save", exported, "--new")))
    #expect(copy != id)
    #expect(try box.openJSON(id) == original)
    #expect(try box.openJSON(copy).rectangles == original.rectangles)
    #expect(Set(try box.listJSON().map(\.id)) == [id, copy])
  }

  @Test func saveReplaceMakesTheFileANewVersionOfTheNamedDrawing() throws {
    let box = try Sandbox()
    let target = try box.newDrawing("--title", "Target")
    let before = try box.openJSON(target)
    #expect(
      box.succeed("save", sample("seeds-example.svg"), "--replace", "Target") == "\(target)\n")
    let replaced = try box.openJSON(target)
    #expect(replaced.title == "Seeds example")
    #expect(replaced.rectangles.map(\.id) == ["afy-kw5-t7o"])
    #expect(replaced.created == before.created)
    #expect(
      box.succeed("save", sample("empty-canvas.svg"), "--replace", target) == "\(target)\n")
    let again = try box.openJSON(target)
    #expect(again.title == "Empty canvas")
    #expect(again.width == 640 && again.height == 480 && again.rectangles.isEmpty)
    #expect(try box.listJSON().map(\.id) == [target])
  }

  // MARK: --store

  @Test func theStoreOptionWorksBeforeTheCommandAndAsAnOption() throws {
    let box = try Sandbox()
    let home = "\(box.root)/home"
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    let bare = ["PATH": path, "HOME": home, "TZ": "UTC"]
    func run(_ arguments: [String], _ environment: [String: String]) -> String? {
      let result = drawdoc(arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
      return singleId(result.standardOutput)
    }
    func holds(_ store: String, _ id: String?) -> Bool {
      guard let id else { return false }
      return FileManager.default.fileExists(atPath: "\(store)/drawings/\(id).svg")
    }
    let global = "\(box.root)/global"
    let option = "\(box.root)/option"
    let attached = "\(box.root)/attached"
    let environmentStore = "\(box.root)/environment"
    #expect(holds(global, run(["--store", global, "new"], bare)))
    #expect(holds(option, run(["new", "--store", option], bare)))
    #expect(holds(attached, run(["--store=\(attached)", "new"], bare)))
    #expect(holds(attached, run(["new", "--store=\(attached)"], bare)))
    // --store wins over DRAWDOC_STORE, which wins over XDG_DATA_HOME and HOME.
    var withEnvironment = bare
    withEnvironment["DRAWDOC_STORE"] = environmentStore
    withEnvironment["XDG_DATA_HOME"] = "\(box.root)/xdg"
    #expect(holds(global, run(["--store", global, "new"], withEnvironment)))
    #expect(holds(option, run(["new", "--store", option], withEnvironment)))
    #expect(!FileManager.default.fileExists(atPath: "\(environmentStore)/drawings"))
    #expect(holds(environmentStore, run(["new"], withEnvironment)))
    var xdg = bare
    xdg["XDG_DATA_HOME"] = "\(box.root)/xdg"
    #expect(holds("\(box.root)/xdg/drawdoc", run(["new"], xdg)))
    #expect(holds("\(home)/.local/share/drawdoc", run(["new"], bare)))
    // Reading commands look in the same place.
    let listed = drawdoc(["--store", global, "list", "--json"], environment: bare)
    #expect(listed.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(listed.standardOutput.utf8))
    #expect(rows.count == 2)
    let viaOption = drawdoc(["list", "--json", "--store", global], environment: bare)
    #expect(viaOption.standardOutput == listed.standardOutput)
  }

  @Test func inProcessRunsUseTheGivenEnvironment() throws {
    let box = try Sandbox()
    let made = drawdoc("new", "--title", "In process", environment: box.environment)
    #expect(made.status == 0)
    let id = try #require(singleId(made.standardOutput))
    #expect(FileManager.default.fileExists(atPath: "\(box.store)/drawings/\(id).svg"))
    let listed = drawdoc("list", "--json", environment: box.environment)
    #expect(listed.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(listed.standardOutput.utf8))
    #expect(rows.map(\.id) == [id])
    #expect(drawdoc("open", "In process", environment: box.environment).status == 0)
  }
}
