import DrawdocEditing
import DrawdocJSON
import DrawdocModel
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// `/changes` answered from the memory's versions is the answer read from the files, byte for
/// byte, whatever changed and whichever version the page shows.
@Suite struct DrawingChangesTests {
  @Test(arguments: [11, 12, 13, 14] as [UInt64])
  func theMemoryAnswersAsTheFilesDo(seed: UInt64) throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-changes-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: root) }
    let plain = try DocumentStore(root: "\(root)/plain")
    let memory = DrawingMemory(versions: 12)
    let kept = try DocumentStore(root: "\(root)/kept", keepingInMemory: memory)
    for store in [plain, kept] { try store.change(to: StoreSettings(historyLimit: 20)) }
    var factory = RectangleFactory(seed: seed)
    var plane = try Plane(title: "Changes")
    for _ in 0..<30 { try plane.add(factory.makeRectangle(for: plane)) }
    let start = Timestamp(secondsSince1970: 1_700_000_000)
    let plainId = try plain.create(plane, at: start).id
    let keptId = try kept.create(plane, at: start).id
    var edits = RandomEdits(seed: seed)
    var version = 1
    for step in 1...60 {
      let time = Timestamp(secondsSince1970: 1_700_000_000 + Int64(step))
      if edits.number(20) == 0 {
        version = try plain.undo(plainId, at: time).number
        _ = try kept.undo(keptId, at: time)
      } else {
        let planned = try edits.plan(for: try plain.drawing(plainId))
        for (store, id) in [(plain, plainId), (kept, keptId)] {
          let made = try? store.update(id, at: time, basedOn: nil) { drawing in
            try planned.apply(&drawing).map { Change.other($0) } ?? .unchanged
          }
          if let made { version = made.version }
        }
      }
      for since in [0, version + 1] + Array(max(1, version - 8)...version) {
        let expected = try DrawingChanges.body(store: plain, id: plainId, since: since).serialized
        let found = try DrawingChanges.body(store: kept, id: keptId, since: since).serialized
        let text = String(decoding: found, as: UTF8.self)
        #expect(
          String(decoding: expected, as: UTF8.self) == text,
          "seed \(seed), step \(step), since \(since)")
      }
    }
    #expect(memory.statistics.catchUps > 0)
  }
}
