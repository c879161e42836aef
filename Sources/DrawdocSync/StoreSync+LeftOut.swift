import DrawdocModel
import DrawdocStore
import DrawdocSystem

/// The drawings a sync could not bring in, each with the file its version in this store is
/// based on, kept in `sync/left-out` from one sync to the next.
///
/// A drawing is left out when this store's drawing is damaged, or when the other side's file
/// is one this drawdoc cannot read (a newer format version, a file that is not a drawing).
/// While it is, the sync neither sends this store's drawing nor takes out the other side's:
/// `main` keeps the other side's file, the store keeps its own. At the start of each sync it is
/// tried again, from its base: a damaged drawing mended by hand is merged as the old drawing
/// it is, and this store's changes made meanwhile count as changes.
struct LeftOut: Equatable {
  /// A drawing left out: the repository's blob of the file this store's drawing is based on,
  /// or `nil` when the store had none (a drawing new on the other side).
  struct Drawing: Equatable {
    let base: String?
  }

  /// The drawings left out.
  var drawings: [Identifier: Drawing] = [:]

  /// Reads the list from its file; an empty list when there is none, or when a line cannot
  /// be read (the file is drawdoc's own, written whole).
  init(path: String) {
    guard let bytes = try? FileSystem.read(path) else { return }
    for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let id = try? Identifier(String(fields[0])) else { continue }
      drawings[id] = Drawing(base: fields[1] == "-" ? nil : String(fields[1]))
    }
  }

  /// The file's content: `ID BLOB` lines, `-` for no base, by id.
  var serialized: [UInt8] {
    Array(
      drawings.sorted { $0.key.rawValue < $1.key.rawValue }
        .map { "\($0.key) \($0.value.base ?? "-")\n" }.joined().utf8)
  }
}

extension StoreSync {
  /// The file that lists the drawings left out.
  var leftOutPath: String { "\(folder)/left-out" }

  /// Writes the list of drawings left out if it differs from `saved`, what the file holds;
  /// removes the file when the list is empty.
  func save(_ leftOut: LeftOut, over saved: inout LeftOut) throws(SyncError) {
    guard leftOut != saved else { return }
    if leftOut.drawings.isEmpty {
      do throws(Errno) {
        try FileSystem.remove(leftOutPath)
      } catch {
        guard error == .noSuchFile else {
          throw .store(.io(path: leftOutPath, operation: "remove", reason: error.description))
        }
      }
    } else {
      try write(leftOut.serialized, to: leftOutPath)
    }
    saved = leftOut
  }

  /// Tries again each drawing left out by an earlier sync: what `main` holds of it is
  /// brought in, merged from the file the store's drawing is based on. Those that still
  /// cannot be brought in stay left out, and are reported again.
  func bringInLeftOut(
    _ git: Git, main: String?, _ leftOut: inout LeftOut, report: inout SyncReport
  ) throws(SyncError) {
    guard !leftOut.drawings.isEmpty, let main else { return }
    let ids = leftOut.drawings.keys.sorted { $0.rawValue < $1.rawValue }
    let incoming = try git.contents(of: ids.map { "\(main):\(Self.path(of: $0))" })
    let bases = try git.contents(of: ids.map { leftOut.drawings[$0]?.base ?? "none" })
    let context = try BringingIn(report: report, store: store)
    for (index, id) in ids.enumerated() {
      let base = leftOut.drawings[id]?.base == nil ? nil : bases[index]
      if let reason = try bringIn(
        id, incoming[index], base: base, history: main, git, context, report: &report)
      {
        report.leaveOut(id, because: reason)
      } else {
        leftOut.drawings[id] = nil
      }
    }
  }

  /// A drawing's path in the repository.
  static func path(of id: Identifier) -> String { "drawings/\(id).svg" }
}
