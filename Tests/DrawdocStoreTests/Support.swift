import DrawdocModel
import DrawdocSVG
import DrawdocStore
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

// MARK: - Fixtures

/// A fresh sandbox folder with the store at `<sandbox>/store`; removed when the value goes away.
final class StoreFolder {
  /// The folder around the store, to see that nothing is written outside the store.
  let sandbox: String
  /// The store's folder.
  let path: String

  init() throws {
    sandbox =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("drawdoc-store-\(UUID().uuidString)").path
    path = "\(sandbox)/store"
    try FileManager.default.createDirectory(atPath: sandbox, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(atPath: sandbox) }

  func store(lockTimeout: Double = 10) throws -> DocumentStore {
    try DocumentStore(root: path, lockTimeout: lockTimeout)
  }

  var indexPath: String { "\(path)/index.json" }
  var lockPath: String { "\(path)/.lock" }
  var drawingsPath: String { "\(path)/drawings" }

  func drawingPath(_ id: Identifier) -> String { "\(drawingsPath)/\(id).svg" }

  func write(_ bytes: [UInt8], to path: String) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  func read(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// Every file and folder below the store: relative path → bytes (folders end in `/`).
  func snapshot() throws -> [String: [UInt8]] {
    var result: [String: [UInt8]] = [:]
    guard let enumerator = FileManager.default.enumerator(atPath: path) else { return result }
    for case let relative as String in enumerator {
      let full = "\(path)/\(relative)"
      var isFolder: ObjCBool = false
      _ = FileManager.default.fileExists(atPath: full, isDirectory: &isFolder)
      if isFolder.boolValue {
        result[relative + "/"] = []
      } else {
        result[relative] = try read(full)
      }
    }
    return result
  }

  /// The names in `drawings/`.
  func drawingFileNames() throws -> Set<String> {
    Set(try FileManager.default.contentsOfDirectory(atPath: drawingsPath))
  }
}

/// An exclusive `flock` on a file, as another drawdoc process would hold on the store's lock.
final class HeldLock {
  struct Failure: Error {}

  let descriptor: Int32

  init(path: String) throws {
    descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw Failure() }
    guard flock(descriptor, LOCK_EX) == 0 else {
      close(descriptor)
      throw Failure()
    }
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}

/// The error a test's change throws to abandon an update.
struct Refusal: Error, Equatable {}

let t0 = Timestamp(secondsSince1970: 1_700_000_000)
let t1 = Timestamp(secondsSince1970: 1_700_000_100)
let t2 = Timestamp(secondsSince1970: 1_700_000_200)
let t3 = Timestamp(secondsSince1970: 1_700_000_300)

func makeRectangle(
  _ id: String, x: Double, y: Double, width: Double, height: Double,
  red: UInt8 = 235, green: UInt8 = 198, blue: UInt8 = 65, alpha: Int = 7
) throws -> Rectangle {
  Rectangle(
    id: try Identifier(id), point: try Point(x: x, y: y),
    size: try Size(width: width, height: height),
    color: Color(red: red, green: green, blue: blue), alpha: try Alpha(level: alpha))
}

func makePlane(
  title: String, width: Double = 1024, height: Double = 768, rectangles: [Rectangle] = []
) throws -> Plane {
  try Plane(size: try Size(width: width, height: height), title: title, rectangles: rectangles)
}

/// The seeds' example rectangle, `(afy-kw5-t7o), X: 45.0, Y: 44.0, W: 89.0, H: 92.0, …`.
func seedsRectangle() throws -> Rectangle {
  try makeRectangle("afy-kw5-t7o", x: 45, y: 44, width: 89, height: 92)
}

func isLocked(_ error: StoreError?) -> Bool {
  if case .locked? = error { return true }
  return false
}

func entries(_ listing: StoreListing) -> [IndexEntry] {
  listing.drawings.compactMap { row in
    if case .drawing(let entry) = row { return entry }
    return nil
  }
}

/// Replaces drawing `id` as another program would (a new file, titled "Edited elsewhere",
/// modified at `t2`, renamed over the drawing's), so that the store sees its file changed
/// outside drawdoc.
///
/// - Returns: The drawing the new file holds.
@discardableResult
func replaceOutsideDrawdoc(_ id: Identifier, in folder: StoreFolder, rectangles: [Rectangle])
  throws -> Drawing
{
  let drawing = Drawing(
    id: id, created: t0, modified: t2,
    plane: try makePlane(title: "Edited elsewhere", rectangles: rectangles))
  let temporary = "\(folder.path)/elsewhere.svg"
  try folder.write(SVGEncoder.encode(drawing), to: temporary)
  #expect(rename(temporary, folder.drawingPath(id)) == 0)
  return drawing
}
