import DrawdocModel
import DrawdocStore
import DrawdocSync
import DrawdocTestSupport
import Foundation
import Testing

/// Two stores standing for two machines and a bare repository made with the real git as their
/// remote, each store synced through ``StoreSync`` in this process. (`drawdoc sync`, its words
/// and its exit status, are the command line's tests.)
final class TwoMachines {
  let folder: String
  let remote: String
  let here: StoreSync
  let there: StoreSync

  init() throws {
    folder = try makeTemporaryFolder("sync")
    remote = "\(folder)/remote.git"
    let git = try #require(
      ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first {
        FileManager.default.isExecutableFile(atPath: $0)
      }, "these tests need git: apt-get install git")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: git)
    process.arguments = ["init", "--quiet", "--bare", remote]
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "git init --bare \(remote)")
    let environment = ProcessInfo.processInfo.environment
    here = StoreSync(
      store: try DocumentStore(root: "\(folder)/here"), environment: environment,
      interactive: false)
    there = StoreSync(
      store: try DocumentStore(root: "\(folder)/there"), environment: environment,
      interactive: false)
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// A drawing of two rectangles, `aaa-aaa-aaa` and `bbb-bbb-bbb`, made in `store`.
  func twoRectangles(_ title: String, in store: DocumentStore) throws -> Identifier {
    var plane = try Plane(size: try Size(width: 200, height: 100), title: title)
    for (id, x) in [("aaa-aaa-aaa", 10.0), ("bbb-bbb-bbb", 100.0)] {
      try plane.add(
        Rectangle(
          id: try Identifier(id), point: try Point(x: x, y: 20),
          size: try Size(width: 30, height: 40), color: try Color(red: 255, green: 0, blue: 0),
          alpha: try Alpha(level: 10)))
    }
    return try store.create(plane, at: .now).id
  }
}

/// What a sync brought in, a line each: id, title, what happened to it.
private func broughtIn(_ report: SyncReport) -> [String] {
  report.received.map { "\($0.id) '\($0.title)' \($0.kind.rawValue)" }
}

@Suite struct StoreSyncTests {
  @Test func aDrawingMadeOnOneMachineIsAddedOnTheOther() throws {
    let machines = try TwoMachines()
    let id = try machines.twoRectangles("Plan", in: machines.here.store)
    let sent = try machines.here.sync(remote: machines.remote)
    #expect(sent.sent == 1)
    #expect(sent.received.isEmpty && sent.conflicts.isEmpty && sent.complete)
    #expect(machines.here.remote == machines.remote)

    let received = try machines.there.sync(remote: machines.remote)
    #expect(received.sent == 0)
    #expect(broughtIn(received) == ["\(id) 'Plan' added"])
    #expect(
      try machines.there.store.drawing(id).plane == machines.here.store.drawing(id).plane)
  }

  @Test func changesOfDifferentRectanglesOnBothSidesAreBothKept() throws {
    let machines = try TwoMachines()
    let id = try machines.twoRectangles("Plan", in: machines.here.store)
    _ = try machines.here.sync(remote: machines.remote)
    _ = try machines.there.sync(remote: machines.remote)
    let (first, second) = (try Identifier("aaa-aaa-aaa"), try Identifier("bbb-bbb-bbb"))
    try machines.here.store.update(id, at: .now) { drawing in
      try drawing.plane.updateColor(of: first, to: try Color(red: 0, green: 0, blue: 255))
      return .other("blue here")
    }
    try machines.there.store.update(id, at: .now) { drawing in
      try drawing.plane.updatePoint(of: second, to: try Point(x: 150, y: 60))
      return .other("moved there")
    }
    _ = try machines.here.sync()
    let merged = try machines.there.sync()
    #expect(merged.conflicts.isEmpty)
    #expect(broughtIn(merged) == ["\(id) 'Plan' changed"])
    _ = try machines.here.sync()
    for side in [machines.here, machines.there] {
      let plane = try side.store.drawing(id).plane
      #expect(plane[first]?.color.hex == "#0000ff")
      #expect(plane[second]?.point.x == 150 && plane[second]?.point.y == 60)
    }
  }

  @Test func aDrawingDeletedOnOneSideIsMovedToTheTrashOnTheOther() throws {
    let machines = try TwoMachines()
    let id = try machines.twoRectangles("Gone", in: machines.here.store)
    _ = try machines.here.sync(remote: machines.remote)
    _ = try machines.there.sync(remote: machines.remote)
    try machines.here.store.delete(id)
    #expect(try machines.here.sync().sent == 1)
    let report = try machines.there.sync()
    #expect(broughtIn(report) == ["\(id) 'Gone' trashed"])
    #expect(try machines.there.store.trashedDrawings().map(\.id) == [id])
    #expect(try machines.there.store.list().drawings.isEmpty)
  }

  @Test func theStatusCountsWhatChangedOnEachSideSinceTheLastSync() throws {
    let machines = try TwoMachines()
    let id = try machines.twoRectangles("Plan", in: machines.here.store)
    _ = try machines.here.sync(remote: machines.remote)
    _ = try machines.there.sync(remote: machines.remote)
    try machines.here.store.update(id, at: .now) { drawing in
      try drawing.plane.rename(to: "Renamed")
      return .renamed(to: "Renamed")
    }
    _ = try machines.twoRectangles("New", in: machines.here.store)
    let before = try machines.here.status(fetching: false)
    #expect(before.changedHere == 2 && before.changedThere == 0 && before.leftOut == 0)
    _ = try machines.here.sync()
    let there = try machines.there.status(fetching: true)
    #expect(there.remote == machines.remote)
    #expect(there.changedHere == 0 && there.changedThere == 2)
  }

  @Test func aStoreWithoutARemoteIsToldSoAndItsStatusSaysNone() throws {
    let machines = try TwoMachines()
    _ = try machines.twoRectangles("Alone", in: machines.here.store)
    let error = #expect(throws: SyncError.self) { try machines.here.sync() }
    #expect(error?.isNoRemote == true)
    let status = try machines.here.status(fetching: false)
    #expect(status.remote == nil && status.lastSync == nil && status.changedHere == 0)
  }
}
