import DrawdocModel
import DrawdocSystem

/// What a bringing-in under way has done, noted in `sync/brought-in` as it goes: for each
/// drawing, a line `ID absent|trashed|present` (where it was in the store) before it is
/// brought in, and `ID done` once it is in.
///
/// A sync stopped while it brings drawings in is completed by the next sync, which brings in
/// only the drawings not done: a drawing done that the user renamed or deleted since keeps
/// the user's change. The one drawing it was bringing in when it stopped is found in the
/// store as it is (brought in or not), with where it was before.
struct BringingInProgress {
  /// Where a drawing was in the store when its bringing-in started.
  enum Standing: String {
    /// Not in the store, nor in its trash.
    case absent
    /// In the trash.
    case trashed
    /// In the store.
    case present
  }

  /// The drawings brought in.
  private(set) var done: Set<Identifier> = []
  /// The drawings started and not done, with where each was when it started.
  private(set) var started: [Identifier: Standing] = [:]

  /// Reads the notes; none when there are none.
  init(path: String) {
    guard let bytes = try? FileSystem.read(path) else { return }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let id = try? Identifier(String(fields[0])) else { continue }
      if fields[1] == "done" {
        done.insert(id)
        started[id] = nil
      } else if let standing = Standing(rawValue: String(fields[1])) {
        started[id] = standing
      }
    }
  }

  /// The notes' file, open for appending while a bringing-in runs.
  final class Notes {
    private let file: FileDescriptor

    /// Opens the file, making it if needed.
    init(path: String) throws(SyncError) {
      do throws(Errno) {
        file = try FileDescriptor.open(path, .writeOnly, options: [.create, .append])
      } catch {
        throw .store(.io(path: path, operation: "open", reason: error.description))
      }
    }

    deinit { file.close() }

    /// Notes that a drawing's bringing-in starts. Not flushed, as no line is: a line lost
    /// with the machine goes with the store's own unflushed writes.
    func note(_ id: Identifier, standing: Standing) {
      try? file.writeAll(Array("\(id) \(standing.rawValue)\n".utf8))
    }

    /// Notes that a drawing is brought in.
    func noteDone(_ id: Identifier) {
      try? file.writeAll(Array("\(id) done\n".utf8))
    }
  }
}
