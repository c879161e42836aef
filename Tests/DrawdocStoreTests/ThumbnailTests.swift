import DrawdocModel
import DrawdocRaster
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

@Suite struct ThumbnailTests {
  private let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("drawdoc-thumbnails-\(UUID().uuidString)").path

  private func pngSize(_ path: String) throws -> (width: Int, height: Int) {
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    #expect(Array(bytes.prefix(8)) == PNGEncoder.signature)
    func word(_ offset: Int) -> Int {
      bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    #expect(String(decoding: bytes[12..<16], as: UTF8.self) == "IHDR")
    return (word(16), word(20))
  }

  @Test(arguments: [
    (1024.0, 768.0, 256, 192), (400.0, 900.0, 114, 256), (100.0, 50.0, 100, 50),
    (1e6, 3.0, 256, 1), (256.5, 10.0, 256, 10),
  ])
  func aThumbnailFitsTheLongSideInto256Pixels(
    _ width: Double, _ height: Double, _ expectedWidth: Int, _ expectedHeight: Int
  ) throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try DocumentStore(root: folder)
    let drawing = try store.create(try Plane(size: Size(width: width, height: height)), at: .now)
    let size = try pngSize(store.thumbnailPath(of: drawing.id))
    #expect(size.width == expectedWidth)
    #expect(size.height == expectedHeight)
    #expect(store.thumbnailState(of: drawing.id) == .current)
  }

  @Test func theThumbnailFollowsEveryChangeAndIsRemadeWhenStale() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try DocumentStore(root: folder)
    let drawing = try store.create(try Plane(size: Size(width: 16, height: 16)), at: .now)
    let thumbnail = store.thumbnailPath(of: drawing.id)
    let before = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
    let red = Rectangle(
      id: try Identifier("red-000-000"), point: try Point(x: 0, y: 0),
      size: try Size(width: 16, height: 16), color: try Color(red: 255, green: 0, blue: 0),
      alpha: try Alpha(level: 10))
    try store.update(drawing.id, at: .now) { drawing in
      try drawing.plane.add(red)
      return .added([red.id])
    }
    let after = try Data(contentsOf: URL(fileURLWithPath: thumbnail))
    #expect(after != before)
    #expect(store.thumbnailState(of: drawing.id) == .current)

    // Changed behind the store's back, after its thumbnail was made: stale until remade.
    try FileManager.default.setAttributes(
      [.modificationDate: Date().addingTimeInterval(-60)], ofItemAtPath: thumbnail)
    var changed = try store.drawing(drawing.id)
    try changed.plane.rename(to: "edited elsewhere")
    try Data(SVGEncoder.encode(changed)).write(to: URL(fileURLWithPath: store.path(of: drawing.id)))
    #expect(store.thumbnailState(of: drawing.id) == .stale)
    #expect(try store.refreshThumbnails() == 1)
    #expect(store.thumbnailState(of: drawing.id) == .current)

    try FileManager.default.removeItem(atPath: thumbnail)
    #expect(store.thumbnailState(of: drawing.id) == .missing)
    try store.delete(drawing.id)
    #expect(!FileManager.default.fileExists(atPath: thumbnail))
  }

  @Test func theListingWithThumbnailsIsNewestFirstAndMakesMissingThumbnails() throws {
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let store = try DocumentStore(root: folder)
    let older = try store.create(
      try Plane(title: "Older"), at: try Timestamp("2026-01-01T00:00:00Z"))
    let newer = try store.create(
      try Plane(title: "Newer"), at: try Timestamp("2026-06-01T00:00:00Z"))
    try FileManager.default.removeItem(atPath: store.thumbnailPath(of: older.id))
    let (drawings, damaged) = try store.listingWithThumbnails()
    #expect(damaged.isEmpty)
    #expect(drawings.map(\.entry.id) == [newer.id, older.id])
    // The missing thumbnail was made again, and kept.
    #expect(drawings.allSatisfy { $0.thumbnail?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true })
    #expect(store.thumbnailState(of: older.id) == .current)
    #expect(drawings.map(\.fileURL) == [newer.id, older.id].map { "file://\(store.path(of: $0))" })
  }
}
