import Foundation
import Testing

/// A store whose index or drawings were damaged behind drawdoc's back.
@Suite struct DamagedStoreTests {
  enum IndexDamage: String, CaseIterable, Sendable {
    case deleted, garbage, truncated, wrongShape
  }

  @Test(arguments: IndexDamage.allCases)
  func listShowsEveryDrawingWhenTheIndexIsMissingOrDamaged(_ damage: IndexDamage) throws {
    let box = try Sandbox()
    let ids = [
      try box.newDrawing("--title", "One"), try box.newDrawing("--title", "Two", "--random", "3"),
      try box.newDrawing("--title", "Three"),
    ]
    let index = "\(box.store)/index.json"
    let original = try box.read(index)
    switch damage {
    case .deleted: try FileManager.default.removeItem(atPath: index)
    case .garbage:
      try Data([0xDE, 0xAD, 0xBE, 0xEF, 0x00, 0x7B]).write(to: URL(fileURLWithPath: index))
    case .truncated:
      try Data(original.prefix(original.count / 2)).write(to: URL(fileURLWithPath: index))
    case .wrongShape: try Data("{\"drawings\": 42}\n".utf8).write(to: URL(fileURLWithPath: index))
    }
    let table = box.run(["list"])
    #expect(table.status == 0)
    #expect(table.standardError.lowercased().contains("warning"), "\(table.standardError)")
    for id in ids { #expect(table.standardOutput.contains(id)) }
    let json = box.run(["list", "--json"])
    #expect(json.status == 0)
    let rows = try JSONDecoder().decode([ListRow].self, from: Data(json.standardOutput.utf8))
    #expect(Set(rows.map(\.id)) == Set(ids))
    #expect(rows.first { $0.title == "Two" }?.rectangles == 3)
    // The index was rebuilt: listing again has nothing to warn about.
    let again = box.run(["list"])
    #expect(again.status == 0)
    #expect(again.standardError == "")
    #expect(again.standardOutput == table.standardOutput)
    // Commands keep working.
    box.add("Two")
    #expect(try box.openJSON("Two").rectangles.count == 4)
  }

  @Test func aDamagedDrawingIsReportedAndTheOthersWork() throws {
    let box = try Sandbox()
    let good = try box.newDrawing("--title", "Good", "--random", "2")
    let bad = try box.newDrawing("--title", "Bad")
    let badFile = "\(box.store)/drawings/\(bad).svg"
    let garbage = Array("this is not a drawing\n".utf8)
    try Data(garbage).write(to: URL(fileURLWithPath: badFile))
    let list = box.run(["list"])
    #expect(list.status == 0)
    #expect(list.standardOutput.contains(good) && list.standardOutput.contains(bad))
    #expect(list.standardError.contains(bad), "\(list.standardError)")
    let open = box.run(["open", bad])
    #expect(open.status == 65)
    #expect(open.standardError.contains(bad))
    #expect(try box.openJSON("Good").rectangles.count == 2)
    box.add(good)
    let failed = box.run(["add", bad])
    #expect(failed.status == 65)
    #expect(try box.read(badFile) == garbage)
    // Deleting it is what a user does about it.
    #expect(box.succeed("delete", bad) == "")
    #expect(!FileManager.default.fileExists(atPath: badFile))
    #expect(try box.listJSON().map(\.id) == [good])
  }

  @Test func listJSONWithADamagedDrawingStillMatchesTheListSchema() throws {
    let box = try Sandbox()
    _ = try box.newDrawing("--title", "Good")
    let bad = try box.newDrawing("--title", "Bad")
    try Data("garbage".utf8).write(to: URL(fileURLWithPath: "\(box.store)/drawings/\(bad).svg"))
    let json = box.run(["list", "--json"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains(bad))
    #expect(
      try schemaViolations(json.standardOutput, schema: schema("drawdoc-list.schema.json")) == "")
  }
}
