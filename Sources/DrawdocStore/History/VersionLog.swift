import DrawdocJSON
import DrawdocModel
import DrawdocSVG

/// One version of a drawing as its log records it: what it holds, what made it, where undo
/// and redo lead from it, and the identity of its file.
struct VersionRecord: Hashable, Sendable {
  /// The version's number: 1 is the drawing as created; numbers only grow.
  var number: Int
  /// When the change that made it happened.
  var time: Timestamp
  /// How many rectangles it has.
  var rectangles: Int
  /// Its title.
  var title: String
  /// The change that made it, in words.
  var change: String
  /// The edit whose result it holds: the change itself, or for an undo or a redo, the edit
  /// whose result it brought back. Undo and redo describe themselves with it.
  var did: String
  /// The version whose content an undo from this one brings back.
  var back: Int?
  /// The version whose content a redo from this one brings back.
  var forward: Int?
  /// The identity of the version's file when it was written.
  var file: StoreFiles.Identity
  /// Whether the version's name in the history folder was flushed to disk with it. A version
  /// whose name was not is still its drawing's file while it is current; the change that
  /// replaces it flushes the history folder first (see ``DocumentStore/commit(_:over:as:remember:)``).
  /// Lines without the member, as earlier versions of drawdoc wrote them, were flushed.
  var linkFlushed = true

  /// One line of the log, with its line feed.
  var line: [UInt8] {
    var members: [(key: String, value: JSONValue)] = [
      ("version", .number(Double(number))), ("time", .string(time.description)),
      ("rectangles", .number(Double(rectangles))), ("title", .string(title)),
      ("change", .string(change)), ("did", .string(did)),
      ("back", back.map { .number(Double($0)) } ?? .null),
      ("forward", forward.map { .number(Double($0)) } ?? .null),
    ]
    if !linkFlushed { members.append(("linkFlushed", .bool(false))) }
    members += [
      ("inode", .string(String(file.inode))), ("size", .number(Double(file.size))),
      ("seconds", .number(Double(file.modifiedSeconds))),
      ("nanoseconds", .number(Double(file.modifiedNanoseconds))),
    ]
    var bytes = JSONValue.object(members).serialized
    bytes.append(0x0A)
    return bytes
  }

  /// Reads a line that `line` wrote, or returns `nil`.
  init?(_ value: JSONValue) {
    func integer(_ key: String) -> Int? {
      guard case .number(let number)? = value[key] else { return nil }
      return Int(exactly: number)
    }
    func text(_ key: String) -> String? {
      guard case .string(let text)? = value[key] else { return nil }
      return text
    }
    func optional(_ key: String) -> Int?? {
      if value[key] == .null { return .some(nil) }
      return integer(key).map { .some($0) }
    }
    guard let number = integer("version"), number > 0,
      let time = text("time").flatMap({ try? Timestamp($0) }),
      let rectangles = integer("rectangles"), let title = text("title"),
      let change = text("change"), let did = text("did"),
      let back = optional("back"), let forward = optional("forward"),
      let inode = text("inode").flatMap({ UInt64($0) }), let size = integer("size"),
      let seconds = integer("seconds"), let nanoseconds = integer("nanoseconds")
    else { return nil }
    self.init(
      number: number, time: time, rectangles: rectangles, title: title, change: change, did: did,
      back: back, forward: forward,
      file: StoreFiles.Identity(
        inode: inode, size: Int64(size), modifiedSeconds: Int64(seconds),
        modifiedNanoseconds: Int64(nanoseconds)))
    if case .bool(false)? = value["linkFlushed"] { linkFlushed = false }
  }

  init(
    number: Int, time: Timestamp, rectangles: Int, title: String, change: String, did: String,
    back: Int?, forward: Int?, file: StoreFiles.Identity, linkFlushed: Bool = true
  ) {
    self.linkFlushed = linkFlushed
    self.number = number
    self.time = time
    self.rectangles = rectangles
    self.title = title
    self.change = change
    self.did = did
    self.back = back
    self.forward = forward
    self.file = file
  }
}

/// A drawing's version log, `history/<id>/versions.log`: one JSON object per line, appended
/// under the store lock. A version line records a version (``VersionRecord``); a line
/// `{"trashed": TIME}` or `{"untrashed": TIME}` records a move to or from the trash.
///
/// Lines are parsed only when asked for, from the newest: a change reads one or two.
/// A line that does not end in a line feed was cut short by a crash and is ignored.
struct VersionLog {
  /// The log file.
  let path: String
  private let bytes: [UInt8]
  /// The complete lines, oldest first, without their line feeds.
  private let lines: [Range<Int>]
  /// Where the complete lines end: bytes after it are a cut-short line.
  let completeLength: Int

  /// Reads a log; a missing one is empty.
  ///
  /// - Throws: ``StoreError/io(path:operation:reason:)`` if it exists but cannot be read.
  init(path: String) throws(StoreError) {
    self.path = path
    bytes = StoreFiles.exists(path) ? try StoreFiles.read(path) : []
    var lines: [Range<Int>] = []
    var start = 0
    for index in bytes.indices where bytes[index] == 0x0A {
      if index > start { lines.append(start..<index) }
      start = index + 1
    }
    self.lines = lines
    completeLength = start
  }

  /// Whether the log holds no version.
  var isEmpty: Bool { lines.isEmpty }

  /// How many lines it has: a bound on its versions.
  var lineCount: Int { lines.count }

  /// Whether a crash cut the last line short.
  var hasCutShortLine: Bool { completeLength < bytes.count }

  // MARK: - Reading

  /// The line at a position, parsed.
  private func value(at position: Int) -> JSONValue? {
    try? JSONValue.parse(Array(bytes[lines[position]]))
  }

  /// The version recorded on a line, or `nil` for another kind of line.
  private func record(at position: Int) -> VersionRecord? {
    // Version lines start with their number, so other lines are passed over unparsed.
    guard bytes[lines[position]].starts(with: Self.versionPrefix) else { return nil }
    return value(at: position).flatMap(VersionRecord.init)
  }

  private static let versionPrefix = Array(#"{"version": "#.utf8)

  /// The version lines from the newest, with their positions.
  func records() -> some Sequence<(position: Int, record: VersionRecord)> {
    lines.indices.reversed().lazy.compactMap { position in
      record(at: position).map { (position, $0) }
    }
  }

  /// The newest version line.
  var newest: (position: Int, record: VersionRecord)? {
    records().first { _ in true }
  }

  /// The version with this number, if the log still records it.
  func record(_ number: Int) -> VersionRecord? {
    let prefix = Self.versionPrefix + Array("\(number),".utf8)
    for position in lines.indices.reversed() where bytes[lines[position]].starts(with: prefix) {
      return record(at: position)
    }
    return nil
  }

  /// When the drawing last moved to the trash, if that is the newest trash line.
  var trashedSince: Timestamp? {
    for position in lines.indices.reversed() {
      let line = bytes[lines[position]]
      guard
        line.starts(with: Array(#"{"trashed""#.utf8))
          || line.starts(with: Array(#"{"untrashed""#.utf8))
      else { continue }
      guard case .string(let text)? = value(at: position)?["trashed"] else { return nil }
      return try? Timestamp(text)
    }
    return nil
  }

  // MARK: - Which version the drawing file is

  /// A version line of a change cut short: where it is and the version it names.
  struct UnfinishedLine: Equatable {
    let position: Int
    let number: Int
  }

  /// What the drawing file is, as the log sees it.
  enum Standing: Equatable {
    /// The file is this recorded version; later version lines were written by a change that
    /// was cut short before its rename, and do not count.
    case recorded(VersionRecord, unfinished: [UnfinishedLine])
    /// The file is no version the log records: another program replaced or edited it.
    case changedOutside(newest: VersionRecord?)
  }

  /// Finds the version the drawing file is, by its identity: the same inode, size and time
  /// first; then the same size and time (a store copied without its hard links).
  ///
  /// - Parameter current: The identity of the drawing file.
  /// - Returns: The version it is, or that it is none.
  func standing(of current: StoreFiles.Identity) -> Standing {
    // A change cut short leaves at most one line after the current version, but a few more
    // are looked at so that any such tail is found.
    let recent = Array(records().prefix(4))
    for exactly in [true, false] {
      if let found = recent.firstIndex(where: { $0.record.file.matches(current, exactly: exactly) })
      {
        let unfinished = recent[..<found].map {
          UnfinishedLine(position: $0.position, number: $0.record.number)
        }
        return .recorded(recent[found].record, unfinished: unfinished)
      }
    }
    return .changedOutside(newest: recent.first?.record)
  }

  // MARK: - Writing (under the store lock)

  /// Appends a line, first cutting off a line a crash left short.
  func append(_ line: [UInt8]) throws(StoreError) {
    if hasCutShortLine { try StoreFiles.truncate(path, to: Int64(completeLength)) }
    try StoreFiles.append(line, to: path, flush: true)
  }

  /// Removes the version lines of a change cut short, which are the last lines, by cutting the
  /// file where the first begins.
  func drop(_ unfinished: [UnfinishedLine]) throws(StoreError) {
    guard let first = unfinished.map(\.position).min() else { return }
    try StoreFiles.truncate(path, to: Int64(lines[first].lowerBound))
  }

  /// The log's text keeping only the newest `limit` versions (trash lines go: a log is
  /// compacted while its drawing is in use), and the numbers of the versions dropped.
  func compacted(keeping limit: Int) -> (bytes: [UInt8], dropped: [Int]) {
    var kept: [Range<Int>] = []
    var dropped: [Int] = []
    for (position, record) in records() {
      if kept.count < limit {
        kept.append(lines[position])
      } else {
        dropped.append(record.number)
      }
    }
    var text: [UInt8] = []
    for range in kept.reversed() {
      text.append(contentsOf: bytes[range])
      text.append(0x0A)
    }
    return (text, dropped)
  }
}
