import DrawdocModel
import DrawdocSVG
import DrawdocStore
import DrawdocTestSupport
import Foundation
import Testing

/// The same drawing in two stores, one of them with a memory: every edit is made in both,
/// and they must do the same.
final class TwinStores {
  let plainFolder: StoreFolder
  let keptFolder: StoreFolder
  let plain: DocumentStore
  let kept: DocumentStore
  let memory: DrawingMemory
  let plainId: Identifier
  let keptId: Identifier

  init(memory: DrawingMemory, historyLimit: Int = 100, rectangles: Int = 8) throws {
    plainFolder = try StoreFolder()
    keptFolder = try StoreFolder()
    plain = try plainFolder.store()
    self.memory = memory
    kept = try DocumentStore(root: keptFolder.path, keepingInMemory: memory)
    for store in [plain, kept] { try store.change(to: StoreSettings(historyLimit: historyLimit)) }
    let plane = try factoryPlane(rectangles, seed: 9)
    plainId = try plain.create(plane, at: t0).id
    keptId = try kept.create(plane, at: t0).id
  }

  /// Text with the kept store's drawing id written as the plain store's.
  func unify(_ text: String) -> String {
    text.replacingOccurrences(of: keptId.description, with: plainId.description)
  }

  /// What a call did: its value, or its error, in words the two stores share.
  func outcome<T>(_ body: (DocumentStore, Identifier) throws -> T) -> (plain: String, kept: String)
  {
    func run(_ store: DocumentStore, _ id: Identifier) -> String {
      do { return "\(try body(store, id))" } catch { return "error: \(error)" }
    }
    return (run(plain, plainId), unify(run(kept, keptId)))
  }

  /// The files of the two stores that must be the same, with the times and identities of the
  /// files left out: the drawings, the versions kept, the version logs, the journal and the
  /// thumbnails.
  func compareFiles() throws {
    memory.waitForThumbnails()
    let plainFiles = try plainFolder.snapshot()
    let keptFiles = try keptFolder.snapshot()
    func comparable(_ files: [String: [UInt8]], _ id: Identifier, unify: (String) -> String)
      -> [String: String]
    {
      var result: [String: String] = [:]
      for (path, bytes) in files {
        guard
          path.hasPrefix("drawings/") || path.hasPrefix("history/") || path == "changes.log"
            || path.hasPrefix("thumbnails/")
        else { continue }
        var text = path.hasSuffix(".png") ? "\(bytes)" : String(decoding: bytes, as: UTF8.self)
        if path.hasSuffix("versions.log") {
          // Each line ends with the identity of its file: inode, size and times.
          text = text.split(separator: "\n").map { line in
            line.range(of: #", "inode": "#).map { String(line[..<$0.lowerBound]) } ?? String(line)
          }.joined(separator: "\n")
        }
        result[unify(path)] = unify(text)
      }
      return result
    }
    let plain = comparable(plainFiles, plainId) { $0 }
    let kept = comparable(keptFiles, keptId, unify: unify)
    #expect(plain.keys.sorted() == kept.keys.sorted())
    for (path, text) in plain where kept[path] != text {
      Issue.record("\(path) differs:\n\(text.prefix(2000))\n---\n\(kept[path]?.prefix(2000) ?? "")")
    }
  }
}

/// A change made with and without the memory: the same files and the same refusals, whatever
/// the edits and whatever version they are based on, older than the memory keeps included.
@Suite struct MemoryEquivalenceTests {
  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func randomEditsDoTheSameWithAndWithoutTheMemory(seed: UInt64) throws {
    // A memory that remembers 3 versions, in a store that keeps 8: bases older than the
    // memory's steps are checked against their files.
    let twins = try TwinStores(
      memory: DrawingMemory(drawings: 2, rectangles: 1_000, versions: 3), historyLimit: 8)
    var edits = RandomEdits(seed: seed)
    var version = 1
    for step in 0..<120 {
      let time = Timestamp(secondsSince1970: 1_700_000_000 + Int64(step))
      let roll = edits.number(100)
      let context = "seed \(seed), step \(step), roll \(roll)"
      if roll < 8 {
        let base = edits.number(3) == 0 ? version - edits.number(3) : nil
        let undo = roll < 5
        let result = twins.outcome { store, id in
          let made =
            undo
            ? try store.undo(id, at: time, basedOn: base)
            : try store.redo(id, at: time, basedOn: base)
          return made.number
        }
        #expect(result.plain == result.kept, "\(context)")
        version = Int(result.plain) ?? version
        continue
      }
      let planned = try edits.plan(for: try twins.plain.drawing(twins.plainId))
      let base: (version: Int, rectangles: [Identifier]?)? =
        switch edits.number(4) {
        case 0: nil
        case 1: (version, planned.rectangles)
        case 2: (version - 1 - edits.number(10), planned.rectangles)
        default: (version - edits.number(3), edits.number(2) == 0 ? nil : [])
        }
      let result = twins.outcome { store, id -> String in
        let revision = try store.update(id, at: time, basedOn: base) { drawing in
          try planned.apply(&drawing).map { Change.other($0) } ?? .unchanged
        }
        return "\(revision.version) \(svgText(revision.drawing))"
      }
      #expect(result.plain == result.kept, "\(context)")
      if let number = result.plain.split(separator: " ").first.flatMap({ Int($0) }) {
        version = number
      }
    }
    try twins.compareFiles()
    #expect(twins.memory.statistics.hits > 0)
  }
}

/// A drawing's SVG text, for comparing drawings of two stores.
func svgText(_ drawing: Drawing) -> String {
  String(decoding: SVGEncoder.encode(drawing), as: UTF8.self)
}
